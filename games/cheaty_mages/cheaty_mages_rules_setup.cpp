// Cheaty Mages!: setting up (CM-2…CM-5): the start player, the hands, the fighters and the judge,
// and every draw of a spell (chance nodes over the deck, D1; the reshuffle of CM-13).
#include <string>
#include <vector>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

// The chance nodes: who starts, a spell from the deck, a fighter, a judge.
void CheatyMagesState::legal_chance(std::vector<Action>& out) const {
  const int n = num_players();
  switch (d_.phase) {
    case Phase::kStartPlayer:
      for (int p = 0; p < n; ++p)
        if (d_.start_candidates & (1u << p)) out.push_back(act::kStart + p);
      return;
    case Phase::kDealHand:
    case Phase::kDraw:
    case Phase::kFerine:
      for (int k = 0; k < kKinds; ++k)
        if (d_.deck[static_cast<size_t>(k)] > 0) out.push_back(act::kDeal + k);
      return;
    case Phase::kDealFighter:
    case Phase::kMetamorph:
      for (int f = 0; f < kNumFighters; ++f)
        if (d_.fighter_deck & (1u << f)) out.push_back(act::kFighter + f);
      return;
    case Phase::kDealJudge:
      for (int j = 0; j < kNumJudges; ++j)
        if (d_.judge_deck & (1u << j)) out.push_back(act::kJudge + j);
      return;
    default:
      return;
  }
}

void CheatyMagesState::apply_start(Action a) {
  d_.start_player = static_cast<std::int8_t>(a - act::kStart);
  d_.start_candidates = 0;
  if (d_.played == 0) {  // CM-2: deal the hands
    d_.deal_seat = 0;
    start_draw(0, cm_->hand_size(), DrawFor::kHand);
  } else {
    begin_match();
  }
}

void CheatyMagesState::apply_deal(Action a) {
  const int k = a - act::kDeal;
  Seat& s = d_.seats[d_.draw_for];
  d_.deck[static_cast<size_t>(k)]--;
  d_.deck_n--;
  s.hand[static_cast<size_t>(k)]++;
  s.hand_n++;
  d_.draws_left--;
  continue_after_draw();
}

void CheatyMagesState::apply_fighter(Action a) {
  const int f = a - act::kFighter;
  d_.fighter_deck &= static_cast<std::uint16_t>(~(1u << f));
  d_.fighters[static_cast<size_t>(d_.deal_pos++)] = static_cast<std::int8_t>(f);
  if (d_.deal_pos == kPositions) {
    if (d_.judge_deck == 0) d_.judge_deck = kAllJudges;  // CM-14: used judges reshuffled
    d_.phase = Phase::kDealJudge;
  }
}

void CheatyMagesState::apply_judge(Action a) {
  const int j = a - act::kJudge;
  d_.judge_deck &= static_cast<std::uint8_t>(~(1u << j));
  d_.judge = static_cast<std::int8_t>(j);
  if (d_.p_kind == kind::kDimensionDoor) {
    d_.phase = Phase::kSpell;
    end_turn();
    return;
  }
  d_.phase = Phase::kBet;  // CM-6, from the start player
  d_.decider = d_.start_player;
}

bool CheatyMagesState::ensure_deck() {
  if (d_.deck_n > 0) return true;
  if (d_.discard_n == 0) return false;  // CM-13: nothing to reshuffle
  d_.deck = d_.discard;
  d_.deck_n = d_.discard_n;
  d_.discard.fill(0);
  d_.discard_n = 0;
  return true;
}

void CheatyMagesState::start_draw(int p, int count, DrawFor purpose) {
  d_.draw_for = static_cast<std::int8_t>(p);
  d_.draws_left = static_cast<std::int8_t>(count);
  d_.after_draw = purpose;
  continue_after_draw();
}

void CheatyMagesState::continue_after_draw() {
  if (d_.draws_left > 0 && ensure_deck()) {
    d_.phase = d_.after_draw == DrawFor::kHand ? Phase::kDealHand : Phase::kDraw;
    return;
  }
  d_.draws_left = 0;
  // A run of deals is told once: the initial hands when the last seat has its cards, a draw
  // (Recall, refill) when it is over. A hand is named to its owner only.
  const bool hands_done = d_.after_draw == DrawFor::kHand && d_.deal_seat + 1 >= num_players();
  if (hands_done || d_.after_draw != DrawFor::kHand)
    narrate([&](Narrator& nr) {
      const Player v = nr.viewer();
      auto hand_of = [&](int p) {
        std::vector<std::string> cards;
        for (int k = 0; k < kKinds; ++k)
          for (int c = 0; c < d_.seats[p].hand[static_cast<size_t>(k)]; ++c)
            cards.push_back(cm_->spell(k).key);
        return cards;
      };
      if (hands_done) {
        if (v >= 0 && v < num_players())
          nr.say("cm.deal.hands.you", {{"cards", hand_of(v)}});
        else
          nr.say("cm.deal.hands", {{"n", cm_->hand_size()}});
      } else if (v == d_.draw_for) {
        nr.say("cm.draw.you", {{"cards", hand_of(v)}});
      } else {
        nr.say("cm.draw", {{"seat", d_.draw_for}, {"n", d_.seats[d_.draw_for].hand_n}});
      }
    });
  switch (d_.after_draw) {
    case DrawFor::kHand:  // initial hands, seat by seat
      if (++d_.deal_seat < num_players()) {
        start_draw(d_.deal_seat, cm_->hand_size(), DrawFor::kHand);
        return;
      }
      begin_match();
      return;
    case DrawFor::kRecall:  // Recall resolved: now it is discarded
      discard_card(kind::kRecall);
      d_.phase = Phase::kSpell;
      end_turn();
      return;
    case DrawFor::kRefill:
      next_refill();
      return;
  }
}

void CheatyMagesState::begin_match() {
  // CM-5: five fighters, then a judge.
  d_.fighter_deck = kAllFighters;
  d_.fighters.fill(-1);
  d_.deal_pos = 0;
  d_.phase = Phase::kDealFighter;
}

}  // namespace villainy::cheaty_mages
