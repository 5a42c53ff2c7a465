"""villainy: three tabletop games of villainy for researchers (see docs/python.md).

pyspiel-style game and state API (compiled, villainy._core, with pyspiel's names: `import
villainy as pyspiel` runs OpenSpiel's Python), a PettingZoo AEC environment (villainy.aec_env), a
batched C++ environment (villainy.VectorEnv) and the project's agents.
"""
from ._core import (  # noqa: F401
    CHANCE_PLAYER,
    SPECTATOR,
    TERMINAL_PLAYER,
    Agent,
    Decision,
    Error,
    Game,
    Rng,
    State,
    VectorEnv,
    agents,
    derive_seed,
    from_record,
    game_info,
    games,
    make_agent,
    simulate,
    tournament,
)
from .pyspiel import (  # noqa: F401
    INVALID_ACTION,
    Bot,
    GameInfo,
    GameType,
    IIGObservationType,
    PlayerAction,
    PlayerId,
    PrivateInfoType,
    deserialize_game_and_state,
    load_game,
    register_game,
    registered_games,
    registered_names,
    serialize_game_and_state,
)
from .aec import AecEnv, aec_env  # noqa: F401

__all__ = [
    "CHANCE_PLAYER", "SPECTATOR", "TERMINAL_PLAYER", "AecEnv", "Agent", "Decision", "Error",
    "Game", "Rng", "State", "VectorEnv", "aec_env", "agents", "derive_seed", "from_record",
    "game_info", "games", "load_game", "make_agent", "simulate", "tournament",
    # pyspiel's names
    "INVALID_ACTION", "Bot", "GameInfo", "GameType", "IIGObservationType", "PlayerAction",
    "PlayerId", "PrivateInfoType", "deserialize_game_and_state", "register_game",
    "registered_games", "registered_names", "serialize_game_and_state",
]
