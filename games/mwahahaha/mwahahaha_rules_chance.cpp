// Mwahahaha! rules, chance (MW-2b; D2, D3): draws from unordered decks, reshuffles, Insider Tip
// stacks and Assembly Line cards, dice, the scientist deal and the phase tie.
#include <algorithm>
#include <bit>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {

// Cards left in the Empire (0) or Minion (1) deck: an Insider Tip stack on top, the unordered
// middle, the Assembly Line cards at the bottom (D2).
int MwahahahaState::deck_left(int dk) const {
  return s_.top_n[static_cast<size_t>(dk)] +
         (dk == 0 ? std::popcount(s_.emp_deck) : std::popcount(s_.min_deck) + s_.min_bottom_n);
}

// Cards a draw can reach: the deck, or its discard pile once reshuffled (MW-2b).
int MwahahahaState::drawable(int dk) const {
  const int left = deck_left(dk);
  if (left > 0) return left;
  return dk == 0 ? std::popcount(s_.emp_discard) : s_.min_discard_n;
}

int MwahahahaState::raw_deck_size() const {
  return sum(s_.raw_deck);
}

int MwahahahaState::minion_deck_size() const {
  return std::popcount(s_.min_deck);
}

void MwahahahaState::reshuffle_if_empty(ChanceKind kind) {
  switch (kind) {
    case ChanceKind::kRaw:
      if (sum(s_.raw_deck) == 0) {
        s_.raw_deck = s_.raw_discard;
        s_.raw_discard = {};
      }
      break;
    case ChanceKind::kTrick:
      if (sum(s_.trick_deck) == 0) {
        s_.trick_deck = s_.trick_discard;
        s_.trick_discard = {};
      }
      break;
    case ChanceKind::kEmpire:
      if (s_.emp_deck == 0 && s_.top_n[0] == 0) {
        s_.emp_deck = s_.emp_discard;
        s_.emp_discard = 0;
      }
      break;
    case ChanceKind::kMinion:
      if (deck_left(1) == 0) {
        for (int i = 0; i < s_.min_discard_n; ++i) {
          const int m = s_.min_discard[static_cast<size_t>(i)];
          s_.min_deck |= 1ULL << m;
          s_.face_up &= ~(1ULL << m);
        }
        s_.min_discard_n = 0;
      }
      break;
    case ChanceKind::kDevice:
      if (s_.dev_deck == 0) {
        s_.dev_deck = s_.dev_discard;
        s_.dev_discard = 0;
      }
      break;
    default:
      break;
  }
}

// Schedules `count` chance events of `kind` for `player`; `after` runs when they are done.
void MwahahahaState::chance(ChanceKind kind, int player, int count, Next after) {
  s_.frames.push({after});
  draw(kind, player, count);
}

// Schedules draws whose continuation is the frame on top.
void MwahahahaState::draw(ChanceKind kind, int player, int count) {
  s_.ch_kind = kind;
  s_.ch_player = static_cast<std::uint8_t>(player);
  s_.ch_count = static_cast<std::uint8_t>(count);
  s_.stage = Stage::kChance;
  // Skip draws from decks that are empty even after a reshuffle (MW-2b).
  while (s_.ch_count > 0) {
    reshuffle_if_empty(kind);
    bool empty = false;
    switch (kind) {
      case ChanceKind::kRaw:
        empty = sum(s_.raw_deck) == 0;
        break;
      case ChanceKind::kTrick:
        empty = sum(s_.trick_deck) == 0;
        break;
      case ChanceKind::kEmpire:
        empty = s_.emp_deck == 0 && s_.top_n[0] == 0;
        break;
      case ChanceKind::kMinion:
        empty = deck_left(1) == 0;
        break;
      case ChanceKind::kDevice:
        empty = s_.dev_deck == 0;
        break;
      case ChanceKind::kScientist:
        empty = s_.sci_pool == 0;
        break;
      case ChanceKind::kLabLoss:
        empty = seat(player).raw_count() == 0;
        break;
      default:
        break;
    }
    if (!empty) return;
    s_.ch_count = 0;
  }
  after_chance();
}

