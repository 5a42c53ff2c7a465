// Cheaty Mages!: judgement and the winner (CM-10, CM-11, CM-12): mana against the judge's limit,
// dispels and ejections, strength and prize, and the payouts of the bets (CM-6).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {
using nlohmann::json;

int CheatyMagesState::total_mana(int pos) const {
  int m = 0;
  for (int i = 0; i < d_.n_spells; ++i) {
    const Spell& s = d_.spells[static_cast<size_t>(i)];
    if (s.loc == pos) m += cm_->spell(s.kind).mana;
  }
  return m;
}

int CheatyMagesState::strength(int pos) const {
  const FighterData& f = cm_->fighter(d_.fighters[static_cast<size_t>(pos)]);
  int mod = 0;
  for (int i = 0; i < d_.n_spells; ++i) {
    const Spell& s = d_.spells[static_cast<size_t>(i)];
    if (s.loc != pos || s.kind == kind::kDuplicate) continue;
    int m = cm_->spell(s.kind).strength;
    for (int j = 0; j < d_.n_spells; ++j)  // CM-22: Duplicate doubles the modifier
      if (d_.spells[static_cast<size_t>(j)].attached == s.uid &&
          d_.spells[static_cast<size_t>(j)].kind == kind::kDuplicate)
        m *= 2;
    mod += m;
  }
  return f.strength + (f.reverses ? -mod : mod);  // CM-11: Skeleton and Ghost reverse
}

int CheatyMagesState::prize(int pos) const {
  int p = cm_->fighter(d_.fighters[static_cast<size_t>(pos)]).prize;
  for (int i = 0; i < d_.n_spells; ++i) {
    const Spell& s = d_.spells[static_cast<size_t>(i)];
    if (s.loc == pos && s.kind == kind::kCauseUnpopularity) p *= 2;
  }
  return p;
}

void CheatyMagesState::begin_judgement() {
  // CM-10: all spells face up.
  d_.summary = MatchSummary{};
  for (int i = 0; i < d_.n_spells; ++i) {
    Spell& s = d_.spells[static_cast<size_t>(i)];
    s.face_up = true;
    s.fclass = ForbiddenClass::kUnknown;
    if (s.loc < kPositions) d_.summary.had_spells |= static_cast<std::uint8_t>(1u << s.loc);
  }
  d_.summary.confusion = confused();
  d_.summary.judge = d_.judge;
  if (d_.summary.confusion || d_.judge == judge_id::kTad) {
    judge_now(0, Penalty::kNone, false);
    return;
  }
  const JudgeData& j = cm_->judge(d_.judge);
  if (j.penalty == Penalty::kFlip) {
    if (ensure_deck()) {
      d_.phase = Phase::kFerine;
      return;
    }
    judge_now(0, Penalty::kNone, false);  // CM-13: nothing to turn, Ferine does not judge
    return;
  }
  judge_now(j.limit, j.penalty, true);
}

