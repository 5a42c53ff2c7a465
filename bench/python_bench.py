"""Speed of the Python bindings: single steps through the state API and the AEC environment,
and batched steps through VectorEnv. Run on one core:

    PYTHONPATH=build/release/python taskset -c 0 /usr/bin/python3 bench/python_bench.py

Each figure counts applied actions (chance included for the state API; decisions only for the
AEC env and VectorEnv, whose chance is sampled inside) per second of wall time, random play.
"""
import argparse
import time

import numpy as np

import villainy


def state_api(game, seconds):
    rng = villainy.Rng(1)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(s.sample_chance(rng))
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.below(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - t0)


def aec(game, seconds, observe=True):
    env = villainy.aec_env(game)
    rng = villainy.Rng(1)
    env.reset(seed=1)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        env.reset()
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last(observe)
            if term or trunc:
                env.step(None)
                continue
            if observe:  # the policy: uniform among the mask's legal actions
                legal = np.flatnonzero(obs["action_mask"])
            else:  # no observation: the legal actions from the state (not an agent's API)
                legal = env._state.legal_actions()
            action = legal[rng.below(len(legal))]
            env.step(action)
            steps += 1
    return steps / (time.perf_counter() - t0)


def batched(game, seconds, num_envs, numpy_actions):
    env = villainy.VectorEnv(game, num_envs, seed=1)
    obs, mask, player = env.reset()
    rng = villainy.Rng(2)
    nprng = np.random.default_rng(3)
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        if numpy_actions:  # a policy's work in numpy: uniform among the legal actions
            actions = (nprng.random(mask.shape) * mask).argmax(axis=1)
        else:
            actions = env.random_actions(rng)
        obs, mask, player, rewards, dones = env.step(actions)
        steps += num_envs
    return steps / (time.perf_counter() - t0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--games", default=",".join(villainy.games()))
    args = ap.parse_args()
    print(f"{'game':<16} {'state API':>12} {'AEC':>12} {'AEC no obs':>12} "
          f"{'batched':>12} {'batched+np':>12}   (steps/s, {args.envs} envs batched)")
    for name in args.games.split(","):
        g = villainy.load_game(name)
        row = [state_api(g, args.seconds), aec(g, args.seconds), aec(g, args.seconds, False),
               batched(g, args.seconds, args.envs, False),
               batched(g, args.seconds, args.envs, True)]
        print(f"{name:<16} " + " ".join(f"{v:>12,.0f}" for v in row), flush=True)


if __name__ == "__main__":
    main()