void MwahahahaState::after_chance() {
  resume_top();
}

void MwahahahaState::draw_raw_into(int p, int kind) {
  s_.raw_deck[static_cast<size_t>(kind)]--;
  s_.seats[static_cast<size_t>(p)].raw[static_cast<size_t>(kind)]++;
}

void MwahahahaState::pop_bottom() {
  for (int i = 0; i + 1 < s_.min_bottom_n; ++i)
    s_.min_bottom[static_cast<size_t>(i)] = s_.min_bottom[static_cast<size_t>(i + 1)];
  if (--s_.min_bottom_n == 0) s_.bottom_known = 0;
}

// One chance outcome happened.
static void pop_top(std::array<std::int8_t, 3>& top, std::uint8_t& n) {
  for (int i = 0; i + 1 < n; ++i) top[static_cast<size_t>(i)] = top[static_cast<size_t>(i + 1)];
  --n;
}

void MwahahahaState::chance_outcomes(std::vector<ChanceOutcome>& out) const {
  out.clear();
  switch (s_.ch_kind) {
    case ChanceKind::kDie:
      for (int i = 0; i < 6; ++i) out.push_back({act::kDie + i, 1.0 / 6});
      break;
    case ChanceKind::kRaw: {
      const double n = sum(s_.raw_deck);
      for (int k = 0; k < kRawKinds; ++k)
        if (s_.raw_deck[static_cast<size_t>(k)])
          out.push_back({act::kRaw + k, s_.raw_deck[static_cast<size_t>(k)] / n});
      break;
    }
    case ChanceKind::kLabLoss: {
      const Seat& st = seat(s_.ch_player);
      const double n = st.raw_count();
      for (int k = 0; k < kRawKinds; ++k)
        if (st.raw[static_cast<size_t>(k)])
          out.push_back({act::kRaw + k, st.raw[static_cast<size_t>(k)] / n});
      break;
    }
    case ChanceKind::kTrick: {
      const double n = sum(s_.trick_deck);
      for (int k = 0; k < kNumTricks; ++k)
        if (s_.trick_deck[static_cast<size_t>(k)])
          out.push_back({act::kTrickDraw + k, s_.trick_deck[static_cast<size_t>(k)] / n});
      break;
    }
    case ChanceKind::kEmpire:
    case ChanceKind::kMinion: {
      const int dk = s_.ch_kind == ChanceKind::kEmpire ? 0 : 1;
      const int base = dk == 0 ? act::kEmpire : act::kMinion;
      if (s_.top_n[static_cast<size_t>(dk)] > 0) {
        out.push_back({base + s_.top[static_cast<size_t>(dk)][0], 1.0});
        break;
      }
      const std::uint64_t deck = dk == 0 ? s_.emp_deck : s_.min_deck;
      if (deck == 0 && dk == 1) {  // only the Assembly Line cards at the bottom are left (D2)
        out.push_back({base + s_.min_bottom[0], 1.0});
        break;
      }
      const double n = std::popcount(deck);
      for (int i = 0; i < 64; ++i)
        if (bit(deck, i)) out.push_back({base + i, 1.0 / n});
      break;
    }
    case ChanceKind::kDevice: {
      const double n = std::popcount(s_.dev_deck);
      for (int i = 0; i < kNumDevices; ++i)
        if (bit(s_.dev_deck, i)) out.push_back({act::kDevice + i, 1.0 / n});
      break;
    }
    case ChanceKind::kScientist: {
      const double n = std::popcount(s_.sci_pool);
      for (int i = 0; i < kNumScientists; ++i)
        if (bit(s_.sci_pool, i)) out.push_back({act::kSci + i, 1.0 / n});
      break;
    }
    case ChanceKind::kTie: {
      int best = -1, nt = 0;
      for (int p = 0; p < num_players(); ++p) best = std::max(best, seat(p).stock_total());
      for (int p = 0; p < num_players(); ++p) nt += seat(p).stock_total() == best;
      for (int p = 0; p < num_players(); ++p)
        if (seat(p).stock_total() == best) out.push_back({act::kTie + p, 1.0 / nt});
      break;
    }
    default:
      break;
  }
}

