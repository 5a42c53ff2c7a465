// Cheaty Mages!: betting (CM-6): each player lays 1–3 bet cards in secret, from the start player.
#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

void CheatyMagesState::legal_bet(std::vector<Action>& out) const {
  const Seat& s = d_.seats[d_.decider];
  if (s.bet_n < 3)
    for (int b = 0; b < kPositions; ++b)
      if (!(s.bets & (1u << b))) out.push_back(act::kBet + b);
  if (s.bet_n >= 1) out.push_back(act::kBetDone);
}

void CheatyMagesState::apply_bet(Action a) {
  Seat& s = d_.seats[d_.decider];
  if (a == act::kBetDone) {
    after_bets(d_.decider);
    return;
  }
  s.bets |= static_cast<std::uint8_t>(1u << (a - act::kBet));
  s.bet_n++;
  if (s.bet_n == 3) after_bets(d_.decider);
}

void CheatyMagesState::after_bets(int p) {
  const int q = (p + 1) % num_players();
  if (q == d_.start_player) {  // CM-7: spells, from the start player
    d_.spell_turns = 0;
    d_.turn_player = d_.start_player;
    next_spell_turn(false);
    return;
  }
  d_.decider = static_cast<std::int8_t>(q);
}

}  // namespace villainy::cheaty_mages
