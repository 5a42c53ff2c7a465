// Cheaty Mages!: the state's dispatch: who acts, the legal actions and the effects of each phase
// (in the rules files by section), chance, cloning and the fingerprint.
#include <algorithm>
#include <cstddef>
#include <cstring>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/fingerprint.h"

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
      // The r-th card of the deck in kind order. Blocks of eight counts are skipped whole: a
      // count is at most 8 (the data file's copies, D1), so a block sums to at most 64 and the
      // multiply adds its bytes into the top byte without overflow.
      int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(d_.deck_n)));
      int k = 0;
      for (; k + 8 <= kKinds; k += 8) {
        std::uint64_t x = 0;
        std::memcpy(&x, d_.deck.data() + k, 8);
        const int block = static_cast<int>((x * 0x0101010101010101ull) >> 56);
        if (r < block) break;
        r -= block;
      }
      for (; k < kKinds; ++k) {
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

// The whole state's data, checked at compile time to be all value bytes (cheaty_mages_state.h).
// The slots after the spells in play are Spell{} in every state (place_spell fills the next one,
// truncate_spells resets the ones it drops), so copying the spells in play and resetting the
// ones this state had beyond them gives the same bytes as the assignment, which copies all
// kMaxSpells slots and the game's shared pointer (the heuristic's search copies a state per line).
void CheatyMagesState::assign(const CheatyMagesState& o) {
  if (this == &o) return;
  if (cm_ != o.cm_) {
    State::operator=(o);
    cm_ = o.cm_;
  }
  const int had = d_.n_spells, n = o.d_.n_spells;
  std::copy_n(o.d_.spells.begin(), n, d_.spells.begin());
  for (int i = n; i < had; ++i) d_.spells[static_cast<size_t>(i)] = Spell{};
  // Everything after the spells: the rest of the table and the seats.
  static_assert(offsetof(TableData, spells) == 0 &&
                offsetof(TableData, summary) == sizeof(TableData::spells));
  auto* const dst = reinterpret_cast<unsigned char*>(&d_.summary);
  const auto* const src = reinterpret_cast<const unsigned char*>(&o.d_.summary);
  std::memcpy(dst, src, static_cast<size_t>(reinterpret_cast<unsigned char*>(&d_ + 1) - dst));
}

std::uint64_t CheatyMagesState::fingerprint() const {
  return Fingerprint().add(static_cast<const TableData&>(d_)).add(d_.seats).value();
}

}  // namespace villainy::cheaty_mages
