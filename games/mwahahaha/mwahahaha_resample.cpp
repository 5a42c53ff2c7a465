// Mwahahaha!: resampling. Everything the viewer cannot locate is re-dealt from a canonical pool
// consistent with what the viewer knows (D15): other hands, face-down Minions and devices, deck
// orders the viewer has not seen, cards awaiting another player's choice.
//
// Only what is hidden is drawn (issue 15): the hidden slots (cards in other hands, face-down
// Minions and devices, an unseen Insider Tip stack or Assembly Line bottom, pending cards) are
// filled one by one, each uniformly from the cards of the pool not yet drawn, and what is left is
// the deck, which is an unordered multiset (D2) and so needs no shuffle. That is the same law as
// shuffling the whole pool and dealing from its top, at the cost of the slots instead of the pool
// (a Mwahahaha! rollout resamples at every heuristic decision).
#include <algorithm>
#include <bit>
#include <stdexcept>
#include <typeinfo>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

namespace {
[[noreturn]] void short_pool(const char* what) {
  throw std::logic_error(std::string("mwahahaha resample: fewer hidden ") + what +
                         " than hidden places (inconsistent state)");
}

// A multiset of card kinds by count: draws one card uniformly and takes it out.
template <size_t K>
struct KindPool {
  std::array<int, K> n{};
  int total = 0;
  int draw(Rng& rng) {
    if (total <= 0) short_pool("cards");
    int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
    int k = 0;
    while (r >= n[static_cast<size_t>(k)]) r -= n[static_cast<size_t>(k++)];
    n[static_cast<size_t>(k)]--;
    --total;
    return k;
  }
};

// A set of card ids (a bitmask): the first `need` ids of `out` become a uniformly drawn ordered
// sample of it (a partial Fisher-Yates shuffle); returns the mask of the ids drawn.
template <class Mask>
Mask draw_ids(Mask pool, int need, std::int8_t* out, Rng& rng) {
  int m = 0;
  for (Mask b = pool; b; b &= b - 1) out[m++] = static_cast<std::int8_t>(std::countr_zero(b));
  if (need > m) short_pool("cards");
  Mask drawn = 0;
  for (int i = 0; i < need; ++i) {
    std::swap(out[i], out[i + static_cast<int>(rng.below(static_cast<std::uint32_t>(m - i)))]);
    drawn |= Mask{1} << out[i];
  }
  return drawn;
}
}  // namespace

std::unique_ptr<State> MwahahahaState::resample(Player viewer, Rng& rng) const {
  auto out = std::make_unique<MwahahahaState>(*this);
  redeal(viewer, rng, *out);
  return out;
}

void MwahahahaState::resample_into(Player viewer, Rng& rng, std::unique_ptr<State>& out) const {
  State* const prev = out.get();  // a plain pointer: typeid(*prev) has no side effects
  auto* r = prev && typeid(*prev) == typeid(MwahahahaState) ? static_cast<MwahahahaState*>(prev)
                                                            : nullptr;
  if (!r || r == this) {
    out = resample(viewer, rng);
    return;
  }
  *r = *this;
  redeal(viewer, rng, *r);
}

