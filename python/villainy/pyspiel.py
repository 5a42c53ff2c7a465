"""pyspiel's names over villainy's games, so that code written for OpenSpiel's Python API runs with
``import villainy as pyspiel`` (docs/python.md, "pyspiel compatibility").

Here: PlayerId, INVALID_ACTION, GameType (with its enums Dynamics, ChanceMode, Information,
Utility, RewardModel), GameInfo, Bot (the base class of Python bots), PlayerAction (an entry of
State.full_history()), load_game with pyspiel's string ("name(players=4,bribe=on)") and dict
parameter forms, registered_games/registered_names, serialize_game_and_state /
deserialize_game_and_state, and Game.get_type(). The rest (State.rewards(), child(),
serialize(), resample_from_infostate(), Game.max_utility(), ...) is compiled in villainy._core.

What the games are, in pyspiel's terms: sequential, explicit stochastic (every chance node lists
its outcomes with probabilities), imperfect information, general-sum (1 for each winner, 0
otherwise; a shared win gives 1 to each winner), rewards at the end only (TERMINAL). Tensors and
strings are the viewer's perfect-recall view, so the observation and the information state are
the same.
"""
import collections
import enum
import re

from . import _core

INVALID_ACTION = -1


class PlayerId(enum.IntEnum):
    """pyspiel's special player ids (ints: current_player() compares equal to them)."""
    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


class PrivateInfoType(enum.Enum):
    NONE = 0
    SINGLE_PLAYER = 1
    ALL_PLAYERS = 2


class IIGObservationType:
    """pyspiel's observation-type descriptor (recorded only: villainy's observations are the
    viewer's perfect-recall view)."""

    def __init__(self, perfect_recall=False, public_info=True,
                 private_info=PrivateInfoType.SINGLE_PLAYER):
        self.perfect_recall = perfect_recall
        self.public_info = public_info
        self.private_info = private_info


class GameType:
    """A game's kind, as pyspiel describes it (Game.get_type())."""

    class Dynamics(enum.Enum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1
        MEAN_FIELD = 2

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    _FIELDS = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility",
               "reward_model", "max_num_players", "min_num_players",
               "provides_information_state_string", "provides_information_state_tensor",
               "provides_observation_string", "provides_observation_tensor",
               "parameter_specification", "default_loadable",
               "provides_factored_observation_string")

    def __init__(self, short_name="", long_name="", dynamics=None, chance_mode=None,
                 information=None, utility=None, reward_model=None, max_num_players=0,
                 min_num_players=0, provides_information_state_string=False,
                 provides_information_state_tensor=False, provides_observation_string=False,
                 provides_observation_tensor=False, parameter_specification=None,
                 default_loadable=True, provides_factored_observation_string=False):
        self.short_name = short_name
        self.long_name = long_name
        self.dynamics = dynamics
        self.chance_mode = chance_mode
        self.information = information
        self.utility = utility
        self.reward_model = reward_model
        self.max_num_players = max_num_players
        self.min_num_players = min_num_players
        self.provides_information_state_string = provides_information_state_string
        self.provides_information_state_tensor = provides_information_state_tensor
        self.provides_observation_string = provides_observation_string
        self.provides_observation_tensor = provides_observation_tensor
        self.parameter_specification = dict(parameter_specification or {})
        self.default_loadable = default_loadable
        self.provides_factored_observation_string = provides_factored_observation_string

    def __eq__(self, other):
        return isinstance(other, GameType) and all(
            getattr(self, f) == getattr(other, f) for f in self._FIELDS)

    def __repr__(self):
        return (f"GameType(short_name={self.short_name!r}, long_name={self.long_name!r}, "
                f"dynamics={self.dynamics}, chance_mode={self.chance_mode}, "
                f"information={self.information}, utility={self.utility}, "
                f"reward_model={self.reward_model}, players {self.min_num_players}.."
                f"{self.max_num_players})")


class GameInfo:
    """pyspiel's numeric game facts (accepted as pyspiel's constructor takes them)."""

    def __init__(self, num_distinct_actions=0, max_chance_outcomes=0, num_players=0,
                 min_utility=0.0, max_utility=0.0, utility_sum=None, max_game_length=0):
        self.num_distinct_actions = num_distinct_actions
        self.max_chance_outcomes = max_chance_outcomes
        self.num_players = num_players
        self.min_utility = min_utility
        self.max_utility = max_utility
        self.utility_sum = utility_sum
        self.max_game_length = max_game_length


PlayerAction = collections.namedtuple("PlayerAction", ["player", "action"])
PlayerAction.__doc__ = "An entry of State.full_history(): who acted (chance is -1) and the action."


