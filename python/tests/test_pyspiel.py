"""pyspiel's names and semantics (so that OpenSpiel's Python runs with `import villainy as
pyspiel`), with a small MCTS loop and an rl_environment-style loop written the way OpenSpiel's
examples are (our own code), and max_game_length() a true bound close to real lengths."""
import math

import numpy as np
import pytest

import villainy as pyspiel
from conftest import GAMES, play_random, player_counts


def at_decision(state, seed):
    """The state after chance is sampled up to the next decision."""
    rng = pyspiel.Rng(seed)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    return state


def test_names_and_enums():
    assert pyspiel.PlayerId.CHANCE == -1 == pyspiel.CHANCE_PLAYER
    assert pyspiel.PlayerId.TERMINAL == -4 == pyspiel.TERMINAL_PLAYER
    assert pyspiel.PlayerId.SIMULTANEOUS == -2 and pyspiel.INVALID_ACTION == -1
    assert pyspiel.registered_names() == pyspiel.games()
    assert [t.short_name for t in pyspiel.registered_games()] == pyspiel.games()
    for E in (pyspiel.GameType.Dynamics, pyspiel.GameType.ChanceMode,
              pyspiel.GameType.Information, pyspiel.GameType.Utility,
              pyspiel.GameType.RewardModel):
        assert len(list(E)) >= 2
    # The constructors pyspiel modules call at import time.
    t = pyspiel.GameType(short_name="x", dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL)
    assert t.short_name == "x" and t.parameter_specification == {}
    assert pyspiel.GameInfo(num_distinct_actions=3, max_game_length=9).max_game_length == 9
    pyspiel.register_game(t, object)
    with pytest.raises(pyspiel.Error, match="register_game"):
        pyspiel.load_game("x")


def test_game_type_and_facts(game_name):
    for players in player_counts(game_name)[::3]:
        g = pyspiel.load_game(game_name, players=players)
        t = g.get_type()
        assert t.short_name == game_name and t.long_name == pyspiel.game_info(game_name)["title"]
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert t.provides_information_state_tensor and t.provides_observation_tensor
        assert t.provides_information_state_string and t.provides_observation_string
        assert t.min_num_players <= players <= t.max_num_players
        assert "players" in t.parameter_specification
        assert g.information_state_tensor_size() == g.observation_tensor_size() == g.tensor_size()
        assert g.observation_tensor_shape() == [g.tensor_size()]
        assert g.max_chance_outcomes() == g.num_distinct_actions()
        assert (g.min_utility(), g.max_utility(), g.utility_sum()) == (0.0, 1.0, None)
        # Returns lie in [min_utility, max_utility]; the sum is not constant (shared wins)
        for seed in range(3):
            s = play_random(g.new_initial_state(), seed)
            assert all(g.min_utility() <= r <= g.max_utility() for r in s.returns())
            assert s.rewards() == s.returns()


def test_load_game_forms():
    a = pyspiel.load_game("cheaty-mages(players=4,bribe=on)")
    b = pyspiel.load_game("cheaty-mages", {"players": 4, "bribe": "on"})
    c = pyspiel.load_game("cheaty-mages", players=4, bribe="on")
    assert a == b == c and a.num_players() == 4 and a.options()["bribe"] == "on"
    assert pyspiel.load_game("cheaty-mages", 5).num_players() == 5
    assert pyspiel.load_game(str(a)) == a  # pyspiel's game string round-trips
    assert pyspiel.load_game("mwahahaha").num_players() == 2
    for bad in ("cheaty-mages(players=4", "cheaty-mages(players)", "cheaty-mages(players=x)",
                "cheaty-mages(bribe=on,bribe=off)", "cheaty-mages(bribe=sometimes)"):
        with pytest.raises(pyspiel.Error):
            pyspiel.load_game(bad)
    with pytest.raises(pyspiel.Error, match="twice"):
        pyspiel.load_game("cheaty-mages(players=4)", players=3)
    with pytest.raises(TypeError):
        pyspiel.load_game("cheaty-mages", [4])


