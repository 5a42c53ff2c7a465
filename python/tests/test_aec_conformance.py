"""The AEC environment against PettingZoo's documented API rules (our own restatement of what
PettingZoo's api_test, seed_test, render_test, state_test and its order-enforcing wrapper check;
no code of theirs): reset's signature and options, seeding and fresh entropy, copy and pickle,
the global state, strict action types, errors before reset and after the end, the env name."""
import copy
import functools
import pickle
import warnings

import numpy as np
import pytest

import villainy
from conftest import GAMES, player_counts


def two_counts(name):
    c = player_counts(name)
    return [c[0], c[-1]]


CASES = [(g, n) for g in GAMES for n in two_counts(g)]


def legal_of(obs):
    return np.flatnonzero(obs["action_mask"])


def play(env, steps, pick):
    """Steps the env `steps` decisions (None for done agents); returns the actions taken."""
    taken = []
    for agent in env.agent_iter(steps):
        obs, _, term, trunc, _ = env.last()
        a = None if term or trunc else int(pick(legal_of(obs)))
        taken.append(a)
        env.step(a)
    return taken


@pytest.mark.parametrize("name,players", CASES)
def test_api_rules(name, players):
    """api_test's rules: reset(seed, options) with any options; non-empty agents after reset, none
    done; observation in its space and numeric, not all NaN; last(observe=False) gives None; the
    same space object every call; the reward in last() is the accumulated one; dict keys follow
    env.agents; agents never come back; step returns None; numpy ints are actions."""
    env = villainy.aec_env(name, players=players)
    env.reset(seed=0, options={"options": 1})  # api_test's first line
    env.reset()
    assert env.num_agents == players > 0 and isinstance(env.num_agents, int)
    assert not any(env.terminations.values()) and not any(env.truncations.values())
    obs0 = env.last()[0]["observation"]
    assert isinstance(obs0, np.ndarray) and np.issubdtype(obs0.dtype, np.number)
    assert obs0.ndim == 1 and obs0.size > 0 and not np.isnan(obs0).any() and obs0.any()
    assert env.last(observe=False)[0] is None
    for a in env.possible_agents:
        assert env.observation_space(a) is env.observation_space(a)
        assert env.action_space(a) is env.action_space(a)
    rng = np.random.default_rng(players)
    acc = {a: 0.0 for a in env.agents}
    finished = set()
    for agent in env.agent_iter():
        assert agent not in finished, "agents cannot resurrect"
        obs, reward, term, trunc, info = env.last()
        assert isinstance(term, bool) and isinstance(trunc, bool) and isinstance(info, dict)
        assert env.observation_space(agent).contains(obs)
        assert reward == acc[agent], "last() gives the accumulated reward"
        acc[agent] = 0.0
        if term or trunc:
            action = None
            finished.add(agent)
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
            assert obs["action_mask"][action] == 1
        assert env.step(action) is None
        for a, r in env.rewards.items():
            assert np.isfinite(r)
            acc[a] += r
        for d in (env.rewards, env.terminations, env.truncations, env.infos):
            assert list(d) == env.agents
        assert set(env.agents) <= set(env.possible_agents)
    assert finished == set(env.possible_agents) and env.agents == []
    # action flexibility: the same first action as an int and as np.int32 after the same seed
    env.reset(seed=0)
    a = env.action_space(env.agent_selection).sample(env.last()[0]["action_mask"])
    env.step(a)
    after_int = env.game_state().fingerprint()
    env.reset(seed=0)
    env.step(np.int32(a))
    assert env.game_state().fingerprint() == after_int


@pytest.mark.parametrize("name,players", CASES)
def test_seed_rules(name, players):
    """seed_test's rule: two envs reset with the same seed, with their spaces seeded alike, give
    the same agents, observations, rewards, flags, masks and sampled actions."""
    envs = [villainy.aec_env(name, players=players) for _ in range(2)]
    for env in envs:
        env.reset(seed=42)
        for i, a in enumerate(env.agents):
            env.action_space(a).seed(42 + i)
            env.observation_space(a).seed(42 + i)
    for step, (a1, a2) in enumerate(zip(envs[0].agent_iter(), envs[1].agent_iter())):
        assert a1 == a2
        l1, l2 = envs[0].last(), envs[1].last()
        assert np.array_equal(l1[0]["observation"], l2[0]["observation"])
        assert np.array_equal(l1[0]["action_mask"], l2[0]["action_mask"])
        assert l1[1:] == l2[1:]
        if l1[2] or l1[3] or step > 400:
            break
        x1 = envs[0].action_space(a1).sample(l1[0]["action_mask"])
        x2 = envs[1].action_space(a2).sample(l2[0]["action_mask"])
        assert x1 == x2
        envs[0].step(x1)
        envs[1].step(x2)


