"""The pyspiel-style API on every game: facts, states, tensors, views, resampling, records,
pickling and errors."""
import pickle

import numpy as np
import pytest

import villainy
from conftest import GAMES, play_random, player_counts


def test_three_games_registered():
    assert set(GAMES) == {"mwahahaha", "cheaty-mages", "supporting-cast"}


def test_game_facts(game_name):
    g = villainy.load_game(game_name)
    info = villainy.game_info(game_name)
    assert g.num_players() == info["min_players"]
    assert g.num_distinct_actions() > 0 and g.max_game_length() > 0
    assert g.tensor_shape() == (g.tensor_size(),)
    layout = g.tensor_layout()
    assert sum(f["size"] for f in layout) == g.tensor_size()
    assert [f["offset"] for f in layout] == list(np.cumsum([0] + [f["size"] for f in layout])[:-1])
    assert len({f["name"] for f in layout}) == len(layout)
    assert pickle.loads(pickle.dumps(g)) == g


def test_options_as_kwargs_and_bad_options():
    g = villainy.load_game("cheaty-mages", players=3, bribe="on")
    assert g.options()["bribe"] == "on" and g.num_players() == 3
    with pytest.raises(villainy.Error, match="bribe"):
        villainy.load_game("cheaty-mages", bribe="sometimes")
    with pytest.raises(villainy.Error):
        villainy.load_game("cheaty-mages", players=99)
    with pytest.raises(villainy.Error, match="supporting-cast"):
        villainy.load_game("no-such-game")
    assert issubclass(villainy.Error, ValueError)


def test_state_walk(game_name):
    for players in player_counts(game_name)[:2]:
        g = villainy.load_game(game_name, players=players)
        s = g.new_initial_state()
        assert s.current_player() == villainy.CHANCE_PLAYER and s.is_chance_node()
        outcomes = s.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        rng = villainy.Rng(players)
        steps = 0
        while not s.is_terminal():
            legal = s.legal_actions()
            mask = s.legal_actions_mask()
            assert mask.dtype == np.int8 and mask.shape == (g.num_distinct_actions(),)
            assert list(np.flatnonzero(mask)) == legal
            if s.is_chance_node():
                assert [a for a, _ in s.chance_outcomes()] == legal
                a = s.sample_chance(rng)
            else:
                p = s.current_player()
                assert 0 <= p < players
                assert s.legal_actions(p) == legal
                assert s.legal_actions((p + 1) % players) == [] or players == 1
                a = legal[rng.below(len(legal))]
                name = s.action_to_string(a)
                assert s.string_to_action(name) == a and s.action_to_string(p, a) == name
                t = s.information_state_tensor()
                assert t.dtype == np.float32 and t.shape == g.tensor_shape()
                assert np.isfinite(t).all() and (t >= 0).all()
            s.apply_action(a)
            steps += 1
        assert s.current_player() == villainy.TERMINAL_PLAYER == -4
        assert s.legal_actions() == [] and not s.legal_actions_mask().any()
        assert len(s.returns()) == players and len(s.history()) == steps
        assert steps <= g.max_game_length()
        assert s.winners() and isinstance(s.outcome(), dict)


def test_tensor_written_in_place(game_name):
    g = villainy.load_game(game_name)
    s = play_random(g.new_initial_state(), 3, max_steps=30)
    p = 0
    out = np.full(g.tensor_size(), 7.0, dtype=np.float32)
    r = s.information_state_tensor(p, out=out)
    assert r is out or np.shares_memory(r, out)
    assert np.array_equal(out, s.information_state_tensor(p))
    with pytest.raises(villainy.Error, match="float32"):
        s.information_state_tensor(p, out=np.zeros(g.tensor_size()))
    with pytest.raises(villainy.Error, match="shape"):
        s.information_state_tensor(p, out=np.zeros(3, dtype=np.float32))


