// Cheaty Mages!: the state's dispatch: who acts, the legal actions and the effects of each phase
// (in the rules files by section), chance, cloning and the fingerprint.
#include <algorithm>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/signature.h"

namespace villainy::cheaty_mages {

CheatyMagesState::CheatyMagesState(std::shared_ptr<const Game> game)
    : State(std::move(game)), cm_(static_cast<const CheatyMagesGame*>(&this->game())) {
  for (int k = 0; k < kKinds; ++k)
    d_.deck[static_cast<size_t>(k)] = static_cast<std::int8_t>(cm_->copies(k));
  d_.deck_n = 72;
  d_.fighter_deck = kAllFighters;
  d_.judge_deck = kAllJudges;
  const std::int16_t coins = (cm_->bribe_on || cm_->bribe_last) ? 2 : 0;  // CM-3
  d_.seats.resize(num_players());
  for (Seat& s : d_.seats) s.coins = coins;
  d_.phase = Phase::kStartPlayer;  // CM-4: the first start player is random
  d_.start_candidates = static_cast<std::uint8_t>((1u << num_players()) - 1);
  d_.fighters.fill(-1);
}

Player CheatyMagesState::current_player() const {
  switch (d_.phase) {
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
      return d_.decider;
  }
}

void CheatyMagesState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  switch (d_.phase) {
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
      d_.phase == Phase::kDealHand || d_.phase == Phase::kDraw || d_.phase == Phase::kFerine;
  for (Action a : l) {
    double p = weighted
                   ? static_cast<double>(d_.deck[static_cast<size_t>(a - act::kDeal)]) / d_.deck_n
                   : 1.0 / static_cast<double>(l.size());
    out.push_back({a, p});
  }
}

Action CheatyMagesState::sample_chance(Rng& rng) const {
  auto nth_bit = [](std::uint32_t x, int k) {
    for (; k > 0; --k) x &= x - 1;
    return __builtin_ctz(x);
  };
  switch (d_.phase) {
    case Phase::kStartPlayer:
      return act::kStart +
             nth_bit(d_.start_candidates, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                              __builtin_popcount(d_.start_candidates)))));
    case Phase::kDealHand:
    case Phase::kDraw:
    case Phase::kFerine: {
      int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(d_.deck_n)));
      for (int k = 0; k < kKinds; ++k) {
        r -= d_.deck[static_cast<size_t>(k)];
        if (r < 0) return act::kDeal + k;
      }
      throw Error("sample_chance: deck count mismatch");
    }
    case Phase::kDealFighter:
    case Phase::kMetamorph:
      return act::kFighter +
             nth_bit(d_.fighter_deck, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                          __builtin_popcount(d_.fighter_deck)))));
    case Phase::kDealJudge:
      return act::kJudge +
             nth_bit(d_.judge_deck, static_cast<int>(rng.below(static_cast<std::uint32_t>(
                                        __builtin_popcount(d_.judge_deck)))));
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
  switch (d_.phase) {
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
    const Seat& s = d_.seats[p];
    mix_counts(s.hand);
    mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(s.coins)) |
        (static_cast<std::uint64_t>(s.bets) << 16) | (static_cast<std::uint64_t>(s.bet_n) << 24) |
        (static_cast<std::uint64_t>(s.passed) << 32) |
        (static_cast<std::uint64_t>(s.hand_n) << 40));
  }
  mix_counts(d_.deck);
  mix_counts(d_.discard);
  mix(static_cast<std::uint64_t>(d_.deck_n) | (static_cast<std::uint64_t>(d_.discard_n) << 16) |
      (static_cast<std::uint64_t>(d_.n_spells) << 32) |
      (static_cast<std::uint64_t>(d_.next_uid) << 48));
  for (int i = 0; i < d_.n_spells; ++i) {
    const Spell& s = d_.spells[static_cast<size_t>(i)];
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
    f |=
        static_cast<std::uint64_t>(static_cast<std::uint8_t>(d_.fighters[static_cast<size_t>(pos)]))
        << (8 * pos);
  mix(f);
  mix(static_cast<std::uint64_t>(d_.fighter_deck) |
      (static_cast<std::uint64_t>(d_.judge_deck) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(d_.judge)) << 24) |
      (static_cast<std::uint64_t>(d_.phase) << 32) | (static_cast<std::uint64_t>(d_.stage) << 40) |
      (static_cast<std::uint64_t>(d_.start_player) << 48) |
      (static_cast<std::uint64_t>(d_.turn_player) << 56));
  mix(static_cast<std::uint64_t>(d_.decider) | (static_cast<std::uint64_t>(d_.deal_seat) << 8) |
      (static_cast<std::uint64_t>(d_.deal_pos) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(d_.draw_for)) << 24) |
      (static_cast<std::uint64_t>(d_.draws_left) << 32) |
      (static_cast<std::uint64_t>(d_.after_draw) << 40) |
      (static_cast<std::uint64_t>(d_.refill_seat) << 48) |
      (static_cast<std::uint64_t>(d_.refill_done) << 56));
  mix(static_cast<std::uint64_t>(d_.start_candidates) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(d_.p_kind)) << 8) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(d_.p_loc)) << 16) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(d_.p_spell)) << 24) |
      (static_cast<std::uint64_t>(d_.p_face_up) << 32) |
      (static_cast<std::uint64_t>(d_.p_fclass) << 40) |
      (static_cast<std::uint64_t>(d_.bets_public) << 48) |
      (static_cast<std::uint64_t>(d_.winners_mask) << 56));
  mix(static_cast<std::uint64_t>(d_.spell_turns) | (static_cast<std::uint64_t>(d_.counted) << 16) |
      (static_cast<std::uint64_t>(d_.played) << 24) |
      (static_cast<std::uint64_t>(d_.replays) << 40));
  for (int p = 0; p < num_players(); ++p) mix(static_cast<std::uint64_t>(d_.seats[p].match_bribes));
  mix(static_cast<std::uint64_t>(d_.summary.number) |
      (static_cast<std::uint64_t>(d_.summary.winner_pos + 1) << 16) |
      (static_cast<std::uint64_t>(d_.summary.dispelled) << 24) |
      (static_cast<std::uint64_t>(d_.summary.ejected) << 32) |
      (static_cast<std::uint64_t>(static_cast<std::uint8_t>(d_.summary.ferine_type)) << 40));
  return h;
}

}  // namespace villainy::cheaty_mages