Action MwahahahaState::sample_chance(Rng& rng) const {
  auto pick_counts = [&](const auto& arr, int base) {
    std::uint32_t n = 0;
    for (auto c : arr) n += c;
    std::uint32_t r = rng.below(n);
    for (size_t k = 0; k < arr.size(); ++k) {
      if (r < arr[k]) return base + static_cast<int>(k);
      r -= arr[k];
    }
    return base;
  };
  auto pick_bits = [&](std::uint64_t m, int base) {
    std::uint32_t r = rng.below(static_cast<std::uint32_t>(std::popcount(m)));
    while (r--) m &= m - 1;
    return base + std::countr_zero(m);
  };
  switch (s_.ch_kind) {
    case ChanceKind::kDie:
      return act::kDie + static_cast<int>(rng.below(6));
    case ChanceKind::kRaw:
      return pick_counts(s_.raw_deck, act::kRaw);
    case ChanceKind::kLabLoss:
      return pick_counts(seat(s_.ch_player).raw, act::kRaw);
    case ChanceKind::kTrick:
      return pick_counts(s_.trick_deck, act::kTrickDraw);
    case ChanceKind::kEmpire:
      if (s_.top_n[0]) return act::kEmpire + s_.top[0][0];
      return pick_bits(s_.emp_deck, act::kEmpire);
    case ChanceKind::kMinion:
      if (s_.top_n[1]) return act::kMinion + s_.top[1][0];
      if (!s_.min_deck) return act::kMinion + s_.min_bottom[0];
      return pick_bits(s_.min_deck, act::kMinion);
    case ChanceKind::kDevice:
      return pick_bits(s_.dev_deck, act::kDevice);
    case ChanceKind::kScientist:
      return pick_bits(s_.sci_pool, act::kSci);
    case ChanceKind::kTie: {
      int best = -1;
      std::uint64_t tied = 0;
      for (int p = 0; p < num_players(); ++p) best = std::max(best, seat(p).stock_total());
      for (int p = 0; p < num_players(); ++p)
        if (seat(p).stock_total() == best) tied |= 1ULL << p;
      return pick_bits(tied, act::kTie);
    }
    default:
      return State::sample_chance(rng);
  }
}

// Chance outcomes in ascending order, without allocation.
void MwahahahaState::legal_chance(std::vector<Action>& out) const {
  switch (s_.ch_kind) {
    case ChanceKind::kDie:
      for (int i = 0; i < 6; ++i) out.push_back(act::kDie + i);
      break;
    case ChanceKind::kRaw:
      for (int k = 0; k < kRawKinds; ++k)
        if (s_.raw_deck[static_cast<size_t>(k)]) out.push_back(act::kRaw + k);
      break;
    case ChanceKind::kLabLoss:
      for (int k = 0; k < kRawKinds; ++k)
        if (seat(s_.ch_player).raw[static_cast<size_t>(k)]) out.push_back(act::kRaw + k);
      break;
    case ChanceKind::kTrick:
      for (int k = 0; k < kNumTricks; ++k)
        if (s_.trick_deck[static_cast<size_t>(k)]) out.push_back(act::kTrickDraw + k);
      break;
    case ChanceKind::kEmpire:
      if (s_.top_n[0])
        out.push_back(act::kEmpire + s_.top[0][0]);
      else
        for (int i = 0; i < kNumEmpires; ++i)
          if (bit(s_.emp_deck, i)) out.push_back(act::kEmpire + i);
      break;
    case ChanceKind::kMinion:
      if (s_.top_n[1])
        out.push_back(act::kMinion + s_.top[1][0]);
      else if (!s_.min_deck)
        out.push_back(act::kMinion + s_.min_bottom[0]);
      else
        for (int i = 0; i < kNumMinions; ++i)
          if (bit(s_.min_deck, i)) out.push_back(act::kMinion + i);
      break;
    case ChanceKind::kDevice:
      for (int i = 0; i < kNumDevices; ++i)
        if (bit(s_.dev_deck, i)) out.push_back(act::kDevice + i);
      break;
    case ChanceKind::kScientist:
      for (int i = 0; i < kNumScientists; ++i)
        if (bit(s_.sci_pool, i)) out.push_back(act::kSci + i);
      break;
    case ChanceKind::kTie: {
      int best = -1;
      for (int p = 0; p < num_players(); ++p) best = std::max(best, seat(p).stock_total());
      for (int p = 0; p < num_players(); ++p)
        if (seat(p).stock_total() == best) out.push_back(act::kTie + p);
      break;
    }
    default:
      break;
  }
}

