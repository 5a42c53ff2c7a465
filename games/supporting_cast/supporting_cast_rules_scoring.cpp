// Tribute to the Supporting Cast, round end, scoring and game end (docs/rules/supporting-cast.md
// "End of a round and scoring", "End of the game"): SC-14 completions, SC-15 the score track,
// SC-16 the next round, SC-16a stalemates (D12), SC-17 sixteen and zero points, SC-18 outright
// wins, SC-19 the party ending (D9).
#include <algorithm>

#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {

// SC-15, SC-15a: p scores; SC-17 / SC-19a at 16. True when the round (or game) ended.
bool SupportingCastState::score(int p, int points, RoundEnd reason) {
  Seat& s = seat_mut(p);
  const int old = s.score;
  int nw = std::max(old + 1, std::min(old + points, 15));  // SC-15a
  nw = std::min(nw, 16);
  s.score = static_cast<std::int8_t>(nw);
  const int gained = nw - old;
  if (party_active_) {  // SC-19a: the last turns score but end nothing
    narrate([&](Narrator& n) { n.say("sc.party.score", {{"seat", p}, {"points", gained}}); });
    return false;
  }
  if (nw >= 16) {
    if (sc_->party) {
      narrate([&](Narrator& n) { n.say("sc.party.start", {{"seat", p}}); });
      // SC-19a: the round goes on; every other player takes one more turn.
      party_active_ = true;
      party_slots_left_ = static_cast<std::int8_t>(num_players() - 1);
      return false;
    }
    finish_round(reason, p, gained);
    // SC-17: the 16 wins alone, unless some players have 0 points.
    std::uint8_t zeros = 0;
    for (int q = 0; q < num_players(); ++q)
      if (seat(q).score == 0) zeros |= static_cast<std::uint8_t>(1u << q);
    if (zeros)
      end_game(WinCondition::kZeroPoints, zeros);
    else
      end_game(WinCondition::kSixteen, static_cast<std::uint8_t>(1u << p));
    return true;
  }
  finish_round(reason, p, gained);
  next_round(p);
  return true;
}

// The round's summary for reports (RoundSummary); D13: the slot that ends the round counts.
void SupportingCastState::finish_round(RoundEnd reason, int scorer, int points) {
  const auto stuck_before = round_stuck_;
  if (in_turn_) count_slot(turn_played_);
  last_round_.stuck_at_end = round_stuck_ > stuck_before;
  in_turn_ = false;
  last_round_.end = reason;
  last_round_.scorer = static_cast<std::int8_t>(scorer);
  last_round_.points = static_cast<std::int8_t>(points);
  last_round_.turns = round_turns_;
  last_round_.actions = round_actions_;
  last_round_.stuck = round_stuck_;
  last_round_.all_in_tried = round_all_in_tried_;
  std::uint8_t mask = 0;
  for (int p = 0; p < num_players(); ++p)
    if (seat(p).played_round) mask |= static_cast<std::uint8_t>(1u << p);
  last_round_.played_mask = mask;
  for (int p = 0; p < kMaxPlayers; ++p) {
    const bool shown = p < num_players() && seat(p).marker >= 0 && seat(p).marker_face_up;
    last_round_.markers[static_cast<size_t>(p)] = shown ? seat(p).marker : marker::kNone;
    last_round_.known[static_cast<size_t>(p)] = p < num_players() ? seat(p).known : CardSet{};
  }
  ++rounds_finished_;
  narrate_round_end(reason, scorer, points);
}

// SC-19, D9: the party ending's last turns are over: a lone 16 wins; with several on 16 the
// lowest score at the table wins (ties share); with none (impossible) the highest.
void SupportingCastState::finish_party() {
  const int n = num_players();
  finish_round(RoundEnd::kPartyEnd, -1, 0);
  std::uint8_t mask = 0;
  int at16 = 0;
  for (int p = 0; p < n; ++p)
    if (seat(p).score >= 16) ++at16;
  WinCondition w = WinCondition::kSixteen;
  if (at16 == 1) {
    for (int p = 0; p < n; ++p)
      if (seat(p).score >= 16) mask |= static_cast<std::uint8_t>(1u << p);
  } else {
    int best = at16 > 1 ? 99 : -1;
    for (int p = 0; p < n; ++p) {
      int sc = seat(p).score;
      best = at16 > 1 ? std::min(best, sc) : std::max(best, sc);
    }
    for (int p = 0; p < n; ++p)
      if (seat(p).score == best) mask |= static_cast<std::uint8_t>(1u << p);
    w = at16 > 1 ? WinCondition::kPartyLowest : WinCondition::kSixteen;
  }
  end_game(w, mask);
}

// SC-16a, D12: a round nobody can end is a stalemate; too many of them end the game (highest
// scores win).
void SupportingCastState::stalemate() {
  finish_round(RoundEnd::kStalemate, -1, 0);
  ++stalemates_;
  if (stalemates_ >= kStalemateGameGuard) {
    end_at_guard();
    return;
  }
  begin_round();
}

// D12: a game stopped by a guard (stalemates or rounds) is won by the highest scores.
void SupportingCastState::end_at_guard() {
  int best = -1;
  for (int p = 0; p < num_players(); ++p) best = std::max<int>(best, seat(p).score);
  std::uint8_t mask = 0;
  for (int p = 0; p < num_players(); ++p)
    if (seat(p).score == best) mask |= static_cast<std::uint8_t>(1u << p);
  end_game(WinCondition::kNone, mask);
}

void SupportingCastState::end_game(WinCondition w, std::uint8_t mask) {
  win_ = w;
  winners_mask_ = mask;
  phase_ = Phase::kGameOver;
  decider_ = -1;
  narrate_game_end();
}

}  // namespace villainy::supporting_cast
