// Cheaty Mages!: resampling (D11).
#include <fmt/format.h>

#include <typeinfo>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {

int CheatyMagesState::draw_random_kind(Rng& rng, const std::array<std::int8_t, kKinds>& pool,
                                       int total) const {
  int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
  for (int k = 0; k < kKinds; ++k) {
    r -= pool[static_cast<size_t>(k)];
    if (r < 0) return k;
  }
  return -1;
}

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
  *r = *this;
  redeal(viewer, rng, *r);
}

void CheatyMagesState::redeal(Player viewer, Rng& rng, CheatyMagesState& r) const {
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
      const SpellType type = cm_->spell(slot_kind(slot)).type;
      std::array<std::int8_t, kKinds> sub{};
      int total = 0;
      for (int k = 0; k < kKinds; ++k) {
        const SpellData& sd = cm_->spell(k);
        if (sd.type != type || k == kind::kReflection ||
            (cls == ForbiddenClass::kNotForbidden && sd.forbidden) ||
            (cls == ForbiddenClass::kForbidden && !sd.forbidden))
          continue;
        sub[static_cast<size_t>(k)] = pool[static_cast<size_t>(k)];
        total += pool[static_cast<size_t>(k)];
      }
      const int k = draw_random_kind(rng, sub, total);
      pool[static_cast<size_t>(k)]--;
      if (slot < 0)
        r.d_.p_kind = static_cast<std::int8_t>(k);
      else
        r.d_.spells[static_cast<size_t>(slot)].kind = static_cast<std::int8_t>(k);
    }
  }
  int total = 0;
  for (int k = 0; k < kKinds; ++k) total += pool[static_cast<size_t>(k)];
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    Seat& t = r.d_.seats[q];
    t.hand.fill(0);
    for (int c = 0; c < t.hand_n; ++c) {
      const int k = draw_random_kind(rng, pool, total);
      pool[static_cast<size_t>(k)]--;
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