class Bot:
    """The base class of bots, as pyspiel.Bot: subclasses override step(state) (and, as they
    need, restart_at, inform_action, step_with_policy, provides_policy)."""

    def __init__(self):
        pass

    def step(self, state):
        raise NotImplementedError("Bot.step(state) must be overridden")

    def step_with_policy(self, state):
        raise NotImplementedError("this bot does not provide a policy")

    def provides_policy(self):
        return False

    def restart(self):
        pass

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass

    def inform_actions(self, state, actions):
        pass

    def provides_force_action(self):
        return False

    def force_action(self, state, action):
        raise NotImplementedError("this bot does not support force_action")

    def is_clonable(self):
        return False

    def clone(self):
        raise NotImplementedError("this bot is not clonable")


def _game_type(name):
    info = _core.game_info(name)
    return GameType(
        short_name=name, long_name=info["title"], dynamics=GameType.Dynamics.SEQUENTIAL,
        chance_mode=GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=GameType.Information.IMPERFECT_INFORMATION,
        utility=GameType.Utility.GENERAL_SUM, reward_model=GameType.RewardModel.TERMINAL,
        max_num_players=info["max_players"], min_num_players=info["min_players"],
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(
            {"players": info["min_players"]},
            **{o["name"]: o["default"] for o in info["options"]}),
        default_loadable=True, provides_factored_observation_string=False)


def _get_type(game):
    """pyspiel's GameType of this game."""
    return _game_type(game.name())


_core.Game.get_type = _get_type

_python_games = {}


def register_game(game_type, game_class):
    """Accepted so that modules written for pyspiel import; villainy runs only its own games, so
    load_game of such a name raises villainy.Error saying so."""
    _python_games[game_type.short_name] = (game_type, game_class)


def registered_games():
    """pyspiel's list of GameType: villainy's games."""
    return [_game_type(n) for n in _core.games()]


def registered_names():
    return list(_core.games())


_GAME_STRING = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*(?:\((.*)\))?\s*$", re.S)


def _parse_game_string(text):
    m = _GAME_STRING.match(text)
    if not m:
        raise _core.Error(f"load_game: {text!r} is not a game string (name or "
                          "name(key=value,...))")
    name, body = m.group(1), m.group(2)
    params = {}
    if body is not None and body.strip():
        if "(" in body or ")" in body:
            raise _core.Error(f"load_game: {text!r}: nested parameters are not supported "
                              "(give a value with parentheses in the dict form)")
        for item in body.split(","):
            key, eq, value = item.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or not key:
                raise _core.Error(f"load_game: {text!r}: expected key=value, got {item!r}")
            if key in params:
                raise _core.Error(f"load_game: {text!r}: {key} given twice")
            params[key] = value
    return name, params


def load_game(name, params=None, players=None, **options):
    """load_game(name, players=None, **options), or pyspiel's forms: load_game("name(players=4,
    bribe=on)") and load_game("name", {"players": 4, "bribe": "on"}). Option values are strings
    (True/False become on/off); `players` defaults to the game's minimum."""
    if not isinstance(name, str):
        raise TypeError(f"load_game: expected a game name (str), got {type(name).__name__}")
    name, from_string = _parse_game_string(name)
    merged = dict(from_string)
    if params is not None:
        if isinstance(params, dict):
            for k, v in params.items():
                if not isinstance(k, str):
                    raise TypeError(f"load_game: parameter names are strings, got {k!r}")
                merged[k] = v
        elif players is None and not isinstance(params, bool):
            players = params  # the positional form load_game(name, players)
        else:
            raise TypeError("load_game: the second argument is a dict of parameters or the "
                            "number of players")
    merged.update(options)
    if "players" in merged:
        if players is not None:
            raise _core.Error("load_game: players given twice")
        players = merged.pop("players")
        if isinstance(players, str):
            try:
                players = int(players)
            except ValueError:
                raise _core.Error(f"load_game: players={players!r} is not a number") from None
    if name in _python_games and name not in _core.games():
        raise _core.Error(f"load_game: {name} is a Python game registered with register_game; "
                          f"villainy runs only its own games ({', '.join(_core.games())})")
    return _core.load_game(name, players=players, **merged)


def serialize_game_and_state(game, state):
    """The game string and the state's text, in one string (deserialize_game_and_state)."""
    return f"{game}\n{state.serialize()}"


def deserialize_game_and_state(text):
    """(game, state) from serialize_game_and_state's text."""
    if not isinstance(text, str):
        raise TypeError("deserialize_game_and_state: expected a str")
    head, sep, body = text.partition("\n")
    if not sep:
        raise _core.Error("deserialize_game_and_state: expected the game string, a newline and "
                          "the state")
    game = load_game(head)
    return game, game.deserialize_state(body)
