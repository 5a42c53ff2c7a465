// Cheaty Mages! search settings: the ISMCTS evaluator, rollout agent and default parameters. The
// measurements behind them are in docs/cheaty-mages.md ("Playing strength") and docs/bots.md.
//
// Defaults: iterations=200 (100 until issue 15 made an iteration about twice as cheap: 200 now cost
// less CPU than 100 did when the issue was filed, and play stronger; docs/bots.md), rollouts played
// by the heuristic (one fresh determinization per decision, "heuristic:samples=1": a rollout
// already runs inside a determinization), capped at 20 actions. Random rollouts model the other
// mages as random casters, who almost never win here (random scores 0.5% against three heuristics),
// and the search then loses to the heuristic; heuristic rollouts make every iteration a plausible
// continuation, so few iterations suffice.
//
// Evaluator (applied to a determinization at the rollout cap): each seat's coins plus what its
// bets would pay if the match were judged now (the heuristic's evaluate: the judge's penalties,
// Ferine averaged, ties by printed strength, plus 0.1 × its best fighter's lead), unless the match
// has been paid already, plus 0.3 per card in hand while matches remain after this one (spells to
// come; cards are also the CM-16 tie-break), turned into win chances by a softmax over the seats
// with temperature T = 2 + 6 × (counted matches still to come after this one), since their
// payouts are unknown.
#include <algorithm>
#include <cmath>

#include "cheaty_mages/cheaty_mages.h"
#include "cheaty_mages_eval.h"
#include "villainy/agents/ismcts.h"

namespace villainy {
namespace {
using cheaty_mages::CheatyMagesState;
namespace cm = cheaty_mages;

constexpr double kT0 = 2.0, kT1 = 6.0, kCardValue = 0.3;

void evaluate_cm(const State& st, std::span<double> out) {
  const auto& s = static_cast<const CheatyMagesState&>(st);
  const int n = s.num_players();
  bool dealt = !s.match_paid();
  for (int pos = 0; pos < cm::kPositions && dealt; ++pos) dealt = s.fighter_at(pos) >= 0;
  const int future = std::max(0, 3 - s.matches_counted() - (s.match_paid() ? 0 : 1));
  double v[cm::kMaxPlayers];
  double best = -1e300;
  const cm_eval::Table table(s);  // read once for every seat
  for (int p = 0; p < n; ++p) {
    const auto& seat = s.seat(p);
    v[p] = dealt ? cm_eval::evaluate(s, table, p) : seat.coins;
    v[p] += (future > 0 ? kCardValue : 0.01) * seat.hand_n;
    best = std::max(best, v[p]);
  }
  const double t = kT0 + kT1 * future;
  double sum = 0;
  for (int p = 0; p < n; ++p) {
    out[static_cast<size_t>(p)] = std::exp((v[p] - best) / t);
    sum += out[static_cast<size_t>(p)];
  }
  for (int p = 0; p < n; ++p) out[static_cast<size_t>(p)] /= sum;
}
}  // namespace

void register_cheaty_mages_search() {
  SearchSettings s;
  s.defaults.iterations = 200;
  s.defaults.depth = 20;
  s.defaults.rollout = "heuristic";
  // The rollout heuristic resamples at each decision (the engine's default), as it does in a real
  // game: deciding on the iteration's determinization itself (resample=off) was clearly weaker
  // here, 32.65% [30.63–34.74] against 44.45% [42.28–46.64] in 2,000 games of
  // ismcts:resample=off, ismcts and two heuristics (docs/bots.md): this heuristic reads the
  // face-down spells of the sample it is given, so without a fresh sample every rollout mage
  // plays as if it saw the searcher's own spells.
  s.evaluator = evaluate_cm;
  s.rollout_agent = "heuristic:samples=1";
  register_search_settings("cheaty-mages", std::move(s));
}

}  // namespace villainy