// NOLINTNEXTLINE(readability-function-size)
void MwahahahaState::redeal(Player viewer, Rng& rng, MwahahahaState& r) const {
  // Long on purpose: one re-deal of every hidden place (D2, issue 15's rewrite); to split by pool.
  Core& c = r.s_;
  const int n = num_players();
  const int vi = vidx(viewer);
  const int chooser = (s_.stage == Stage::kChance) ? s_.ch_player : s_.actor;
  const bool pending_known = viewer >= 0 && viewer == chooser;
  // Slots past the pending cards hold stale (hidden) cards: cleared, so the resample depends
  // only on the viewer's information.
  for (int i = s_.pending_n; i < 3; ++i) c.pending[static_cast<size_t>(i)] = 0;

  // --- raw cards (counts by kind) ---
  {
    std::array<int, kRawKinds> pool{};
    for (int k = 0; k < kRawKinds; ++k)
      pool[static_cast<size_t>(k)] = g_->raw_total(k) - s_.raw_discard[static_cast<size_t>(k)];
    if (s_.conv_pending) pool[s_.conv_kind]--;
    if (viewer >= 0)
      for (int k = 0; k < kRawKinds; ++k)
        pool[static_cast<size_t>(k)] -= seat(viewer).raw[static_cast<size_t>(k)];
    for (int p = 0; p < n; ++p)
      if (p != viewer)
        for (int k = 0; k < kRawKinds; ++k)
          pool[static_cast<size_t>(k)] -=
              s_.known_raw[static_cast<size_t>(vi)][static_cast<size_t>(p)][static_cast<size_t>(k)];
    // Cards in a pending trade: known to the viewer, or assumed as described (D5).
    const bool trade_on = s_.trade_partner >= 0;
    std::array<int, kMaxTradeItems> offer_slot{}, give_slot{};
    int n_offer_unknown = 0;
    if (trade_on) {
      for (int i = 0; i < s_.t_raw_n; ++i) {
        const bool described = !(s_.stage == Stage::kDescribe && i == s_.t_raw_n - 1);
        if (viewer == s_.trade_proposer || (viewer == s_.trade_partner && s_.t_peeked == i + 1)) {
          pool[static_cast<size_t>(s_.t_raw_actual[static_cast<size_t>(i)])]--;
          offer_slot[static_cast<size_t>(i)] = s_.t_raw_actual[static_cast<size_t>(i)];
        } else if (described) {
          const int dk = s_.t_raw_desc[static_cast<size_t>(i)];
          const int k = pool[static_cast<size_t>(dk)] > 0 ? dk : kBetrayed;
          pool[static_cast<size_t>(k)]--;
          offer_slot[static_cast<size_t>(i)] = k;
        } else {
          offer_slot[static_cast<size_t>(i)] = -1;  // drawn from the offerer's hand below
          ++n_offer_unknown;
        }
      }
      const int ng = std::min<int>(s_.t_given, s_.t_ask_raw_n);
      for (int i = 0; i < ng; ++i) {
        if (viewer == s_.trade_partner) {
          pool[static_cast<size_t>(s_.t_got_raw[static_cast<size_t>(i)])]--;
          give_slot[static_cast<size_t>(i)] = s_.t_got_raw[static_cast<size_t>(i)];
        } else {
          const int dk = s_.t_ask_raw[static_cast<size_t>(i)];
          const int k = pool[static_cast<size_t>(dk)] > 0 ? dk : kBetrayed;
          pool[static_cast<size_t>(k)]--;
          give_slot[static_cast<size_t>(i)] = k;
        }
      }
    }
    // The canonical pool (a count below zero holds no card), dealt to the hidden places.
    KindPool<kRawKinds> cards;
    for (int k = 0; k < kRawKinds; ++k) {
      cards.n[static_cast<size_t>(k)] = std::max(0, pool[static_cast<size_t>(k)]);
      cards.total += cards.n[static_cast<size_t>(k)];
    }
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      Seat& st = c.seats[static_cast<size_t>(p)];
      // A card offered and not yet described is one of the offerer's hand as the viewer knows it
      // (whose lower bounds still count it): dealt with the hand, then one drawn out at random.
      const bool draws_offer = n_offer_unknown > 0 && p == s_.trade_proposer;
      const int total = seat(p).raw_count() + (draws_offer ? 1 : 0);
      st.raw = s_.known_raw[static_cast<size_t>(vi)][static_cast<size_t>(p)];
      int known = 0;
      for (auto x : st.raw) known += x;
      for (int i = known; i < total; ++i) st.raw[static_cast<size_t>(cards.draw(rng))]++;
      if (draws_offer) {
        int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
        int k = 0;
        while (pick >= st.raw[static_cast<size_t>(k)]) pick -= st.raw[static_cast<size_t>(k++)];
        st.raw[static_cast<size_t>(k)]--;
        offer_slot[static_cast<size_t>(s_.t_raw_n - 1)] = k;
      }
    }
    for (int k = 0; k < kRawKinds; ++k)  // the rest is the deck (unordered, D2)
      c.raw_deck[static_cast<size_t>(k)] =
          static_cast<std::uint8_t>(cards.n[static_cast<size_t>(k)]);
    if (trade_on) {
      for (int i = 0; i < s_.t_raw_n; ++i)
        c.t_raw_actual[static_cast<size_t>(i)] =
            static_cast<std::int8_t>(offer_slot[static_cast<size_t>(i)]);
      for (int i = 0; i < std::min<int>(s_.t_given, s_.t_ask_raw_n); ++i)
        c.t_got_raw[static_cast<size_t>(i)] =
            static_cast<std::int8_t>(give_slot[static_cast<size_t>(i)]);
      // An undescribed card's description is a placeholder until described.
      if (s_.stage == Stage::kDescribe && viewer != s_.trade_proposer)
        c.t_raw_desc[static_cast<size_t>(s_.t_raw_n - 1)] =
            c.t_raw_actual[static_cast<size_t>(s_.t_raw_n - 1)];
    }
    // Other seats' private knowledge is hidden from the viewer: it becomes the public knowledge
    // (a lower bound of every hand consistent with the viewer's information).
    for (int v = 0; v < kMaxPlayers; ++v)
      if (v != viewer) c.known_raw[static_cast<size_t>(v)] = s_.known_raw[kMaxPlayers];
  }
  // --- Dirty Tricks ---
  {
    KindPool<kNumTricks> cards;
    auto& left = cards.n;  // one pass per array (vectorised), then clamped and counted
    for (int t = 0; t < kNumTricks; ++t)
      left[static_cast<size_t>(t)] =
          d_->tricks[static_cast<size_t>(t)].copies - s_.trick_discard[static_cast<size_t>(t)] -
          s_.t_offer_trick[static_cast<size_t>(t)] - s_.t_got_trick[static_cast<size_t>(t)];
    if (viewer >= 0)
      for (int t = 0; t < kNumTricks; ++t)
        left[static_cast<size_t>(t)] -= seat(viewer).tricks[static_cast<size_t>(t)];
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      const auto& known = s_.known_trick[static_cast<size_t>(vi)][static_cast<size_t>(p)];
      for (int t = 0; t < kNumTricks; ++t)
        left[static_cast<size_t>(t)] -= known[static_cast<size_t>(t)];
    }
    for (int t = 0; t < kNumTricks; ++t) {
      left[static_cast<size_t>(t)] = std::max(0, left[static_cast<size_t>(t)]);
      cards.total += left[static_cast<size_t>(t)];
    }
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      Seat& st = c.seats[static_cast<size_t>(p)];
      const int total = seat(p).trick_count();
      st.tricks = s_.known_trick[static_cast<size_t>(vi)][static_cast<size_t>(p)];
      int known = 0;
      for (auto x : st.tricks) known += x;
      for (int i = known; i < total; ++i) st.tricks[static_cast<size_t>(cards.draw(rng))]++;
    }
    for (int t = 0; t < kNumTricks; ++t)
      c.trick_deck[static_cast<size_t>(t)] =
          static_cast<std::uint8_t>(cards.n[static_cast<size_t>(t)]);
    for (int v = 0; v < kMaxPlayers; ++v)
      if (v != viewer) c.known_trick[static_cast<size_t>(v)] = s_.known_trick[kMaxPlayers];
  }
  const bool pending_minions =
      (s_.stage == Stage::kSelectMinion &&
       (s_.purpose == Purpose::kAssembly || s_.purpose == Purpose::kTopOrder)) ||
      (s_.stage == Stage::kChance && s_.ch_kind == ChanceKind::kMinion && s_.pending_n > 0);
  const bool pending_empires =
      (s_.stage == Stage::kChooseEmpire && s_.purpose == Purpose::kTopOrder) ||
      (s_.stage == Stage::kChance && s_.ch_kind == ChanceKind::kEmpire && s_.pending_n > 0);
  const bool pending_devices =
      s_.stage == Stage::kKeepDevice ||
      (s_.stage == Stage::kChance && s_.ch_kind == ChanceKind::kDevice && s_.pending_n > 0);
  // --- Minions: unknown face-down slots in a public order (seat, who else knows it by its trade
  // role, id) ---
  {
    struct Slot {
      std::int8_t seat, tag;  // tag: 1 offered in the trade, 2 asked for
    };
    std::array<Slot, kNumMinions> slots;  // the first ns are set
    int ns = 0;
    std::uint64_t slot_ids = 0;
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      std::uint64_t unknown = 0;
      for (std::uint64_t b = seat(p).minions & ~s_.face_up; b; b &= b - 1) {
        const int m = std::countr_zero(b);
        if (!minion_known(m, viewer)) unknown |= 1ULL << m;
      }
      slot_ids |= unknown;
      c.seats[static_cast<size_t>(p)].minions &= ~unknown;  // their old identities go
      const std::uint64_t off = s_.t_offer_min, ask = s_.t_ask_min;
      const std::array<std::uint64_t, 4> by_tag{unknown & ~off & ~ask, unknown & off & ~ask,
                                                unknown & ~off & ask, unknown & off & ask};
      for (int tag = 0; tag < 4; ++tag)
        for (std::uint64_t b = by_tag[static_cast<size_t>(tag)]; b; b &= b - 1)
          slots[static_cast<size_t>(ns++)] = {static_cast<std::int8_t>(p),
                                              static_cast<std::int8_t>(tag)};
    }
    c.t_offer_min &= ~slot_ids;
    c.t_ask_min &= ~slot_ids;
    std::uint64_t pool = s_.min_deck | slot_ids;
    int need = ns;
    const bool top_hidden = !(viewer >= 0 && ((s_.top_known[1] >> viewer) & 1));
    if (top_hidden) {
      for (int i = 0; i < s_.top_n[1]; ++i) pool |= 1ULL << s_.top[1][static_cast<size_t>(i)];
      need += s_.top_n[1];
    }
    const bool bottom_hidden = !(viewer >= 0 && ((s_.bottom_known >> viewer) & 1));
    if (bottom_hidden) {
      for (int i = 0; i < s_.min_bottom_n; ++i)
        pool |= 1ULL << s_.min_bottom[static_cast<size_t>(i)];
      need += s_.min_bottom_n;
    }
    const bool pend = pending_minions && !pending_known;
    if (pend) {
      for (int i = 0; i < s_.pending_n; ++i) pool |= 1ULL << s_.pending[static_cast<size_t>(i)];
      need += s_.pending_n;
    }
    std::array<std::int8_t, kNumMinions> cards;  // the pool's ids; the first `need` are drawn
    const std::uint64_t drawn = draw_ids(pool, need, cards.data(), rng);
    for (std::uint64_t b = pool; b; b &= b - 1)
      c.min_known[static_cast<size_t>(std::countr_zero(b))] = 0;
    int next = 0;
    for (int i = 0; i < ns; ++i) {
      const Slot& sl = slots[static_cast<size_t>(i)];
      const int nm = cards[static_cast<size_t>(next++)];
      c.seats[static_cast<size_t>(sl.seat)].minions |= 1ULL << nm;
      // Who else knows which of a seat's face-down Minions is hidden from the viewer (D15): the
      // owner knows it, the trade partner knows an offered one, the proposer an asked one.
      int mask = 1 << sl.seat;
      if (sl.tag & 1) {
        mask |= 1 << s_.trade_partner;
        c.t_offer_min |= 1ULL << nm;
      }
      if (sl.tag & 2) {
        mask |= 1 << s_.trade_proposer;
        c.t_ask_min |= 1ULL << nm;
      }
      c.min_known[static_cast<size_t>(nm)] = static_cast<std::uint8_t>(mask);
    }
    if (top_hidden)
      for (int i = 0; i < s_.top_n[1]; ++i)
        c.top[1][static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    if (bottom_hidden)
      for (int i = 0; i < s_.min_bottom_n; ++i)
        c.min_bottom[static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i)
        c.pending[static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    c.min_deck = pool & ~drawn;  // the rest is the deck (unordered, D2)
  }
  // --- Devices ---
  {
    std::array<int, kMaxPlayers> slot_seat{};
    std::array<std::uint8_t, kMaxPlayers> masks{};
    int ns = 0;
    std::uint32_t pool = s_.dev_deck;
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      if (seat(p).device >= 0 && !device_known(p, viewer)) {
        masks[static_cast<size_t>(ns)] = s_.dev_known[static_cast<size_t>(seat(p).device)];
        slot_seat[static_cast<size_t>(ns++)] = p;
        pool |= 1U << seat(p).device;
      }
    }
    int need = ns;
    const bool pend = pending_devices && !pending_known;
    if (pend) {
      for (int i = 0; i < s_.pending_n; ++i) pool |= 1U << s_.pending[static_cast<size_t>(i)];
      need += s_.pending_n;
    }
    std::array<std::int8_t, kNumDevices> cards;  // the pool's ids; the first `need` are drawn
    const std::uint32_t drawn = draw_ids(pool, need, cards.data(), rng);
    for (std::uint32_t b = pool; b; b &= b - 1)
      c.dev_known[static_cast<size_t>(std::countr_zero(b))] = 0;
    int next = 0;
    for (int i = 0; i < ns; ++i) {
      const int nd = cards[static_cast<size_t>(next++)];
      c.seats[static_cast<size_t>(slot_seat[static_cast<size_t>(i)])].device =
          static_cast<std::int8_t>(nd);
      c.dev_known[static_cast<size_t>(nd)] = masks[static_cast<size_t>(i)];
    }
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i)
        c.pending[static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    c.dev_deck = pool & ~drawn;
  }
  // --- Empire deck (and a hidden Insider Tip stack / pending look) ---
  {
    std::uint64_t pool = s_.emp_deck;
    int need = 0;
    const bool top_hidden = !(viewer >= 0 && ((s_.top_known[0] >> viewer) & 1));
    if (top_hidden) {
      for (int i = 0; i < s_.top_n[0]; ++i) pool |= 1ULL << s_.top[0][static_cast<size_t>(i)];
      need += s_.top_n[0];
    }
    const bool pend = pending_empires && !pending_known;
    if (pend) {
      for (int i = 0; i < s_.pending_n; ++i) pool |= 1ULL << s_.pending[static_cast<size_t>(i)];
      need += s_.pending_n;
    }
    if (need == 0) return;  // nothing of the deck is placed: it stays as it is (unordered)
    std::array<std::int8_t, kNumEmpires> cards;  // the pool's ids; the first `need` are drawn
    const std::uint64_t drawn = draw_ids(pool, need, cards.data(), rng);
    int next = 0;
    if (top_hidden)
      for (int i = 0; i < s_.top_n[0]; ++i)
        c.top[0][static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i)
        c.pending[static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    c.emp_deck = pool & ~drawn;
  }
}

}  // namespace villainy::mwahahaha
