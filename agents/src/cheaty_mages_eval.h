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

// The table as the judge would see it, read once per evaluation (one pass over the spells, the
// same numbers as CheatyMagesState::strength / prize / total_mana, which walk every spell once per
// position and, for Duplicate, once more per spell; issue 15: the evaluation was ~60% of a Cheaty
// Mages ISMCTS iteration). Positions without a fighter are left at 0 and never read.
struct Table {
  int strength[cm::kPositions] = {}, prize[cm::kPositions] = {}, mana[cm::kPositions] = {};
  bool has[cm::kPositions] = {};  // a spell lies on the fighter

  explicit Table(const CheatyMagesState& s) {
    const auto& g = s.cm_game();
    int mod[cm::kPositions] = {}, doubled[cm::kPositions] = {};
    const int n = s.num_spells();
    bool duplicates = false;  // Duplicate is rare: without one, no spell needs the inner loop
    for (int i = 0; i < n && !duplicates; ++i) duplicates = s.spell(i).kind == cm::kind::kDuplicate;
    for (int i = 0; i < n; ++i) {
      const auto& sp = s.spell(i);
      if (sp.loc < 0 || sp.loc >= cm::kPositions) continue;
      const auto& sd = g.spell(sp.kind);
      mana[sp.loc] += sd.mana;
      has[sp.loc] = true;
      if (sp.kind == cm::kind::kCauseUnpopularity) ++doubled[sp.loc];
      if (sp.kind == cm::kind::kDuplicate) continue;
      int m = sd.strength;
      for (int j = 0; j < n && duplicates; ++j)  // CM-22: Duplicate doubles the modifier
        if (s.spell(j).attached == sp.uid && s.spell(j).kind == cm::kind::kDuplicate) m *= 2;
      mod[sp.loc] += m;
    }
    for (int pos = 0; pos < cm::kPositions; ++pos) {
      const int f = s.fighter_at(pos);
      if (f < 0) continue;
      const auto& fd = g.fighter(f);
      strength[pos] = fd.strength + (fd.reverses ? -mod[pos] : mod[pos]);  // CM-11
      prize[pos] = fd.prize << doubled[pos];  // Cause Unpopularity doubles the prize
    }
  }
};

// My payout if the match were judged now, under one judging rule.
inline double judged_value(const CheatyMagesState& s, const Table& t, int me, int limit,
                           Penalty pen, bool judging) {
  const auto& g = s.cm_game();
  int strength[cm::kPositions], prize[cm::kPositions];
  bool out[cm::kPositions];
  for (int pos = 0; pos < cm::kPositions; ++pos) {
    const int f = s.fighter_at(pos);
    out[pos] = false;
    strength[pos] = t.strength[pos];
    prize[pos] = t.prize[pos];
    if (!judging || f < 0) continue;
    const int mana = t.mana[pos];
    const bool dispel =
        (mana > limit && pen == Penalty::kDispel) ||
        (mana <= limit && s.judge() == cm::judge_id::kLester && mana <= 4 && t.has[pos]);
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

inline double evaluate(const CheatyMagesState& s, const Table& t, int me) {
  if (s.judge() < 0) return judged_value(s, t, me, 0, Penalty::kNone, false);
  if (s.confused() || s.judge() == cm::judge_id::kTad)
    return judged_value(s, t, me, 0, Penalty::kNone, false);
  const auto& j = s.cm_game().judge(s.judge());
  if (j.penalty == Penalty::kFlip)  // Ferine: roughly 24 Direct, 31 Enchant, 17 Support
    return (24 * judged_value(s, t, me, 10, Penalty::kEject, true) +
            31 * judged_value(s, t, me, 15, Penalty::kDispel, true) +
            17 * judged_value(s, t, me, 5, Penalty::kDispel, true)) /
           72.0;
  return judged_value(s, t, me, j.limit, j.penalty, true);
}

inline double evaluate(const CheatyMagesState& s, int me) {
  return evaluate(s, Table(s), me);
}

}  // namespace villainy::cm_eval
