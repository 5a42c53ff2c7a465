// What the evaluator-fitting tools share (fit_mwahahaha_evaluator, fit_supporting_cast_evaluator):
// heuristic self-play that records every seat's features at every --every-th seat decision,
// labelled with the game's winners, and a conditional logit (one weight vector, softmax over the
// seats) fitted by Adam with a small L2 penalty, scored on held-out games (every --holdout-th).
// A game's tool supplies only its feature function and how it prints the weights.
#pragma once

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <array>
#include <cmath>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"

namespace villainy::evaluator_fit {

// The knobs every fitting tool takes; the defaults are each game's.
struct Settings {
  int games = 1500, players = 3, every = 30, holdout = 5, iterations = 1500;
  std::uint64_t seed = 777;
  double rate = 0.05, l2 = 1e-4;
  std::vector<std::string> option_args;

  void add_to(CLI::App& app, int min_players, int max_players) {
    app.add_option("--games", games, "games of heuristics to learn from")
        ->check(CLI::Range(1, 10000000));
    app.add_option("--players", players, "players per game")
        ->check(CLI::Range(min_players, max_players));
    app.add_option("--every", every, "record every N-th seat decision")
        ->check(CLI::Range(1, 100000));
    app.add_option("--holdout", holdout, "hold out every N-th game")->check(CLI::Range(2, 1000));
    app.add_option("--iterations", iterations, "Adam steps")->check(CLI::Range(1, 1000000));
    app.add_option("--rate", rate, "Adam learning rate");
    app.add_option("--l2", l2, "L2 penalty");
    app.add_option("--seed", seed, "seed of the games");
    app.add_option("--option", option_args, "game option KEY=VALUE (repeatable)");
  }

