"""The AEC environment (PettingZoo's API-test rules) and the batched VectorEnv."""
import random

import numpy as np
import pytest

import villainy
from conftest import GAMES, player_counts


def aec_play(env, seed, check=True):
    """PettingZoo api_test's play loop with its checks; returns the actions taken."""
    env.reset(seed=seed)
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    pick = random.Random(seed)
    live, finished, acc, actions = set(env.agents), set(), {a: 0.0 for a in env.agents}, []
    for agent in env.agent_iter():
        assert agent not in finished, "agents cannot resurrect"
        assert isinstance(env.infos[agent], dict)
        obs, reward, term, trunc, info = env.last()
        assert env.last(observe=False)[0] is None
        space = env.observation_space(agent)
        assert space is env.observation_space(agent) and env.action_space(agent) is env.action_space(agent)
        assert space.contains(obs), "observation outside its space"
        assert obs["observation"].dtype == space["observation"].dtype == np.float32
        assert obs["observation"].shape == space["observation"].shape
        assert obs["action_mask"].dtype == np.int8
        assert term == env.terminations[agent] and info == env.infos[agent]
        assert acc[agent] == reward, "last() must give the accumulated reward"
        acc[agent] = 0.0
        if term or trunc:
            action = None
            finished.add(agent)
            live.discard(agent)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            s = env.game_state()
            assert list(legal) == s.legal_actions(), "mask and legal actions disagree"
            action = int(pick.choice(legal))
            actions.append(action)
        assert env.step(action) is None, "step() returns nothing"
        for a, r in env.rewards.items():
            acc[a] += r
        assert env.num_agents == len(env.agents)
        for d in (env.rewards, env.terminations, env.truncations, env.infos):
            assert set(d) == set(env.agents)
        assert set(env.agents) <= set(env.possible_agents)
    assert finished == set(env.possible_agents), "every agent must finish"
    return actions


@pytest.mark.parametrize("name", GAMES)
def test_aec_full_loop_every_player_count(name):
    for players in player_counts(name):
        env = villainy.aec_env(name, players=players)
        assert env.possible_agents == [f"player_{p}" for p in range(players)]
        aec_play(env, seed=players)
        assert env.agents == []


def test_aec_same_seed_same_game():
    env = villainy.aec_env("cheaty-mages", players=3)
    a = aec_play(env, seed=5)
    fp = env.game_state().fingerprint()
    b = aec_play(env, seed=5)
    assert a == b and env.game_state().fingerprint() == fp
    c = aec_play(env, seed=6)
    assert c != a
    env.reset(seed=7)
    o1 = env.observe(env.agent_selection)["observation"].copy()
    env.reset(seed=7)
    assert np.array_equal(o1, env.observe(env.agent_selection)["observation"])


def test_aec_errors():
    env = villainy.aec_env("mwahahaha", players=3)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    fp = env.game_state().fingerprint()
    with pytest.raises(villainy.Error):
        env.step(illegal)
    assert env.game_state().fingerprint() == fp
    with pytest.raises(villainy.Error, match="None"):
        env.step(None)
    # reset() takes any options dict as PettingZoo's envs do (api_test passes {"options": 1}):
    # unknown keys are ignored, and the game is the one the seed alone gives.
    env.reset(seed=1, options={"x": 1})
    assert env.game_state().fingerprint() == fp
    env.reset(seed=1, options={"options": 1})
    assert np.array_equal(env.observe(env.agent_selection)["observation"], obs["observation"])
    env.step(np.int32(np.flatnonzero(obs["action_mask"])[0]))  # numpy ints are accepted
    sp = env.action_space(env.agent_selection)
    assert sp.n == env.game.num_distinct_actions()
    m = env.observe(env.agent_selection)["action_mask"]
    assert m[sp.sample(m)] == 1


@pytest.mark.parametrize("name", GAMES)
def test_vector_env(name):
    g = villainy.load_game(name)
    n = 8
    env = villainy.VectorEnv(g, n, seed=3)
    obs, mask, player = env.reset()
    assert obs.shape == (n, g.tensor_size()) and obs.dtype == np.float32
    assert mask.shape == (n, g.num_distinct_actions()) and mask.dtype == np.int8
    rng = villainy.Rng(1)
    done_games = 0
    for _ in range(3000):
        for i in range(n):
            s = env.state(i)
            assert player[i] == s.current_player() >= 0
            assert list(np.flatnonzero(mask[i])) == s.legal_actions()
            assert np.array_equal(obs[i], s.information_state_tensor(int(player[i])))
        obs, mask, player, rewards, dones = env.step(env.random_actions(rng))
        done_games += int(dones.sum())
        assert (rewards[~dones] == 0).all()
        if done_games >= 2:
            break
    assert done_games >= 2, "auto-reset never happened"
    bad = np.zeros(n, dtype=np.int64)
    bad[:] = np.argmin(mask, axis=1)
    with pytest.raises(villainy.Error, match="not legal"):
        env.step(bad)
    with pytest.raises(villainy.Error, match="expected"):
        env.step(np.zeros(n + 1, dtype=np.int64))


def test_vector_env_seeded_and_internal_seats():
    g = villainy.load_game("cheaty-mages", players=3)
    runs = []
    for _ in range(2):
        env = villainy.VectorEnv(g, 4, seed=9, agents=["", "random", "heuristic"])
        obs, mask, player = env.reset()
        rng = villainy.Rng(2)
        total = np.zeros(3)
        for _ in range(400):
            assert (player == 0).all(), "only the Python seat is asked"
            obs, mask, player, rewards, dones = env.step(env.random_actions(rng))
            total += rewards.sum(axis=0)
        runs.append((obs.copy(), total))
    assert np.array_equal(runs[0][0], runs[1][0]) and np.array_equal(runs[0][1], runs[1][1])
    with pytest.raises(villainy.Error, match="Python"):
        villainy.VectorEnv(g, 2, agents=["random"] * 3)
