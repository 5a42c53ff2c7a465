// Cheaty Mages! search settings: the ISMCTS evaluator and default parameters (docs/bots.md,
// docs/cheaty-mages.md give the measurements behind them).
//
// Evaluator (applied to a determinization at the rollout cap): each seat's expected coins
//   v = coins + the payout its bets would get if the match were judged now (the heuristic's
//       judged_value: the judge's penalties, Ferine averaged, ties by printed strength; plus
//       0.1 × its best fighter's lead, capped at ±5), unless the match has been paid already,
//     + card_value × cards in hand (spells to come; the CM-16 tie-break),
// turned into win chances by a softmax over the seats with a temperature that grows with the
// matches still to come after this one (their payouts are unknown): T = t0 + t1 × future matches.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "cheaty_mages/cheaty_mages.h"
#include "cheaty_mages_eval.h"
#include "villainy/agents/ismcts.h"

namespace villainy {
namespace {
using cheaty_mages::CheatyMagesState;
namespace cm = cheaty_mages;

struct Params {
  double t0 = 2.0, t1 = 6.0, card = 0.3;
};

Params params() {
  Params p;
  if (const char* e = std::getenv("VILLAINY_CM_EVAL"))
    std::sscanf(e, "%lf,%lf,%lf", &p.t0, &p.t1, &p.card);
  return p;
}

void evaluate_cm(const State& st, std::span<double> out) {
  static const Params P = params();
  const auto& s = static_cast<const CheatyMagesState&>(st);
  const int n = s.num_players();
  bool dealt = !s.match_paid();
  for (int pos = 0; pos < cm::kPositions && dealt; ++pos) dealt = s.fighter_at(pos) >= 0;
  const int future = std::max(0, 3 - s.matches_counted() - (s.match_paid() ? 0 : 1));
  double v[8];
  double best = -1e300;
  for (int p = 0; p < n; ++p) {
    const auto& seat = s.seat(p);
    v[p] = dealt ? cm_eval::evaluate(s, p) : seat.coins;
    v[p] += (future > 0 ? P.card : 0.01) * seat.hand_n;
    best = std::max(best, v[p]);
  }
  const double t = P.t0 + P.t1 * future;
  double sum = 0;
  for (int p = 0; p < n; ++p) {
    out[static_cast<size_t>(p)] = std::exp((v[p] - best) / t);
    sum += out[static_cast<size_t>(p)];
  }
  for (int p = 0; p < n; ++p) out[static_cast<size_t>(p)] /= sum;
}
}  // namespace

void register_cheaty_mages_search() {
  register_evaluator("cheaty-mages", evaluate_cm);
  if (const char* d = std::getenv("VILLAINY_CM_DEFAULTS"))
    register_ismcts_defaults("cheaty-mages", d);
}

}  // namespace villainy
