"""A PettingZoo AEC (agent environment cycle) environment over villainy's games.

It follows PettingZoo's AECEnv API and the rules of its api_test, seed_test and render_test
(docs/python.md): agents "player_<seat>"; reset(seed=None, options=None) returns None and takes
any options dict (documented keys take effect, others are ignored); last() gives the agent's
cumulative reward; rewards/terminations/truncations/infos hold exactly env.agents; a finished
agent must step(None) and is then removed; observation_space/action_space return the same objects
every call; step() returns None and takes a Python int or a numpy integer only. Chance is sampled
inside the environment: game k after reset(seed=s) (k = 0 for that reset, k = 1, 2, ... for later
reset() calls without a seed) uses villainy.Rng(derive_seed(s, k)); with no seed ever given, s is
drawn from the operating system's entropy on the first reset. Rewards are 0 during a game and the
game's returns at its end. When PettingZoo is importable the class is a pettingzoo.AECEnv
subclass. The environment deep-copies and pickles at any point (the game replays from its
record, the chance generator keeps its place).
"""
import os

import numpy as np

from . import _core, spaces

try:  # pragma: no cover - depends on the machine
    from pettingzoo import AECEnv as _Base
except ImportError:  # pragma: no cover
    _Base = object

class AecEnv(_Base):
    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game, players=None, render_mode=None, **options):
        if isinstance(game, str):
            from .pyspiel import load_game
            game = load_game(game, players=players, **options)
        elif players is not None or options:
            raise _core.Error("aec_env: give players and options with a game name, not a Game")
        if not isinstance(game, _core.Game):
            raise TypeError(f"aec_env: expected a game name or a villainy.Game, got "
                            f"{type(game).__name__}")
        if render_mode not in (None, "ansi", "human"):
            raise _core.Error(f"render_mode {render_mode!r}: allowed None, 'ansi', 'human'")
        self.game = game
        self.render_mode = render_mode
        # A valid Python identifier, as PettingZoo's env names are (e.g. villainy_cheaty_mages_v0).
        self.metadata = dict(AecEnv.metadata, name=f"villainy_{game.name().replace('-', '_')}_v0")
        n = game.num_players()
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        fmax = np.finfo(np.float32).max
        obs_space = spaces.dict_space({
            "observation": spaces.box(0.0, fmax, (game.tensor_size(),), np.float32),
            "action_mask": spaces.box(0, 1, (game.num_distinct_actions(),), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.discrete(game.num_distinct_actions())
                              for a in self.possible_agents}
        self.state_space = spaces.box(0.0, fmax, (n * game.tensor_size(),), np.float32)
        self._seed = None
        self._game_index = 0
        self._state = None

    def __str__(self):
        return self.metadata["name"]

    # --- PettingZoo API ---------------------------------------------------------------------
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    def reset(self, seed=None, options=None):
        """Starts a game. `seed`: an int (None: go on from the last seed; fresh entropy when none
        was ever given). `options`: a dict or None; the documented key is "record" (a villainy
        record, dict or JSON text, of an unfinished game of this Game: the game continues from
        its last position); any other key is ignored, as PettingZoo's own envs ignore options."""
        if options is not None and not isinstance(options, dict):
            raise TypeError(f"reset: options must be a dict or None, got {type(options).__name__}")
        start = None
        if options and options.get("record") is not None:
            start = _core.from_record(options["record"])
            if start.get_game() != self.game:
                raise _core.Error(f"reset: the record is a game of {start.get_game()!r}, not "
                                  f"of {self.game!r}")
            if start.is_terminal():
                raise _core.Error("reset: the record's game is over")
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise TypeError(f"reset: seed must be an int or None, got {type(seed).__name__}")
            if seed < 0:
                raise _core.Error(f"reset: seed {seed} must be non-negative")
            self._seed, self._game_index = int(seed) % 2**64, 0
        elif self._seed is None:
            self._seed, self._game_index = int.from_bytes(os.urandom(8), "little"), 0
        self._rng = _core.Rng(_core.derive_seed(self._seed, self._game_index))
        self._game_index += 1
        self._state = start if start is not None else self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._advance()
        self.agent_selection = self.possible_agents[self._state.current_player()]

    def observe(self, agent):
        """{"observation": float32 tensor of the agent's view, "action_mask": int8 legal mask
        (all zeros unless the agent is the one to act)}."""
        if self._state is None:
            raise _core.Error("reset() needs to be called before observe.")
        return self._state._observation(self._index[agent])

    def last(self, observe=True):
        try:
            agent = self.agent_selection  # set by reset()
        except AttributeError:
            raise _core.Error("reset() needs to be called before last.") from None
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action):
        """Plays `action` (a Python int or numpy integer, an action id) for the agent to act, or
        None for a finished agent. A wrong type is a TypeError, an id outside
        [0, num_distinct_actions) or an illegal action a villainy.Error (a ValueError); each
        names the problem and changes nothing."""
        if self._state is None:
            raise _core.Error("reset() needs to be called before step.")
        if not self.agents:
            raise _core.Error("step() called after all agents are terminated or truncated. "
                              "Should reset() first.")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise _core.Error(f"{agent} is done: the only valid action is None")
            self._dead_step(agent)
            return None
        if action is None:
            raise _core.Error(f"{agent} must act: step(None) is only for a done agent")
        # Checked in C++: TypeError for a wrong type, villainy.Error for an id outside the range
        # or an illegal action, and nothing changes; then chance is sampled.
        player = self._state._apply_and_sample_chance(action, self._rng)
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        for a in self.agents:
            rewards[a] = 0.0
        if player < 0:
            for a, r in zip(self.possible_agents, self._state.returns()):
                rewards[a] = float(r)
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[player]
        cum = self._cumulative_rewards
        for a in self.agents:
            cum[a] += rewards[a]
        return None

    def agent_iter(self, max_iter=2**63):
        if self._state is None:
            raise _core.Error("reset() needs to be called before agent_iter().")
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self):
        if self._state is None:
            raise _core.Error("reset() needs to be called before render.")
        text = self._state.view_text(self._index[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def state(self):
        """The global state for centralised training (critics, value functions): a float32 array
        of state_space.shape, the view tensors of every seat in seat order (seat p's tensor at
        [p * T, (p + 1) * T), T = game.tensor_size(); each laid out as game.tensor_layout()). It
        holds every hidden card — each seat's hand and face-down cards — so it is for training
        only, never an agent's input. (game_state() gives the villainy.State itself.)"""
        if self._state is None:
            raise _core.Error("reset() needs to be called before state.")
        t = self.game.tensor_size()
        out = np.empty(self.state_space.shape, dtype=np.float32)
        for p in range(len(self.possible_agents)):
            self._state.information_state_tensor(p, out=out[p * t:(p + 1) * t])
        return out

    # --- extras -----------------------------------------------------------------------------
    def game_state(self):
        """A copy of the full villainy.State (holds hidden information: for analysis)."""
        if self._state is None:
            raise _core.Error("reset() needs to be called before game_state.")
        return self._state.clone()

    def record(self, seats=None):
        if self._state is None:
            raise _core.Error("reset() needs to be called before record.")
        return self._state.record(seats or [])

    # --- internals --------------------------------------------------------------------------
    def _advance(self):
        s, rng = self._state, self._rng
        while s.is_chance_node():
            s.apply_action(s.sample_chance(rng))

    def _dead_step(self, agent):
        del self.rewards[agent], self._cumulative_rewards[agent]
        del self.terminations[agent], self.truncations[agent], self.infos[agent]
        self.agents.remove(agent)
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.agents:
            self.agent_selection = self.agents[0]


def aec_env(game, players=None, render_mode=None, **options):
    """villainy.aec_env(name, players=..., **options) or aec_env(game): a PettingZoo AEC env."""
    return AecEnv(game, players=players, render_mode=render_mode, **options)