def test_state_methods(game_name):
    g = pyspiel.load_game(game_name, players=player_counts(game_name)[0])
    s = g.new_initial_state()
    assert s.is_initial_state() and not s.is_simultaneous_node()
    s = at_decision(play_random(s, 21, max_steps=40), 1)
    assert not s.is_initial_state()
    n = len(s.history())
    p = s.current_player()
    assert s.observation_string(p) == s.information_state_string(p)
    assert s.rewards() == [0.0] * g.num_players() and s.player_return(0) == 0.0
    assert s.history_str() == ", ".join(str(a) for a in s.history())
    full = s.full_history()
    assert [h.action for h in full] == s.history()
    assert full[0].player == pyspiel.PlayerId.CHANCE
    assert all(h.player == pyspiel.CHANCE_PLAYER or 0 <= h.player < g.num_players()
               for h in full)
    a = s.legal_actions()[0]
    c = s.child(a)
    assert c.history() == s.history() + [a] and len(s.history()) == n
    # undo_action: pyspiel's (player, action) form; the state is rebuilt from its history
    before = s.fingerprint()
    s.apply_action(a)
    with pytest.raises(pyspiel.Error, match="undo_action"):
        s.undo_action(p, (a + 1) % g.num_distinct_actions())
    s.undo_action(p, a)
    assert s.fingerprint() == before and len(s.history()) == n
    with pytest.raises(pyspiel.Error, match="simultaneous"):
        s.apply_actions([a])


def test_serialize_round_trip(game_name):
    g = pyspiel.load_game(game_name, players=player_counts(game_name)[-1])
    for steps in (0, 30, None):
        s = play_random(g.new_initial_state(), 31, max_steps=steps)
        text = s.serialize()
        r = g.deserialize_state(text)
        assert r.fingerprint() == s.fingerprint() and r.history() == s.history()
        assert r.serialize() == text
        g2, r2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, s))
        assert g2 == g and r2.fingerprint() == s.fingerprint()
    other = pyspiel.load_game(game_name, players=player_counts(game_name)[0])
    with pytest.raises(pyspiel.Error, match="not of this game"):
        other.deserialize_state(text)


def test_resample_from_infostate(game_name):
    g = pyspiel.load_game(game_name, players=player_counts(game_name)[0])
    s = at_decision(play_random(g.new_initial_state(), 41, max_steps=30), 2)
    p = s.current_player()
    rng = np.random.RandomState(3)
    seen = set()
    for _ in range(5):
        r = s.resample_from_infostate(p, rng.uniform)
        assert r.information_state_string(p) == s.information_state_string(p)
        assert r.legal_actions() == s.legal_actions()
        seen.add(r.fingerprint())
    assert len(seen) > 1, "the sampler's values never changed the re-deal"
    a = s.resample_from_infostate(p, 7)
    assert a.fingerprint() == s.resample_from_infostate(p, 7).fingerprint()
    with pytest.raises(pyspiel.Error, match="outside"):
        s.resample_from_infostate(p, lambda: 1.5)


# --- max_game_length: a true bound, close to the real length ----------------------------------

def test_max_game_length_bounds_real_games(game_name):
    """Every game here ends within max_game_length(), and the bound is not far above the longest
    game seen (docs/python.md gives the measured lengths over many games)."""
    for players in (player_counts(game_name)[0], player_counts(game_name)[-1]):
        g = pyspiel.load_game(game_name, players=players)
        lengths = [len(play_random(g.new_initial_state(), 500 + k).history()) for k in range(20)]
        assert max(lengths) <= g.max_game_length()
        assert g.max_game_length() <= 8 * max(lengths), (
            f"{game_name} at {players}: bound {g.max_game_length()} vs longest {max(lengths)}")


def test_mwahahaha_guard_scales_with_the_round_limit():
    """D7: 200 actions a seat and round of the limit + 2 (400,000 with no limit), and it holds: a
    game whose limit makes the guard bind still ends within the bound."""
    for players, limit in ((2, 40), (5, 40), (3, 1), (2, 0), (5, 10000)):
        g = pyspiel.load_game("mwahahaha", players=players, **{"round-limit": limit})
        guard = 400000 if limit == 0 else min(400000, 200 * players * (limit + 2))
        assert g.max_game_length() == guard + 10
    g = pyspiel.load_game("mwahahaha", players=3, **{"round-limit": 1})
    for seed in range(5):
        assert len(play_random(g.new_initial_state(), seed).history()) <= g.max_game_length()


def test_cheaty_mages_bound_counts_the_d9_guards():
    """D9: n x (hand limit + 1) + 8 spell turns a phase and 2 replays; the bound counts 3 + 2
    matches of at most 6 + 3n + 2nL + 2 x turns + 1 + (n + n x refill draw + 1) actions."""
    for players in (3, 4, 5, 6):
        limit, hand, draw = (8, 8, 4) if players <= 4 else (6, 6 if players == 5 else 5, 3)
        turns = players * (limit + 1) + 8
        after = players + players * draw + 1
        per_match = 6 + 3 * players + 2 * players * limit + 2 * turns + 1 + after
        g = pyspiel.load_game("cheaty-mages", players=players)
        assert g.max_game_length() == 1 + players * hand + 5 * per_match - after