def test_unseeded_resets_draw_fresh_entropy():
    """Two fresh envs reset without a seed deal different games (Gymnasium draws fresh entropy);
    a seeded reset is reproducible, and later unseeded resets go on from the seed."""
    deals = set()
    for _ in range(4):
        env = villainy.aec_env("supporting-cast", players=4)
        env.reset()
        deals.add(env.observe("player_0")["observation"].tobytes())
    assert len(deals) > 1, "unseeded resets all dealt the same cards"
    a, b = villainy.aec_env("cheaty-mages", players=3), villainy.aec_env("cheaty-mages", players=3)
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.game_state().fingerprint() == b.game_state().fingerprint()
    with pytest.raises(TypeError):
        a.reset(seed=1.5)
    with pytest.raises(TypeError):
        a.reset(seed=1, options=[("x", 1)])


def test_reset_option_record_continues_a_game():
    env = villainy.aec_env("cheaty-mages", players=3)
    env.reset(seed=8)
    play(env, 15, lambda legal: legal[0])
    rec, fp = env.record(), env.game_state().fingerprint()
    other = villainy.aec_env("cheaty-mages", players=3)
    other.reset(seed=99, options={"record": rec, "ignored": True})
    assert other.game_state().fingerprint() == fp
    assert other.agent_selection == env.agent_selection
    with pytest.raises(villainy.Error, match="not of"):
        villainy.aec_env("cheaty-mages", players=4).reset(options={"record": rec})


