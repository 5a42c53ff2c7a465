// Mwahahaha!: the rules (flow, legal actions, effects). See mwahahaha.h for the summary and
// decisions.
#include "mwahahaha/mwahahaha.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>

#include "villainy/core/signature.h"

namespace villainy::mwahahaha {

namespace {
enum Ch : std::uint8_t {
  chDie,
  chRaw,
  chEmpire,
  chMinion,
  chDevice,
  chTrick,
  chSci,
  chTie,
  chLabLoss
};
enum Pc : std::uint8_t {
  pcNone,
  pcSetupSci,
  pcSetupDevice,
  pcRoundTricks,
  pcTurnDevice,
  pcRefill,
  pcTurnMain,
  pcConvert,
  pcBuyEmpire,
  pcBuyMinion,
  pcAssembly,
  pcTrick,
  pcAttackDeclared,
  pcBeforeRoll,
  pcFightRolled,
  pcFightAfterRoll,
  pcReroll,
  pcAfterDamage,
  pcAfterResolved,
  pcThreatDeclared,
  pcThreatRolled,
  pcWhispers,
  pcThreatAfterRoll,
  pcThreatSuccess,
  pcGain,
  pcPhaseTie,
  pcInsider,
  pcSwapDraw,
  pcAfterGainHumFlee,
  pcThreatDone,
  pcMercenary,
  pcEvilLaugh
};
enum Pu : std::uint8_t {
  puNone,
  puTrickTarget,
  puEmbezzle,
  puOvertime,
  puSabotage,
  puTaxType,
  puHostile,
  puUnion,
  puDoubleAgent,
  puBooby,
  puMedic,
  puFeed,
  puAssembly,
  puTopOrder,
  puDiscardDown,
  puRansom,
  puGrave,
  puShell,
  puSacrifice,
  puSwap,
  puTradeGiveTrick
};
constexpr std::uint8_t kSrcSharks = 1, kSrcPlunder = 2, kSrcRetaliate = 4;

// Espionage has something to show: a face-down device or a raw card in hand (public facts).
inline bool spy_target(const Seat& q) {
  return (q.device >= 0 && !q.device_up) || q.raw_count() > 0;
}
inline bool bit(std::uint64_t m, int i) {
  return (m >> i) & 1ULL;
}
template <class A>
int sum(const A& a) {
  int n = 0;
  for (auto v : a) n += v;
  return n;
}
}  // namespace

static_assert(std::is_trivially_copyable_v<MwahahahaState::Core>);
static_assert(pcInsider == 26, "the view names this continuation by number");

std::unique_ptr<State> MwahahahaGame::new_initial_state() const {
  return std::make_unique<MwahahahaState>(shared_from_this());
}

MwahahahaState::MwahahahaState(std::shared_ptr<const Game> game)
    : State(std::move(game)),
      g_(static_cast<const MwahahahaGame*>(&this->game())),
      d_(&g_->data()) {
  std::memset(static_cast<void*>(&s_), 0, sizeof(s_));
  s_ = Core{};
  const int n = num_players();
  for (int k = 0; k < kRawKinds; ++k)
    s_.raw_deck[static_cast<size_t>(k)] = static_cast<std::uint8_t>(g_->raw_total(k));
  for (int t = 0; t < kNumTricks; ++t)
    s_.trick_deck[static_cast<size_t>(t)] =
        static_cast<std::uint8_t>(d_->tricks[static_cast<size_t>(t)].copies);
  s_.emp_deck = (1ULL << kNumEmpires) - 1;
  s_.min_deck = (1ULL << kNumMinions) - 1;
  s_.dev_deck = (1U << kNumDevices) - 1;
  s_.sci_pool = (1U << kNumScientists) - 1;
  s_.w_excl = -1;
  s_.dmg_target = -1;
  s_.trick = -1;
  s_.trade_partner = -1;
  s_.trade_proposer = -1;
  s_.target_emp = -1;
  for (int p = 0; p < kMaxPlayers; ++p) {
    s_.seats[static_cast<size_t>(p)].sci = -1;
    s_.seats[static_cast<size_t>(p)].device = -1;
  }
  s_.phase = Phase::kSetup;
  s_.setup_seat = 0;
  (void)n;
  if (g_->choose_scientist()) {
    s_.stage = Stage::kPickSci;
    s_.actor = 0;
  } else {
    chance(chSci, 0, 1, pcSetupSci);
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------
int MwahahahaState::owner_of_minion(int m) const {
  for (int p = 0; p < num_players(); ++p)
    if (bit(seat(p).minions, m)) return p;
  return -1;
}
int MwahahahaState::owner_of_empire(int e) const {
  for (int p = 0; p < num_players(); ++p)
    if (bit(seat(p).empires, e)) return p;
  return -1;
}
int MwahahahaState::minion_deck_size() const {
  return std::popcount(s_.min_deck);
}
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
bool MwahahahaState::minion_known(int m, int viewer) const {
  if (bit(s_.face_up, m)) return true;
  return viewer >= 0 && ((s_.min_known[static_cast<size_t>(m)] >> viewer) & 1);
}
bool MwahahahaState::device_known(int p, int viewer) const {
  const Seat& st = seat(p);
  if (st.device < 0) return true;
  if (st.device_up) return true;
  return viewer >= 0 && ((s_.dev_known[static_cast<size_t>(st.device)] >> viewer) & 1);
}

int MwahahahaState::effective_cap(int p, int type) const {
  const Seat& st = seat(p);
  if (st.sci < 0) return 0;  // before the scientists are dealt
  int c = d_->scientists[static_cast<size_t>(st.sci)].rating[static_cast<size_t>(type)] +
          st.overtime[static_cast<size_t>(type)];
  for (int e = 0; e < kNumEmpires; ++e)
    if (bit(st.empires, e) && !bit(s_.struck, e))
      c += d_->empires[static_cast<size_t>(e)].cap[static_cast<size_t>(type)];
  return c;
}
int MwahahahaState::capacity_left(int p, int type) const {
  return std::max(0, effective_cap(p, type) - seat(p).converted[static_cast<size_t>(type)]);
}

int MwahahahaState::capability(int p) const {
  const Seat& st = seat(p);
  if (st.device < 0) return 0;
  const DeviceCard& dv = d_->devices[static_cast<size_t>(st.device)];
  int cap = 0;
  for (int l = 0; l < kLevels; ++l) {
    bool ok = true;
    for (int t = 0; t < kTypes; ++t)
      ok &=
          st.dev[static_cast<size_t>(t)] >= dv.req[static_cast<size_t>(l)][static_cast<size_t>(t)];
    if (ok) cap = l + 1;
  }
  return cap;
}

int MwahahahaState::receive_cap(int p) const {
  const Seat& st = seat(p);
  int cap = (d_->scientists[static_cast<size_t>(st.sci)].power == kTradeNet ? 2 : 1) + st.raw_extra;
  return std::max(0, cap - st.raw_received);
}

void MwahahahaState::gain_token(int p, int type, int n) {
  auto& v = s_.seats[static_cast<size_t>(p)].stock[static_cast<size_t>(type)];
  v = static_cast<std::uint8_t>(std::min(250, v + n));
}

void MwahahahaState::count_action(int p) {
  auto& n = s_.seats[static_cast<size_t>(p)].turn_actions;
  if (n < 255) ++n;  // a statistic in Creation (D6), the D16 bound in Rivalry
}

void MwahahahaState::public_raw_loss(int p, int kind) {
  for (int v = 0; v < kViewers; ++v) {
    auto& k =
        s_.known_raw[static_cast<size_t>(v)][static_cast<size_t>(p)][static_cast<size_t>(kind)];
    if (k > 0) --k;
  }
}
// A raw card that leaves p's hand face down, seen by the table only as its description `desc`:
// it is either that kind or a Betrayed (MW-15a), so every viewer's lower bounds for both drop.
// Never the true kind: that would tell a viewer who knew the hand whether it was a lie (D15).
void MwahahahaState::described_raw_loss(int p, int desc) {
  public_raw_loss(p, desc);
  public_raw_loss(p, kBetrayed);
}
void MwahahahaState::public_trick_loss(int p, int t) {
  for (int v = 0; v < kViewers; ++v) {
    auto& k =
        s_.known_trick[static_cast<size_t>(v)][static_cast<size_t>(p)][static_cast<size_t>(t)];
    if (k > 0) --k;
  }
}

void MwahahahaState::discard_minion(int m) {
  for (int p = 0; p < num_players(); ++p) {
    Seat& st = s_.seats[static_cast<size_t>(p)];
    st.minions &= ~(1ULL << m);
    st.attacked &= ~(1ULL << m);
  }
  s_.face_up |= 1ULL << m;  // discarded face up: public
  s_.min_known[static_cast<size_t>(m)] = 0;
  s_.min_discard[s_.min_discard_n++] = static_cast<std::int8_t>(m);
}

void MwahahahaState::discard_empire(int e) {
  for (int p = 0; p < num_players(); ++p) s_.seats[static_cast<size_t>(p)].empires &= ~(1ULL << e);
  if (!g_->strike_whole_round()) s_.struck &= ~(1ULL << e);  // D14: the strike leaves with it
  s_.emp_discard |= 1ULL << e;
}

// ---------------------------------------------------------------------------------------------
// Chance
// ---------------------------------------------------------------------------------------------
void MwahahahaState::reshuffle_if_empty(std::uint8_t kind) {
  switch (kind) {
    case chRaw:
      if (sum(s_.raw_deck) == 0) {
        s_.raw_deck = s_.raw_discard;
        s_.raw_discard = {};
      }
      break;
    case chTrick:
      if (sum(s_.trick_deck) == 0) {
        s_.trick_deck = s_.trick_discard;
        s_.trick_discard = {};
      }
      break;
    case chEmpire:
      if (s_.emp_deck == 0 && s_.top_n[0] == 0) {
        s_.emp_deck = s_.emp_discard;
        s_.emp_discard = 0;
      }
      break;
    case chMinion:
      if (deck_left(1) == 0) {
        for (int i = 0; i < s_.min_discard_n; ++i) {
          const int m = s_.min_discard[static_cast<size_t>(i)];
          s_.min_deck |= 1ULL << m;
          s_.face_up &= ~(1ULL << m);
        }
        s_.min_discard_n = 0;
      }
      break;
    case chDevice:
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
void MwahahahaState::chance(std::uint8_t kind, int player, int count, std::uint8_t after) {
  s_.ch_kind = kind;
  s_.ch_player = static_cast<std::uint8_t>(player);
  s_.ch_count = static_cast<std::uint8_t>(count);
  s_.ch_after = after;
  s_.stage = Stage::kChance;
  // Skip draws from decks that are empty even after a reshuffle (MW-2b).
  while (s_.ch_count > 0) {
    reshuffle_if_empty(kind);
    bool empty = false;
    switch (kind) {
      case chRaw:
        empty = sum(s_.raw_deck) == 0;
        break;
      case chTrick:
        empty = sum(s_.trick_deck) == 0;
        break;
      case chEmpire:
        empty = s_.emp_deck == 0 && s_.top_n[0] == 0;
        break;
      case chMinion:
        empty = deck_left(1) == 0;
        break;
      case chDevice:
        empty = s_.dev_deck == 0;
        break;
      case chSci:
        empty = s_.sci_pool == 0;
        break;
      case chLabLoss:
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

void MwahahahaState::chance_outcomes(std::vector<ChanceOutcome>& out) const {
  out.clear();
  switch (s_.ch_kind) {
    case chDie:
      for (int i = 0; i < 6; ++i) out.push_back({act::kDie + i, 1.0 / 6});
      break;
    case chRaw: {
      const double n = sum(s_.raw_deck);
      for (int k = 0; k < kRawKinds; ++k)
        if (s_.raw_deck[static_cast<size_t>(k)])
          out.push_back({act::kRaw + k, s_.raw_deck[static_cast<size_t>(k)] / n});
      break;
    }
    case chLabLoss: {
      const Seat& st = seat(s_.ch_player);
      const double n = st.raw_count();
      for (int k = 0; k < kRawKinds; ++k)
        if (st.raw[static_cast<size_t>(k)])
          out.push_back({act::kRaw + k, st.raw[static_cast<size_t>(k)] / n});
      break;
    }
    case chTrick: {
      const double n = sum(s_.trick_deck);
      for (int k = 0; k < kNumTricks; ++k)
        if (s_.trick_deck[static_cast<size_t>(k)])
          out.push_back({act::kTrickDraw + k, s_.trick_deck[static_cast<size_t>(k)] / n});
      break;
    }
    case chEmpire:
    case chMinion: {
      const int dk = s_.ch_kind == chEmpire ? 0 : 1;
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
    case chDevice: {
      const double n = std::popcount(s_.dev_deck);
      for (int i = 0; i < kNumDevices; ++i)
        if (bit(s_.dev_deck, i)) out.push_back({act::kDevice + i, 1.0 / n});
      break;
    }
    case chSci: {
      const double n = std::popcount(s_.sci_pool);
      for (int i = 0; i < kNumScientists; ++i)
        if (bit(s_.sci_pool, i)) out.push_back({act::kSci + i, 1.0 / n});
      break;
    }
    case chTie: {
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
    case chDie:
      return act::kDie + static_cast<int>(rng.below(6));
    case chRaw:
      return pick_counts(s_.raw_deck, act::kRaw);
    case chLabLoss:
      return pick_counts(seat(s_.ch_player).raw, act::kRaw);
    case chTrick:
      return pick_counts(s_.trick_deck, act::kTrickDraw);
    case chEmpire:
      if (s_.top_n[0]) return act::kEmpire + s_.top[0][0];
      return pick_bits(s_.emp_deck, act::kEmpire);
    case chMinion:
      if (s_.top_n[1]) return act::kMinion + s_.top[1][0];
      if (!s_.min_deck) return act::kMinion + s_.min_bottom[0];
      return pick_bits(s_.min_deck, act::kMinion);
    case chDevice:
      return pick_bits(s_.dev_deck, act::kDevice);
    case chSci:
      return pick_bits(s_.sci_pool, act::kSci);
    case chTie: {
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

// ---------------------------------------------------------------------------------------------
// Current player and legal actions
// ---------------------------------------------------------------------------------------------
Player MwahahahaState::current_player() const {
  if (s_.stage == Stage::kTerminal) return kTerminalPlayer;
  if (s_.stage == Stage::kChance) return kChancePlayer;
  return s_.actor;
}

bool MwahahahaState::can_play(int p, int t, Window w, bool main) const {
  const Seat& st = seat(p);
  if (!st.tricks[static_cast<size_t>(t)]) return false;
  const int n = num_players();
  auto others_with = [&](auto pred) {
    for (int q = 0; q < n; ++q)
      if (q != p && pred(seat(q))) return true;
    return false;
  };
  const bool creation_main = main && s_.phase == Phase::kCreation;
  const bool rivalry_main = main && s_.phase == Phase::kRivalry &&
                            (s_.stage == Stage::kRivalry || s_.stage == Stage::kSend);
  const bool fight = !main && s_.fight_active;
  switch (t) {
    // any
    case tLabAccident:
      return others_with([](const Seat& q) { return q.raw_count() > 0; });
    case tSabotage:  // "not during a threat": from its declaration to its last counter (D19)
      return !s_.threat_on && others_with([](const Seat& q) { return q.dev_total() > 0; });
    case tEspionage:  // D10: an opponent with something hidden to look at
      return others_with([](const Seat& q) { return spy_target(q); });
    case tEvilLaugh:
      return true;
    // C-own
    case tHostile:
      return creation_main &&
             others_with([](const Seat& q) { return std::popcount(q.empires) >= 2; });
    case tTaxAudit:
      return creation_main && others_with([](const Seat& q) { return q.stock_total() > 0; });
    case tUnionStrike: {
      if (!creation_main) return false;
      std::uint64_t all = 0;
      for (int q = 0; q < n; ++q) all |= seat(q).empires;
      return (all & ~s_.struck) != 0;
    }
    case tBlackMarket:
      return creation_main && sum(s_.raw_deck) + sum(s_.raw_discard) > 0;
    case tInsiderTip:  // MW-32: whatever lies on top (an earlier stack too); MW-2b reshuffles
      return creation_main && (drawable(0) > 0 || drawable(1) > 0);
    case tEmbezzle:
    case tOvertime:
    case tForged:
    case tBrilliant:
      return creation_main;
    // R-own
    case tPressGang:  // MW-6c: in the player's own Rivalry decisions (main, sending Minions)
      return rivalry_main && s_.min_discard_n > 0 && std::popcount(st.minions) < d_->max_minions;
    case tMercenary:  // MW-2b: an empty deck is reshuffled from the discard pile
      return rivalry_main && std::popcount(st.minions) < d_->max_minions && drawable(1) > 0;
    case tReinforce:
      return fight && p == s_.attacker &&
             (w == Window::kAttackDeclared || w == Window::kBeforeRoll);
    case tSneak:
      return fight && p == s_.attacker && w == Window::kAttackDeclared && !s_.sneak;
    // R-react
    case tDefective:
      return !main && w == Window::kConvert && p != s_.turn;
    case tAmbush:
      return fight && p == s_.defender &&
             (w == Window::kAttackDeclared || w == Window::kBeforeRoll);
    case tSecretVault:
      return fight && p == s_.defender && s_.target_emp < 0 && !s_.vault &&
             (w == Window::kAttackDeclared || w == Window::kBeforeRoll);
    case tDoubleAgent:
      return fight && p != s_.attacker && w == Window::kAttackDeclared && s_.n_atk > 0;
    case tBoobyTrap:  // "one surviving attacking minion": there must be one (MW-6a)
      return fight && p == s_.defender && w == Window::kAfterResolved && s_.n_atk > 0;
    case tFieldMedic: {
      if (!(fight && w == Window::kAfterDamage)) return false;
      for (int i = 0; i < s_.n_atk; ++i)
        if (s_.atk_dmg[static_cast<size_t>(i)] && bit(st.minions, s_.atk[static_cast<size_t>(i)]))
          return true;
      for (int i = 0; i < s_.n_def; ++i)
        if (s_.def_dmg[static_cast<size_t>(i)] && bit(st.minions, s_.def[static_cast<size_t>(i)]))
          return true;
      return false;
    }
    case tLoadedDice:
      if (w == Window::kFightAfterRoll && fight) return p == s_.attacker || p == s_.defender;
      if (w == Window::kThreatAfterRoll && !main)
        return p == s_.threatener || p == (s_.threatener + 1) % n;
      return false;
    // D
    case tMonologue:
    case tPanic:
      return !main && w == Window::kThreatDeclared && p == s_.threatener;
    case tDrill:
      return !main && w == Window::kThreatDeclared && p != s_.threatener && s_.threat_level < 3;
    case tSuperhero:
      return !main && w == Window::kThreatSuccess && p != s_.threatener && !s_.no_ransom;
    case tBlackout:
      return !main && w == Window::kGainManiacal && p != s_.gain_player && !s_.counter_blocked;
    case tScapegoat:
      return !main && w == Window::kGainHumiliation && p == s_.gain_player && !s_.counter_blocked;
    default:
      return false;
  }
}

// Maddening Whispers can still act on this threat's roll (MW-31; asked for under powers=ask).
bool MwahahahaState::whispers_ready(int p) const {
  const Seat& st = seat(p);
  return p == s_.threatener && d_->scientists[static_cast<size_t>(st.sci)].power == kWhispers &&
         !st.power_used && s_.threat_level < 3 && s_.ndice[1] > 0;
}

bool MwahahahaState::askable(int p) const {
  if (p == s_.w_excl) return false;
  if (seat(p).trick_count() > 0) return true;
  if (s_.wnd == Window::kThreatAfterRoll && g_->powers_ask() && whispers_ready(p)) return true;
  // Teutonic Precision: a fighter with the unused power is asked after the roll (MW-6a).
  if (s_.wnd == Window::kFightAfterRoll && (p == s_.attacker || p == s_.defender) &&
      d_->scientists[static_cast<size_t>(seat(p).sci)].power == kTeutonic && !seat(p).power_used)
    return true;
  return false;
}

void MwahahahaState::legal_window(std::vector<Action>& out) const {
  const int p = s_.actor;
  out.push_back(act::kPass);
  for (int t = 0; t < kNumTricks; ++t)
    if (can_play(p, t, s_.wnd, false)) out.push_back(act::kPlay + t);
  if (s_.wnd == Window::kFightAfterRoll && (p == s_.attacker || p == s_.defender) &&
      d_->scientists[static_cast<size_t>(seat(p).sci)].power == kTeutonic && !seat(p).power_used &&
      s_.ndice[p == s_.attacker ? 0 : 1] > 0)
    out.push_back(act::kPowerReroll);
  if (s_.wnd == Window::kThreatAfterRoll && g_->powers_ask() && whispers_ready(p))
    out.push_back(act::kPowerReroll);  // D11: Maddening Whispers, asked for (MW-6a)
}

void MwahahahaState::legal_main_tricks(std::vector<Action>& out, int p) const {
  for (int t = 0; t < kNumTricks; ++t)
    if (can_play(p, t, s_.wnd, true)) out.push_back(act::kPlay + t);
}

bool MwahahahaState::trade_can_propose() const {
  const int p = s_.trade_proposer, q = s_.trade_partner;
  const bool gives = sum(s_.t_offer_tok) || s_.t_offer_emp || s_.t_offer_min || s_.t_raw_n ||
                     sum(s_.t_offer_trick);
  const bool gets =
      sum(s_.t_ask_tok) || s_.t_ask_emp || s_.t_ask_min || s_.t_ask_raw_n || s_.t_ask_trick;
  if (!gives && !gets) return false;
  const int pe =
      std::popcount(seat(p).empires) - std::popcount(s_.t_offer_emp) + std::popcount(s_.t_ask_emp);
  const int qe =
      std::popcount(seat(q).empires) + std::popcount(s_.t_offer_emp) - std::popcount(s_.t_ask_emp);
  const int pm =
      std::popcount(seat(p).minions) - std::popcount(s_.t_offer_min) + std::popcount(s_.t_ask_min);
  const int qm =
      std::popcount(seat(q).minions) + std::popcount(s_.t_offer_min) - std::popcount(s_.t_ask_min);
  return pe <= d_->max_empires && qe <= d_->max_empires && pm <= d_->max_minions &&
         qm <= d_->max_minions;
}

bool MwahahahaState::trade_can_fulfil() const {
  const Seat& q = seat(s_.trade_partner);
  if (q.trick_count() < s_.t_ask_trick) return false;
  std::array<int, kRawKinds> need{};
  for (int i = 0; i < s_.t_ask_raw_n; ++i)
    need[static_cast<size_t>(s_.t_ask_raw[static_cast<size_t>(i)])]++;
  int shortage = 0;
  for (int k = 0; k < kRawKinds; ++k)
    shortage += std::max(0, need[static_cast<size_t>(k)] - q.raw[static_cast<size_t>(k)]);
  return shortage <= q.raw[kBetrayed] - need[kBetrayed];
}

void MwahahahaState::legal_actions(std::vector<Action>& out) const {
  out.clear();
  if (s_.stage == Stage::kTerminal) return;
  if (s_.stage == Stage::kChance) {
    // Chance outcomes in ascending order, without allocation.
    switch (s_.ch_kind) {
      case chDie:
        for (int i = 0; i < 6; ++i) out.push_back(act::kDie + i);
        break;
      case chRaw:
        for (int k = 0; k < kRawKinds; ++k)
          if (s_.raw_deck[static_cast<size_t>(k)]) out.push_back(act::kRaw + k);
        break;
      case chLabLoss:
        for (int k = 0; k < kRawKinds; ++k)
          if (seat(s_.ch_player).raw[static_cast<size_t>(k)]) out.push_back(act::kRaw + k);
        break;
      case chTrick:
        for (int k = 0; k < kNumTricks; ++k)
          if (s_.trick_deck[static_cast<size_t>(k)]) out.push_back(act::kTrickDraw + k);
        break;
      case chEmpire:
        if (s_.top_n[0])
          out.push_back(act::kEmpire + s_.top[0][0]);
        else
          for (int i = 0; i < kNumEmpires; ++i)
            if (bit(s_.emp_deck, i)) out.push_back(act::kEmpire + i);
        break;
      case chMinion:
        if (s_.top_n[1])
          out.push_back(act::kMinion + s_.top[1][0]);
        else if (!s_.min_deck)
          out.push_back(act::kMinion + s_.min_bottom[0]);
        else
          for (int i = 0; i < kNumMinions; ++i)
            if (bit(s_.min_deck, i)) out.push_back(act::kMinion + i);
        break;
      case chDevice:
        for (int i = 0; i < kNumDevices; ++i)
          if (bit(s_.dev_deck, i)) out.push_back(act::kDevice + i);
        break;
      case chSci:
        for (int i = 0; i < kNumScientists; ++i)
          if (bit(s_.sci_pool, i)) out.push_back(act::kSci + i);
        break;
      case chTie: {
        int best = -1;
        for (int p = 0; p < num_players(); ++p) best = std::max(best, seat(p).stock_total());
        for (int p = 0; p < num_players(); ++p)
          if (seat(p).stock_total() == best) out.push_back(act::kTie + p);
        break;
      }
      default:
        break;
    }
    return;
  }
  const int p = s_.actor;
  const Seat& st = seat(p);
  const int n = num_players();
  switch (s_.stage) {
    case Stage::kPickSci:
      for (int i = 0; i < kNumScientists; ++i)
        if (bit(s_.sci_pool, i)) out.push_back(act::kPickSci + i);
      break;
    case Stage::kKeepDevice:
      for (int i = 0; i < s_.pending_n; ++i)
        out.push_back(act::kKeepDevice + s_.pending[static_cast<size_t>(i)]);
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      break;
    case Stage::kFirstLast:
      out.push_back(act::kGoFirst);
      out.push_back(act::kGoLast);
      break;
    case Stage::kWindow:
      legal_window(out);
      break;
    case Stage::kCreation: {
      out.push_back(act::kEndTurn);  // D6: no cap on the turn's actions
      {
        const bool oc =
            d_->scientists[static_cast<size_t>(st.sci)].power == kOverclock && !st.overclock_used;
        const bool ask = g_->powers_ask();  // D11: Overclock a choice (convert-overclock:)
        for (int k = 0; k < 12; ++k) {
          if (!st.raw[static_cast<size_t>(k)]) continue;
          const int left = capacity_left(p, k / 3);
          if (left > 0 || (oc && !ask)) out.push_back(act::kConvert + k);
          if (oc && ask && d_->raw_kinds[static_cast<size_t>(k)].value > left)
            out.push_back(act::kConvertOver + k);
        }
        if (st.raw[kWild])
          for (int t = 0; t < kTypes; ++t) {
            const int left = capacity_left(p, t);
            if (left > 0 || (oc && !ask)) out.push_back(act::kConvertWild + t);
            if (oc && ask && d_->wild_value > left) out.push_back(act::kConvertWildOver + t);
          }
      }
      if (g_->sacrifice_on() && st.raw_count() >= d_->sacrifice_cards)
        for (int t = 0; t < kTypes; ++t)
          if (d_->scientists[static_cast<size_t>(st.sci)].rating[static_cast<size_t>(t)] == 0)
            out.push_back(act::kSacrifice + t);
      if (std::popcount(st.empires) < d_->max_empires && st.stock_total() >= d_->empire_cost &&
          drawable(0) > 0)
        out.push_back(act::kBuyEmpire);
      if (std::popcount(st.minions) < d_->max_minions && st.stock_total() >= d_->minion_cost &&
          !st.buy_lock && drawable(1) > 0)
        out.push_back(act::kBuyMinion);
      if (st.device >= 0)
        for (int t = 0; t < kTypes; ++t)
          if (st.stock[static_cast<size_t>(t)]) out.push_back(act::kInvest + t);
      if (!st.cashed)
        for (int e = 0; e < kNumEmpires; ++e)
          if (bit(st.empires, e)) out.push_back(act::kCashIn + e);
      for (int m = 0; m < kNumMinions; ++m)
        if (bit(st.minions, m)) out.push_back(act::kDiscardMinion + m);
      {
        int feed = 0;
        for (int m = 0; m < kNumMinions; ++m)
          if (bit(st.minions, m))
            feed += d_->minions[static_cast<size_t>(m)].ability == kFeedsAsTwo ? 2 : 1;
        if (feed >= 3 && !(st.man_sources & kSrcSharks) && st.maniacal < 3)
          out.push_back(act::kFeedSharks);
      }
      if (!st.swapped && st.trick_count() >= 2) out.push_back(act::kSwapTricks);
      legal_main_tricks(out, p);
      if (s_.trades_this_turn < 2)
        for (int q = 0; q < n; ++q)
          if (q != p) out.push_back(act::kTradeWith + q);
      std::sort(out.begin(), out.end());
      break;
    }
    case Stage::kOpenTrade:
      out.push_back(act::kPass);
      for (int q = 0; q < n; ++q)
        if (q != p) out.push_back(act::kTradeWith + q);
      break;
    case Stage::kSacrificeSelect:
    case Stage::kSwapSelect:
      if (s_.stage == Stage::kSacrificeSelect) {
        for (int k = 0; k < kRawKinds; ++k)
          if (st.raw[static_cast<size_t>(k)]) out.push_back(act::kSelectRaw + k);
      } else {
        for (int t = 0; t < kNumTricks; ++t)
          if (st.tricks[static_cast<size_t>(t)]) out.push_back(act::kSelectTrick + t);
      }
      break;
    case Stage::kPay:
      for (int t = 0; t < kTypes; ++t)
        if (st.stock[static_cast<size_t>(t)]) out.push_back(act::kPay + t);
      break;
    case Stage::kFeedSelect:
    case Stage::kSelectMinion: {
      for (int m = 0; m < kNumMinions; ++m) {
        bool ok = false;
        switch (s_.purpose) {
          case puFeed:
            ok = bit(st.minions, m);
            break;
          case puAssembly:
            ok = (s_.pending_n > 0 && s_.pending[0] == m) ||
                 (s_.pending_n > 1 && s_.pending[1] == m);
            break;
          case puTopOrder:
            for (int i = 0; i < s_.pending_n; ++i) ok |= s_.pending[static_cast<size_t>(i)] == m;
            break;
          case puDoubleAgent:
          case puBooby:
            for (int i = 0; i < s_.n_atk; ++i) ok |= s_.atk[static_cast<size_t>(i)] == m;
            break;
          case puMedic:
            for (int i = 0; i < s_.n_atk; ++i)
              ok |= s_.atk[static_cast<size_t>(i)] == m && s_.atk_dmg[static_cast<size_t>(i)] &&
                    bit(st.minions, m);
            for (int i = 0; i < s_.n_def; ++i)
              ok |= s_.def[static_cast<size_t>(i)] == m && s_.def_dmg[static_cast<size_t>(i)] &&
                    bit(st.minions, m);
            break;
          default:
            break;
        }
        if (ok) out.push_back(act::kSelectMinion + m);
      }
      break;
    }
    case Stage::kTarget:
      for (int q = 0; q < n; ++q) {
        if (q == p) continue;
        const Seat& o = seat(q);
        bool ok = false;
        switch (s_.trick) {
          case tLabAccident:
            ok = o.raw_count() > 0;
            break;
          case tSabotage:
            ok = o.dev_total() > 0;
            break;
          case tEspionage:
            ok = spy_target(o);
            break;
          case tHostile:
            ok = std::popcount(o.empires) >= 2;
            break;
          case tTaxAudit:
            ok = o.stock_total() > 0;
            break;
          default:
            break;
        }
        if (ok) out.push_back(act::kTarget + q);
      }
      break;
    case Stage::kType:
      for (int t = 0; t < kTypes; ++t) {
        bool ok = true;
        if (s_.purpose == puSabotage) ok = seat(s_.trick_target).dev[static_cast<size_t>(t)] > 0;
        if (s_.purpose == puTaxType) ok = st.stock[static_cast<size_t>(t)] > 0;
        if (s_.purpose == puGrave) ok = (s_.grave_pending >> t) & 1;
        if (ok) out.push_back(act::kType + t);
      }
      break;
    case Stage::kChooseEmpire:
      if (s_.purpose == puUnion) {
        for (int q = 0; q < n; ++q)
          for (int e = 0; e < kNumEmpires; ++e)
            if (bit(seat(q).empires, e) && !bit(s_.struck, e))
              out.push_back(act::kChooseEmpire + e);
        std::sort(out.begin(), out.end());
      } else if (s_.purpose == puTopOrder) {
        for (int i = 0; i < s_.pending_n; ++i)
          out.push_back(act::kChooseEmpire + s_.pending[static_cast<size_t>(i)]);
        std::sort(out.begin(), out.end());
      } else {
        for (int e = 0; e < kNumEmpires; ++e)
          if (bit(st.empires, e)) out.push_back(act::kChooseEmpire + e);
      }
      break;
    case Stage::kReroll:
      for (int i = 0; i < s_.ndice[0]; ++i)
        if (s_.purpose != 1 || s_.reroll_side == 0) out.push_back(act::kRerollAtt + i);
      for (int i = 0; i < s_.ndice[1]; ++i)
        if (s_.purpose != 1 || s_.reroll_side == 1) out.push_back(act::kRerollDef + i);
      break;
    case Stage::kInsiderDeck:
      if (drawable(0) > 0) out.push_back(act::kInsiderEmp);
      if (drawable(1) > 0) out.push_back(act::kInsiderMin);
      break;
    case Stage::kTradeBuild: {
      const int q = s_.trade_partner;
      const Seat& o = seat(q);
      if (s_.t_items < kMaxTradeItems) {
        for (int t = 0; t < kTypes; ++t)
          if (st.stock[static_cast<size_t>(t)] > s_.t_offer_tok[static_cast<size_t>(t)])
            out.push_back(act::kOfferToken + t);
        for (int t = 0; t < kTypes; ++t)
          if (o.stock[static_cast<size_t>(t)] > s_.t_ask_tok[static_cast<size_t>(t)])
            out.push_back(act::kAskToken + t);
        for (int e = 0; e < kNumEmpires; ++e)
          if (bit(st.empires, e) && !bit(s_.t_offer_emp, e)) out.push_back(act::kOfferEmpire + e);
        for (int e = 0; e < kNumEmpires; ++e)
          if (bit(o.empires, e) && !bit(s_.t_ask_emp, e)) out.push_back(act::kAskEmpire + e);
        for (int m = 0; m < kNumMinions; ++m)
          if (bit(st.minions, m) && !bit(s_.t_offer_min, m)) out.push_back(act::kOfferMinion + m);
        for (int m = 0; m < kNumMinions; ++m)
          if (bit(o.minions, m) && !bit(s_.t_ask_min, m) && minion_known(m, p))
            out.push_back(act::kAskMinion + m);
        if (s_.t_raw_n < receive_cap(q))
          for (int k = 0; k < kRawKinds; ++k)
            if (st.raw[static_cast<size_t>(k)]) out.push_back(act::kOfferRaw + k);
        if (s_.t_ask_raw_n < receive_cap(p) && o.raw_count() > s_.t_ask_raw_n)
          for (int k = 0; k < 13; ++k) out.push_back(act::kAskRaw + k);
        for (int t = 0; t < kNumTricks; ++t)
          if (st.tricks[static_cast<size_t>(t)]) out.push_back(act::kOfferTrick + t);
        if (o.trick_count() > s_.t_ask_trick) out.push_back(act::kAskTrick);
      }
      if (trade_can_propose()) out.push_back(act::kPropose);
      out.push_back(act::kCancelTrade);
      std::sort(out.begin(), out.end());
      break;
    }
    case Stage::kDescribe:
      if (s_.t_raw_actual[static_cast<size_t>(s_.t_raw_n - 1)] == kBetrayed)
        for (int k = 0; k < 13; ++k) out.push_back(act::kDescribeAs + k);
      else
        out.push_back(act::kDescribeAs + s_.t_raw_actual[static_cast<size_t>(s_.t_raw_n - 1)]);
      break;
    case Stage::kTradeAnswer: {
      bool ok = trade_can_fulfil();
      const Seat& pr = seat(s_.trade_proposer);
      for (int t = 0; t < kTypes; ++t)
        ok &= st.stock[static_cast<size_t>(t)] >= s_.t_ask_tok[static_cast<size_t>(t)];
      ok &= (st.empires & s_.t_ask_emp) == s_.t_ask_emp &&
            (st.minions & s_.t_ask_min) == s_.t_ask_min;
      ok &= (pr.empires & s_.t_offer_emp) == s_.t_offer_emp && trade_can_propose();
      if (ok) out.push_back(act::kAccept);
      out.push_back(act::kDecline);
      if (d_->scientists[static_cast<size_t>(st.sci)].power == kHypnotic && !st.power_used &&
          s_.t_raw_n > 0 && !s_.t_peeked)  // D20: the partner picks the card
        for (int i = 0; i < (g_->peek_first() ? 1 : s_.t_raw_n); ++i) out.push_back(act::kPeek + i);
      break;
    }
    case Stage::kTradeGive:
      if (s_.t_given < s_.t_ask_raw_n) {
        const int want = s_.t_ask_raw[s_.t_given];
        for (int k : {want, static_cast<int>(kBetrayed)}) {
          if (!st.raw[static_cast<size_t>(k)]) continue;
          if (k == kBetrayed && want == kBetrayed) continue;  // pushed as `want`
          // The remaining requests must stay fulfillable after giving k.
          std::array<int, kRawKinds> hand{};
          for (int x = 0; x < kRawKinds; ++x)
            hand[static_cast<size_t>(x)] = st.raw[static_cast<size_t>(x)];
          hand[static_cast<size_t>(k)]--;
          std::array<int, kRawKinds> need{};
          for (int i = s_.t_given + 1; i < s_.t_ask_raw_n; ++i)
            need[static_cast<size_t>(s_.t_ask_raw[static_cast<size_t>(i)])]++;
          int shortage = 0;
          for (int x = 0; x < kRawKinds; ++x)
            shortage += std::max(0, need[static_cast<size_t>(x)] - hand[static_cast<size_t>(x)]);
          if (shortage <= hand[kBetrayed] - need[kBetrayed]) out.push_back(act::kGiveRaw + k);
        }
        std::sort(out.begin(), out.end());
      } else {
        for (int t = 0; t < kNumTricks; ++t)
          if (st.tricks[static_cast<size_t>(t)]) out.push_back(act::kSelectTrick + t);
      }
      break;
    case Stage::kRivalry: {
      out.push_back(act::kNoAttack);
      const bool may = g_->attacks_many() ? true : st.attacks == 0;
      if (may) {
        int types = 0;
        for (int m = 0; m < kNumMinions; ++m)
          if (bit(st.minions, m) && !bit(st.attacked, m))
            types |= 1 << d_->minions[static_cast<size_t>(m)].type;
        if (types) {
          for (int q = 0; q < n; ++q) {
            if (q == p) continue;
            for (int e = 0; e < kNumEmpires; ++e)
              if (bit(seat(q).empires, e) && (d_->empires[static_cast<size_t>(e)].icons & types))
                out.push_back(act::kAttackEmpire + e);
          }
          for (int q = 0; q < n; ++q)
            if (q != p)
              for (int t = 0; t < kTypes; ++t)
                if ((types >> t) & 1) out.push_back(act::kAttackLair + q * kTypes + t);
        }
      }
      legal_main_tricks(out, p);
      std::sort(out.begin(), out.end());
      break;
    }
    case Stage::kSend: {
      for (int t : {static_cast<int>(tPressGang), static_cast<int>(tMercenary)})
        if (can_play(p, t, s_.wnd, true)) out.push_back(act::kPlay + t);
      if (s_.n_atk > 0) out.push_back(act::kSendDone);
      if (s_.n_atk < 3) {
        const int icons = s_.target_emp >= 0 ? d_->empires[static_cast<size_t>(s_.target_emp)].icons
                                             : (1 << s_.atk_type);
        for (int m = 0; m < kNumMinions; ++m) {
          if (!bit(st.minions, m) || bit(st.attacked, m)) continue;
          if (!((icons >> d_->minions[static_cast<size_t>(m)].type) & 1)) continue;
          bool dup = false;
          for (int i = 0; i < s_.n_atk; ++i) dup |= s_.atk[static_cast<size_t>(i)] == m;
          if (!dup) out.push_back(act::kSend + m);
        }
      }
      std::sort(out.begin(), out.end());
      break;
    }
    case Stage::kDefend: {
      out.push_back(act::kDefendDone);
      if (s_.n_def < 3) {
        const int icons = s_.target_emp >= 0 ? d_->empires[static_cast<size_t>(s_.target_emp)].icons
                                             : (1 << s_.atk_type);
        for (int m = 0; m < kNumMinions; ++m) {
          if (!bit(st.minions, m) || d_->minions[static_cast<size_t>(m)].ability == kCannotDefend)
            continue;
          if (!((icons >> d_->minions[static_cast<size_t>(m)].type) & 1)) continue;
          bool dup = false;
          for (int i = 0; i < s_.n_def; ++i) dup |= s_.def[static_cast<size_t>(i)] == m;
          if (!dup) out.push_back(act::kDefend + m);
        }
      }
      std::sort(out.begin(), out.end());
      break;
    }
    case Stage::kEmpireWin:
      out.push_back(act::kTakeEmpire);
      out.push_back(act::kRazeEmpire);
      break;
    case Stage::kPlunder: {
      const Seat& o = seat(s_.defender);
      const int stock_cost = s_.vault ? 2 : 1;
      if (o.stock[s_.atk_type] && s_.plunder_pts >= stock_cost) out.push_back(act::kPlunderStock);
      if (o.dev[s_.atk_type] && s_.plunder_pts >= 2) out.push_back(act::kPlunderDevice);
      break;
    }
    case Stage::kDamage: {
      // side 0: attacker damages defenders; side 1: defender damages attackers.
      const bool vs_def = s_.dmg_side == 0;
      const int cnt = vs_def ? s_.n_def : s_.n_atk;
      for (int i = 0; i < cnt; ++i) {
        const int m = vs_def ? s_.def[static_cast<size_t>(i)] : s_.atk[static_cast<size_t>(i)];
        const int dmg =
            vs_def ? s_.def_dmg[static_cast<size_t>(i)] : s_.atk_dmg[static_cast<size_t>(i)];
        if (dmg < d_->minions[static_cast<size_t>(m)].hp) out.push_back(act::kDamage + m);
      }
      std::sort(out.begin(), out.end());
      break;
    }
    case Stage::kPlunderManiacal:
      out.push_back(act::kPlunderManiacal);
      out.push_back(act::kKeepPlunder);
      break;
    case Stage::kDomination: {
      out.push_back(act::kNoThreat);
      const int cap = s_.threat_made ? 0 : capability(p);
      for (int l = 0; l < cap; ++l)
        if (l < 3 || !s_.world_taken) out.push_back(act::kThreaten + l);
      legal_main_tricks(out, p);
      std::sort(out.begin(), out.end());
      break;
    }
    case Stage::kFail:
      for (int t = 0; t < kTypes; ++t)
        if (st.dev[static_cast<size_t>(t)]) out.push_back(act::kRetaliate + t);
      out.push_back(act::kFlee);
      break;
    case Stage::kFleeKeep:
      out.push_back(act::kKeepDev);
      out.push_back(act::kDiscardDev);
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// Flow
// ---------------------------------------------------------------------------------------------
void MwahahahaState::roll(int total, std::uint8_t after) {
  s_.roll_side = 0;
  s_.roll_i = 0;
  s_.ndice[0] = static_cast<std::uint8_t>(std::min<int>(s_.ndice[0], kMaxDice));
  s_.ndice[1] = static_cast<std::uint8_t>(std::min<int>(s_.ndice[1], kMaxDice));
  s_.dice = {};
  total = s_.ndice[0] + s_.ndice[1];
  if (total == 0) {
    resume(after);
    return;
  }
  chance(chDie, 0, total, after);
}

void MwahahahaState::sort_dice() {
  for (int side = 0; side < 2; ++side) {
    auto& d = s_.dice[static_cast<size_t>(side)];
    std::sort(d.begin(), d.begin() + s_.ndice[static_cast<size_t>(side)], std::greater<>());
  }
}

void MwahahahaState::compare_dice(const int* a, int na, const int* d, int nd, bool ties_def,
                                  int& xa, int& xd) {
  xa = xd = 0;
  const int n = std::max(na, nd);
  for (int i = 0; i < n; ++i) {
    const bool ra = i < na, rd = i < nd;
    const int va = ra ? a[i] : 2,
              vd = rd ? d[i] : 2;  // MW-19: a missing die counts 2, never scores
    if (va > vd && ra)
      ++xa;
    else if (vd > va && rd)
      ++xd;
    else if (va == vd && ties_def && rd)
      ++xd;  // MW-19a
  }
}

void MwahahahaState::compute_successes() {
  int a[kMaxDice], d[kMaxDice];
  for (int i = 0; i < s_.ndice[0]; ++i) a[i] = s_.dice[0][static_cast<size_t>(i)];
  for (int i = 0; i < s_.ndice[1]; ++i) d[i] = s_.dice[1][static_cast<size_t>(i)];
  int xa, xd;
  // Ties for the defender apply to fights; the people are the "defender" of a threat too.
  compare_dice(a, s_.ndice[0], d, s_.ndice[1], g_->ties_defender(), xa, xd);
  s_.succ[0] = static_cast<std::uint8_t>(xa);
  s_.succ[1] = static_cast<std::uint8_t>(xd);
}

void MwahahahaState::after_chance() {
  resume(s_.ch_after);
}

void MwahahahaState::start_round() {
  s_.round++;
  const int n = num_players();
  for (int p = 0; p < n; ++p) {
    Seat& st = s_.seats[static_cast<size_t>(p)];
    st.converted = {};
    st.overtime = {};
    st.cashed = st.swapped = st.buy_lock = st.attacks = st.power_used = st.overclock_used = 0;
    st.raw_received = st.raw_extra = 0;
    st.attacked = 0;
  }
  s_.struck = 0;
  s_.world_taken = 0;
  s_.setup_seat = 0;
  s_.phase = Phase::kCreation;
  chance(chTrick, 0, d_->tricks_per_round, pcRoundTricks);
}

void MwahahahaState::start_phase() {
  const int n = num_players();
  int best = -1, nt = 0;
  for (int p = 0; p < n; ++p) best = std::max(best, seat(p).stock_total());
  for (int p = 0; p < n; ++p) nt += seat(p).stock_total() == best;
  if (nt > 1 && g_->tie_random()) {
    chance(chTie, 0, 1, pcPhaseTie);
    return;
  }
  for (int i = 0; i < n; ++i) {
    const int p = (s_.prev_first + i) % n;  // MW-5a: from the previous first player, included
    if (seat(p).stock_total() == best) {
      s_.active = static_cast<std::uint8_t>(p);
      break;
    }
  }
  s_.stage = Stage::kFirstLast;
  s_.actor = s_.active;
}

void MwahahahaState::begin_turn() {
  const int p = s_.order[s_.order_pos];
  s_.turn = static_cast<std::uint8_t>(p);
  Seat& st = s_.seats[static_cast<size_t>(p)];
  st.turn_actions = 0;
  s_.trades_this_turn = 0;
  s_.threat_made = 0;
  if (s_.phase == Phase::kCreation) {
    refill();  // MW-7: first; then a new device (MW-27)
    return;
  }
  s_.w_excl = static_cast<std::int8_t>(p);
  open_window(Window::kTurn, (p + 1) % num_players(), pcTurnMain);
}

void MwahahahaState::open_turn_window() {
  s_.w_excl = static_cast<std::int8_t>(s_.turn);
  open_window(Window::kTurn, (s_.turn + 1) % num_players(), pcTurnMain);
}

void MwahahahaState::refill() {
  const int p = s_.turn;
  const int need = d_->hand_size - seat(p).raw_count();
  if (need > 0) {
    chance(chRaw, p, need, pcRefill);
    return;
  }
  resume(pcRefill);
}

void MwahahahaState::end_turn() {
  if (s_.phase == Phase::kCreation && g_->trade_open() && s_.open_left == 0 &&
      s_.stage != Stage::kOpenTrade) {
    s_.open_left = static_cast<std::uint8_t>(num_players() - (g_->open_trade_all() ? 0 : 1));
    s_.open_trader = static_cast<std::uint8_t>((s_.turn + 1) % num_players());
    s_.stage = Stage::kOpenTrade;
    s_.actor = s_.open_trader;
    return;
  }
  s_.open_left = 0;
  next_turn();
}

void MwahahahaState::next_turn() {
  const int n = num_players();
  if (++s_.order_pos < n) {
    begin_turn();
    return;
  }
  switch (s_.phase) {
    case Phase::kCreation:
      s_.phase = Phase::kRivalry;
      start_phase();
      break;
    case Phase::kRivalry:
      s_.phase = Phase::kDomination;
      start_phase();
      break;
    default:
      if (g_->round_limit() > 0 && s_.round >= g_->round_limit()) {
        rank_at_limit();
        end_game(Win::kRoundLimit);
      } else {
        start_round();
      }
  }
}

void MwahahahaState::open_window(Window w, int first, std::uint8_t resume_pc) {
  s_.wnd = w;
  s_.w_passed = 0;
  s_.w_plays = 0;
  s_.w_resume = resume_pc;
  s_.stats.windows++;
  window_seek(first % num_players());
}

void MwahahahaState::window_seek(int from) {
  const int n = num_players();
  // MW-6a: the window stays open until every askable player has passed since the last play.
  for (int i = 0; i < n; ++i) {
    const int q = (from + i) % n;
    if (askable(q) && !((s_.w_passed >> q) & 1)) {
      s_.stage = Stage::kWindow;
      s_.actor = static_cast<std::uint8_t>(q);
      return;
    }
  }
  close_window();
}

void MwahahahaState::close_window() {
  s_.w_excl = -1;
  resume(s_.w_resume);
}

void MwahahahaState::play_trick(int p, int t) {
  Seat& st = s_.seats[static_cast<size_t>(p)];
  st.tricks[static_cast<size_t>(t)]--;
  s_.trick_discard[static_cast<size_t>(t)]++;
  public_trick_loss(p, t);
  s_.stats.tricks_played++;
  s_.stats.trick_plays[static_cast<size_t>(t)]++;
  s_.trick = static_cast<std::int8_t>(t);
  s_.trick_player = static_cast<std::int8_t>(p);
  s_.trick_target = -1;
  s_.ret_stage = s_.stage;
  auto choose_target = [&] {
    s_.stage = Stage::kTarget;
    s_.actor = static_cast<std::uint8_t>(p);
  };
  auto choose_type = [&](std::uint8_t pu) {
    s_.purpose = pu;
    s_.stage = Stage::kType;
    s_.actor = static_cast<std::uint8_t>(p);
  };
  switch (t) {
    case tDefective:
      s_.conv_cancel = 1;
      break;
    case tHostile:
    case tTaxAudit:
    case tLabAccident:
    case tSabotage:
    case tEspionage:
      choose_target();
      return;
    case tUnionStrike:
      s_.purpose = puUnion;
      s_.stage = Stage::kChooseEmpire;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tBlackMarket:
      chance(chRaw, p, 2, pcTrick);
      return;
    case tInsiderTip:
      s_.stage = Stage::kInsiderDeck;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tEmbezzle:
      choose_type(puEmbezzle);
      return;
    case tOvertime:
      choose_type(puOvertime);
      return;
    case tForged:
      st.raw_extra++;
      break;
    case tAmbush:
      s_.extra_dice[1] += 2;
      break;
    case tReinforce:
      s_.extra_dice[0] += 1;
      break;
    case tDoubleAgent:
      s_.purpose = puDoubleAgent;
      s_.stage = Stage::kSelectMinion;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tSneak:
      s_.sneak = 1;
      break;
    case tBoobyTrap:
      s_.purpose = puBooby;
      s_.stage = Stage::kSelectMinion;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tFieldMedic:
      s_.purpose = puMedic;
      s_.stage = Stage::kSelectMinion;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tLoadedDice:
      s_.purpose = 0;
      s_.stage = Stage::kReroll;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tSecretVault:
      s_.vault = 1;
      break;
    case tPressGang: {
      const int m = s_.min_discard[--s_.min_discard_n];
      st.minions |= 1ULL << m;
      s_.face_up |= 1ULL << m;
      break;
    }
    case tMercenary:
      chance(chMinion, p, 1, pcTrick);
      return;
    case tMonologue:
      s_.extra_dice[0] += 1;
      break;
    case tPanic:
      s_.people_minus++;
      break;
    case tDrill:
      s_.extra_dice[1] += 1;
      break;
    case tSuperhero:
      s_.no_ransom = 1;
      break;
    case tBlackout:
    case tScapegoat:
      s_.counter_blocked = 1;
      break;
    case tBrilliant:
      gain_token(p, 3);
      break;
    case tEvilLaugh:
      if (st.maniacal == 0) {
        // MW-6b: a gain in the Domination phase opens the gain-maniacal window (D4), inside
        // whatever window or decision the card was played in.
        if (s_.phase == Phase::kDomination && s_.save_n < kWindowSaves) {
          save_window();
          gain_counter(p, true, 0, pcEvilLaugh);
          return;
        }
        st.maniacal = 1;
        s_.stats.maniacal_gained[static_cast<size_t>(p)]++;
        break;
      }
      chance(chTrick, p, 1, pcTrick);
      return;
    default:
      break;
  }
  finish_trick();
}

void MwahahahaState::trick_target_chosen() {
  const int p = s_.trick_player, q = s_.trick_target;
  Seat& o = s_.seats[static_cast<size_t>(q)];
  switch (s_.trick) {
    case tHostile:
      s_.purpose = puHostile;
      s_.stage = Stage::kChooseEmpire;
      s_.actor = static_cast<std::uint8_t>(q);
      return;
    case tTaxAudit:
      if (o.stock[1]) {
        o.stock[1]--;
        break;
      }
      s_.purpose = puTaxType;
      s_.stage = Stage::kType;
      s_.actor = static_cast<std::uint8_t>(q);
      return;
    case tLabAccident:
      chance(chLabLoss, q, 1, pcTrick);
      return;
    case tSabotage:
      s_.purpose = puSabotage;
      s_.stage = Stage::kType;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    case tEspionage:
      if (o.device >= 0)
        s_.dev_known[static_cast<size_t>(o.device)] |= static_cast<std::uint8_t>(1 << p);
      s_.known_raw[static_cast<size_t>(p)][static_cast<size_t>(q)] = o.raw;
      break;
    default:
      break;
  }
  finish_trick();
}

void MwahahahaState::finish_trick() {
  const int p = s_.trick_player;
  s_.trick = -1;
  s_.purpose = puNone;
  if (s_.ret_stage == Stage::kWindow) {
    if (s_.w_plays < 255) s_.w_plays++;
    s_.w_passed = 0;
    // A void event closes its window (MW-6a).
    bool voided = (s_.wnd == Window::kConvert && s_.conv_cancel) ||
                  ((s_.wnd == Window::kAttackDeclared || s_.wnd == Window::kAfterResolved) &&
                   s_.n_atk == 0) ||
                  ((s_.wnd == Window::kGainManiacal || s_.wnd == Window::kGainHumiliation) &&
                   s_.counter_blocked);
    if (voided) {
      close_window();
      return;
    }
    s_.trick_player = -1;
    window_seek((p + 1) % num_players());
    return;
  }
  s_.stage = s_.ret_stage;
  s_.actor = static_cast<std::uint8_t>(p);
  count_action(p);
  s_.trick_player = -1;
}

// Cash-in with its follow-ups (Shell Companies type choice, Front Business draw); `ret` 0 = back to
// the Creation turn, 1 = finish the Dirty Trick that forced it.
void MwahahahaState::cash_in(int p, int e, bool forced, std::uint8_t ret) {
  const EmpireCard& ec = d_->empires[static_cast<size_t>(e)];
  for (int t = 0; t < kTypes; ++t) gain_token(p, t, ec.cash[static_cast<size_t>(t)]);
  discard_empire(e);
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (!forced) st.cashed = 1;
  s_.cash_front = ec.front;
  s_.cash_ret = ret;
  s_.ch_player = static_cast<std::uint8_t>(p);
  if (d_->scientists[static_cast<size_t>(st.sci)].power == kShell && !st.power_used) {
    st.power_used = 1;
    s_.purpose = puShell;
    s_.stage = Stage::kType;
    s_.actor = static_cast<std::uint8_t>(p);
    s_.gain_player = static_cast<std::uint8_t>(p);
    return;
  }
  s_.gain_player = static_cast<std::uint8_t>(p);
  cash_continue();
}

void MwahahahaState::cash_continue() {
  if (s_.cash_front) {
    s_.cash_front = 0;
    chance(chTrick, s_.gain_player, 1, s_.cash_ret ? pcTrick : pcSwapDraw);
    return;
  }
  if (s_.cash_ret)
    finish_trick();
  else {
    s_.stage = Stage::kCreation;
    s_.actor = s_.turn;
  }
}

int MwahahahaState::attack_dice(int side) const {
  int n = 0;
  const bool empire = s_.target_emp >= 0;
  if (side == 0) {
    for (int i = 0; i < s_.n_atk; ++i) {
      const MinionCard& m = d_->minions[static_cast<size_t>(s_.atk[static_cast<size_t>(i)])];
      n += m.value;
      if ((m.ability == kLairAttackPlus1 && !empire) || (m.ability == kEmpireAttackPlus1 && empire))
        ++n;
    }
    if (s_.n_atk >= 3 &&
        d_->scientists[static_cast<size_t>(seat(s_.attacker).sci)].power == kPrimal)
      ++n;
    n += s_.extra_dice[0];
  } else {
    bool ignore = false;
    for (int i = 0; i < s_.n_atk; ++i) {
      const Ability ab = d_->minions[static_cast<size_t>(s_.atk[static_cast<size_t>(i)])].ability;
      ignore |= (ab == kIgnoreLair && !empire) || (ab == kIgnoreEmpire && empire);
    }
    for (int i = 0; i < s_.n_def; ++i) {
      const MinionCard& m = d_->minions[static_cast<size_t>(s_.def[static_cast<size_t>(i)])];
      n += m.value;
      if (m.ability == kDefendPlus1 || (m.ability == kDefendEmpirePlus1 && empire) ||
          (m.ability == kDefendLairPlus1 && !empire))
        ++n;
    }
    if (!ignore)
      n += empire ? 1 : 2;  // MW-17/18 defence bonus (MW-17a: ignoring removes all of it)
    if (empire && d_->empires[static_cast<size_t>(s_.target_emp)].fortified) ++n;
    if (!empire && d_->scientists[static_cast<size_t>(seat(s_.defender).sci)].power == kIsland) ++n;
    n += s_.extra_dice[1];
  }
  return n;
}

void MwahahahaState::start_fight() {
  s_.fight_active = 1;
  s_.n_atk = s_.n_def = 0;
  s_.atk_dmg = {};
  s_.def_dmg = {};
  s_.extra_dice = {};
  s_.ndice = {};
  s_.succ = {};
  s_.sneak = s_.vault = 0;
  s_.plundered = s_.plunder_pts = 0;
  s_.stage = Stage::kSend;
  s_.actor = s_.attacker;
  s_.seats[s_.attacker].attacks++;
  if (s_.target_emp >= 0)
    s_.stats.attacks_empire++;
  else
    s_.stats.attacks_lair++;
}

void MwahahahaState::fight_scored() {
  compute_successes();
  if (s_.target_emp >= 0) {
    if (s_.succ[0] >= 1) {
      s_.stats.wins_empire++;
      s_.stage = Stage::kEmpireWin;
      s_.actor = s_.attacker;
      return;
    }
  } else {
    if (s_.succ[0] >= 1) s_.stats.wins_lair++;
    s_.plunder_pts = s_.succ[0];
    const Seat& o = seat(s_.defender);
    const int sc = s_.vault ? 2 : 1;
    if ((o.stock[s_.atk_type] && s_.plunder_pts >= sc) ||
        (o.dev[s_.atk_type] && s_.plunder_pts >= 2)) {
      s_.stage = Stage::kPlunder;
      s_.actor = s_.attacker;
      return;
    }
  }
  start_damage();
}

void MwahahahaState::start_damage() {
  s_.dmg_side = 0;
  s_.dmg_left = s_.succ[0];
  damage_next();
}

void MwahahahaState::damage_next() {
  for (;;) {
    const bool vs_def = s_.dmg_side == 0;
    bool any = false;
    const int cnt = vs_def ? s_.n_def : s_.n_atk;
    for (int i = 0; i < cnt; ++i) {
      const int m = vs_def ? s_.def[static_cast<size_t>(i)] : s_.atk[static_cast<size_t>(i)];
      const int dmg =
          vs_def ? s_.def_dmg[static_cast<size_t>(i)] : s_.atk_dmg[static_cast<size_t>(i)];
      any |= dmg < d_->minions[static_cast<size_t>(m)].hp;
    }
    if (s_.dmg_left > 0 && any) {
      s_.stage = Stage::kDamage;
      s_.actor = vs_def ? s_.attacker : s_.defender;
      return;
    }
    if (s_.dmg_side == 0) {
      s_.dmg_side = 1;
      s_.dmg_left = s_.succ[1];
      continue;
    }
    break;
  }
  damage_done();
}

void MwahahahaState::damage_done() {
  bool any = false;
  for (int i = 0; i < s_.n_atk; ++i) any |= s_.atk_dmg[static_cast<size_t>(i)] > 0;
  for (int i = 0; i < s_.n_def; ++i) any |= s_.def_dmg[static_cast<size_t>(i)] > 0;
  if (any) {
    open_window(Window::kAfterDamage, s_.attacker, pcAfterDamage);
    return;
  }
  resolve_dead();
}

// Destroyed Minions leave (MW-20a order); Grave Robber; then the after-resolved window.
void MwahahahaState::resolve_dead() {
  int died_types = 0;  // Grave Robber: the resource types of the destroyed Minions
  auto kill = [&](std::array<std::int8_t, 3>& arr, std::array<std::uint8_t, 3>& dmg,
                  std::uint8_t& cnt, bool attackers) {
    int k = 0;
    for (int i = 0; i < cnt; ++i) {
      const int m = arr[static_cast<size_t>(i)];
      if (dmg[static_cast<size_t>(i)] >= d_->minions[static_cast<size_t>(m)].hp) {
        discard_minion(m);
        if (attackers)
          s_.stats.minions_lost_att++;
        else
          s_.stats.minions_lost_def++;
        died_types |= 1 << d_->minions[static_cast<size_t>(m)].type;
      } else {
        arr[static_cast<size_t>(k)] = static_cast<std::int8_t>(m);
        dmg[static_cast<size_t>(k)] = dmg[static_cast<size_t>(i)];
        ++k;
      }
    }
    cnt = static_cast<std::uint8_t>(k);
  };
  kill(s_.atk, s_.atk_dmg, s_.n_atk, true);
  kill(s_.def, s_.def_dmg, s_.n_def, false);
  grave_trigger(died_types, 0);
}

// Grave Robber's trigger for Minions of `types` destroyed; `after`: 0 fight damage (then the
// after-resolved window), 1 a Booby Trap (back to its window), 2 one-shot Minions (the fight ends).
void MwahahahaState::grave_trigger(int types, std::uint8_t after) {
  s_.grave_pending = static_cast<std::uint8_t>(types);
  s_.medic_used =
      types ? 3 : 0;  // fighters still to check for Grave Robber: 1 attacker, 2 defender
  s_.grave_after = after;
  grave_next();
}

// Grave Robber (MW-31): automatic; its owner picks the type when Minions of several types died.
void MwahahahaState::grave_next() {
  for (int side = 0; side < 2; ++side) {
    if (!((s_.medic_used >> side) & 1)) continue;
    s_.medic_used = static_cast<std::uint8_t>(s_.medic_used & ~(1 << side));
    const int p = side == 0 ? s_.attacker : s_.defender;
    Seat& st = s_.seats[static_cast<size_t>(p)];
    if (d_->scientists[static_cast<size_t>(st.sci)].power != kGraveRobber || st.power_used)
      continue;
    st.power_used = 1;
    if (std::popcount(static_cast<unsigned>(s_.grave_pending)) == 1) {
      gain_token(p, std::countr_zero(static_cast<unsigned>(s_.grave_pending)));
      continue;
    }
    s_.purpose = puGrave;
    s_.stage = Stage::kType;
    s_.actor = static_cast<std::uint8_t>(p);
    return;
  }
  s_.grave_pending = 0;
  if (s_.grave_after == 1) {
    finish_trick();
    return;
  }
  if (s_.grave_after == 2) {
    fight_finish();
    return;
  }
  if (s_.n_atk > 0) {
    open_window(Window::kAfterResolved, s_.attacker, pcAfterResolved);
    return;
  }
  fight_end();
}

void MwahahahaState::fight_end() {
  // MW-20a: Booby Trap victims are gone already (discarded as the card resolved); now one-shot
  // Minions leave, the attacker's first in the order sent; then survivors heal.
  int types = 0;
  auto one_shots = [&](const std::array<std::int8_t, 3>& arr, int cnt) {
    for (int i = 0; i < cnt; ++i) {
      const int m = arr[static_cast<size_t>(i)];
      if (d_->minions[static_cast<size_t>(m)].ability != kOneShot) continue;
      discard_minion(m);
      types |= 1 << d_->minions[static_cast<size_t>(m)].type;
    }
  };
  one_shots(s_.atk, s_.n_atk);
  one_shots(s_.def, s_.n_def);
  if (types && g_->grave_after_fight()) {  // D13: destroyed after the fight, still in it
    grave_trigger(types, 2);
    return;
  }
  fight_finish();
}

void MwahahahaState::fight_finish() {
  s_.n_atk = s_.n_def = 0;
  s_.atk_dmg = {};
  s_.def_dmg = {};
  s_.fight_active = 0;
  const Seat& st = seat(s_.attacker);
  if (s_.target_emp < 0 && s_.plundered >= 3 && !(st.man_sources & kSrcPlunder) &&
      st.maniacal < 3) {
    s_.stage = Stage::kPlunderManiacal;
    s_.actor = s_.attacker;
    return;
  }
  after_fight();
}

void MwahahahaState::after_fight() {
  const int p = s_.attacker;
  if (g_->attacks_many() || g_->turn_declared()) {  // D16, D21
    s_.stage = Stage::kRivalry;
    s_.actor = static_cast<std::uint8_t>(p);
    count_action(p);
    if (s_.seats[static_cast<size_t>(p)].turn_actions < 12) return;
  }
  end_turn();
}

void MwahahahaState::gain_counter(int p, bool maniacal, int source, std::uint8_t resume_pc) {
  const Seat& st = seat(p);
  s_.gain_player = static_cast<std::uint8_t>(p);
  s_.gain_is_maniacal = maniacal;
  s_.gain_source = static_cast<std::uint8_t>(source);
  s_.gain_resume = resume_pc;
  s_.counter_blocked = 0;
  if ((maniacal ? st.maniacal : st.humiliation) >= 3) {  // MW-28: beyond the cap, not taken
    resume(resume_pc);
    return;
  }
  open_window(maniacal ? Window::kGainManiacal : Window::kGainHumiliation, p, pcGain);
}

void MwahahahaState::threat_done() {
  s_.threat_on = 0;
  if (g_->turn_declared()) {  // D21: back to the turn's main decision, no second threat
    s_.threat_made = 1;
    s_.stage = Stage::kDomination;
    s_.actor = s_.turn;
    return;
  }
  end_turn();
}

// A window opened while another window or a trick is being resolved (Evil Laugh's gain, D4):
// the outer context is kept and put back when the inner window is done.
void MwahahahaState::save_window() {
  auto& w = s_.saves[s_.save_n++];
  w = {s_.wnd,          s_.ret_stage,       s_.w_passed,         s_.w_plays,
       s_.w_resume,     s_.gain_player,     s_.gain_is_maniacal, s_.gain_source,
       s_.gain_resume,  s_.counter_blocked, s_.purpose,          s_.trick,
       s_.trick_player, s_.w_excl};
  s_.w_excl = -1;
}

void MwahahahaState::restore_window() {
  const auto& w = s_.saves[--s_.save_n];
  s_.wnd = w.wnd;
  s_.ret_stage = w.ret_stage;
  s_.w_passed = w.w_passed;
  s_.w_plays = w.w_plays;
  s_.w_resume = w.w_resume;
  s_.gain_player = w.gain_player;
  s_.gain_is_maniacal = w.gain_is_maniacal;
  s_.gain_source = w.gain_source;
  s_.gain_resume = w.gain_resume;
  s_.counter_blocked = w.counter_blocked;
  s_.purpose = w.purpose;
  s_.trick = w.trick;
  s_.trick_player = w.trick_player;
  s_.w_excl = w.w_excl;
}

void MwahahahaState::end_game(Win w) {
  s_.threat_on = 0;
  s_.win = w;
  s_.stage = Stage::kTerminal;
  s_.phase = Phase::kOver;
}

void MwahahahaState::rank_at_limit() {
  // MW-29: highest level succeeded, then tokens on device, then stockpile; ties share.
  const int n = num_players();
  auto key = [&](int p) {
    const Seat& st = seat(p);
    const int lvl =
        st.levels_won ? 32 - std::countl_zero(static_cast<std::uint32_t>(st.levels_won)) : 0;
    return lvl * 1000000 + st.dev_total() * 1000 + st.stock_total();
  };
  int best = -1;
  for (int p = 0; p < n; ++p) best = std::max(best, key(p));
  s_.winners = 0;
  for (int p = 0; p < n; ++p)
    if (key(p) == best) s_.winners |= static_cast<std::uint8_t>(1 << p);
}

void MwahahahaState::trade_clear(bool returned) {
  const int p = s_.trade_proposer;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  if (returned) {
    for (int i = 0; i < s_.t_raw_n; ++i)
      st.raw[static_cast<size_t>(s_.t_raw_actual[static_cast<size_t>(i)])]++;
    for (int t = 0; t < kNumTricks; ++t)
      st.tricks[static_cast<size_t>(t)] += s_.t_offer_trick[static_cast<size_t>(t)];
  }
  s_.t_offer_tok = {};
  s_.t_ask_tok = {};
  s_.t_offer_emp = s_.t_ask_emp = s_.t_offer_min = s_.t_ask_min = 0;
  s_.t_raw_actual = {};
  s_.t_raw_desc = {};
  s_.t_ask_raw = {};
  s_.t_raw_n = s_.t_ask_raw_n = s_.t_ask_trick = s_.t_items = s_.t_given = s_.t_peeked = 0;
  s_.t_offer_trick = {};
  s_.t_got_raw = {};
  s_.t_got_trick = {};
  s_.trade_partner = -1;
  s_.trade_proposer = -1;
}

void MwahahahaState::trade_return() {
  if (s_.ret_stage == Stage::kOpenTrade) {
    if (--s_.open_left == 0) {
      next_turn();
      return;
    }
    s_.open_trader = static_cast<std::uint8_t>((s_.open_trader + 1) % num_players());
    s_.stage = Stage::kOpenTrade;
    s_.actor = s_.open_trader;
    return;
  }
  s_.stage = Stage::kCreation;
  s_.actor = s_.turn;
}

void MwahahahaState::trade_execute() {
  const int p = s_.trade_proposer, q = s_.trade_partner;
  Seat& a = s_.seats[static_cast<size_t>(p)];
  Seat& b = s_.seats[static_cast<size_t>(q)];
  for (int t = 0; t < kTypes; ++t) {
    a.stock[static_cast<size_t>(t)] -= s_.t_offer_tok[static_cast<size_t>(t)];
    b.stock[static_cast<size_t>(t)] += s_.t_offer_tok[static_cast<size_t>(t)];
    b.stock[static_cast<size_t>(t)] -= s_.t_ask_tok[static_cast<size_t>(t)];
    a.stock[static_cast<size_t>(t)] += s_.t_ask_tok[static_cast<size_t>(t)];
  }
  a.empires = (a.empires & ~s_.t_offer_emp) | s_.t_ask_emp;
  b.empires = (b.empires & ~s_.t_ask_emp) | s_.t_offer_emp;
  a.minions = (a.minions & ~s_.t_offer_min) | s_.t_ask_min;
  b.minions = (b.minions & ~s_.t_ask_min) | s_.t_offer_min;
  a.attacked &= ~s_.t_offer_min;
  b.attacked &= ~s_.t_ask_min;
  for (int m = 0; m < kNumMinions; ++m) {
    if (bit(s_.t_offer_min, m))
      s_.min_known[static_cast<size_t>(m)] |= static_cast<std::uint8_t>(1 << q);
    if (bit(s_.t_ask_min, m))
      s_.min_known[static_cast<size_t>(m)] |= static_cast<std::uint8_t>(1 << p);
  }
  auto receive_raw = [&](int to, int actual) {
    Seat& r = s_.seats[static_cast<size_t>(to)];
    r.raw_received++;
    if (actual == kBetrayed) {  // discarded at once, face up (D5)
      s_.raw_discard[kBetrayed]++;
      s_.stats.betrayed_given++;
      s_.stats.betrayed_caught++;
      return;
    }
    r.raw[static_cast<size_t>(actual)]++;
    for (int v = 0; v < kViewers; ++v)
      s_.known_raw[static_cast<size_t>(v)][static_cast<size_t>(to)][static_cast<size_t>(actual)]++;
  };
  for (int i = 0; i < s_.t_raw_n; ++i) receive_raw(q, s_.t_raw_actual[static_cast<size_t>(i)]);
  for (int i = 0; i < s_.t_ask_raw_n; ++i) receive_raw(p, s_.t_got_raw[static_cast<size_t>(i)]);
  for (int t = 0; t < kNumTricks; ++t) {
    const int x = s_.t_offer_trick[static_cast<size_t>(t)],
              y = s_.t_got_trick[static_cast<size_t>(t)];
    b.tricks[static_cast<size_t>(t)] += static_cast<std::uint8_t>(x);
    a.tricks[static_cast<size_t>(t)] += static_cast<std::uint8_t>(y);
    for (int v = 0; v < kViewers; ++v) {
      s_.known_trick[static_cast<size_t>(v)][static_cast<size_t>(q)][static_cast<size_t>(t)] +=
          static_cast<std::uint8_t>(x);
      s_.known_trick[static_cast<size_t>(v)][static_cast<size_t>(p)][static_cast<size_t>(t)] +=
          static_cast<std::uint8_t>(y);
    }
  }
  s_.stats.trades_accepted++;
  trade_clear(false);
  trade_return();
}

// ---------------------------------------------------------------------------------------------
// Continuations
// ---------------------------------------------------------------------------------------------
void MwahahahaState::resume(std::uint8_t pc) {
  const int n = num_players();
  switch (pc) {
    case pcNone:
      return;
    case pcSetupSci:
      if (++s_.setup_seat < n) {
        chance(chSci, s_.setup_seat, 1, pcSetupSci);
        return;
      }
      s_.setup_seat = 0;
      s_.pending_n = 0;
      chance(chDevice, 0, 3, pcSetupDevice);
      return;
    case pcSetupDevice:
    case pcTurnDevice:
      if (s_.pending_n == 0) {  // no device left anywhere
        if (pc == pcSetupDevice) {
          if (++s_.setup_seat < n)
            chance(chDevice, s_.setup_seat, 3, pcSetupDevice);
          else
            start_round();
        } else {
          open_turn_window();
        }
        return;
      }
      s_.stage = Stage::kKeepDevice;
      s_.actor = pc == pcSetupDevice ? s_.setup_seat : s_.turn;
      return;
    case pcRoundTricks:
      if (++s_.setup_seat < n) {
        chance(chTrick, s_.setup_seat, d_->tricks_per_round, pcRoundTricks);
        return;
      }
      start_phase();
      return;
    case pcPhaseTie:
      s_.stage = Stage::kFirstLast;
      s_.actor = s_.active;
      return;
    case pcRefill:
      if (seat(s_.turn).device < 0) {  // MW-27, after the refill (MW-7 "first")
        s_.pending_n = 0;
        chance(chDevice, s_.turn, 3, pcTurnDevice);
        return;
      }
      open_turn_window();
      return;
    case pcTurnMain:
      s_.actor = s_.turn;
      s_.stage = s_.phase == Phase::kCreation  ? Stage::kCreation
                 : s_.phase == Phase::kRivalry ? Stage::kRivalry
                                               : Stage::kDomination;
      return;
    case pcConvert: {
      Seat& st = s_.seats[s_.turn];
      s_.raw_discard[s_.conv_kind]++;
      s_.conv_pending = 0;
      if (!s_.conv_cancel) {
        const int t = s_.conv_type;
        const int value =
            s_.conv_kind == kWild ? d_->wild_value : d_->raw_kinds[s_.conv_kind].value;
        const int left = capacity_left(s_.turn, t);
        int gain = std::min(value, left);
        const bool use = g_->powers_ask() ? s_.conv_over != 0 : true;  // D11
        if (use && value > left &&
            d_->scientists[static_cast<size_t>(st.sci)].power == kOverclock && !st.overclock_used) {
          st.overclock_used = 1;  // MW-31: spent only if the conversion resolves
          ++gain;
        }
        st.converted[static_cast<size_t>(t)] =
            static_cast<std::uint8_t>(st.converted[static_cast<size_t>(t)] + gain);
        gain_token(s_.turn, t, gain);
      }
      s_.conv_cancel = 0;
      s_.stage = Stage::kCreation;
      s_.actor = s_.turn;
      return;
    }
    case pcBuyEmpire:
    case pcBuyMinion:
    case pcSwapDraw:
      s_.stage = Stage::kCreation;
      s_.actor = s_.turn;
      return;
    case pcAssembly:
      if (s_.pending_n == 0) {
        resume(pcBuyMinion);
        return;
      }
      if (s_.pending_n == 1) {
        const int m = s_.pending[0];
        s_.seats[s_.turn].minions |= 1ULL << m;
        s_.min_known[static_cast<size_t>(m)] = static_cast<std::uint8_t>(1 << s_.turn);
        s_.pending_n = 0;
        resume(pcBuyMinion);
        return;
      }
      s_.purpose = puAssembly;
      s_.stage = Stage::kSelectMinion;
      s_.actor = s_.turn;
      return;
    case pcInsider:
      if (s_.pending_n == 0) {
        finish_trick();
        return;
      }
      s_.purpose = puTopOrder;
      s_.stage = s_.ch_kind == chEmpire ? Stage::kChooseEmpire : Stage::kSelectMinion;
      s_.actor = static_cast<std::uint8_t>(s_.trick_player);
      return;
    case pcTrick:
      finish_trick();
      return;
    case pcAttackDeclared:
      if (s_.n_atk == 0) {  // MW-16a: every attacker sent back
        fight_end();
        return;
      }
      if (s_.sneak || seat(s_.defender).minions == 0) {
        open_window(Window::kBeforeRoll, s_.attacker, pcBeforeRoll);
        return;
      }
      s_.stage = Stage::kDefend;
      s_.actor = s_.defender;
      return;
    case pcBeforeRoll:
      for (int i = 0; i < s_.n_atk; ++i)
        if (d_->minions[static_cast<size_t>(s_.atk[static_cast<size_t>(i)])].ability == kPsychic)
          s_.known_trick[s_.attacker][s_.defender] = seat(s_.defender).tricks;
      s_.ndice[0] = static_cast<std::uint8_t>(attack_dice(0));
      s_.ndice[1] = static_cast<std::uint8_t>(attack_dice(1));
      roll(0, pcFightRolled);
      return;
    case pcFightRolled:
      sort_dice();
      open_window(Window::kFightAfterRoll, s_.attacker, pcFightAfterRoll);
      return;
    case pcFightAfterRoll:
      fight_scored();
      return;
    case pcReroll:
      sort_dice();
      s_.roll_side = 0;
      finish_trick();
      return;
    case pcAfterDamage:
      resolve_dead();
      return;
    case pcAfterResolved:
      fight_end();
      return;
    case pcThreatDeclared: {
      const Seat& st = seat(s_.threatener);
      const DeviceCard& dv = d_->devices[static_cast<size_t>(st.device)];
      const int l = s_.threat_level;
      s_.ndice[0] = static_cast<std::uint8_t>(std::max(
          0, dv.dice[static_cast<size_t>(l)] + s_.extra_dice[0] + st.maniacal - st.humiliation));
      s_.ndice[1] = static_cast<std::uint8_t>(
          std::max(1, dv.people[static_cast<size_t>(l)] + s_.extra_dice[1] - s_.people_minus));
      roll(0, pcThreatRolled);
      return;
    }
    case pcThreatRolled: {
      sort_dice();
      Seat& st = s_.seats[s_.threatener];
      if (!g_->powers_ask() && whispers_ready(s_.threatener)) {
        st.power_used = 1;  // MW-31: automatic, the people's highest die
        s_.roll_side = 2;
        s_.reroll_side = 1;
        s_.reroll_idx = 0;
        chance(chDie, 0, 1, pcWhispers);
        return;
      }
      open_window(Window::kThreatAfterRoll, s_.threatener, pcThreatAfterRoll);
      return;
    }
    case pcWhispers:
      sort_dice();
      s_.roll_side = 0;
      open_window(Window::kThreatAfterRoll, s_.threatener, pcThreatAfterRoll);
      return;
    case pcThreatAfterRoll: {
      compute_successes();
      const int p = s_.threatener, l = s_.threat_level;
      Seat& st = s_.seats[static_cast<size_t>(p)];
      s_.last_threat_ok = s_.succ[0] >= l + 1;  // MW-24
      if (s_.last_threat_ok) {
        s_.stats.threat_wins[static_cast<size_t>(p)][static_cast<size_t>(l)]++;
        if (l == 3) {
          s_.winners = static_cast<std::uint8_t>(1 << p);
          end_game(Win::kWorld);
          return;
        }
        s_.threat_hum = (l + 1 < capability(p)) || ((st.levels_won >> l) & 1);
        st.levels_won |= static_cast<std::uint8_t>(1 << l);
        s_.no_ransom = 0;
        open_window(Window::kThreatSuccess, p, pcThreatSuccess);
        return;
      }
      if (l == 3) {  // MW-26: a failed World threat flees at once
        s_.stats.flees[static_cast<size_t>(p)]++;
        gain_counter(p, false, 0, pcAfterGainHumFlee);
        return;
      }
      s_.stage = Stage::kFail;
      s_.actor = static_cast<std::uint8_t>(p);
      return;
    }
    case pcThreatSuccess: {
      const Seat& st = seat(s_.threatener);
      s_.ransom_left =
          s_.no_ransom ? 0
                       : static_cast<std::uint8_t>(
                             d_->devices[static_cast<size_t>(st.device)].ransom[s_.threat_level]);
      if (s_.ransom_left) {
        s_.purpose = puRansom;
        s_.stage = Stage::kType;
        s_.actor = s_.threatener;
        return;
      }
      if (s_.threat_hum)
        gain_counter(s_.threatener, false, 0, pcThreatDone);
      else
        threat_done();
      return;
    }
    case pcGain: {
      if (!s_.counter_blocked) {
        Seat& st = s_.seats[s_.gain_player];
        if (s_.gain_is_maniacal) {
          if (st.maniacal < 3) {
            st.maniacal++;
            st.man_sources |= s_.gain_source;
            s_.stats.maniacal_gained[s_.gain_player]++;
          }
        } else if (st.humiliation < 3) {
          st.humiliation++;
          s_.stats.humiliation_gained[s_.gain_player]++;
        }
      }
      s_.counter_blocked = 0;
      resume(s_.gain_resume);
      return;
    }
    case pcAfterGainHumFlee:
      s_.stage = Stage::kFleeKeep;
      s_.actor = s_.threatener;
      return;
    case pcThreatDone:
      threat_done();
      return;
    case pcEvilLaugh:
      restore_window();
      finish_trick();
      return;
    default:
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Applying actions
// ---------------------------------------------------------------------------------------------
void MwahahahaState::apply_unchecked(Action a) {
  if (s_.stage == Stage::kChance)
    apply_chance(a);
  else
    apply_decision(a);
  if (++s_.actions >= static_cast<std::uint32_t>(kActionGuard) && s_.stage != Stage::kTerminal) {
    rank_at_limit();  // D7
    end_game(Win::kGuard);
  }
}

void MwahahahaState::apply_chance(Action a) {
  const int p = s_.ch_player;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  switch (s_.ch_kind) {
    case chDie: {
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
    case chRaw:
      draw_raw_into(p, a - act::kRaw);
      break;
    case chLabLoss: {
      const int k = a - act::kRaw;
      st.raw[static_cast<size_t>(k)]--;
      s_.raw_discard[static_cast<size_t>(k)]++;
      public_raw_loss(p, k);
      break;
    }
    case chTrick:
      s_.trick_deck[static_cast<size_t>(a - act::kTrickDraw)]--;
      st.tricks[static_cast<size_t>(a - act::kTrickDraw)]++;
      break;
    case chEmpire: {
      const int e = a - act::kEmpire;
      if (s_.top_n[0])
        pop_top(s_.top[0], s_.top_n[0]);
      else
        s_.emp_deck &= ~(1ULL << e);
      if (s_.ch_after == pcInsider)
        s_.pending[s_.pending_n++] = static_cast<std::int8_t>(e);
      else
        st.empires |= 1ULL << e;
      break;
    }
    case chMinion: {
      const int m = a - act::kMinion;
      if (s_.top_n[1])
        pop_top(s_.top[1], s_.top_n[1]);
      else if (s_.min_deck)
        s_.min_deck &= ~(1ULL << m);
      else
        pop_bottom();
      if (s_.ch_after == pcInsider || s_.ch_after == pcAssembly) {
        s_.pending[s_.pending_n++] = static_cast<std::int8_t>(m);
      } else {
        st.minions |= 1ULL << m;
        s_.face_up &= ~(1ULL << m);
        s_.min_known[static_cast<size_t>(m)] = static_cast<std::uint8_t>(1 << p);
      }
      break;
    }
    case chDevice: {
      const int dv = a - act::kDevice;
      s_.dev_deck &= ~(1U << dv);
      s_.pending[s_.pending_n++] = static_cast<std::int8_t>(dv);
      break;
    }
    case chSci:
      st.sci = static_cast<std::int8_t>(a - act::kSci);
      s_.sci_pool &= ~(1U << st.sci);
      break;
    case chTie:
      s_.active = static_cast<std::uint8_t>(a - act::kTie);
      break;
    default:
      break;
  }
  if (--s_.ch_count > 0) {
    chance(s_.ch_kind, s_.ch_player, s_.ch_count, s_.ch_after);
    return;
  }
  after_chance();
}

void MwahahahaState::apply_decision(Action a) {
  const int p = s_.actor;
  Seat& st = s_.seats[static_cast<size_t>(p)];
  const int n = num_players();
  switch (s_.stage) {
    case Stage::kPickSci:
      st.sci = static_cast<std::int8_t>(a - act::kPickSci);
      s_.sci_pool &= ~(1U << st.sci);
      if (++s_.setup_seat < n) {
        s_.actor = s_.setup_seat;
        return;
      }
      s_.setup_seat = 0;
      s_.pending_n = 0;
      chance(chDevice, 0, 3, pcSetupDevice);
      return;
    case Stage::kKeepDevice: {
      const int dv = a - act::kKeepDevice;
      st.device = static_cast<std::int8_t>(dv);
      st.device_up = 0;
      s_.dev_known[static_cast<size_t>(dv)] = static_cast<std::uint8_t>(1 << p);
      for (int i = 0; i < s_.pending_n; ++i)
        if (s_.pending[static_cast<size_t>(i)] != dv)
          s_.dev_discard |= 1U << s_.pending[static_cast<size_t>(i)];
      s_.pending_n = 0;
      if (s_.phase == Phase::kSetup) {
        if (++s_.setup_seat < n)
          chance(chDevice, s_.setup_seat, 3, pcSetupDevice);
        else
          start_round();
      } else {
        open_turn_window();
      }
      return;
    }
    case Stage::kFirstLast: {
      const int act_p = s_.active;
      for (int i = 0; i < n; ++i)
        s_.order[static_cast<size_t>(i)] =
            static_cast<std::int8_t>(a == act::kGoFirst ? (act_p + i) % n : (act_p + 1 + i) % n);
      s_.prev_first = static_cast<std::uint8_t>(s_.order[0]);
      s_.order_pos = 0;
      begin_turn();
      return;
    }
    case Stage::kWindow:
      if (a == act::kPass) {
        s_.w_passed |= static_cast<std::uint8_t>(1 << p);
        window_seek((p + 1) % n);
        return;
      }
      if (a == act::kPowerReroll && s_.wnd == Window::kThreatAfterRoll) {  // Maddening Whispers
        st.power_used = 1;
        s_.trick = -1;
        s_.trick_player = static_cast<std::int8_t>(p);
        s_.ret_stage = Stage::kWindow;
        s_.roll_side = 2;  // the people's highest die
        s_.reroll_side = 1;
        s_.reroll_idx = 0;
        chance(chDie, 0, 1, pcReroll);
        return;
      }
      if (a == act::kPowerReroll) {  // Teutonic Precision: one of the owner's own dice
        st.power_used = 1;
        s_.trick = -1;
        s_.trick_player = static_cast<std::int8_t>(p);
        s_.ret_stage = Stage::kWindow;
        s_.purpose = 1;
        s_.reroll_side = p == s_.attacker ? 0 : 1;
        s_.stage = Stage::kReroll;
        return;
      }
      play_trick(p, a - act::kPlay);
      return;
    case Stage::kCreation:
      if (a == act::kEndTurn) {
        end_turn();
        return;
      }
      if (a < act::kPlay || a >= act::kPlay + kNumTricks) count_action(p);  // plays: finish_trick
      s_.conv_over = 0;
      if (a >= act::kConvertOver && a < act::kConvertWildOver + kTypes) {
        s_.conv_over = 1;
        a = a < act::kConvertWildOver ? act::kConvert + (a - act::kConvertOver)
                                      : act::kConvertWild + (a - act::kConvertWildOver);
      }
      if (a >= act::kConvert && a < act::kConvertWild + kTypes) {
        const bool wild = a >= act::kConvertWild;
        const int k = wild ? kWild : a - act::kConvert;
        st.raw[static_cast<size_t>(k)]--;
        public_raw_loss(p, k);
        s_.conv_kind = static_cast<std::uint8_t>(k);
        s_.conv_type = static_cast<std::uint8_t>(wild ? a - act::kConvertWild : k / 3);
        s_.conv_cancel = 0;
        s_.conv_pending = 1;
        s_.w_excl = static_cast<std::int8_t>(p);
        open_window(Window::kConvert, (p + 1) % n, pcConvert);
        return;
      }
      if (a >= act::kSacrifice && a < act::kSacrifice + kTypes) {
        s_.sac_type = static_cast<std::uint8_t>(a - act::kSacrifice);
        s_.select_left = static_cast<std::uint8_t>(d_->sacrifice_cards);
        s_.stage = Stage::kSacrificeSelect;
        return;
      }
      if (a == act::kBuyEmpire || a == act::kBuyMinion) {
        s_.pay_for = a == act::kBuyEmpire ? 0 : 1;
        s_.pay_left =
            static_cast<std::uint8_t>(a == act::kBuyEmpire ? d_->empire_cost : d_->minion_cost);
        s_.stage = Stage::kPay;
        return;
      }
      if (a >= act::kInvest && a < act::kInvest + kTypes) {
        st.stock[static_cast<size_t>(a - act::kInvest)]--;
        st.dev[static_cast<size_t>(a - act::kInvest)]++;
        return;
      }
      if (a >= act::kCashIn && a < act::kCashIn + kNumEmpires) {
        cash_in(p, a - act::kCashIn, false, 0);
        return;
      }
      if (a >= act::kDiscardMinion && a < act::kDiscardMinion + kNumMinions) {
        discard_minion(a - act::kDiscardMinion);
        return;
      }
      if (a == act::kFeedSharks) {
        s_.select_left = 3;
        s_.purpose = puFeed;
        s_.stage = Stage::kFeedSelect;
        return;
      }
      if (a == act::kSwapTricks) {
        s_.select_left = 2;
        s_.stage = Stage::kSwapSelect;
        return;
      }
      if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
        play_trick(p, a - act::kPlay);
        return;
      }
      if (a >= act::kTradeWith && a < act::kTradeWith + kMaxPlayers) {
        s_.trades_this_turn++;
        s_.trade_proposer = static_cast<std::int8_t>(p);
        s_.trade_partner = static_cast<std::int8_t>(a - act::kTradeWith);
        s_.ret_stage = Stage::kCreation;
        s_.stage = Stage::kTradeBuild;
        return;
      }
      return;
    case Stage::kOpenTrade:
      if (a == act::kPass) {
        s_.ret_stage = Stage::kOpenTrade;
        trade_return();
        return;
      }
      s_.trade_proposer = static_cast<std::int8_t>(p);
      s_.trade_partner = static_cast<std::int8_t>(a - act::kTradeWith);
      s_.ret_stage = Stage::kOpenTrade;
      s_.stage = Stage::kTradeBuild;
      return;
    case Stage::kSacrificeSelect: {
      const int k = a - act::kSelectRaw;
      st.raw[static_cast<size_t>(k)]--;
      s_.raw_discard[static_cast<size_t>(k)]++;
      public_raw_loss(p, k);
      if (--s_.select_left == 0) {
        gain_token(p, s_.sac_type);
        s_.stage = Stage::kCreation;
      }
      return;
    }
    case Stage::kSwapSelect: {
      const int t = a - act::kSelectTrick;
      st.tricks[static_cast<size_t>(t)]--;
      s_.trick_discard[static_cast<size_t>(t)]++;
      public_trick_loss(p, t);
      if (--s_.select_left == 0) {
        st.swapped = 1;
        chance(chTrick, p, 1, pcSwapDraw);
      }
      return;
    }
    case Stage::kPay:
      st.stock[static_cast<size_t>(a - act::kPay)]--;
      if (--s_.pay_left == 0) {
        if (s_.pay_for == 0) {
          chance(chEmpire, p, 1, pcBuyEmpire);
        } else if (d_->scientists[static_cast<size_t>(st.sci)].power == kAssembly &&
                   !st.power_used) {
          st.power_used = 1;
          s_.pending_n = 0;
          chance(chMinion, p, 2, pcAssembly);
        } else {
          chance(chMinion, p, 1, pcBuyMinion);
        }
      }
      return;
    case Stage::kFeedSelect: {
      const int m = a - act::kSelectMinion;
      const int w = d_->minions[static_cast<size_t>(m)].ability == kFeedsAsTwo ? 2 : 1;
      discard_minion(m);
      s_.select_left = static_cast<std::uint8_t>(std::max(0, s_.select_left - w));
      if (s_.select_left == 0) {
        st.buy_lock = 1;  // MW-13a: even if the counter is blocked
        if (st.maniacal < 3 && !(st.man_sources & kSrcSharks)) {
          st.maniacal++;
          st.man_sources |= kSrcSharks;
          s_.stats.maniacal_gained[static_cast<size_t>(p)]++;
        }
        s_.purpose = puNone;
        s_.stage = Stage::kCreation;
      }
      return;
    }
    case Stage::kSelectMinion: {
      const int m = a - act::kSelectMinion;
      switch (s_.purpose) {
        case puAssembly: {
          const int other = s_.pending[0] == m ? s_.pending[1] : s_.pending[0];
          st.minions |= 1ULL << m;
          s_.face_up &= ~(1ULL << m);
          s_.min_known[static_cast<size_t>(m)] = static_cast<std::uint8_t>(1 << p);
          // The other goes to the bottom of the Minion deck (its owner knows it is there).
          if (s_.min_bottom_n == 0) s_.bottom_known = static_cast<std::uint8_t>(1 << p);
          s_.bottom_known &= static_cast<std::uint8_t>(1 << p);
          s_.min_bottom[s_.min_bottom_n++] = static_cast<std::int8_t>(other);
          s_.min_known[static_cast<size_t>(other)] = 0;
          s_.pending_n = 0;
          s_.purpose = puNone;
          resume(pcBuyMinion);
          return;
        }
        case puTopOrder: {
          // Chosen card goes next onto the top stack (first chosen = top).
          s_.top[1][s_.top_n[1]++] = static_cast<std::int8_t>(m);
          int k = 0;
          for (int i = 0; i < s_.pending_n; ++i)
            if (s_.pending[static_cast<size_t>(i)] != m)
              s_.pending[static_cast<size_t>(k++)] = s_.pending[static_cast<size_t>(i)];
          s_.pending_n = static_cast<std::uint8_t>(k);
          s_.top_known[1] = static_cast<std::uint8_t>(1 << p);
          if (k == 0) finish_trick();
          return;
        }
        case puDoubleAgent: {
          int k = 0;
          for (int i = 0; i < s_.n_atk; ++i)
            if (s_.atk[static_cast<size_t>(i)] != m)
              s_.atk[static_cast<size_t>(k++)] = s_.atk[static_cast<size_t>(i)];
          s_.n_atk = static_cast<std::uint8_t>(k);
          finish_trick();
          return;
        }
        case puBooby: {
          // MW-20a: a Minion it destroys is discarded now, before one-shot Minions leave.
          int k = 0;
          bool killed = false;
          for (int i = 0; i < s_.n_atk; ++i) {
            const int x = s_.atk[static_cast<size_t>(i)];
            auto dmg = s_.atk_dmg[static_cast<size_t>(i)];
            if (x == m && ++dmg >= d_->minions[static_cast<size_t>(m)].hp) {
              killed = true;
              continue;
            }
            s_.atk[static_cast<size_t>(k)] = static_cast<std::int8_t>(x);
            s_.atk_dmg[static_cast<size_t>(k++)] = dmg;
          }
          s_.n_atk = static_cast<std::uint8_t>(k);
          if (killed) {
            discard_minion(m);
            s_.stats.minions_lost_att++;
            if (g_->grave_after_fight()) {  // D13: Grave Robber counts it (MW-31)
              grave_trigger(1 << d_->minions[static_cast<size_t>(m)].type, 1);
              return;
            }
          }
          finish_trick();
          return;
        }
        case puMedic:
          for (int i = 0; i < s_.n_atk; ++i)
            if (s_.atk[static_cast<size_t>(i)] == m) s_.atk_dmg[static_cast<size_t>(i)] = 0;
          for (int i = 0; i < s_.n_def; ++i)
            if (s_.def[static_cast<size_t>(i)] == m) s_.def_dmg[static_cast<size_t>(i)] = 0;
          finish_trick();
          return;
        default:
          return;
      }
    }
    case Stage::kTarget:
      s_.trick_target = static_cast<std::int8_t>(a - act::kTarget);
      trick_target_chosen();
      return;
    case Stage::kType: {
      const int t = a - act::kType;
      switch (s_.purpose) {
        case puEmbezzle:
          gain_token(p, t);
          finish_trick();
          return;
        case puOvertime:
          st.overtime[static_cast<size_t>(t)] += 2;
          finish_trick();
          return;
        case puSabotage:
          s_.seats[static_cast<size_t>(s_.trick_target)].dev[static_cast<size_t>(t)]--;
          finish_trick();
          return;
        case puTaxType:
          st.stock[static_cast<size_t>(t)]--;
          finish_trick();
          return;
        case puGrave:
          gain_token(p, t);
          s_.purpose = puNone;
          grave_next();
          return;
        case puShell:
          gain_token(p, t);
          s_.purpose = puNone;
          cash_continue();
          return;
        case puRansom:
          gain_token(p, t);
          if (--s_.ransom_left == 0) {
            s_.purpose = puNone;
            if (s_.threat_hum)
              gain_counter(p, false, 0, pcThreatDone);
            else
              threat_done();
          }
          return;
        default:
          return;
      }
    }
    case Stage::kChooseEmpire: {
      const int e = a - act::kChooseEmpire;
      switch (s_.purpose) {
        case puUnion:
          s_.struck |= 1ULL << e;
          finish_trick();
          return;
        case puHostile:
          cash_in(p, e, true, 1);
          return;
        case puTopOrder: {
          s_.top[0][s_.top_n[0]++] = static_cast<std::int8_t>(e);
          int k = 0;
          for (int i = 0; i < s_.pending_n; ++i)
            if (s_.pending[static_cast<size_t>(i)] != e)
              s_.pending[static_cast<size_t>(k++)] = s_.pending[static_cast<size_t>(i)];
          s_.pending_n = static_cast<std::uint8_t>(k);
          s_.top_known[0] = static_cast<std::uint8_t>(1 << p);
          if (k == 0) finish_trick();
          return;
        }
        case puDiscardDown:
          discard_empire(e);
          s_.purpose = puNone;
          start_damage();
          return;
        default:
          return;
      }
    }
    case Stage::kReroll: {
      const bool first = a < act::kRerollDef;
      s_.reroll_side = first ? 0 : 1;
      s_.reroll_idx = static_cast<std::uint8_t>(first ? a - act::kRerollAtt : a - act::kRerollDef);
      s_.roll_side = 2;
      s_.purpose = puNone;
      chance(chDie, 0, 1, pcReroll);
      return;
    }
    case Stage::kInsiderDeck: {
      const bool emp = a == act::kInsiderEmp;
      // MW-32: as many cards as remain, up to 3 (an earlier stack first: it is on top).
      const int avail = drawable(emp ? 0 : 1);
      s_.pending_n = 0;
      s_.top_known[emp ? 0 : 1] = 0;  // the stack is taken up: its order is known to nobody now
      chance(emp ? chEmpire : chMinion, p, std::min(3, avail), pcInsider);
      return;
    }
    case Stage::kTradeBuild: {
      const int q = s_.trade_partner;
      if (a == act::kPropose) {
        s_.stats.trades_proposed++;
        s_.stage = Stage::kTradeAnswer;
        s_.actor = static_cast<std::uint8_t>(q);
        return;
      }
      if (a == act::kCancelTrade) {
        trade_clear(true);
        trade_return();
        return;
      }
      s_.t_items++;
      if (a >= act::kOfferToken && a < act::kOfferToken + kTypes)
        s_.t_offer_tok[static_cast<size_t>(a - act::kOfferToken)]++;
      else if (a >= act::kAskToken && a < act::kAskToken + kTypes)
        s_.t_ask_tok[static_cast<size_t>(a - act::kAskToken)]++;
      else if (a >= act::kOfferEmpire && a < act::kOfferEmpire + kNumEmpires)
        s_.t_offer_emp |= 1ULL << (a - act::kOfferEmpire);
      else if (a >= act::kAskEmpire && a < act::kAskEmpire + kNumEmpires)
        s_.t_ask_emp |= 1ULL << (a - act::kAskEmpire);
      else if (a >= act::kOfferMinion && a < act::kOfferMinion + kNumMinions) {
        const int m = a - act::kOfferMinion;
        s_.t_offer_min |= 1ULL << m;
        s_.min_known[static_cast<size_t>(m)] |=
            static_cast<std::uint8_t>(1 << q);  // described truthfully
      } else if (a >= act::kAskMinion && a < act::kAskMinion + kNumMinions)
        s_.t_ask_min |= 1ULL << (a - act::kAskMinion);
      else if (a >= act::kOfferRaw && a < act::kOfferRaw + kRawKinds) {
        const int k = a - act::kOfferRaw;
        st.raw[static_cast<size_t>(k)]--;  // what others learn of it comes with its description
        s_.t_raw_actual[s_.t_raw_n] = static_cast<std::int8_t>(k);
        s_.t_raw_desc[s_.t_raw_n] = static_cast<std::int8_t>(k);
        s_.t_raw_n++;
        s_.stage = Stage::kDescribe;  // every offered card is described (honestly unless Betrayed)
      } else if (a >= act::kAskRaw && a < act::kAskRaw + 13)
        s_.t_ask_raw[s_.t_ask_raw_n++] = static_cast<std::int8_t>(a - act::kAskRaw);
      else if (a >= act::kOfferTrick && a < act::kOfferTrick + kNumTricks) {
        const int t = a - act::kOfferTrick;
        st.tricks[static_cast<size_t>(t)]--;
        public_trick_loss(p, t);
        s_.t_offer_trick[static_cast<size_t>(t)]++;
      } else if (a == act::kAskTrick)
        s_.t_ask_trick++;
      return;
    }
    case Stage::kDescribe: {
      const int k = a - act::kDescribeAs;
      s_.t_raw_desc[s_.t_raw_n - 1] = static_cast<std::int8_t>(k);
      described_raw_loss(p, k);
      s_.stage = Stage::kTradeBuild;
      return;
    }
    case Stage::kTradeAnswer:
      if (a >= act::kPeek && a < act::kPeek + kMaxTradeItems) {
        st.power_used = 1;
        s_.t_peeked = static_cast<std::uint8_t>(a - act::kPeek + 1);  // which card (D20)
        return;
      }
      if (a == act::kDecline) {
        trade_clear(true);
        trade_return();
        return;
      }
      if (s_.t_ask_raw_n > 0 || s_.t_ask_trick > 0) {
        s_.t_given = 0;
        s_.stage = Stage::kTradeGive;
        return;
      }
      trade_execute();
      return;
    case Stage::kTradeGive:
      if (a >= act::kGiveRaw && a < act::kGiveRaw + kRawKinds) {
        const int k = a - act::kGiveRaw;
        st.raw[static_cast<size_t>(k)]--;
        described_raw_loss(p, s_.t_ask_raw[s_.t_given]);
        s_.t_got_raw[s_.t_given++] = static_cast<std::int8_t>(k);
      } else {
        const int t = a - act::kSelectTrick;
        st.tricks[static_cast<size_t>(t)]--;
        public_trick_loss(p, t);
        s_.t_got_trick[static_cast<size_t>(t)]++;
        s_.t_given++;
      }
      if (s_.t_given >= s_.t_ask_raw_n + s_.t_ask_trick) trade_execute();
      return;
    case Stage::kRivalry:
      if (a == act::kNoAttack) {
        end_turn();
        return;
      }
      if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
        play_trick(p, a - act::kPlay);
        return;
      }
      s_.attacker = static_cast<std::uint8_t>(p);
      if (a < act::kAttackLair) {
        s_.target_emp = static_cast<std::int8_t>(a - act::kAttackEmpire);
        s_.defender = static_cast<std::uint8_t>(owner_of_empire(s_.target_emp));
        s_.atk_type = 0;
      } else {
        s_.target_emp = -1;
        s_.defender = static_cast<std::uint8_t>((a - act::kAttackLair) / kTypes);
        s_.atk_type = static_cast<std::uint8_t>((a - act::kAttackLair) % kTypes);
      }
      start_fight();
      return;
    case Stage::kSend:
      if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
        play_trick(p, a - act::kPlay);
        return;
      }
      if (a == act::kSendDone) {
        open_window(Window::kAttackDeclared, s_.attacker, pcAttackDeclared);
        return;
      } else {
        const int m = a - act::kSend;
        s_.atk[s_.n_atk] = static_cast<std::int8_t>(m);
        s_.atk_dmg[s_.n_atk] = 0;
        s_.n_atk++;
        s_.face_up |= 1ULL << m;  // MW-20a: face up when committed
        st.attacked |= 1ULL << m;
      }
      return;
    case Stage::kDefend:
      if (a == act::kDefendDone) {
        open_window(Window::kBeforeRoll, s_.attacker, pcBeforeRoll);
        return;
      } else {
        const int m = a - act::kDefend;
        s_.def[s_.n_def] = static_cast<std::int8_t>(m);
        s_.def_dmg[s_.n_def] = 0;
        s_.n_def++;
        s_.face_up |= 1ULL << m;
      }
      return;
    case Stage::kEmpireWin: {
      const int e = s_.target_emp;
      if (a == act::kTakeEmpire) {
        s_.seats[s_.defender].empires &= ~(1ULL << e);
        st.empires |= 1ULL << e;
        s_.stats.empires_taken++;
        if (std::popcount(st.empires) > d_->max_empires) {
          s_.purpose = puDiscardDown;
          s_.stage = Stage::kChooseEmpire;
          return;
        }
      } else {
        discard_empire(e);
        s_.stats.empires_razed++;
      }
      start_damage();
      return;
    }
    case Stage::kPlunder: {
      Seat& o = s_.seats[s_.defender];
      const int t = s_.atk_type;
      if (a == act::kPlunderStock) {
        o.stock[static_cast<size_t>(t)]--;
        s_.plunder_pts = static_cast<std::uint8_t>(s_.plunder_pts - (s_.vault ? 2 : 1));
      } else {
        o.dev[static_cast<size_t>(t)]--;
        s_.plunder_pts = static_cast<std::uint8_t>(s_.plunder_pts - 2);
      }
      gain_token(p, t);
      s_.plundered++;
      s_.stats.tokens_plundered++;
      const int sc = s_.vault ? 2 : 1;
      if (!((o.stock[static_cast<size_t>(t)] && s_.plunder_pts >= sc) ||
            (o.dev[static_cast<size_t>(t)] && s_.plunder_pts >= 2)))
        start_damage();
      return;
    }
    case Stage::kDamage: {
      const int m = a - act::kDamage;
      if (s_.dmg_side == 0) {
        for (int i = 0; i < s_.n_def; ++i)
          if (s_.def[static_cast<size_t>(i)] == m) s_.def_dmg[static_cast<size_t>(i)]++;
      } else {
        for (int i = 0; i < s_.n_atk; ++i)
          if (s_.atk[static_cast<size_t>(i)] == m) s_.atk_dmg[static_cast<size_t>(i)]++;
      }
      s_.dmg_left--;
      damage_next();
      return;
    }
    case Stage::kPlunderManiacal:
      if (a == act::kPlunderManiacal) {
        const int t = s_.atk_type;
        st.stock[static_cast<size_t>(t)] =
            static_cast<std::uint8_t>(std::max(0, st.stock[static_cast<size_t>(t)] - s_.plundered));
        st.maniacal++;
        st.man_sources |= kSrcPlunder;
        s_.stats.maniacal_gained[static_cast<size_t>(p)]++;
      }
      after_fight();
      return;
    case Stage::kDomination:
      if (a == act::kNoThreat) {
        end_turn();
        return;
      }
      if (a >= act::kPlay && a < act::kPlay + kNumTricks) {
        play_trick(p, a - act::kPlay);
        return;
      }
      s_.threatener = static_cast<std::uint8_t>(p);
      s_.threat_on = 1;
      s_.threat_level = static_cast<std::uint8_t>(a - act::kThreaten);
      if (s_.threat_level == 3) s_.world_taken = 1;
      st.device_up = 1;  // MW-23
      s_.extra_dice = {};
      s_.people_minus = 0;
      s_.stats.threats[static_cast<size_t>(p)][s_.threat_level]++;
      open_window(Window::kThreatDeclared, p, pcThreatDeclared);
      return;
    case Stage::kFail:
      if (a == act::kFlee) {
        s_.stats.flees[static_cast<size_t>(p)]++;
        gain_counter(p, false, 0, pcAfterGainHumFlee);
        return;
      } else {
        const int t = a - act::kRetaliate;
        s_.stats.retaliations[static_cast<size_t>(p)]++;
        st.dev[static_cast<size_t>(t)] = 0;
        for (int x = 0; x < kTypes; ++x) gain_token(p, x, st.dev[static_cast<size_t>(x)]);
        st.dev = {};
        s_.dev_discard |= 1U << st.device;
        st.device = -1;
        st.device_up = 0;
        if (!(st.man_sources & kSrcRetaliate) && st.maniacal < 3)
          gain_counter(p, true, kSrcRetaliate, pcThreatDone);
        else
          threat_done();
      }
      return;
    case Stage::kFleeKeep:
      if (a == act::kDiscardDev) {
        for (int x = 0; x < kTypes; ++x) gain_token(p, x, st.dev[static_cast<size_t>(x)]);
        st.dev = {};
        s_.dev_discard |= 1U << st.device;
        st.device = -1;
        st.device_up = 0;
      }
      threat_done();
      return;
    default:
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------
std::vector<double> MwahahahaState::returns() const {
  std::vector<double> r(static_cast<size_t>(num_players()), 0.0);
  returns_into(r);
  return r;
}

void MwahahahaState::returns_into(std::span<double> out) const {
  for (int p = 0; p < num_players(); ++p)
    out[static_cast<size_t>(p)] = ((s_.winners >> p) & 1) ? 1.0 : 0.0;
}

std::vector<Player> MwahahahaState::winners() const {
  std::vector<Player> w;
  for (int p = 0; p < num_players(); ++p)
    if ((s_.winners >> p) & 1) w.push_back(p);
  return w;
}

std::uint64_t MwahahahaState::fingerprint() const {
  static_assert(std::has_unique_object_representations_v<Core>,
                "Core must have no padding (fingerprint)");
  std::uint64_t h = kFnvOffset;
  const auto* b = reinterpret_cast<const unsigned char*>(&s_);
  std::uint64_t w = 0;
  size_t i = 0;
  for (; i + 8 <= sizeof(Core); i += 8) {
    std::memcpy(&w, b + i, 8);
    h = fnv1a(h, w);
  }
  for (; i < sizeof(Core); ++i) h = fnv1a(h, b[i]);
  return h;
}

}  // namespace villainy::mwahahaha