def test_supporting_cast_bound_counts_the_d12_guards():
    """D12: 12 + 5n rounds of at most 200 + 10n actions (100 more with claims) and 61 more."""
    for players in (4, 5, 6, 7):
        for claim in ("dead", "claim"):
            g = pyspiel.load_game("supporting-cast", players=players,
                                  **{"rival-super-hero": claim})
            per_round = 200 + 10 * players + (100 if claim == "claim" else 0) + 61
            assert g.max_game_length() == 7 + (12 + 5 * players) * per_round


# --- a small MCTS loop and an rl_environment-style loop, as OpenSpiel's examples are written -----

class RandomBot(pyspiel.Bot):
    def __init__(self, player_id, rng):
        pyspiel.Bot.__init__(self)
        self._player_id = player_id
        self._rng = rng

    def restart_at(self, state):
        pass

    def step(self, state):
        return self._rng.choice(state.legal_actions(self._player_id))


class TinyMCTSBot(pyspiel.Bot):
    """UCT on the determinized state with random rollouts (the shape of OpenSpiel's MCTSBot: it
    needs get_type, max_utility, clone, chance_outcomes, returns, PlayerId)."""

    def __init__(self, game, simulations, rng):
        pyspiel.Bot.__init__(self)
        t = game.get_type()
        assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        self.max_utility = game.max_utility()
        self.simulations, self.rng = simulations, rng

    def rollout(self, state):
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(self.rng.choice(actions, p=probs))
            else:
                state.apply_action(self.rng.choice(state.legal_actions()))
        return np.array(state.returns())

    def step(self, state):
        player = state.current_player()
        legal = state.legal_actions(player)
        visits = {a: 0 for a in legal}
        value = {a: 0.0 for a in legal}
        for i in range(self.simulations):
            def ucb(a):
                if visits[a] == 0:
                    return math.inf
                return value[a] / visits[a] + self.max_utility * math.sqrt(
                    2 * math.log(i + 1) / visits[a])
            a = max(legal, key=ucb)
            visits[a] += 1
            value[a] += self.rollout(state.child(a))[player]
        return max(legal, key=lambda a: visits[a])


def evaluate(state, bots, rng):
    for bot in bots:
        bot.restart_at(state)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            action = rng.choice(outcomes, p=probs)
            for bot in bots:
                bot.inform_action(state, pyspiel.PlayerId.CHANCE, action)
            state.apply_action(action)
        elif state.is_simultaneous_node():
            raise AssertionError("no simultaneous nodes")
        else:
            p = state.current_player()
            action = bots[p].step(state)
            for i, bot in enumerate(bots):
                if i != p:
                    bot.inform_action(state, p, action)
            state.apply_action(action)
    return state.returns()


@pytest.mark.parametrize("name", GAMES)
def test_mcts_and_bots_loop(name):
    g = pyspiel.load_game(f"{name}(players={player_counts(name)[0]})")
    rng = np.random.RandomState(0)
    bots = [TinyMCTSBot(g, 2, rng)] + [RandomBot(p, rng) for p in range(1, g.num_players())]
    state = g.new_initial_state()
    # Search only the first few decisions (the rest random) to keep the test short.
    decisions = 0
    while not state.is_terminal() and decisions < 6:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(outcomes, p=probs))
        else:
            p = state.current_player()
            state.apply_action(bots[p].step(state))
            decisions += 1
    returns = evaluate(state, [RandomBot(p, rng) for p in range(g.num_players())], rng)
    assert len(returns) == g.num_players() and max(returns) <= g.max_utility()


@pytest.mark.parametrize("name", GAMES)
def test_rl_environment_style_loop(name):
    """A TimeStep-style loop over the pyspiel API: observations per player (tensor + legal
    actions), rewards from state.rewards(), chance sampled, until the last step."""
    g = pyspiel.load_game(name, {"players": player_counts(name)[-1]})
    t = g.get_type()
    assert t.provides_information_state_tensor
    size = g.information_state_tensor_size()
    rng = np.random.RandomState(1)
    state = g.new_initial_state()
    total = np.zeros(g.num_players())

    def sample_chance():
        while state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(outcomes, p=probs))

    sample_chance()
    steps = 0
    while True:
        obs = {"info_state": [], "legal_actions": []}
        for p in range(g.num_players()):
            x = state.information_state_tensor(p)
            assert len(x) == size
            obs["info_state"].append(x)
            obs["legal_actions"].append(state.legal_actions(p))
        total += np.array(state.rewards())
        if state.is_terminal():
            break
        p = state.current_player()
        assert obs["legal_actions"][p] and all(
            not obs["legal_actions"][q] for q in range(g.num_players()) if q != p)
        state.apply_action(rng.choice(obs["legal_actions"][p]))
        sample_chance()
        steps += 1
        assert steps <= g.max_game_length()
    assert list(total) == state.returns()