void MwahahahaState::apply_chance(Action a) {
  const int p = s_.ch_player;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  switch (s_.ch_kind) {
    case ChanceKind::kDie: {
      const int v = a - act::kDie + 1;
      if (s_.roll_side == 2) {
        s_.dice[s_.reroll_side][s_.reroll_idx] = static_cast<std::uint8_t>(v);
      } else {
        const int i = s_.roll_i++;
        if (i < s_.ndice[0])
          s_.dice[0][static_cast<size_t>(i)] = static_cast<std::uint8_t>(v);
        else
          s_.dice[1][static_cast<size_t>(i - s_.ndice[0])] = static_cast<std::uint8_t>(v);
      }
      break;
    }
    case ChanceKind::kRaw:
      draw_raw_into(p, a - act::kRaw);
      break;
    case ChanceKind::kLabLoss: {
      const int k = a - act::kRaw;
      st.raw[static_cast<size_t>(k)]--;
      s_.raw_discard[static_cast<size_t>(k)]++;
      public_raw_loss(p, k);
      break;
    }
    case ChanceKind::kTrick:
      s_.trick_deck[static_cast<size_t>(a - act::kTrickDraw)]--;
      st.tricks[static_cast<size_t>(a - act::kTrickDraw)]++;
      break;
    case ChanceKind::kEmpire: {
      const int e = a - act::kEmpire;
      if (s_.top_n[0])
        pop_top(s_.top[0], s_.top_n[0]);
      else
        s_.emp_deck &= ~(1ULL << e);
      if (s_.frames.top() == Next::kInsider)
        s_.pending[s_.pending_n++] = static_cast<std::int8_t>(e);
      else
        st.empires |= 1ULL << e;
      break;
    }
    case ChanceKind::kMinion: {
      const int m = a - act::kMinion;
      if (s_.top_n[1])
        pop_top(s_.top[1], s_.top_n[1]);
      else if (s_.min_deck)
        s_.min_deck &= ~(1ULL << m);
      else
        pop_bottom();
      if (s_.frames.top() == Next::kInsider || s_.frames.top() == Next::kAssembly) {
        s_.pending[s_.pending_n++] = static_cast<std::int8_t>(m);
      } else {
        st.minions |= 1ULL << m;
        s_.face_up &= ~(1ULL << m);
        s_.min_known[static_cast<size_t>(m)] = static_cast<std::uint8_t>(1 << p);
      }
      break;
    }
    case ChanceKind::kDevice: {
      const int dv = a - act::kDevice;
      s_.dev_deck &= ~(1U << dv);
      s_.pending[s_.pending_n++] = static_cast<std::int8_t>(dv);
      break;
    }
    case ChanceKind::kScientist:
      st.sci = static_cast<std::int8_t>(a - act::kSci);
      s_.sci_pool &= ~(1U << st.sci);
      break;
    case ChanceKind::kTie:
      s_.active = static_cast<std::uint8_t>(a - act::kTie);
      break;
    default:
      break;
  }
  if (--s_.ch_count > 0) {
    draw(s_.ch_kind, s_.ch_player, s_.ch_count);
    return;
  }
  after_chance();
}

}  // namespace villainy::mwahahaha