// NOLINTNEXTLINE(readability-function-size)
void CheatyMagesState::judge_now(int limit, Penalty pen, bool judging) {
  // Long on purpose: the judgement of CM-12…CM-14 step by step, in the reference's order; to split.
  const int n = num_players();
  MatchSummary& m = d_.summary;
  m.judged = judging;
  m.start_player = d_.start_player;
  for (int pos = 0; pos < kPositions; ++pos)
    m.fighters[static_cast<size_t>(pos)] = d_.fighters[static_cast<size_t>(pos)];
  // The judgement is public (CM-10: every spell is face up now), so every viewer is told alike.
  narrate([&](Narrator& nr) {
    if (judging)
      nr.say("cm.judgement", {{"judge", cm_->judge(d_.judge).key}});
    else
      nr.say("cm.judgement.none");
    if (judging) nr.say("cm.judgement.limit", {{"limit", limit}, {"penalty", penalty_word(pen)}});
    for (int pos = 0; pos < kPositions; ++pos) {
      // CM-10: the spells on a fighter are turned up together; they are told in card-data order,
      // not in the order they were cast (two face-down casts by one mage look alike).
      std::vector<int> kinds;
      for (int i = 0; i < d_.n_spells; ++i)
        if (d_.spells[static_cast<size_t>(i)].loc == pos)
          kinds.push_back(d_.spells[static_cast<size_t>(i)].kind);
      std::sort(kinds.begin(), kinds.end());
      std::vector<std::string> spells;
      for (int k : kinds) spells.push_back(cm_->spell(k).key);
      const std::string& f = cm_->fighter(d_.fighters[static_cast<size_t>(pos)]).key;
      if (spells.empty())
        nr.say("cm.reveal.none", {{"pos", pos + 1}, {"fighter", f}});
      else
        nr.say("cm.reveal", {{"pos", pos + 1},
                             {"fighter", f},
                             {"mana", std::max(0, total_mana(pos))},
                             {"spells", spells}});
    }
  });
  if (judging) {
    for (int pos = 0; pos < kPositions; ++pos) {
      const int mana = total_mana(pos);
      const std::uint8_t bit = static_cast<std::uint8_t>(1u << pos);
      if (mana > limit) {  // strictly greater (CM-10)
        if (pen == Penalty::kEject) {
          m.ejected |= bit;  // it leaves the match; its spells go at cleanup (CM-14)
        } else {
          m.dispelled |= bit;
          clear_loc(pos);
        }
      } else if (d_.judge == judge_id::kLester && mana <= 4 && spells_at(pos) > 0) {  // D8
        m.dispelled |= bit;
        m.low_mana_dispelled |= bit;
        clear_loc(pos);
      }
    }
  }
  narrate([&](Narrator& nr) {
    for (int pos = 0; pos < kPositions; ++pos) {
      const std::uint8_t bit = static_cast<std::uint8_t>(1u << pos);
      const char* what = (m.ejected & bit)              ? "cm.ejected"
                         : (m.low_mana_dispelled & bit) ? "cm.low"
                         : (m.dispelled & bit)          ? "cm.dispelled"
                                                        : nullptr;
      if (what != nullptr)
        nr.say("cm.penalty", {{"pos", pos + 1},
                              {"fighter", cm_->fighter(d_.fighters[static_cast<size_t>(pos)]).key},
                              {"what", what}});
    }
    for (int pos = 0; pos < kPositions; ++pos) {
      const json args = {{"pos", pos + 1},
                         {"fighter", cm_->fighter(d_.fighters[static_cast<size_t>(pos)]).key},
                         {"n", strength(pos)}};
      nr.say((m.ejected & (1u << pos)) ? "cm.strength.out" : "cm.strength", args);
    }
  });
  // CM-11: the winner.
  int best = -1, best_str = 0;
  for (int pos = 0; pos < kPositions; ++pos) {
    if (m.ejected & (1u << pos)) continue;
    const int st = strength(pos);
    if (best < 0 || st > best_str ||
        (st == best_str && cm_->fighter(d_.fighters[static_cast<size_t>(pos)]).strength >
                               cm_->fighter(d_.fighters[static_cast<size_t>(best)]).strength)) {
      best = pos;
      best_str = st;
    }
  }
  for (int q = 0; q < n; ++q) {
    m.bets[static_cast<size_t>(q)] = d_.seats[q].bets;
    m.bribes[static_cast<size_t>(q)] = d_.seats[q].match_bribes;
  }
  d_.bets_public = true;
  // The bets are revealed (CM-11).
  auto tell_bets = [&](Narrator& nr) {
    for (int q = 0; q < n; ++q) {
      std::string positions;
      for (int b = 0; b < kPositions; ++b)
        if (d_.seats[q].bets & (1u << b))
          positions += (positions.empty() ? "" : ", ") + std::to_string(b + 1);
      if (positions.empty())
        nr.say("cm.bets.none", {{"seat", q}});
      else
        nr.say("cm.bets", {{"seat", q}, {"positions", positions}});
    }
  };
  if (best < 0) {  // CM-12: every fighter ejected
    m.all_ejected = true;
    const bool replay = cm_->replay && d_.replays < kReplayGuard;
    if (replay) ++d_.replays;
    narrate([&](Narrator& nr) {
      nr.say(replay ? "cm.all_ejected.replay" : "cm.all_ejected");
      tell_bets(nr);
    });
    finish_match(!replay, true);
    return;
  }
  m.winner_pos = static_cast<std::int8_t>(best);
  m.winner_fighter = d_.fighters[static_cast<size_t>(best)];
  m.winner_strength = static_cast<std::int16_t>(best_str);
  m.winner_had_spells = spells_at(best) > 0;
  const int pz = prize(best);
  m.prize = static_cast<std::int16_t>(pz);
  for (int q = 0; q < n; ++q) {
    Seat& s = d_.seats[q];
    if (!(s.bets & (1u << best))) continue;
    const int pay = s.bet_n == 1 ? 2 * pz : (s.bet_n == 2 ? pz : (pz + 1) / 2);  // CM-6
    s.coins = static_cast<std::int16_t>(s.coins + pay);
    m.payout[static_cast<size_t>(q)] = static_cast<std::int16_t>(pay);
  }
  narrate([&](Narrator& nr) {
    nr.say("cm.winner", {{"pos", best + 1},
                         {"fighter", cm_->fighter(m.winner_fighter).key},
                         {"n", best_str},
                         {"prize", pz}});
    tell_bets(nr);
    for (int q = 0; q < n; ++q)
      if (m.payout[static_cast<size_t>(q)] > 0)
        nr.say("cm.payout", {{"seat", q}, {"n", m.payout[static_cast<size_t>(q)]}});
  });
  finish_match(true, false);
}

// Ferine turns the top spell (CM-10 table): Direct 10/eject, Enchant 15/dispel, Support 5/dispel.
void CheatyMagesState::apply_ferine(Action a) {
  const int k = a - act::kDeal;
  d_.deck[static_cast<size_t>(k)]--;
  d_.deck_n--;
  discard_card(k);
  d_.summary.ferine_type = static_cast<std::int8_t>(cm_->spell(k).type);
  switch (cm_->spell(k).type) {
    case SpellType::kDirect:
      judge_now(10, Penalty::kEject, true);
      break;
    case SpellType::kEnchant:
      judge_now(15, Penalty::kDispel, true);
      break;
    case SpellType::kSupport:
      judge_now(5, Penalty::kDispel, true);
      break;
  }
}

}  // namespace villainy::cheaty_mages
