// Refits the weights of the Mwahahaha! ISMCTS evaluator (agents/src/mwahahaha_eval.h) by maximum
// likelihood, the procedure behind the weights in agents/src/mwahahaha_search.cpp:
//   1. play --games games with the heuristic in every seat (seeded, reproducible);
//   2. every --every-th seat decision, record every seat's features; label the position with the
//      game's winner (games with shared wins are skipped);
//   3. fit a conditional logit (one weight vector, softmax over the seats) with Adam and a small
//      L2 penalty on the games not held out (every --holdout-th game is held out);
//   4. print the held-out log loss and top-seat accuracy of the weights in use and of the fitted
//      ones, and the fitted weights as a C++ initializer for kWeights.
// Use it after changing the card data or a rule option that changes how games are won. The
// self-play and the fit are shared with the other games' tools (evaluator_fit.h).
#include "evaluator_fit.h"
#include "mwahahaha/mwahahaha.h"
#include "mwahahaha_eval.h"

using namespace villainy;
namespace ef = villainy::evaluator_fit;

int main(int argc, char** argv) {
  CLI::App app{"Refit the Mwahahaha! ISMCTS evaluator's weights from heuristic self-play"};
  ef::Settings s;  // the defaults behind the weights in use
  s.add_to(app, 2, 5);
  CLI11_PARSE(app, argc, argv);
  try {
    register_all_games();
    register_all_agents();
    constexpr size_t N = mw_eval::kFeatures;
    std::vector<ef::Row<N>> rows;
    const auto pos = ef::self_play<N>(
        "mwahahaha", s, ef::SharedWins::kSkip,
        [](const State& st, std::span<mw_eval::Features> f) {
          mw_eval::seat_features(static_cast<const mwahahaha::MwahahahaState&>(st), f);
        },
        rows);
    fmt::print("{} positions from {} games ({} with shared wins skipped), {} players\n",
               rows.size(), pos.games_used, pos.shared, s.players);
    const auto w = ef::fit(rows, s);
    const ef::Fit uni = ef::score(rows, mw_eval::Features{}, true);
    const ef::Fit cur = ef::score(rows, mw_eval::kWeights, true), fit = ef::score(rows, w, true);
    const ef::Fit fit_train = ef::score(rows, w, false);
    fmt::print(
        "held-out log loss: uniform guess {:.4f}; weights in use {:.4f} (top seat wins {:.1f}%)\n",
        uni.log_loss, cur.log_loss, 100 * cur.top_accuracy);
    fmt::print("fitted: held-out {:.4f} (top seat wins {:.1f}%), training {:.4f}\n", fit.log_loss,
               100 * fit.top_accuracy, fit_train.log_loss);
    fmt::print("const Features kWeights = {{{}}};\n", ef::list(w, 3));
  } catch (const std::exception& e) {
    fmt::print(stderr, "fit_mwahahaha_evaluator: {}\n", e.what());
    return 2;
  }
  return 0;
}