def test_views_and_information_state_string(game_name):
    g = villainy.load_game(game_name)
    s = play_random(g.new_initial_state(), 5, max_steps=40)
    for p in range(g.num_players()):
        v = s.view(p)
        assert isinstance(v, dict)
        assert isinstance(s.view_text(p), str)
        iss = s.information_state_string(p)
        import json
        assert json.loads(iss) == v
    spectator = s.view(villainy.SPECTATOR)
    assert isinstance(spectator, dict)
    with pytest.raises(villainy.Error, match="viewer"):
        s.view(g.num_players())


def test_resampling_keeps_the_viewers_information(game_name):
    for players in player_counts(game_name)[:2]:
        g = villainy.load_game(game_name, players=players)
        for seed in range(3):
            s = play_random(g.new_initial_state(), 100 + seed, max_steps=25 + 20 * seed)
            if s.is_terminal():
                continue
            for p in range(players):
                r = s.resample(p, seed)
                assert np.array_equal(r.information_state_tensor(p), s.information_state_tensor(p))
                assert r.information_state_string(p) == s.information_state_string(p)
                if s.current_player() == p:
                    assert r.legal_actions() == s.legal_actions()
                with pytest.raises(villainy.Error, match="history"):
                    r.history()
                with pytest.raises(villainy.Error, match="record"):
                    r.record()
                r2 = s.resample(p, seed)
                assert r2.fingerprint() == r.fingerprint()  # deterministic


def test_tensor_changes_with_own_hidden_cards(game_name):
    """Re-dealing from another seat's view changes the viewer's own hidden cards; whenever the
    viewer's JSON view then differs (their own hand changed), their tensor must differ too."""
    n = max(3, villainy.game_info(game_name)["min_players"])
    g = villainy.load_game(game_name, players=n)
    changed = 0
    for seed in range(8):
        s = play_random(g.new_initial_state(), 200 + seed, max_steps=20 + 15 * seed)
        if s.is_terminal():
            continue
        for v in range(n):
            other = (v + 1) % n
            for k in range(4):
                r = s.resample(other, 1000 * seed + k)
                if r.view(v) != s.view(v):
                    changed += 1
                    assert not np.array_equal(r.information_state_tensor(v),
                                              s.information_state_tensor(v)), (
                        f"{game_name}: seat {v}'s view changed but its tensor did not")
    assert changed > 0, "no resample re-dealt a viewer's hidden cards"


def test_clone_is_independent(game_name):
    g = villainy.load_game(game_name)
    s = play_random(g.new_initial_state(), 9, max_steps=20)
    fp, hist = s.fingerprint(), s.history()
    c = s.clone()
    play_random(c, 10)
    assert s.fingerprint() == fp and s.history() == hist and c.is_terminal()


def test_records_round_trip_and_pickle(game_name):
    g = villainy.load_game(game_name)
    s = play_random(g.new_initial_state(), 11)
    rec = s.record()
    assert rec["format"] == "villainy-record" and rec["game"] == game_name
    r = villainy.from_record(rec)
    assert r.fingerprint() == s.fingerprint() and r.history() == s.history()
    import json
    assert villainy.from_record(json.dumps(rec)).fingerprint() == s.fingerprint()
    p = pickle.loads(pickle.dumps(s))
    assert p.fingerprint() == s.fingerprint() and p.returns() == s.returns()
    mid = play_random(g.new_initial_state(), 12, max_steps=15)
    m2 = pickle.loads(pickle.dumps(mid))
    assert m2.fingerprint() == mid.fingerprint() and m2.legal_actions() == mid.legal_actions()


def test_errors_are_exceptions_and_change_nothing(game_name):
    g = villainy.load_game(game_name)
    s = play_random(g.new_initial_state(), 13, max_steps=10)
    fp = s.fingerprint()
    illegal = next(a for a in range(g.num_distinct_actions()) if a not in s.legal_actions())
    with pytest.raises(villainy.Error, match="not legal"):
        s.apply_action(illegal)
    assert s.fingerprint() == fp
    with pytest.raises(villainy.Error, match="no action named"):
        s.apply_action("no-such-action")
    with pytest.raises(villainy.Error):
        villainy.from_record({"format": "villainy-record"})
    bad = s.record()
    bad["actions"] = bad["actions"][:3] + ["nonsense"]
    with pytest.raises(villainy.Error, match="step 4"):
        villainy.from_record(bad)
