// Mwahahaha!: resampling. Everything the viewer cannot locate is re-dealt from a canonical pool
// consistent with what the viewer knows (D15): other hands, face-down Minions and devices, deck
// orders the viewer has not seen, cards awaiting another player's choice.
#include <algorithm>
#include <typeinfo>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

namespace {
int vidx(Player viewer) {
  return viewer >= 0 ? viewer : kMaxPlayers;
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

void MwahahahaState::redeal(Player viewer, Rng& rng, MwahahahaState& r) const {
  Core& c = r.s_;
  const int n = num_players();
  const int vi = vidx(viewer);
  auto shuffle = [&](auto* arr, int len) {
    for (int i = len - 1; i > 0; --i)
      std::swap(arr[i], arr[rng.below(static_cast<std::uint32_t>(i + 1))]);
  };
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
    int n_offer_unknown = 0, n_give_unknown = 0;
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
      (void)n_give_unknown;
    }
    // Canonical pool, shuffled.
    std::array<std::int8_t, 5 * 25> cards{};
    int m = 0;
    for (int k = 0; k < kRawKinds; ++k)
      for (int x = 0; x < pool[static_cast<size_t>(k)]; ++x)
        cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(k);
    shuffle(cards.data(), m);
    int next = 0;
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
      for (int i = known; i < total; ++i)
        st.raw[static_cast<size_t>(cards[static_cast<size_t>(next++)])]++;
      if (draws_offer) {
        int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
        int k = 0;
        while (pick >= st.raw[static_cast<size_t>(k)]) pick -= st.raw[static_cast<size_t>(k++)];
        st.raw[static_cast<size_t>(k)]--;
        offer_slot[static_cast<size_t>(s_.t_raw_n - 1)] = k;
      }
    }
    c.raw_deck = {};
    for (; next < m; ++next) c.raw_deck[static_cast<size_t>(cards[static_cast<size_t>(next)])]++;
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
    std::array<int, kNumTricks> pool{};
    for (int t = 0; t < kNumTricks; ++t)
      pool[static_cast<size_t>(t)] =
          d_->tricks[static_cast<size_t>(t)].copies - s_.trick_discard[static_cast<size_t>(t)] -
          s_.t_offer_trick[static_cast<size_t>(t)] - s_.t_got_trick[static_cast<size_t>(t)];
    if (viewer >= 0)
      for (int t = 0; t < kNumTricks; ++t)
        pool[static_cast<size_t>(t)] -= seat(viewer).tricks[static_cast<size_t>(t)];
    for (int p = 0; p < n; ++p)
      if (p != viewer)
        for (int t = 0; t < kNumTricks; ++t)
          pool[static_cast<size_t>(t)] -=
              s_.known_trick[static_cast<size_t>(vi)][static_cast<size_t>(p)]
                            [static_cast<size_t>(t)];
    std::array<std::int8_t, 64> cards{};
    int m = 0;
    for (int t = 0; t < kNumTricks; ++t)
      for (int x = 0; x < pool[static_cast<size_t>(t)]; ++x)
        cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(t);
    shuffle(cards.data(), m);
    int next = 0;
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      Seat& st = c.seats[static_cast<size_t>(p)];
      const int total = seat(p).trick_count();
      st.tricks = s_.known_trick[static_cast<size_t>(vi)][static_cast<size_t>(p)];
      int known = 0;
      for (auto x : st.tricks) known += x;
      for (int i = known; i < total; ++i)
        st.tricks[static_cast<size_t>(cards[static_cast<size_t>(next++)])]++;
    }
    c.trick_deck = {};
    for (; next < m; ++next) c.trick_deck[static_cast<size_t>(cards[static_cast<size_t>(next)])]++;
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
  // --- Minions: unknown face-down slots, sorted by public tag (who else knows it, trade role) ---
  {
    struct Slot {
      int key, seat, id;
    };
    std::array<Slot, kNumMinions> slots{};
    int ns = 0;
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      for (int m = 0; m < kNumMinions; ++m)
        if (bit(seat(p).minions, m) && !minion_known(m, viewer)) {
          const int tag = (bit(s_.t_offer_min, m) << 8) | (bit(s_.t_ask_min, m) << 9);
          slots[static_cast<size_t>(ns++)] = {p * 1024 + tag, p, m};
        }
    }
    std::sort(slots.begin(), slots.begin() + ns, [](const Slot& a, const Slot& b) {
      return a.key < b.key || (a.key == b.key && a.id < b.id);
    });
    std::uint64_t pool = s_.min_deck;
    for (int i = 0; i < ns; ++i) pool |= 1ULL << slots[static_cast<size_t>(i)].id;
    const bool top_hidden = !(viewer >= 0 && ((s_.top_known[1] >> viewer) & 1));
    if (top_hidden)
      for (int i = 0; i < s_.top_n[1]; ++i) pool |= 1ULL << s_.top[1][static_cast<size_t>(i)];
    const bool bottom_hidden = !(viewer >= 0 && ((s_.bottom_known >> viewer) & 1));
    if (bottom_hidden)
      for (int i = 0; i < s_.min_bottom_n; ++i)
        pool |= 1ULL << s_.min_bottom[static_cast<size_t>(i)];
    const bool pend = pending_minions && !pending_known;
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i) pool |= 1ULL << s_.pending[static_cast<size_t>(i)];
    std::array<std::int8_t, kNumMinions> cards{};
    int m = 0;
    for (int i = 0; i < kNumMinions; ++i)
      if (bit(pool, i)) cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(i);
    shuffle(cards.data(), m);
    int next = 0;
    for (int i = 0; i < ns; ++i) {  // clear old identities
      c.seats[static_cast<size_t>(slots[static_cast<size_t>(i)].seat)].minions &=
          ~(1ULL << slots[static_cast<size_t>(i)].id);
      c.t_offer_min &= ~(1ULL << slots[static_cast<size_t>(i)].id);
      c.t_ask_min &= ~(1ULL << slots[static_cast<size_t>(i)].id);
    }
    for (int i = 0; i < kNumMinions; ++i)
      if (bit(pool, i)) c.min_known[static_cast<size_t>(i)] = 0;
    for (int i = 0; i < ns; ++i) {
      const Slot& sl = slots[static_cast<size_t>(i)];
      const int nm = cards[static_cast<size_t>(next++)];
      c.seats[static_cast<size_t>(sl.seat)].minions |= 1ULL << nm;
      // Who else knows which of a seat's face-down Minions is hidden from the viewer (D15): the
      // owner knows it, the trade partner knows an offered one, the proposer an asked one.
      int mask = 1 << sl.seat;
      if (bit(s_.t_offer_min, sl.id)) mask |= 1 << s_.trade_partner;
      if (bit(s_.t_ask_min, sl.id)) mask |= 1 << s_.trade_proposer;
      c.min_known[static_cast<size_t>(nm)] = static_cast<std::uint8_t>(mask);
      if (bit(s_.t_offer_min, sl.id)) c.t_offer_min |= 1ULL << nm;
      if (bit(s_.t_ask_min, sl.id)) c.t_ask_min |= 1ULL << nm;
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
    c.min_deck = 0;
    for (; next < m; ++next) {
      c.min_deck |= 1ULL << cards[static_cast<size_t>(next)];
      c.min_known[static_cast<size_t>(cards[static_cast<size_t>(next)])] = 0;
    }
  }
  // --- Devices ---
  {
    std::array<int, kMaxPlayers> slot_seat{};
    int ns = 0;
    std::uint32_t pool = s_.dev_deck;
    std::array<std::uint8_t, kMaxPlayers> masks{};
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      if (seat(p).device >= 0 && !device_known(p, viewer)) {
        masks[static_cast<size_t>(ns)] = s_.dev_known[static_cast<size_t>(seat(p).device)];
        slot_seat[static_cast<size_t>(ns++)] = p;
        pool |= 1U << seat(p).device;
      }
    }
    const bool pend = pending_devices && !pending_known;
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i) pool |= 1U << s_.pending[static_cast<size_t>(i)];
    std::array<std::int8_t, kNumDevices> cards{};
    int m = 0;
    for (int i = 0; i < kNumDevices; ++i)
      if ((pool >> i) & 1) cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(i);
    shuffle(cards.data(), m);
    int next = 0;
    for (int i = 0; i < kNumDevices; ++i)
      if ((pool >> i) & 1) c.dev_known[static_cast<size_t>(i)] = 0;
    for (int i = 0; i < ns; ++i) {
      const int nd = cards[static_cast<size_t>(next++)];
      c.seats[static_cast<size_t>(slot_seat[static_cast<size_t>(i)])].device =
          static_cast<std::int8_t>(nd);
      c.dev_known[static_cast<size_t>(nd)] = masks[static_cast<size_t>(i)];
    }
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i)
        c.pending[static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    c.dev_deck = 0;
    for (; next < m; ++next) {
      c.dev_deck |= 1U << cards[static_cast<size_t>(next)];
      c.dev_known[static_cast<size_t>(cards[static_cast<size_t>(next)])] = 0;
    }
  }
  // --- Empire deck (and a hidden Insider Tip stack / pending look) ---
  {
    std::uint64_t pool = s_.emp_deck;
    const bool top_hidden = !(viewer >= 0 && ((s_.top_known[0] >> viewer) & 1));
    if (top_hidden)
      for (int i = 0; i < s_.top_n[0]; ++i) pool |= 1ULL << s_.top[0][static_cast<size_t>(i)];
    const bool pend = pending_empires && !pending_known;
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i) pool |= 1ULL << s_.pending[static_cast<size_t>(i)];
    std::array<std::int8_t, kNumEmpires> cards{};
    int m = 0;
    for (int i = 0; i < kNumEmpires; ++i)
      if (bit(pool, i)) cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(i);
    shuffle(cards.data(), m);
    int next = 0;
    if (top_hidden)
      for (int i = 0; i < s_.top_n[0]; ++i)
        c.top[0][static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i)
        c.pending[static_cast<size_t>(i)] = cards[static_cast<size_t>(next++)];
    c.emp_deck = 0;
    for (; next < m; ++next) c.emp_deck |= 1ULL << cards[static_cast<size_t>(next)];
  }
}

}  // namespace villainy::mwahahaha
