// Cheaty Mages!: the state's dispatch: who acts, the legal actions and the effects of each phase
// (in the rules files by section), chance, cloning and the fingerprint.
#include <algorithm>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/signature.h"

namespace villainy::cheaty_mages {

CheatyMagesState::CheatyMagesState(std::shared_ptr<const Game> game)
    : State(std::move(game)), cm_(static_cast<const CheatyMagesGame*>(&this->game())) {
  for (int k = 0; k < kKinds; ++k)
    deck_[static_cast<size_t>(k)] = static_cast<std::int8_t>(cm_->copies(k));
  deck_n_ = 72;
  fighter_deck_ = (1u << kNumFighters) - 1;
  judge_deck_ = 0xff;
  const std::int16_t coins = (cm_->bribe_on || cm_->bribe_last) ? 2 : 0;  // CM-3
  for (int p = 0; p < num_players(); ++p) seats_[static_cast<size_t>(p)].coins = coins;
  phase_ = Phase::kStartPlayer;  // CM-4: the first start player is random
  start_candidates_ = static_cast<std::uint8_t>((1u << num_players()) - 1);
  fighters_.fill(-1);
}

Player CheatyMagesState::current_player() const {
  switch (phase_) {
    case Phase::kStartPlayer:
    case Phase::kDealHand:
    case Phase::kDealFighter:
    case Phase::kDealJudge:
    case Phase::kDraw:
    case Phase::kFerine:
    case Phase::kMetamorph:
      return kChancePlayer;
    case Phase::kGameOver:
      return kTerminalPlayer;
    default:
      return decider_;
  }
}

void CheatyMagesState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kBet:
      legal_bet(out);
      return;
    case Phase::kSpell:
      legal_spell_turn(out);
      return;
    case Phase::kRefill:
      legal_refill(out);
      return;
    case Phase::kGameOver:
      return;
    default:
      legal_chance(out);
      return;
  }
}

void CheatyMagesState::chance_outcomes(std::vector<ChanceOutcome>& out) const {
  out.clear();
  if (!is_chance()) return;
  std::vector<Action> l;
  legal_actions(l);
  const bool weighted =
      phase_ == Phase::kDealHand || phase_ == Phase::kDraw || phase_ == Phase::kFerine;
  for (Action a : l) {
    double p = weighted ? static_cast<double>(deck_[static_cast<size_t>(a - act::kDeal)]) / deck_n_
                        : 1.0 / static_cast<double>(l.size());
    out.push_back({a, p});
  }
}

Action CheatyMagesState::sample_chance(Rng& rng) const {
  auto nth_bit = [](std::uint32_t x, int k) {
    for (; k > 0; --k) x &= x - 1;
    return __builtin_ctz(x);
  };
  switch (phase_) {
    case Phase::kStartPlayer:
      return act::kStart +
             nth_bit(start_candidates_, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                            __builtin_popcount(start_candidates_)))));
    case Phase::kDealHand:
    case Phase::kDraw:
    case Phase::kFerine: {
      int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(deck_n_)));
      for (int k = 0; k < kKinds; ++k) {
        r -= deck_[static_cast<size_t>(k)];
        if (r < 0) return act::kDeal + k;
      }
      throw Error("sample_chance: deck count mismatch");
    }
    case Phase::kDealFighter:
    case Phase::kMetamorph:
      return act::kFighter +
             nth_bit(fighter_deck_, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                        __builtin_popcount(fighter_deck_)))));
    case Phase::kDealJudge:
      return act::kJudge +
             nth_bit(judge_deck_, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                      __builtin_popcount(judge_deck_)))));
    default:
      throw Error("sample_chance: not a chance node");
  }
}

bool CheatyMagesState::is_legal(Action a) const {
  if (a < 0 || a >= act::kCount) return false;
  std::vector<Action> l;
  legal_actions(l);
  return std::binary_search(l.begin(), l.end(), a);
}

void CheatyMagesState::apply_unchecked(Action a) {
  switch (phase_) {
    case Phase::kStartPlayer:
      apply_start(a);
      return;
    case Phase::kDealHand:
    case Phase::kDraw:
      apply_deal(a);
      return;
    case Phase::kFerine:
      apply_ferine(a);
      return;
    case Phase::kDealFighter:
      apply_fighter(a);
      return;
    case Phase::kMetamorph:
      apply_metamorph(a);
      return;
    case Phase::kDealJudge:
      apply_judge(a);
      return;
    case Phase::kBet:
      apply_bet(a);
      return;
    case Phase::kRefill:
      apply_refill(a);
      return;
    case Phase::kGameOver:
      return;
    case Phase::kSpell:
      apply_spell_turn(a);
      return;
  }
}

