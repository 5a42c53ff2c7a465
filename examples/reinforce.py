"""Learns to play Cheaty Mages! against random seats: a linear softmax policy on the view tensor,
trained by REINFORCE (numpy only) in villainy's batched environment, then measured in a
villainy tournament (seats rotated) with a 95% confidence interval.

    PYTHONPATH=build/release/python /usr/bin/python3 examples/reinforce.py [--updates 300]

Policy: p(a | x) = softmax over the legal actions of (W x + b)[a], x the seat's tensor.
Training: the learner holds seat 0 of 3 (seats 1 and 2 are villainy's random agent, played in
C++ inside the VectorEnv); at the end of each game every decision of that game gets the
gradient of log p(a | x) times (return - baseline), the baseline a running mean of returns.
The policy is judged as a Python callable seat in villainy.tournament against two random seats
over games the training never saw (another seed); fair share (equal strength) is 1/3 points.
"""
import argparse
import time

import numpy as np

import villainy


def masked_softmax(logits, mask):
    z = np.where(mask > 0, logits, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def train(game, updates, num_envs, lr, seed):
    T, A = game.tensor_size(), game.num_distinct_actions()
    W = np.zeros((A, T), dtype=np.float64)
    b = np.zeros(A, dtype=np.float64)
    env = villainy.VectorEnv(game, num_envs, seed=seed, agents=["", "random", "random"])
    obs, mask, player = env.reset()
    rng = np.random.default_rng(seed)
    traj = [[] for _ in range(num_envs)]  # per env: (x, mask, action) of the current game
    baseline, finished, recent = 1.0 / 3, 0, []
    gW, gb, pending = np.zeros_like(W), np.zeros_like(b), 0
    t0 = time.perf_counter()
    for step in range(updates * 50):
        probs = masked_softmax(obs @ W.T + b, mask)
        actions = (probs.cumsum(axis=1) > rng.random((num_envs, 1))).argmax(axis=1)
        for i in range(num_envs):
            traj[i].append((obs[i].copy(), mask[i].copy(), actions[i]))
        obs, mask, player, rewards, dones = env.step(actions)
        for i in np.flatnonzero(dones):
            G = float(rewards[i, 0])
            adv = G - baseline
            baseline += 0.01 * (G - baseline)
            xs = np.stack([t[0] for t in traj[i]])
            ms = np.stack([t[1] for t in traj[i]])
            acts = np.array([t[2] for t in traj[i]])
            p = masked_softmax(xs @ W.T + b, ms)
            p[np.arange(len(acts)), acts] -= 1.0  # -(onehot - p): gradient of -log p
            gW -= adv * p.T @ xs
            gb -= adv * p.sum(axis=0)
            pending += 1
            traj[i] = []
            finished += 1
            recent.append(G)
        if pending >= num_envs:
            W += lr * gW / pending
            b += lr * gb / pending
            gW[:], gb[:], pending = 0.0, 0.0, 0
        if step % 2000 == 0 and recent:
            print(f"step {step:6d}: {finished:5d} games, mean return (last 200) "
                  f"{np.mean(recent[-200:]):.3f}, {time.perf_counter() - t0:.0f} s", flush=True)
    return W, b, finished


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--updates", type=int, default=300)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--eval-games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    game = villainy.load_game("cheaty-mages", players=3)
    W, b, games = train(game, args.updates, args.envs, args.lr, args.seed)

    def linear_policy(decision):  # greedy: the most probable legal action
        x = decision.information_state_tensor()
        m = decision.legal_actions_mask()
        return int(np.argmax(np.where(m > 0, W @ x + b, -np.inf)))

    res = villainy.tournament(game, [("linear", linear_policy), "random", "random"],
                              games=args.eval_games, seed=args.seed + 1000)
    print(f"trained on {games} games; tournament of {args.eval_games} games (seats rotated):")
    for a in res["agents"]:
        pts = a["points"]
        print(f"  {a['agent']:<20} points {pts['mean']:.3f} ± {pts['ci95']:.3f} "
              f"(fair share {a['fair_share']:.3f})")


if __name__ == "__main__":
    main()
