"""villainy: three tabletop games of villainy for researchers (see docs/python.md).

pyspiel-style game and state API (compiled, villainy._core), a PettingZoo-style AEC environment
(villainy.aec_env), a batched C++ environment (villainy.VectorEnv) and the project's agents.
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
    load_game,
    make_agent,
    simulate,
    tournament,
)
from .aec import AecEnv, aec_env  # noqa: F401

__all__ = [
    "CHANCE_PLAYER", "SPECTATOR", "TERMINAL_PLAYER", "AecEnv", "Agent", "Decision", "Error",
    "Game", "Rng", "State", "VectorEnv", "aec_env", "agents", "derive_seed", "from_record",
    "game_info", "games", "load_game", "make_agent", "simulate", "tournament",
]