  std::map<std::string, std::string> options() const {
    std::map<std::string, std::string> opts;
    for (const auto& o : option_args) {
      const auto eq = o.find('=');
      if (eq == std::string::npos) throw Error(fmt::format("--option '{}': expected KEY=VALUE", o));
      opts[o.substr(0, eq)] = o.substr(eq + 1);
    }
    return opts;
  }
};

template <size_t N>
using Weights = std::array<double, N>;

// One recorded position: every seat's features and the label, a distribution over the seats.
template <size_t N>
struct Row {
  std::vector<Weights<N>> f;   // per seat
  std::vector<double> target;  // per seat: 1/k for each of the game's k winners
  bool held_out = false;
};

// How shared wins are labelled: skipped (the game is left out) or split equally.
enum class SharedWins { kSkip, kSplit };

struct Positions {
  size_t games_used = 0, shared = 0;
};

// Plays `s.games` seeded games of the heuristic in every seat and records positions into rows;
// `features(state, out)` fills one Features per seat.
template <size_t N, typename FeatureFn>
Positions self_play(const std::string& game_name, const Settings& s, SharedWins shared_wins,
                    FeatureFn features, std::vector<Row<N>>& rows) {
  auto game = load_game(game_name, s.options(), s.players);
  std::vector<std::unique_ptr<Agent>> agents;
  for (int p = 0; p < s.players; ++p) agents.push_back(make_agent("heuristic", *game));
  std::vector<Action> legal;
  std::vector<Weights<N>> f(static_cast<size_t>(s.players));
  Positions out;
  for (int g = 0; g < s.games; ++g) {
    Rng rng(derive_seed(s.seed, static_cast<std::uint64_t>(g)));
    auto st = game->new_initial_state();
    std::vector<std::vector<Weights<N>>> positions;
    int k = 0;
    while (!st->is_terminal()) {
      const Player p = st->current_player();
      Action a;
      if (p == kChancePlayer) {
        a = st->sample_chance(rng);
      } else {
        st->legal_actions(legal);
        DecisionContext ctx(*st, legal);
        a = agents[static_cast<size_t>(p)]->act(ctx, rng);
        if (++k % s.every == 0) {
          features(*st, std::span<Weights<N>>(f));
          positions.push_back(f);
        }
      }
      st->apply_unchecked(a);
    }
    const auto w = st->winners();
    if (w.empty()) continue;
    if (w.size() > 1) {
      ++out.shared;
      if (shared_wins == SharedWins::kSkip) continue;
    }
    ++out.games_used;
    std::vector<double> target(static_cast<size_t>(s.players), 0.0);
    for (Player q : w) target[static_cast<size_t>(q)] = 1.0 / static_cast<double>(w.size());
    for (auto& pos : positions) rows.push_back(Row<N>{pos, target, g % s.holdout == 0});
  }
  return out;
}

// Each seat's softmax probability under weights w; returns the index of the top-scored seat.
template <size_t N>
size_t probabilities(const Row<N>& row, const Weights<N>& w, std::vector<double>& pr) {
  pr.assign(row.f.size(), 0.0);
  double mx = -1e300, z = 0;
  for (size_t q = 0; q < row.f.size(); ++q) {
    for (size_t i = 0; i < N; ++i) pr[q] += w[i] * row.f[q][i];
    mx = std::max(mx, pr[q]);
  }
  size_t best = 0;
  for (size_t q = 1; q < pr.size(); ++q)
    if (pr[q] > pr[best]) best = q;
  for (double& x : pr) z += x = std::exp(x - mx);
  for (double& x : pr) x /= z;
  return best;
}

struct Fit {
  double log_loss = 0, top_accuracy = 0;
};

// Cross-entropy against the label, and how often the top-scored seat is a winner, over the
// held-out rows (or the training rows).
template <size_t N>
Fit score(const std::vector<Row<N>>& rows, const Weights<N>& w, bool held_out) {
  Fit r;
  int n = 0;
  std::vector<double> pr;
  for (const Row<N>& row : rows) {
    if (row.held_out != held_out) continue;
    const size_t best = probabilities(row, w, pr);
    for (size_t q = 0; q < pr.size(); ++q)
      if (row.target[q] > 0) r.log_loss -= row.target[q] * std::log(std::max(1e-300, pr[q]));
    r.top_accuracy += row.target[best] > 0;
    ++n;
  }
  if (n) {
    r.log_loss /= n;
    r.top_accuracy /= n;
  }
  return r;
}

// Adam on the mean cross-entropy of the training rows, from zero weights.
template <size_t N>
Weights<N> fit(const std::vector<Row<N>>& rows, const Settings& s) {
  Weights<N> w{}, m{}, v{};
  std::vector<double> pr;
  for (int it = 1; it <= s.iterations; ++it) {
    Weights<N> grad{};
    int n = 0;
    for (const Row<N>& row : rows) {
      if (row.held_out) continue;
      probabilities(row, w, pr);
      for (size_t q = 0; q < pr.size(); ++q) {
        const double c = pr[q] - row.target[q];
        for (size_t i = 0; i < N; ++i) grad[i] += c * row.f[q][i];
      }
      ++n;
    }
    if (n == 0) break;
    for (size_t i = 0; i < N; ++i) {
      const double gr = grad[i] / n + s.l2 * w[i];
      m[i] = 0.9 * m[i] + 0.1 * gr;
      v[i] = 0.999 * v[i] + 0.001 * gr * gr;
      const double mh = m[i] / (1 - std::pow(0.9, it)), vh = v[i] / (1 - std::pow(0.999, it));
      w[i] -= s.rate * mh / (std::sqrt(vh) + 1e-8);
    }
  }
  return w;
}

// "w0, w1, ..." with the given number of decimals.
template <size_t N>
std::string list(const Weights<N>& w, int decimals) {
  std::string out;
  for (size_t i = 0; i < N; ++i) out += fmt::format("{}{:.{}f}", i ? ", " : "", w[i], decimals);
  return out;
}

}  // namespace villainy::evaluator_fit
