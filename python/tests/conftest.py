import pytest

import villainy

GAMES = villainy.games()


def player_counts(name):
    info = villainy.game_info(name)
    return list(range(info["min_players"], info["max_players"] + 1))


def play_random(state, seed, max_steps=None):
    """Plays uniformly random actions (chance sampled) to the end or max_steps; returns state."""
    rng = villainy.Rng(seed)
    steps = 0
    while not state.is_terminal() and (max_steps is None or steps < max_steps):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        steps += 1
    return state


@pytest.fixture(params=GAMES)
def game_name(request):
    return request.param
