// Refits the weights of the Tribute to the Supporting Cast ISMCTS evaluator
// (agents/src/supporting_cast_eval.h) by maximum likelihood, the procedure behind
// agents/src/supporting_cast_weights_<players>.inc:
//   1. play --games games with the heuristic in every seat (seeded, reproducible);
//   2. every --every-th seat decision, record every seat's features; label the position with the
//      game's winners (SC-17: a shared win gives each winner an equal share of the label);
//   3. fit a conditional logit (one weight vector, softmax over the seats) with Adam and a small
//      L2 penalty on the games not held out (every --holdout-th game is held out);
//   4. print the held-out log loss and top-seat accuracy of the weights in use and of the fitted
//      ones, and write the fitted weights to --out (the generated weight table), or print them.
// Regenerate the tables (after changing the card rules, the features or the heuristic), for N in
// 4 (3000 games) and 5, 6, 7 (1500 games, as written in each table's first lines):
//   build/release/tools/fit_supporting_cast_evaluator --players N [--games 1500]
//       --out agents/src/supporting_cast_weights_N.inc      (one command line)
// The self-play and the fit are shared with the other games' tools (evaluator_fit.h).
#include <fmt/os.h>

#include "evaluator_fit.h"
#include "supporting_cast/supporting_cast.h"
#include "supporting_cast_eval.h"

using namespace villainy;
namespace ef = villainy::evaluator_fit;

int main(int argc, char** argv) {
  CLI::App app{"Refit the Supporting Cast ISMCTS evaluator's weights from heuristic self-play"};
  ef::Settings s;  // the defaults behind the weight table in use
  s.games = 3000;
  s.players = 4;
  s.every = 8;
  s.iterations = 2000;
  s.seed = 515;
  std::string out;
  s.add_to(app, 4, 7);
  app.add_option("--out", out, "write the weight table here (else print it)");
  CLI11_PARSE(app, argc, argv);
  try {
    register_all_games();
    register_all_agents();
    constexpr size_t N = sc_eval::kFeatures;
    std::vector<ef::Row<N>> rows;
    const auto pos = ef::self_play<N>(
        "supporting-cast", s, ef::SharedWins::kSplit,
        [](const State& st, std::span<sc_eval::Features> f) {
          sc_eval::seat_features(static_cast<const supporting_cast::SupportingCastState&>(st), f);
        },
        rows);
    fmt::print("{} positions from {} games ({} with shared wins), {} players\n", rows.size(),
               pos.games_used, pos.shared, s.players);
    const auto w = ef::fit(rows, s);
    const ef::Fit uni = ef::score(rows, sc_eval::Features{}, true);
    const ef::Fit cur = ef::score(rows, sc_eval::weights_for(s.players), true);
    const ef::Fit fit = ef::score(rows, w, true), fit_train = ef::score(rows, w, false);
    fmt::print(
        "held-out cross-entropy: uniform guess {:.4f}; weights in use {:.4f} (top seat a winner "
        "{:.1f}%)\n",
        uni.log_loss, cur.log_loss, 100 * cur.top_accuracy);
    fmt::print("fitted: held-out {:.4f} (top seat a winner {:.1f}%), training {:.4f}\n",
               fit.log_loss, 100 * fit.top_accuracy, fit_train.log_loss);
    const std::string text = fmt::format(
        "// Weights of f0..f{} (agents/src/supporting_cast_search.cpp), written by\n"
        "// tools/fit_supporting_cast_evaluator --games {} --players {} --every {} --holdout {} "
        "--iterations {} --seed {}{}\n"
        "// (held-out cross-entropy {:.4f}, uniform guess {:.4f}).\n{}\n",
        N - 1, s.games, s.players, s.every, s.holdout, s.iterations, s.seed,
        s.option_args.empty() ? "" : " --option ...", fit.log_loss, uni.log_loss, ef::list(w, 4));
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
