// Refits the weights of the Tribute to the Supporting Cast ISMCTS evaluator
// (agents/src/supporting_cast_eval.h) by maximum likelihood, the procedure behind
// agents/src/supporting_cast_weights.inc:
//   1. play --games games with the heuristic in every seat (seeded, reproducible);
//   2. every --every-th seat decision, record every seat's features; label the position with the
//      game's winners (SC-17: a shared win gives each winner an equal share of the label);
//   3. fit a conditional logit (one weight vector, softmax over the seats) with Adam and a small
//      L2 penalty on the games not held out (every --holdout-th game is held out);
//   4. print the held-out log loss and top-seat accuracy of the weights in use and of the fitted
//      ones, and write the fitted weights to --out (the generated weight table), or print them.
// Regenerate the table (after changing the card rules, the features or the heuristic):
//   build/release/tools/fit_supporting_cast_evaluator --out agents/src/supporting_cast_weights.inc
#include <fmt/format.h>
#include <fmt/os.h>

#include <CLI/CLI.hpp>
#include <cmath>
#include <map>
#include <vector>

#include "supporting_cast/supporting_cast.h"
#include "supporting_cast_eval.h"
#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"

using namespace villainy;
using sc_eval::Features;
using sc_eval::kFeatures;

namespace {
struct Row {
  std::vector<Features> f;     // per seat
  std::vector<double> target;  // per seat: 1/k for each of k winners
  bool held_out = false;
};

struct Fit {
  double log_loss = 0, top_accuracy = 0;
};

// Each seat's softmax probability under weights w; returns the index of the top-scored seat.
size_t probabilities(const Row& row, const Features& w, std::vector<double>& pr) {
  pr.assign(row.f.size(), 0.0);
  double mx = -1e300, z = 0;
  for (size_t q = 0; q < row.f.size(); ++q) {
    for (int i = 0; i < kFeatures; ++i)
      pr[q] += w[static_cast<size_t>(i)] * row.f[q][static_cast<size_t>(i)];
    mx = std::max(mx, pr[q]);
  }
  size_t best = 0;
  for (size_t q = 1; q < pr.size(); ++q)
    if (pr[q] > pr[best]) best = q;
  for (double& x : pr) z += x = std::exp(x - mx);
  for (double& x : pr) x /= z;
  return best;
}

// Cross-entropy against the shared label, and how often the top-scored seat is a winner.
Fit score(const std::vector<Row>& rows, const Features& w, bool held_out) {
  Fit r;
  int n = 0;
  std::vector<double> pr;
  for (const Row& row : rows) {
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
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Refit the Supporting Cast ISMCTS evaluator's weights from heuristic self-play"};
  int games = 3000, players = 4, every = 8, holdout = 5, iterations = 2000;
  std::uint64_t seed = 515;
  double rate = 0.05, l2 = 1e-4;
  std::string out;
  std::vector<std::string> option_args;
  app.add_option("--games", games, "games of heuristics to learn from")
      ->check(CLI::Range(1, 10000000));
  app.add_option("--players", players, "players per game")->check(CLI::Range(4, 7));
  app.add_option("--every", every, "record every N-th seat decision")->check(CLI::Range(1, 100000));
  app.add_option("--holdout", holdout, "hold out every N-th game")->check(CLI::Range(2, 1000));
  app.add_option("--iterations", iterations, "Adam steps")->check(CLI::Range(1, 1000000));
  app.add_option("--rate", rate, "Adam learning rate");
  app.add_option("--l2", l2, "L2 penalty");
  app.add_option("--seed", seed, "seed of the games");
  app.add_option("--option", option_args, "game option KEY=VALUE (repeatable)");
  app.add_option("--out", out, "write the weight table here (else print it)");
  CLI11_PARSE(app, argc, argv);
  try {
    register_all_games();
    register_all_agents();
    std::map<std::string, std::string> opts;
    for (const auto& o : option_args) {
      const auto eq = o.find('=');
      if (eq == std::string::npos) throw Error(fmt::format("--option '{}': expected KEY=VALUE", o));
      opts[o.substr(0, eq)] = o.substr(eq + 1);
    }
    auto game = load_game("supporting-cast", opts, players);
    std::vector<std::unique_ptr<Agent>> agents;
    for (int p = 0; p < players; ++p) agents.push_back(make_agent("heuristic", *game));
    std::vector<Row> rows;
    std::vector<Action> legal;
    std::vector<Features> f(static_cast<size_t>(players));
    int shared = 0;
    for (int g = 0; g < games; ++g) {
      Rng rng(derive_seed(seed, static_cast<std::uint64_t>(g)));
      auto st = game->new_initial_state();
      std::vector<std::vector<Features>> positions;
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
          if (++k % every == 0) {
            sc_eval::seat_features(static_cast<const supporting_cast::SupportingCastState&>(*st),
                                   f);
            positions.push_back(f);
          }
        }
        st->apply_unchecked(a);
      }
      const auto w = st->winners();
      if (w.empty()) continue;
      shared += w.size() > 1;
      std::vector<double> target(static_cast<size_t>(players), 0.0);
      for (Player q : w) target[static_cast<size_t>(q)] = 1.0 / static_cast<double>(w.size());
      for (auto& pos : positions) rows.push_back(Row{pos, target, g % holdout == 0});
    }
    fmt::print("{} positions from {} games ({} with shared wins), {} players\n", rows.size(), games,
               shared, players);
    // Adam on the mean cross-entropy of the training positions.
    Features w{}, m{}, v{};
    std::vector<double> pr;
    for (int it = 1; it <= iterations; ++it) {
      Features grad{};
      int n = 0;
      for (const Row& row : rows) {
        if (row.held_out) continue;
        probabilities(row, w, pr);
        for (size_t q = 0; q < pr.size(); ++q) {
          const double c = pr[q] - row.target[q];
          for (int i = 0; i < kFeatures; ++i)
            grad[static_cast<size_t>(i)] += c * row.f[q][static_cast<size_t>(i)];
        }
        ++n;
      }
      if (n == 0) break;
      for (size_t i = 0; i < static_cast<size_t>(kFeatures); ++i) {
        const double gr = grad[i] / n + l2 * w[i];
        m[i] = 0.9 * m[i] + 0.1 * gr;
        v[i] = 0.999 * v[i] + 0.001 * gr * gr;
        const double mh = m[i] / (1 - std::pow(0.9, it)), vh = v[i] / (1 - std::pow(0.999, it));
        w[i] -= rate * mh / (std::sqrt(vh) + 1e-8);
      }
    }
    const Fit uni = score(rows, Features{}, true), cur = score(rows, sc_eval::kWeights, true);
    const Fit fit = score(rows, w, true), fit_train = score(rows, w, false);
    fmt::print(
        "held-out cross-entropy: uniform guess {:.4f}; weights in use {:.4f} (top seat a winner "
        "{:.1f}%)\n",
        uni.log_loss, cur.log_loss, 100 * cur.top_accuracy);
    fmt::print("fitted: held-out {:.4f} (top seat a winner {:.1f}%), training {:.4f}\n",
               fit.log_loss, 100 * fit.top_accuracy, fit_train.log_loss);
    std::string table;
    for (int i = 0; i < kFeatures; ++i)
      table += fmt::format("{}{:.4f}", i ? ", " : "", w[static_cast<size_t>(i)]);
    const std::string text = fmt::format(
        "// Weights of f0..f{} (agents/src/supporting_cast_search.cpp), written by\n"
        "// tools/fit_supporting_cast_evaluator --games {} --players {} --every {} --holdout {} "
        "--iterations {} --seed {}{}\n"
        "// (held-out cross-entropy {:.4f}, uniform guess {:.4f}).\n{}\n",
        kFeatures - 1, games, players, every, holdout, iterations, seed,
        option_args.empty() ? "" : " --option ...", fit.log_loss, uni.log_loss, table);
    if (out.empty()) {
      fmt::print("{}", text);
    } else {
      auto file = fmt::output_file(out);
      file.print("{}", text);
      fmt::print("wrote {}\n", out);
    }
  } catch (const std::exception& e) {
    fmt::print(stderr, "fit_supporting_cast_evaluator: {}\n", e.what());
    return 2;
  }
  return 0;
}
