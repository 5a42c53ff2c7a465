// Cheaty Mages!: the end of a match and of the game (CM-13…CM-16): refill, cleanup, the next
// start player, the winners and the results.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

using nlohmann::json;

void CheatyMagesState::finish_match(bool counted_match, bool all_ejected) {
  ++played_;
  summary_.number = played_;
  summary_.counted = counted_match;
  summary_.all_ejected = all_ejected;
  if (counted_match) ++counted_;
  const int n = num_players();
  if (counted_ >= 3) {  // CM-16
    int best = -1;
    for (int q = 0; q < n; ++q) best = std::max<int>(best, seats_[static_cast<size_t>(q)].coins);
    int most_cards = -1;
    for (int q = 0; q < n; ++q)
      if (seats_[static_cast<size_t>(q)].coins == best)
        most_cards = std::max<int>(most_cards, seats_[static_cast<size_t>(q)].hand_n);
    winners_mask_ = 0;
    for (int q = 0; q < n; ++q)
      if (seats_[static_cast<size_t>(q)].coins == best &&
          seats_[static_cast<size_t>(q)].hand_n == most_cards)
        winners_mask_ |= static_cast<std::uint8_t>(1u << q);
    phase_ = Phase::kGameOver;
    return;
  }
  refill_seat_ = start_player_;  // CM-13, clockwise from the start player
  refill_done_ = 0;
  phase_ = Phase::kRefill;
  decider_ = refill_seat_;
}

void CheatyMagesState::next_refill() {
  const int n = num_players();
  if (++refill_done_ >= n) {
    cleanup();
    choose_next_start();
    return;
  }
  refill_seat_ = static_cast<std::int8_t>((refill_seat_ + 1) % n);
  phase_ = Phase::kRefill;
  decider_ = refill_seat_;
}

void CheatyMagesState::cleanup() {
  // CM-14: spells and the judge are discarded; fighters return to their deck.
  for (int i = 0; i < n_spells_; ++i) discard_card(spells_[static_cast<size_t>(i)].kind);
  n_spells_ = 0;
  next_uid_ = 0;
  judge_ = -1;
  fighters_.fill(-1);
  for (int q = 0; q < num_players(); ++q) {
    Seat& s = seats_[static_cast<size_t>(q)];
    s.bets = 0;
    s.bet_n = 0;
    s.passed = false;
  }
  match_bribes_.fill(0);
  bets_public_ = false;
  spell_turns_ = 0;
}

void CheatyMagesState::choose_next_start() {
  // CM-15: most coins; ties at random (D12).
  int best = -1;
  for (int q = 0; q < num_players(); ++q)
    best = std::max<int>(best, seats_[static_cast<size_t>(q)].coins);
  start_candidates_ = 0;
  for (int q = 0; q < num_players(); ++q)
    if (seats_[static_cast<size_t>(q)].coins == best)
      start_candidates_ |= static_cast<std::uint8_t>(1u << q);
  if (__builtin_popcount(start_candidates_) == 1) {
    start_player_ = static_cast<std::int8_t>(__builtin_ctz(start_candidates_));
    begin_match();
    return;
  }
  phase_ = Phase::kStartPlayer;
}

void CheatyMagesState::legal_refill(std::vector<Action>& out) const {
  const Seat& s = seats_[static_cast<size_t>(decider_)];
  for (int k = 0; k < kKinds; ++k)
    if (s.hand[static_cast<size_t>(k)] > 0) out.push_back(act::kDiscard + k);
  out.push_back(act::kDraw);
}

void CheatyMagesState::apply_refill(Action a) {
  Seat& s = seats_[static_cast<size_t>(decider_)];
  if (a == act::kDraw) {
    const int count = std::min(cm_->refill_draw(), cm_->hand_limit() - s.hand_n);
    start_draw(decider_, std::max(0, count), 2);
    return;
  }
  const int k = a - act::kDiscard;
  s.hand[static_cast<size_t>(k)]--;
  s.hand_n--;
  discard_card(k);
}

// ---------------------------------------------------------------------------------------------
// Results (CM-16, D10)
// ---------------------------------------------------------------------------------------------
std::vector<double> CheatyMagesState::returns() const {
  std::vector<double> r(static_cast<size_t>(num_players()), 0.0);
  returns_into(r);
  return r;
}

void CheatyMagesState::returns_into(std::span<double> out) const {
  for (int p = 0; p < num_players(); ++p)
    out[static_cast<size_t>(p)] = (winners_mask_ & (1u << p)) ? 1.0 : 0.0;
}

std::vector<Player> CheatyMagesState::winners() const {
  std::vector<Player> w;
  for (int p = 0; p < num_players(); ++p)
    if (winners_mask_ & (1u << p)) w.push_back(p);
  return w;
}

json CheatyMagesState::outcome() const {
  json j;
  j["winners"] = winners();
  std::vector<int> coins, cards;
  for (int p = 0; p < num_players(); ++p) {
    coins.push_back(seats_[static_cast<size_t>(p)].coins);
    cards.push_back(seats_[static_cast<size_t>(p)].hand_n);
  }
  j["coins"] = coins;
  j["cards_in_hand"] = cards;
  j["matches_played"] = played_;
  j["matches_counted"] = counted_;
  return j;
}

}  // namespace villainy::cheaty_mages
