"""The project's agents from Python, and Python callables as seats."""
import pytest

import villainy
from conftest import GAMES, play_random


@pytest.mark.parametrize("name", GAMES)
def test_agents_act_on_a_state(name):
    g = villainy.load_game(name)
    names = [n for n, _ in villainy.agents(g)]
    assert "random" in names and "heuristic" in names and "ismcts" in names
    s = play_random(g.new_initial_state(), 4, max_steps=12)
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    for spec in ["random", "heuristic", "ismcts:iterations=30"]:
        a = villainy.make_agent(spec, g, seed=1)
        act = a.step(s)
        assert act in s.legal_actions()
        assert villainy.make_agent(spec, g, seed=1).step(s) == act  # deterministic
    with pytest.raises(villainy.Error, match="random"):
        villainy.make_agent("no-such-agent", g)


def test_callable_seats_in_simulate_and_tournament():
    g = villainy.load_game("cheaty-mages", players=3)
    seen = []

    def first_legal(decision):
        legal = decision.legal_actions()
        assert decision.information_state_tensor().shape == (g.tensor_size(),)
        assert isinstance(decision.view(), dict)
        seen.append(decision.player)
        return legal[0]

    rep = villainy.simulate(g, [first_legal, "random", "heuristic"], games=6, seed=2)
    assert rep and seen and set(seen) == {0}
    res = villainy.tournament(g, [("first", first_legal), "random", "random"], games=6, seed=3)
    assert res["games"] == 6 and "python:name=first" in str(res["agents"])

    def bad(decision):
        raise RuntimeError("policy exploded")

    with pytest.raises(villainy.Error, match="policy exploded"):
        villainy.simulate(g, [bad, "random", "random"], games=1)

    kept = []
    villainy.simulate(g, [lambda d: kept.append(d) or d.legal_actions()[0], "random", "random"],
                      games=1)
    with pytest.raises(villainy.Error, match="valid only"):
        kept[0].legal_actions()


def test_callable_returning_a_float_is_refused():
    """A policy's float is not truncated to an action (issue 30, point 9)."""
    g = villainy.load_game("cheaty-mages", players=3)
    with pytest.raises((TypeError, villainy.Error), match=r"action.*\[0, "):
        villainy.simulate(g, [lambda d: float(d.legal_actions()[0]), "random", "random"], games=1)
    with pytest.raises((TypeError, villainy.Error), match=r"action.*\[0, "):
        villainy.simulate(g, [lambda d: True, "random", "random"], games=1)