std::unique_ptr<State> CheatyMagesState::clone() const {
  return std::make_unique<CheatyMagesState>(*this);
}

std::uint64_t CheatyMagesState::fingerprint() const {
  std::uint64_t h = kFnvOffset;
  auto mix = [&](std::uint64_t v) { h = fnv1a(h, v); };
  auto mix_counts = [&](const std::array<std::int8_t, kKinds>& c) {
    for (int k = 0; k < kKinds; k += 8) {
      std::uint64_t v = 0;
      for (int i = 0; i < 8 && k + i < kKinds; ++i)
        v |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(c[static_cast<size_t>(k + i)]))
             << (8 * i);
      mix(v);
    }
  };
  for (int p = 0; p < num_players(); ++p) {
    const Seat& s = seats_[static_cast<size_t>(p)];
    mix_counts(s.hand);
    mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(s.coins)) |
        (static_cast<std::uint64_t>(s.bets) << 16) | (static_cast<std::uint64_t>(s.bet_n) << 24) |
        (static_cast<std::uint64_t>(s.passed) << 32) |
        (static_cast<std::uint64_t>(s.hand_n) << 40));
  }
  mix_counts(deck_);
  mix_counts(discard_);
  mix(static_cast<std::uint64_t>(deck_n_) | (static_cast<std::uint64_t>(discard_n_) << 16) |
      (static_cast<std::uint64_t>(n_spells_) << 32) |
      (static_cast<std::uint64_t>(next_uid_) << 48));
  for (int i = 0; i < n_spells_; ++i) {
    const Spell& s = spells_[static_cast<size_t>(i)];
    mix(static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.kind)) |
        (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.loc)) << 8) |
        (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.caster)) << 16) |
        (static_cast<std::uint64_t>(s.known) << 24) |
        (static_cast<std::uint64_t>(s.face_up) << 32) |
        (static_cast<std::uint64_t>(s.fclass) << 34) | (static_cast<std::uint64_t>(s.uid) << 40) |
        (static_cast<std::uint64_t>(static_cast<std::uint16_t>(s.attached)) << 48));
  }
  std::uint64_t f = 0;
  for (int pos = 0; pos < kPositions; ++pos)
    f |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(fighters_[static_cast<size_t>(pos)]))
         << (8 * pos);
  mix(f);
  mix(static_cast<std::uint64_t>(fighter_deck_) | (static_cast<std::uint64_t>(judge_deck_) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(judge_)) << 24) |
      (static_cast<std::uint64_t>(phase_) << 32) | (static_cast<std::uint64_t>(stage_) << 40) |
      (static_cast<std::uint64_t>(start_player_) << 48) |
      (static_cast<std::uint64_t>(turn_player_) << 56));
  mix(static_cast<std::uint64_t>(decider_) | (static_cast<std::uint64_t>(deal_seat_) << 8) |
      (static_cast<std::uint64_t>(deal_pos_) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(draw_for_)) << 24) |
      (static_cast<std::uint64_t>(draws_left_) << 32) |
      (static_cast<std::uint64_t>(after_draw_) << 40) |
      (static_cast<std::uint64_t>(refill_seat_) << 48) |
      (static_cast<std::uint64_t>(refill_done_) << 56));
  mix(static_cast<std::uint64_t>(start_candidates_) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p_kind_)) << 8) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p_loc_)) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(p_spell_)) << 24) |
      (static_cast<std::uint64_t>(p_face_up_) << 32) |
      (static_cast<std::uint64_t>(p_fclass_) << 40) |
      (static_cast<std::uint64_t>(bets_public_) << 48) |
      (static_cast<std::uint64_t>(winners_mask_) << 56));
  mix(static_cast<std::uint64_t>(spell_turns_) | (static_cast<std::uint64_t>(counted_) << 16) |
      (static_cast<std::uint64_t>(played_) << 24) | (static_cast<std::uint64_t>(replays_) << 40));
  for (int p = 0; p < num_players(); ++p)
    mix(static_cast<std::uint64_t>(match_bribes_[static_cast<size_t>(p)]));
  mix(static_cast<std::uint64_t>(summary_.number) |
      (static_cast<std::uint64_t>(summary_.winner_pos + 1) << 16) |
      (static_cast<std::uint64_t>(summary_.dispelled) << 24) |
      (static_cast<std::uint64_t>(summary_.ejected) << 32) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(summary_.ferine_type)) << 40));
  return h;
}

}  // namespace villainy::cheaty_mages
