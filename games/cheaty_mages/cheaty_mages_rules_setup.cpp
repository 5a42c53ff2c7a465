// Cheaty Mages!: setting up (CM-2…CM-5): the start player, the hands, the fighters and the judge,
// and every draw of a spell (chance nodes over the deck, D1; the reshuffle of CM-13).
#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

// The chance nodes: who starts, a spell from the deck, a fighter, a judge.
void CheatyMagesState::legal_chance(std::vector<Action>& out) const {
  const int n = num_players();
  switch (phase_) {
    case Phase::kStartPlayer:
      for (int p = 0; p < n; ++p)
        if (start_candidates_ & (1u << p)) out.push_back(act::kStart + p);
      return;
    case Phase::kDealHand:
    case Phase::kDraw:
    case Phase::kFerine:
      for (int k = 0; k < kKinds; ++k)
        if (deck_[static_cast<size_t>(k)] > 0) out.push_back(act::kDeal + k);
      return;
    case Phase::kDealFighter:
    case Phase::kMetamorph:
      for (int f = 0; f < kNumFighters; ++f)
        if (fighter_deck_ & (1u << f)) out.push_back(act::kFighter + f);
      return;
    case Phase::kDealJudge:
      for (int j = 0; j < kNumJudges; ++j)
        if (judge_deck_ & (1u << j)) out.push_back(act::kJudge + j);
      return;
    default:
      return;
  }
}

void CheatyMagesState::apply_start(Action a) {
  start_player_ = static_cast<std::int8_t>(a - act::kStart);
  start_candidates_ = 0;
  if (played_ == 0) {  // CM-2: deal the hands
    deal_seat_ = 0;
    start_draw(0, cm_->hand_size(), 0);
  } else {
    begin_match();
  }
}

void CheatyMagesState::apply_deal(Action a) {
  const int k = a - act::kDeal;
  Seat& s = seats_[static_cast<size_t>(draw_for_)];
  deck_[static_cast<size_t>(k)]--;
  deck_n_--;
  s.hand[static_cast<size_t>(k)]++;
  s.hand_n++;
  draws_left_--;
  continue_after_draw();
}

void CheatyMagesState::apply_fighter(Action a) {
  const int f = a - act::kFighter;
  fighter_deck_ &= static_cast<std::uint16_t>(~(1u << f));
  fighters_[static_cast<size_t>(deal_pos_++)] = static_cast<std::int8_t>(f);
  if (deal_pos_ == kPositions) {
    if (judge_deck_ == 0) judge_deck_ = 0xff;  // CM-14: used judges reshuffled
    phase_ = Phase::kDealJudge;
  }
}

void CheatyMagesState::apply_judge(Action a) {
  const int j = a - act::kJudge;
  judge_deck_ &= static_cast<std::uint8_t>(~(1u << j));
  judge_ = static_cast<std::int8_t>(j);
  if (p_kind_ == kind::kDimensionDoor) {
    phase_ = Phase::kSpell;
    end_turn();
    return;
  }
  phase_ = Phase::kBet;  // CM-6, from the start player
  decider_ = start_player_;
}

bool CheatyMagesState::ensure_deck() {
  if (deck_n_ > 0) return true;
  if (discard_n_ == 0) return false;  // CM-13: nothing to reshuffle
  deck_ = discard_;
  deck_n_ = discard_n_;
  discard_.fill(0);
  discard_n_ = 0;
  return true;
}

void CheatyMagesState::start_draw(int p, int count, std::uint8_t after) {
  draw_for_ = static_cast<std::int8_t>(p);
  draws_left_ = static_cast<std::int8_t>(count);
  after_draw_ = after;
  continue_after_draw();
}

void CheatyMagesState::continue_after_draw() {
  if (draws_left_ > 0 && ensure_deck()) {
    phase_ = after_draw_ == 0 ? Phase::kDealHand : Phase::kDraw;
    return;
  }
  draws_left_ = 0;
  switch (after_draw_) {
    case 0:  // initial hands, seat by seat
      if (++deal_seat_ < num_players()) {
        start_draw(deal_seat_, cm_->hand_size(), 0);
        return;
      }
      begin_match();
      return;
    case 1:  // Recall resolved: now it is discarded
      discard_card(kind::kRecall);
      phase_ = Phase::kSpell;
      end_turn();
      return;
    default:
      next_refill();
      return;
  }
}

void CheatyMagesState::begin_match() {
  // CM-5: five fighters, then a judge.
  fighter_deck_ = (1u << kNumFighters) - 1;
  fighters_.fill(-1);
  deal_pos_ = 0;
  phase_ = Phase::kDealFighter;
}

}  // namespace villainy::cheaty_mages
