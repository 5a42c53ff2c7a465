// Cheaty Mages!: resampling (D11).
#include <fmt/format.h>

#include <bit>
#include <typeinfo>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

std::unique_ptr<State> CheatyMagesState::resample(Player viewer, Rng& rng) const {
  auto out = std::make_unique<CheatyMagesState>(*this);
  redeal(viewer, rng, *out);
  return out;
}

void CheatyMagesState::resample_into(Player viewer, Rng& rng, std::unique_ptr<State>& out) const {
  State* const prev = out.get();  // a plain pointer: typeid(*prev) has no side effects
  auto* r = prev && typeid(*prev) == typeid(CheatyMagesState) ? static_cast<CheatyMagesState*>(prev)
                                                              : nullptr;
  if (!r || r == this) {
    out = resample(viewer, rng);
    return;
  }
  r->assign(*this);
  redeal(viewer, rng, *r);
}

// NOLINTNEXTLINE(readability-function-size)
void CheatyMagesState::redeal(Player viewer, Rng& rng, CheatyMagesState& r) const {
  // Long on purpose: one re-deal, in the order of D11's steps (hands, face-down spells, bets,
  // deck); to split.
  const int n = num_players();
  std::array<std::int8_t, kKinds> pool = d_.deck;
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    const Seat& s = d_.seats[q];
    for (int k = 0; k < kKinds; ++k)
      pool[static_cast<size_t>(k)] =
          static_cast<std::int8_t>(pool[static_cast<size_t>(k)] + s.hand[static_cast<size_t>(k)]);
  }
  // Unknown face-down slots: spell indices, and -1 for a face-down spell being cast.
  std::array<std::int8_t, kMaxSpells + 1> slots{};
  int ns = 0;
  for (int i = 0; i < d_.n_spells; ++i)
    if (!spell_visible(i, viewer)) {
      slots[static_cast<size_t>(ns++)] = static_cast<std::int8_t>(i);
      pool[static_cast<size_t>(d_.spells[static_cast<size_t>(i)].kind)]++;
    }
  const bool pending_hidden = d_.phase == Phase::kSpell && d_.stage == Stage::kTarget &&
                              d_.p_kind >= 0 && !d_.p_face_up && viewer != d_.turn_player;
  if (pending_hidden) {
    slots[static_cast<size_t>(ns++)] = -1;
    pool[static_cast<size_t>(d_.p_kind)]++;
  }
  auto slot_kind = [&](int slot) {
    return slot < 0 ? static_cast<int>(d_.p_kind) : d_.spells[static_cast<size_t>(slot)].kind;
  };
  auto slot_class = [&](int slot) {
    return slot < 0 ? d_.p_fclass : d_.spells[static_cast<size_t>(slot)].fclass;
  };
  for (int pass = 0; pass < 2; ++pass) {
    for (int j = 0; j < ns; ++j) {
      const int slot = slots[static_cast<size_t>(j)];
      const ForbiddenClass cls = slot_class(slot);
      if ((pass == 0) != (cls != ForbiddenClass::kUnknown)) continue;
      // A kind of the slot's type (never Reflection) within its public Forbidden class, drawn
      // with the pool's weights: the first kind, ascending, whose running count passes r.
      std::uint64_t kinds = cm_->type_kinds(cm_->spell(slot_kind(slot)).type) &
                            ~(std::uint64_t{1} << kind::kReflection);
      if (cls == ForbiddenClass::kNotForbidden) kinds &= ~cm_->forbidden_kinds();
      if (cls == ForbiddenClass::kForbidden) kinds &= cm_->forbidden_kinds();
      int total = 0;
      for (std::uint64_t m = kinds; m; m &= m - 1)
        total += pool[static_cast<size_t>(std::countr_zero(m))];
      int left = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
      int k = -1;
      for (std::uint64_t m = kinds; m && left >= 0; m &= m - 1) {
        k = std::countr_zero(m);
        left -= pool[static_cast<size_t>(k)];
      }
      pool[static_cast<size_t>(k)]--;
      if (slot < 0)
        r.d_.p_kind = static_cast<std::int8_t>(k);
      else
        r.d_.spells[static_cast<size_t>(slot)].kind = static_cast<std::int8_t>(k);
    }
  }
  // The hands: the first kind whose running count over the whole pool passes r, found through
  // per-block counts of 8 kinds kept up to date, so a draw scans at most 5 blocks and 8 kinds
  // instead of up to 37 kinds (the same draws; the rollout heuristic resamples at every decision:
  // these draws were a sixth of an ISMCTS iteration; issue 15).
  constexpr int kBlock = 8, kBlocks = (kKinds + kBlock - 1) / kBlock;
  std::array<int, kBlocks> block{};
  int total = 0;
  for (int k = 0; k < kKinds; ++k) {
    block[static_cast<size_t>(k / kBlock)] += pool[static_cast<size_t>(k)];
    total += pool[static_cast<size_t>(k)];
  }
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    Seat& t = r.d_.seats[q];
    t.hand.fill(0);
    for (int c = 0; c < t.hand_n; ++c) {
      int left = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
      int b = 0;
      while (b < kBlocks - 1 && left >= block[static_cast<size_t>(b)])
        left -= block[static_cast<size_t>(b++)];
      int k = b * kBlock;
      while ((left -= pool[static_cast<size_t>(k)]) >= 0) ++k;
      pool[static_cast<size_t>(k)]--;
      block[static_cast<size_t>(b)]--;
      --total;
      t.hand[static_cast<size_t>(k)]++;
    }
    if (!d_.bets_public && t.bet_n > 0) {
      std::uint8_t bets = 0;
      for (int c = 0; c < t.bet_n; ++c) {
        int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(kPositions - c)));
        for (int b = 0; b < kPositions; ++b)
          if (!(bets & (1u << b)) && pick-- == 0) {
            bets |= static_cast<std::uint8_t>(1u << b);
            break;
          }
      }
      t.bets = bets;
    }
  }
  r.d_.deck = pool;
  r.d_.deck_n = static_cast<std::int16_t>(total);
}

}  // namespace villainy::cheaty_mages
