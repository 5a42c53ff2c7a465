"""Information-state keys and action observations (issue 10): the key is equal exactly when the
viewer cannot tell two states apart, a resample keeps it, and an action's observation says what
the viewer learns from it."""
import villainy
from conftest import play_random, player_counts


def test_key_follows_the_information_state(game_name):
    g = villainy.load_game(game_name)
    s = play_random(g.new_initial_state(), 11, max_steps=30)
    for p in range(g.num_players()):
        key = s.information_state_key(p)
        assert isinstance(key, int) and 0 <= key < 2**64
        assert key == s.clone().information_state_key(p)
        # A resample for p keeps p's information, so its key; the string agrees.
        r = s.resample(p, 7)
        assert r.information_state_key(p) == key
        assert r.information_state_string(p) == s.information_state_string(p)
    assert isinstance(s.information_state_key(villainy.SPECTATOR), int)


def test_key_changes_when_the_viewer_learns_something(game_name):
    for players in player_counts(game_name)[:2]:
        g = villainy.load_game(game_name, players=players)
        s = g.new_initial_state()
        rng = villainy.Rng(3)
        changed = 0
        for _ in range(40):
            if s.is_terminal():
                break
            before = [s.information_state_string(p) for p in range(players)]
            keys = [s.information_state_key(p) for p in range(players)]
            legal = s.legal_actions()
            a = s.sample_chance(rng) if s.is_chance_node() else legal[rng.below(len(legal))]
            s.apply_action(a)
            for p in range(players):
                if s.information_state_string(p) != before[p]:
                    assert s.information_state_key(p) != keys[p]
                    changed += 1
        assert changed > 0


def test_action_observation(game_name):
    g = villainy.load_game(game_name)
    s = play_random(g.new_initial_state(), 5, max_steps=20)
    while s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    actor = s.current_player()
    a = s.legal_actions()[0]
    for p in range(g.num_players()):
        obs = s.action_observation(a, p)
        assert isinstance(obs, str) and obs
    # Actions observed alike by a viewer lead to states it cannot tell apart.
    for p in range(g.num_players()):
        by_obs = {}
        for b in s.legal_actions()[:12]:
            c = s.clone()
            c.apply_action(b)
            by_obs.setdefault(s.action_observation(b, p), set()).add(c.information_state_key(p))
        assert all(len(keys) == 1 for keys in by_obs.values()), (actor, p)
    try:
        s.action_observation(g.num_distinct_actions() + 5, 0)
        raise AssertionError("an illegal action was observed")
    except villainy.Error:
        pass
