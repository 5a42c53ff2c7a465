// Position evaluation shared by the Cheaty Mages! heuristic and its ISMCTS evaluator (agents
// layer, internal). Everything here reads a determinization, never the true state.
#pragma once
#include <algorithm>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cm_eval {
using cheaty_mages::CheatyMagesState;
using cheaty_mages::Penalty;
namespace cm = cheaty_mages;

inline int payout(int bet_n, int prize) {
  return bet_n == 1 ? 2 * prize : (bet_n == 2 ? prize : (prize + 1) / 2);
}

// My payout if the match were judged now, under one judging rule.
inline double judged_value(const CheatyMagesState& s, int me, int limit, Penalty pen,
                           bool judging) {
  const auto& g = s.cm_game();
  int strength[cm::kPositions], prize[cm::kPositions];
  bool out[cm::kPositions];
  for (int pos = 0; pos < cm::kPositions; ++pos) {
    const int f = s.fighter_at(pos);
    out[pos] = false;
    strength[pos] = s.strength(pos);
    prize[pos] = s.prize(pos);
    if (!judging || f < 0) continue;
    const int mana = s.total_mana(pos);
    bool has = false;
    for (int i = 0; i < s.num_spells(); ++i) has |= s.spell(i).loc == pos;
    const bool dispel = (mana > limit && pen == Penalty::kDispel) ||
                        (mana <= limit && s.judge() == cm::judge_id::kLester && mana <= 4 && has);
    if (mana > limit && pen == Penalty::kEject) out[pos] = true;
    if (dispel) {
      strength[pos] = g.fighter(f).strength;
      prize[pos] = g.fighter(f).prize;
    }
  }
  int best = -1;
  for (int pos = 0; pos < cm::kPositions; ++pos) {
    if (out[pos] || s.fighter_at(pos) < 0) continue;
    if (best < 0 || strength[pos] > strength[best] ||
        (strength[pos] == strength[best] &&
         g.fighter(s.fighter_at(pos)).strength > g.fighter(s.fighter_at(best)).strength))
      best = pos;
  }
  const auto& seat = s.seat(me);
  double v = seat.coins;  // a bribe (CM-20) costs what it costs
  if (best >= 0 && (seat.bets >> best) & 1) v += payout(seat.bet_n, prize[best]);
  // Margin of my best bet fighter over the best other fighter.
  int mine = -1000, other = -1000;
  for (int pos = 0; pos < cm::kPositions; ++pos) {
    if (out[pos] || s.fighter_at(pos) < 0) continue;
    if ((seat.bets >> pos) & 1)
      mine = std::max(mine, strength[pos]);
    else
      other = std::max(other, strength[pos]);
  }
  if (mine > -1000 && other > -1000) v += 0.1 * std::clamp(mine - other, -5, 5);
  return v;
}

inline double evaluate(const CheatyMagesState& s, int me) {
  if (s.judge() < 0) return judged_value(s, me, 0, Penalty::kNone, false);
  if (s.confused() || s.judge() == cm::judge_id::kTad)
    return judged_value(s, me, 0, Penalty::kNone, false);
  const auto& j = s.cm_game().judge(s.judge());
  if (j.penalty == Penalty::kFlip)  // Ferine: roughly 24 Direct, 31 Enchant, 17 Support
    return (24 * judged_value(s, me, 10, Penalty::kEject, true) +
            31 * judged_value(s, me, 15, Penalty::kDispel, true) +
            17 * judged_value(s, me, 5, Penalty::kDispel, true)) /
           72.0;
  return judged_value(s, me, j.limit, j.penalty, true);
}

}  // namespace villainy::cm_eval
