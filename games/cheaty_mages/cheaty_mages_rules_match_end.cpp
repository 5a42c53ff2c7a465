// Cheaty Mages!: the end of a match and of the game (CM-13…CM-16): refill, cleanup, the next
// start player, the winners and the results.
#include <algorithm>
#include <bit>
#include <nlohmann/json.hpp>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

using nlohmann::json;

void CheatyMagesState::finish_match(bool counted_match, bool all_ejected) {
  ++d_.played;
  d_.summary.number = d_.played;
  d_.summary.counted = counted_match;
  d_.summary.all_ejected = all_ejected;
  if (counted_match) ++d_.counted;
  const int n = num_players();
  if (d_.counted >= 3) {  // CM-16
    int best = -1;
    for (int q = 0; q < n; ++q) best = std::max<int>(best, d_.seats[q].coins);
    int most_cards = -1;
    for (int q = 0; q < n; ++q)
      if (d_.seats[q].coins == best) most_cards = std::max<int>(most_cards, d_.seats[q].hand_n);
    d_.winners_mask = 0;
    for (int q = 0; q < n; ++q)
      if (d_.seats[q].coins == best && d_.seats[q].hand_n == most_cards)
        d_.winners_mask |= static_cast<std::uint8_t>(1u << q);
    d_.phase = Phase::kGameOver;
    // CM-16: the final coins, and why each winner won (most coins, or the tie-break on cards).
    narrate([&](Narrator& nr) {
      nr.say("cm.match_end", {{"n", d_.played}});
      nr.say("cm.game_end", {{"n", d_.played}});
      for (int q = 0; q < n; ++q)
        nr.say("cm.final",
               {{"seat", q}, {"coins", d_.seats[q].coins}, {"cards", d_.seats[q].hand_n}});
      int tied = 0;
      for (int q = 0; q < n; ++q) tied += d_.seats[q].coins == best ? 1 : 0;
      for (int q = 0; q < n; ++q)
        if (d_.winners_mask & (1u << q))
          nr.say("cm.game_winner", {{"seat", q},
                                    {"coins", best},
                                    {"why", tied > 1 ? "cm.most_cards" : "cm.most_coins"}});
    });
    return;
  }
  narrate([&](Narrator& nr) { nr.say("cm.match_end", {{"n", d_.played}}); });
  d_.refill_seat = d_.start_player;  // CM-13, clockwise from the start player
  d_.refill_done = 0;
  d_.phase = Phase::kRefill;
  d_.decider = d_.refill_seat;
}

void CheatyMagesState::next_refill() {
  const int n = num_players();
  if (++d_.refill_done >= n) {
    cleanup();
    choose_next_start();
    return;
  }
  d_.refill_seat = static_cast<std::int8_t>((d_.refill_seat + 1) % n);
  d_.phase = Phase::kRefill;
  d_.decider = d_.refill_seat;
}

void CheatyMagesState::cleanup() {
  // CM-14: spells and the judge are discarded; fighters return to their deck.
  for (int i = 0; i < d_.n_spells; ++i) discard_card(d_.spells[static_cast<size_t>(i)].kind);
  truncate_spells(0);
  d_.next_uid = 0;
  d_.judge = -1;
  d_.fighters.fill(-1);
  for (int q = 0; q < num_players(); ++q) {
    Seat& s = d_.seats[q];
    s.bets = 0;
    s.bet_n = 0;
    s.passed = false;
    s.match_bribes = 0;
  }
  d_.bets_public = false;
  d_.spell_turns = 0;
}

void CheatyMagesState::choose_next_start() {
  // CM-15: most coins; ties at random (D12).
  int best = -1;
  for (int q = 0; q < num_players(); ++q) best = std::max<int>(best, d_.seats[q].coins);
  d_.start_candidates = 0;
  for (int q = 0; q < num_players(); ++q)
    if (d_.seats[q].coins == best) d_.start_candidates |= static_cast<std::uint8_t>(1u << q);
  if (__builtin_popcount(d_.start_candidates) == 1) {
    d_.start_player = static_cast<std::int8_t>(__builtin_ctz(d_.start_candidates));
    begin_match();
    return;
  }
  d_.phase = Phase::kStartPlayer;
}

void CheatyMagesState::legal_refill(std::vector<Action>& out) const {
  const Seat& s = d_.seats[d_.decider];
  for (std::uint64_t m = nonzero_kinds(s.hand); m; m &= m - 1)
    out.push_back(act::kDiscard + std::countr_zero(m));
  out.push_back(act::kDraw);
}

void CheatyMagesState::apply_refill(Action a) {
  Seat& s = d_.seats[d_.decider];
  if (a == act::kDraw) {
    const int count = std::min(cm_->refill_draw(), cm_->hand_limit() - s.hand_n);
    start_draw(d_.decider, std::max(0, count), DrawFor::kRefill);
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
    out[static_cast<size_t>(p)] = (d_.winners_mask & (1u << p)) ? 1.0 : 0.0;
}

std::vector<Player> CheatyMagesState::winners() const {
  std::vector<Player> w;
  for (int p = 0; p < num_players(); ++p)
    if (d_.winners_mask & (1u << p)) w.push_back(p);
  return w;
}

json CheatyMagesState::outcome() const {
  json j;
  j["winners"] = winners();
  std::vector<int> coins, cards;
  for (int p = 0; p < num_players(); ++p) {
    coins.push_back(d_.seats[p].coins);
    cards.push_back(d_.seats[p].hand_n);
  }
  j["coins"] = coins;
  j["cards_in_hand"] = cards;
  j["matches_played"] = d_.played;
  j["matches_counted"] = d_.counted;
  return j;
}

}  // namespace villainy::cheaty_mages