@pytest.mark.parametrize("name", GAMES)
def test_deepcopy_and_pickle_mid_game(name):
    """A copy or an unpickled env continues exactly as the original (same chance draws too)."""
    env = villainy.aec_env(name, players=player_counts(name)[0])
    env.reset(seed=5)
    play(env, 30, lambda legal: legal[-1])
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    ours = play(env, 60, lambda legal: legal[len(legal) // 2])
    for c in copies:
        assert play(c, 60, lambda legal: legal[len(legal) // 2]) == ours
        assert c.game_state().fingerprint() == env.game_state().fingerprint()
        assert c.agents == env.agents and c.rewards == env.rewards
    r = villainy.Rng(4)
    r.next()
    assert pickle.loads(pickle.dumps(r)).next() == copy.deepcopy(r).next() == r.next()


@pytest.mark.parametrize("name", GAMES)
def test_global_state(name):
    """state() is a float32 array in state_space: every seat's view tensor in seat order, so it
    holds each seat's hidden cards: re-dealing what one seat cannot see changes it."""
    n = player_counts(name)[0]
    env = villainy.aec_env(name, players=n)
    assert env.state_space.shape == (n * env.game.tensor_size(),)
    assert env.state_space.dtype == np.float32
    env.reset(seed=2)
    play(env, 25, lambda legal: legal[0])
    x = env.state()
    assert x.dtype == np.float32 and x.shape == env.state_space.shape
    assert env.state_space.contains(x)
    s, t = env.game_state(), env.game.tensor_size()
    for p in range(n):
        assert np.array_equal(x[p * t:(p + 1) * t], s.information_state_tensor(p))
    changed = 0
    for k in range(6):
        r = s.resample(k % n, k)
        if r.fingerprint() != s.fingerprint():
            y = np.concatenate([r.information_state_tensor(p) for p in range(n)])
            changed += 1
            assert not np.array_equal(x, y), "a re-deal of hidden cards left state() unchanged"
    assert changed > 0


@pytest.mark.parametrize("bad,error", [
    (1.5, TypeError), (np.float32(185.7), TypeError), (np.float64(2.0), TypeError),
    ("185", TypeError), (True, TypeError), (np.bool_(True), TypeError),
    (np.array([1]), TypeError), (np.array(1), TypeError), ([1], TypeError),
    (-1, villainy.Error), (10**6, villainy.Error), (2**70, villainy.Error),
])
def test_strict_action_types(bad, error):
    """step() takes a Python int or a numpy integer; anything else is a TypeError and an id
    outside the range a villainy.Error (ValueError); each message gives the range; nothing
    changes."""
    env = villainy.aec_env("cheaty-mages", players=3)
    env.reset(seed=1)
    fp = env.game_state().fingerprint()
    n = env.game.num_distinct_actions()
    with pytest.raises(error, match=rf"\[0, {n}\)"):
        env.step(bad)
    assert env.game_state().fingerprint() == fp and env.agents == env.possible_agents
    legal = legal_of(env.last()[0])
    env.step(np.uint16(legal[0]))  # numpy integers of any width are actions


def test_state_api_action_types():
    """The same rules in the pyspiel-style API (which also takes action names), and other
    arguments of the wrong type are TypeErrors, not RuntimeErrors."""
    g = villainy.load_game("mwahahaha", players=3)
    s = g.new_initial_state()
    a = s.legal_actions()[0]
    for bad in (float(a), np.float32(a), True, np.array([a])):
        with pytest.raises(TypeError, match="action"):
            s.apply_action(bad)
        with pytest.raises(TypeError):
            s.child(bad)
    with pytest.raises(villainy.Error, match="no action named"):
        s.apply_action(str(a))
    with pytest.raises(TypeError):
        s.legal_actions(1.0)
    with pytest.raises(TypeError):
        s.information_state_tensor("0")
    with pytest.raises(TypeError):
        s.action_to_string(1.5)
    with pytest.raises(TypeError):
        villainy.load_game("mwahahaha", players=3.0)
    s.apply_action(np.int64(a))
    env = villainy.VectorEnv(g, 2, seed=1)
    _, mask, _ = env.reset()
    good = np.argmax(mask, axis=1)
    with pytest.raises(TypeError, match="integers"):
        env.step(good.astype(np.float64))
    with pytest.raises(TypeError, match="integers"):
        env.step(good.astype(bool))
    env.step(good.astype(np.int16))


def test_from_record_bad_input():
    with pytest.raises(villainy.Error, match="record"):
        villainy.from_record("{not json")
    with pytest.raises(villainy.Error):
        villainy.from_record("[1, 2]")
    with pytest.raises(TypeError):
        villainy.from_record(42)
    g = villainy.load_game("cheaty-mages", players=3)
    with pytest.raises(villainy.Error):
        g.deserialize_state("{not json")


def test_errors_before_reset_and_after_the_end():
    """PettingZoo's messages: reset() needs to be called before step/observe/last/state/render/
    agent_iter; stepping after every agent is done asks for reset(). The attributes reset() sets
    do not exist before it (an AttributeError, as in PettingZoo's unwrapped envs)."""
    env = villainy.aec_env("cheaty-mages", players=3)
    for attr in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos",
                 "num_agents"):
        with pytest.raises(AttributeError, match=attr if attr != "num_agents" else "agents"):
            getattr(env, attr)
    assert env.max_num_agents == 3
    for call, what in ((lambda: env.step(0), "step"), (lambda: env.observe("player_0"), "observe"),
                       (env.last, "last"), (env.state, "state"), (env.render, "render"),
                       (lambda: next(env.agent_iter()), r"agent_iter\(\)")):
        with pytest.raises(villainy.Error, match=rf"reset\(\) needs to be called before {what}"):
            call()
    env.reset(seed=4)
    play(env, 10**6, lambda legal: legal[0])
    assert env.agents == []
    with pytest.raises(villainy.Error, match="all agents are terminated or truncated"):
        env.step(0)
    with pytest.raises(villainy.Error, match="all agents are terminated or truncated"):
        env.step(None)


def test_metadata_and_render():
    for name in GAMES:
        env = villainy.aec_env(name)
        assert env.metadata["name"].isidentifier(), env.metadata["name"]
        assert env.metadata["render_modes"] == ["ansi", "human"]
        assert str(env) == env.metadata["name"]
    make = functools.partial(villainy.aec_env, "mwahahaha", players=2)
    for mode in (None, "ansi", "human"):
        env = make(render_mode=mode)
        env.reset(seed=1)
        play(env, 5, lambda legal: legal[0])
        with warnings.catch_warnings():
            r = env.render()
        assert (r is None) if mode == "human" else isinstance(r, str) and r
