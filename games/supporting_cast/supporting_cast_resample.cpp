// Tribute to the Supporting Cast: resampling (D11). A determinization for a viewer re-deals every
// card the viewer cannot locate, keeping what the public knows.
#include <typeinfo>

#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {

// D11: re-deal every card the viewer cannot locate.
std::unique_ptr<State> SupportingCastState::resample(Player viewer, Rng& rng) const {
  auto out = std::make_unique<SupportingCastState>(*this);
  redeal(viewer, rng, *out);
  return out;
}

void SupportingCastState::resample_into(Player viewer, Rng& rng,
                                        std::unique_ptr<State>& out) const {
  State* const prev = out.get();  // a plain pointer: typeid(*prev) has no side effects
  auto* r = prev && typeid(*prev) == typeid(SupportingCastState)
                ? static_cast<SupportingCastState*>(prev)
                : nullptr;
  if (!r || r == this) {
    out = resample(viewer, rng);
    return;
  }
  *r = *this;
  redeal(viewer, rng, *r);
}

void SupportingCastState::redeal(Player viewer, Rng& rng, SupportingCastState& r) const {
  const int n = num_players();
  if (phase_ == Phase::kDealVillain) return;  // nothing hidden yet
  // The unknown pool, canonically ordered.
  CardSet pool = pile_;
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    const Seat& s = seats_[static_cast<size_t>(q)];
    pool = pool | s.hand.minus(s.known);
    if (s.marker >= 0 && s.marker < kNumCards && s.marker_info != MarkerInfo::kPublic &&
        !s.known.test(s.marker))
      pool.set(s.marker);
  }
  std::array<std::int8_t, kNumCards> cards{};
  int m = 0;
  pool.for_each([&](int c) { cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(c); });
  CardSet rest = pool;  // the pool less every card taken: the new pile
  auto take = [&]() {
    // Partial Fisher–Yates: draw one of the remaining cards.
    int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(m)));
    std::int8_t c = cards[static_cast<size_t>(i)];
    cards[static_cast<size_t>(i)] = cards[static_cast<size_t>(m - 1)];
    --m;
    rest.reset(c);
    return static_cast<int>(c);
  };
  for (int q = 0; q < n; ++q) {
    if (q == viewer) continue;
    const Seat& s = seats_[static_cast<size_t>(q)];
    Seat& t = r.seats_[static_cast<size_t>(q)];
    const bool hidden_marker =
        s.marker >= 0 && s.marker < kNumCards && s.marker_info != MarkerInfo::kPublic;
    const int hand_n = s.hand.count();
    CardSet combined = s.known;  // known cards are in hand or are the hidden marker
    const int unknown_n = hand_n + (hidden_marker ? 1 : 0) - s.known.count();
    CardSet extra;
    for (int i = 0; i < unknown_n; ++i) extra.set(take());
    if (!hidden_marker) {
      t.hand = combined | extra;
      continue;
    }
    int marker;
    switch (s.marker_info) {
      case MarkerInfo::kInKnown:
        marker =
            s.known.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(s.known.count()))));
        break;
      case MarkerInfo::kOutKnown:
        marker = extra.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(extra.count()))));
        break;
      default: {
        CardSet all = combined | extra;
        marker = all.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(all.count()))));
      }
    }
    t.marker = static_cast<std::int8_t>(marker);
    CardSet hand = combined | extra;
    hand.reset(marker);
    t.hand = hand;
  }
  r.pile_ = rest;
}

}  // namespace villainy::supporting_cast
