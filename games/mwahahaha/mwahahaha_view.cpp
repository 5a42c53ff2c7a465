// Mwahahaha!: views (JSON and tensor; the text view is in mwahahaha_view_text.cpp), per-viewer
// action descriptions, and resampling.
// A view holds only what its viewer knows: public facts, the viewer's own hands, face-down
// Minions and device, and what the viewer has seen (lower bounds per kind of other hands, Minions
// seen face down in a trade, a device seen by Espionage).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <nlohmann/json.hpp>
#include <typeinfo>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {
using nlohmann::json;

namespace {
const char* stage_name(Stage s) {
  static const char* n[] = {"chance",
                            "pick-scientist",
                            "keep-device",
                            "first-or-last",
                            "creation",
                            "sacrifice",
                            "pay",
                            "feed-sharks",
                            "swap-tricks",
                            "window",
                            "target",
                            "type",
                            "choose-empire",
                            "select-minion",
                            "reroll",
                            "insider-deck",
                            "top-order",
                            "trade-build",
                            "describe",
                            "trade-answer",
                            "trade-give",
                            "open-trade",
                            "rivalry",
                            "send",
                            "defend",
                            "empire-won",
                            "plunder",
                            "damage",
                            "plunder-maniacal",
                            "domination",
                            "failed-threat",
                            "flee",
                            "over"};
  return n[static_cast<int>(s)];
}
const char* phase_name(Phase p) {
  static const char* n[] = {"setup", "creation", "rivalry", "domination", "over"};
  return n[static_cast<int>(p)];
}
}  // namespace

// The view tensor (see MwahahahaState::view_tensor). Seats are relative to the viewer (row 0 =
// the viewer; a spectator sees seat order). Counts are scaled to about [0, 1].
namespace {
constexpr int kSeatValues = kNumScientists + kNumDevices + 2 + kTypes * 4 + 2 + kLevels +
                            kNumEmpires + kNumMinions + kNumMinions + 1 + 2 + kRawKinds +
                            kNumTricks + 9;
TensorLayout make_layout() {
  TensorLayout l;
  l.add("own_raw", kRawKinds,
        "viewer's raw cards by kind / 3 (MW-7; 0-11 type*3+value-1, wild, betrayed)")
      .add("own_tricks", kNumTricks, "viewer's Dirty Tricks by card (MW-6) / 2")
      .add("seats", kMaxPlayers * kSeatValues,
           "per seat from the viewer on: scientist one-hot (10), device one-hot when the viewer "
           "knows it (20; always for the viewer's own), has a device, device face up, device "
           "tokens (4), stockpile (4), converted (4), overtime (4) / 10, Maniacal / 10, "
           "Humiliation / 10, levels won (4, MW-25), Empires owned (36), Minions the viewer "
           "knows (40), of those attacked this round (40), unknown face-down Minions / 5, raw "
           "cards / 10, Dirty Tricks / 5, raw cards the viewer knows they hold (14) / 3, Dirty "
           "Tricks the viewer knows they hold (30), turn flags (cashed, swapped, buy lock, "
           "attacks, power used, overclock used, raw received, raw extra, turn actions) / 5")
      .add("round", 1, "round / round limit (40 when there is none)")
      .add("phase", 5, "phase one-hot (setup, creation, rivalry, domination, over)")
      .add("stage", 33, "the decision being asked, one-hot (stage_name order)")
      .add("window", 12, "what a Dirty Trick window is about (MW-6b), one-hot, while in one")
      .add("to_act", kMaxPlayers, "seat to act, relative to the viewer, one-hot (none at chance)")
      .add("turn_seat", kMaxPlayers, "seat whose turn it is, relative to the viewer, one-hot")
      .add("first_seat", kMaxPlayers, "first seat of this round's order, relative, one-hot")
      .add("world_taken", 1, "the World Empire is taken")
      .add("struck", kNumEmpires, "Empires struck")
      .add("empire_discard", kNumEmpires, "Empires in the discard pile")
      .add("minion_discard", kNumMinions, "Minions in the discard pile")
      .add("device_discard", kNumDevices, "devices in the discard pile")
      .add("raw_discard", kRawKinds, "raw discard pile by kind / 10")
      .add("trick_discard", kNumTricks, "Dirty Trick discard pile by card / 2")
      .add("decks", 5,
           "deck sizes: raw / 100, Dirty Tricks / 50, Empires / 36, Minions / 40, "
           "devices / 20")
      .add("top_known", kNumEmpires + kNumMinions + 2,
           "Insider Tip stacks (D2): Empires and Minions on top when the viewer knows them, "
           "stack sizes / 3")
      .add("pending", kNumDevices + kNumEmpires + kNumMinions,
           "cards awaiting the viewer's choice (drawn devices, Empires, Minions), to the chooser")
      .add("trick", kNumTricks + kMaxPlayers,
           "the Dirty Trick being resolved and its player (relative)")
      .add("fight", 1 + 2 * kMaxPlayers + kTypes + kNumEmpires + 2 * kNumMinions + 4 + 12,
           "fight (MW-19): active, attacker and defender (relative), attack type, target Empire, "
           "attacking and defending Minions, successes / 5 and dice / 10 per side, faces rolled "
           "per side / 5")
      .add("threat", kMaxPlayers + kLevels + 1,
           "threat (MW-24): threatener (relative), level one-hot, last threat succeeded")
      .add("trade",
           2 * kMaxPlayers + 2 * kTypes + 2 * kNumEmpires + kRawKinds + kRawKinds + kNumTricks + 2,
           "trade (MW-15a): proposer and partner (relative), tokens offered and asked / 5, "
           "Empires offered and asked, raw offered as described / 3, raw asked / 3, Dirty Tricks "
           "offered, items / 6, items given / 6");
  return l;
}
// Writes the low `count` bits of `m`, one float each.
void bits(float* o, std::uint64_t m, int count) {
  for (int i = 0; i < count; ++i) o[i] = static_cast<float>((m >> i) & 1ULL);
}
}  // namespace

const TensorLayout& MwahahahaGame::tensor_layout() const {
  static const TensorLayout layout = make_layout();
  return layout;
}

int MwahahahaGame::tensor_size() const {
  return tensor_layout().size();
}

json MwahahahaState::seat_view(int p, Player viewer) const {
  const CardData& d = *d_;
  const int vi = vidx(viewer);
  const Seat& st = seat(p);
  json o;
  o["scientist"] = st.sci >= 0 ? d.scientists[static_cast<size_t>(st.sci)].key : "";
  o["device"] =
      st.device < 0
          ? "none"
          : (device_known(p, viewer) ? d.devices[static_cast<size_t>(st.device)].key : "face-down");
  o["device_up"] = st.device_up;
  o["device_tokens"] = st.dev;
  o["stockpile"] = st.stock;
  o["maniacal"] = st.maniacal;
  o["humiliation"] = st.humiliation;
  o["maniacal_sources"] = st.man_sources;
  o["levels_won"] = st.levels_won;
  std::vector<std::string> emp;
  for (int e = 0; e < kNumEmpires; ++e)
    if (bit(st.empires, e))
      emp.push_back(d.empires[static_cast<size_t>(e)].key + (bit(s_.struck, e) ? " (struck)" : ""));
  o["empires"] = emp;
  std::vector<std::string> mins;
  int hidden = 0;
  for (int m = 0; m < kNumMinions; ++m) {
    if (!bit(st.minions, m)) continue;
    if (minion_known(m, viewer))
      mins.push_back(d.minions[static_cast<size_t>(m)].key +
                     (minion_face_up(m) ? "" : " (face down)") +
                     (bit(st.attacked, m) ? " (attacked)" : ""));
    else
      ++hidden;
  }
  o["minions"] = mins;
  o["minions_face_down_unknown"] = hidden;
  o["raw_count"] = st.raw_count();
  o["trick_count"] = st.trick_count();
  if (p == viewer) {
    o["raw"] = st.raw;
    o["tricks"] = st.tricks;
  } else {
    o["raw_known"] = s_.known_raw[static_cast<size_t>(vi)][static_cast<size_t>(p)];
    o["tricks_known"] = s_.known_trick[static_cast<size_t>(vi)][static_cast<size_t>(p)];
  }
  o["converted"] = st.converted;
  o["overtime"] = st.overtime;
  o["flags"] = {st.cashed,         st.swapped,      st.buy_lock,  st.attacks,     st.power_used,
                st.overclock_used, st.raw_received, st.raw_extra, st.turn_actions};
  return o;
}

json MwahahahaState::trade_view(Player viewer) const {
  const CardData& d = *d_;
  json t;
  t["proposer"] = s_.trade_proposer;
  t["partner"] = s_.trade_partner;
  t["offer_tokens"] = s_.t_offer_tok;
  t["ask_tokens"] = s_.t_ask_tok;
  t["offer_empires"] = s_.t_offer_emp;
  t["ask_empires"] = s_.t_ask_emp;
  std::vector<std::string> om, am;
  for (int m = 0; m < kNumMinions; ++m) {
    if (bit(s_.t_offer_min, m))
      om.push_back(minion_known(m, viewer) ? d.minions[static_cast<size_t>(m)].key : "face-down");
    if (bit(s_.t_ask_min, m))
      am.push_back(minion_known(m, viewer) ? d.minions[static_cast<size_t>(m)].key : "face-down");
  }
  std::sort(om.begin(), om.end());
  std::sort(am.begin(), am.end());
  t["offer_minions"] = om;
  t["ask_minions"] = am;
  std::vector<std::string> raw;
  for (int i = 0; i < s_.t_raw_n; ++i) {
    const bool described = !(s_.stage == Stage::kDescribe && i == s_.t_raw_n - 1);
    const int act_k = s_.t_raw_actual[static_cast<size_t>(i)];
    std::string sdesc =
        described ? d.raw_kinds[static_cast<size_t>(s_.t_raw_desc[static_cast<size_t>(i)])].key
                  : "undescribed";
    if (viewer == s_.trade_proposer || (viewer == s_.trade_partner && s_.t_peeked == i + 1))
      sdesc += " (really " + d.raw_kinds[static_cast<size_t>(act_k)].key + ")";
    raw.push_back(sdesc);
  }
  t["offer_raw"] = raw;
  t["ask_raw"] = std::vector<int>(s_.t_ask_raw.begin(), s_.t_ask_raw.begin() + s_.t_ask_raw_n);
  t["offer_tricks"] = s_.t_offer_trick;
  t["ask_tricks"] = s_.t_ask_trick;
  t["items"] = s_.t_items;
  t["given"] = s_.t_given;
  t["peeked"] = s_.t_peeked;
  if (viewer == s_.trade_partner)
    t["given_raw"] = std::vector<int>(
        s_.t_got_raw.begin(), s_.t_got_raw.begin() + std::min<int>(s_.t_given, s_.t_ask_raw_n));
  t["given_tricks"] = s_.t_got_trick;
  return t;
}

json MwahahahaState::view_json(Player viewer) const {
  const int n = num_players();
  json j;
  j["viewer"] = viewer;
  j["round"] = s_.round;
  j["phase"] = phase_name(s_.phase);
  j["stage"] = stage_name(s_.stage);
  j["to_act"] = current_player();
  j["order"] = std::vector<int>(s_.order.begin(), s_.order.begin() + n);
  j["order_pos"] = s_.order_pos;
  j["turn"] = s_.turn;
  j["active"] = s_.active;
  j["prev_first"] = s_.prev_first;
  j["world_taken"] = s_.world_taken;
  j["setup_seat"] = s_.setup_seat;
  j["scientist_pool"] = s_.sci_pool;
  j["actions"] = s_.actions;
  json seats = json::array();
  for (int p = 0; p < n; ++p) seats.push_back(seat_view(p, viewer));
  j["seats"] = seats;
  j["raw_deck"] = raw_deck_size();
  j["raw_discard"] = s_.raw_discard;
  int td = 0;
  for (auto c : s_.trick_deck) td += c;
  j["trick_deck"] = td;
  j["trick_discard"] = s_.trick_discard;
  j["empire_deck"] = std::popcount(s_.emp_deck);
  j["empire_discard"] = s_.emp_discard;
  j["minion_deck"] = std::popcount(s_.min_deck);
  j["minion_discard"] =
      std::vector<int>(s_.min_discard.begin(), s_.min_discard.begin() + s_.min_discard_n);
  j["device_deck"] = std::popcount(s_.dev_deck);
  j["device_discard"] = s_.dev_discard;
  for (int k = 0; k < 2; ++k) {
    json t;
    t["n"] = s_.top_n[static_cast<size_t>(k)];
    if (viewer >= 0 && ((s_.top_known[static_cast<size_t>(k)] >> viewer) & 1))
      t["cards"] = std::vector<int>(
          s_.top[static_cast<size_t>(k)].begin(),
          s_.top[static_cast<size_t>(k)].begin() + s_.top_n[static_cast<size_t>(k)]);
    j[k == 0 ? "empire_top" : "minion_top"] = t;
  }
  {  // Assembly Line's cards under the Minion deck (D2): how many is public, which is its owner's
    json b;
    b["n"] = s_.min_bottom_n;
    if (viewer >= 0 && ((s_.bottom_known >> viewer) & 1))
      b["cards"] = std::vector<int>(s_.min_bottom.begin(), s_.min_bottom.begin() + s_.min_bottom_n);
    j["minion_bottom"] = b;
  }
  // Cards awaiting a choice: seen by the chooser only.
  const int chooser = (s_.stage == Stage::kChance) ? s_.ch_player : s_.actor;
  j["pending_n"] = s_.pending_n;
  if (viewer >= 0 && viewer == chooser)
    j["pending"] = std::vector<int>(s_.pending.begin(), s_.pending.begin() + s_.pending_n);
  j["chance"] = {static_cast<int>(s_.ch_kind), s_.ch_player, s_.ch_count};
  j["window"] = {static_cast<int>(s_.wnd), s_.w_passed, s_.w_plays, s_.w_excl};
  j["trick"] = {s_.trick, s_.trick_player, s_.trick_target, static_cast<int>(s_.purpose)};
  j["creation"] = {s_.pay_left,         s_.pay_for,    s_.select_left, s_.sac_type,
                   s_.conv_kind,        s_.conv_type,  s_.conv_cancel, s_.conv_pending,
                   s_.trades_this_turn, s_.cash_front, s_.open_trader, s_.open_left};
  if (s_.trade_partner >= 0) j["trade"] = trade_view(viewer);
  j["fight"] = {s_.fight_active,
                s_.attacker,
                s_.defender,
                s_.atk_type,
                s_.target_emp,
                s_.sneak,
                s_.vault,
                std::vector<int>(s_.atk.begin(), s_.atk.begin() + s_.n_atk),
                std::vector<int>(s_.def.begin(), s_.def.begin() + s_.n_def),
                s_.atk_dmg,
                s_.def_dmg,
                s_.extra_dice,
                s_.plundered,
                s_.plunder_pts,
                s_.dmg_left,
                s_.dmg_side};
  j["dice"] = {s_.ndice, s_.succ, s_.dice, s_.roll_side, s_.roll_i, s_.reroll_side, s_.reroll_idx};
  j["threat"] = {s_.threatener,  s_.threat_level,    s_.last_threat_ok, s_.ransom_left,
                 s_.no_ransom,   s_.counter_blocked, s_.gain_player,    s_.gain_is_maniacal,
                 s_.gain_source, s_.people_minus,    s_.threat_hum};
  if (s_.stage == Stage::kTerminal) {
    j["winners"] = winners();
    j["win"] = static_cast<int>(s_.win);
  }
  return j;
}

void MwahahahaState::seat_tensor(int p, Player viewer, float* o) const {
  const int vi = vidx(viewer);
  const Seat& st = seat(p);
  if (st.sci >= 0) o[st.sci] = 1.0f;
  o += kNumScientists;
  if (st.device >= 0 && device_known(p, viewer)) o[st.device] = 1.0f;
  o += kNumDevices;
  *o++ = st.device >= 0 ? 1.0f : 0.0f;
  *o++ = st.device_up ? 1.0f : 0.0f;
  for (int t = 0; t < kTypes; ++t) {
    o[t] = st.dev[static_cast<size_t>(t)] / 10.0f;
    o[kTypes + t] = st.stock[static_cast<size_t>(t)] / 10.0f;
    o[2 * kTypes + t] = st.converted[static_cast<size_t>(t)] / 10.0f;
    o[3 * kTypes + t] = st.overtime[static_cast<size_t>(t)] / 10.0f;
  }
  o += 4 * kTypes;
  *o++ = st.maniacal / 10.0f;
  *o++ = st.humiliation / 10.0f;
  bits(o, st.levels_won, kLevels);
  o += kLevels;
  bits(o, st.empires, kNumEmpires);
  o += kNumEmpires;
  int hidden = 0;
  for (int m = 0; m < kNumMinions; ++m) {
    if (!bit(st.minions, m)) continue;
    if (minion_known(m, viewer)) {
      o[m] = 1.0f;
      o[kNumMinions + m] = bit(st.attacked, m) ? 1.0f : 0.0f;
    } else {
      ++hidden;
    }
  }
  o += 2 * kNumMinions;
  *o++ = hidden / 5.0f;
  *o++ = st.raw_count() / 10.0f;
  *o++ = st.trick_count() / 5.0f;
  const bool me = p == viewer;
  const auto& kr = s_.known_raw[static_cast<size_t>(vi)][static_cast<size_t>(p)];
  const auto& kt = s_.known_trick[static_cast<size_t>(vi)][static_cast<size_t>(p)];
  for (int k = 0; k < kRawKinds; ++k)
    o[k] = (me ? st.raw[static_cast<size_t>(k)] : kr[static_cast<size_t>(k)]) / 3.0f;
  o += kRawKinds;
  for (int t = 0; t < kNumTricks; ++t)
    o[t] = (me ? st.tricks[static_cast<size_t>(t)] : kt[static_cast<size_t>(t)]) / 2.0f;
  o += kNumTricks;
  const std::uint8_t flags[9] = {st.cashed,       st.swapped,    st.buy_lock,
                                 st.attacks,      st.power_used, st.overclock_used,
                                 st.raw_received, st.raw_extra,  st.turn_actions};
  for (int f = 0; f < 9; ++f) o[f] = flags[f] / 5.0f;
}

// NOLINTNEXTLINE(readability-function-size)
void MwahahahaState::view_tensor(Player viewer, std::span<float> out) const {
  // Long on purpose: the tensor layout's blocks in order; to split like the JSON view.
  TensorWriter w(g_->tensor_layout(), out);
  const int n = num_players();
  const bool seated = viewer >= 0 && viewer < n;
  auto rel = [&](int p) { return p < 0 || p >= n ? -1 : (seated ? (p - viewer + n) % n : p); };
  auto own_raw = w.next("own_raw");
  auto own_tricks = w.next("own_tricks");
  if (seated) {
    const Seat& me = seat(viewer);
    for (int k = 0; k < kRawKinds; ++k)
      own_raw[static_cast<size_t>(k)] = me.raw[static_cast<size_t>(k)] / 3.0f;
    for (int t = 0; t < kNumTricks; ++t)
      own_tricks[static_cast<size_t>(t)] = me.tricks[static_cast<size_t>(t)] / 2.0f;
  }
  auto seats = w.next("seats");
  for (int r = 0; r < n; ++r)
    seat_tensor(seated ? (viewer + r) % n : r, viewer, seats.data() + r * kSeatValues);
  const int limit = g_->round_limit() > 0 ? g_->round_limit() : 40;  // 0 = no limit
  w.scalar("round", static_cast<float>(s_.round) / static_cast<float>(limit));
  w.one_hot("phase", static_cast<int>(s_.phase));
  w.one_hot("stage", static_cast<int>(s_.stage));
  w.one_hot("window", s_.stage == Stage::kWindow ? static_cast<int>(s_.wnd) : -1);
  w.one_hot("to_act", rel(current_player()));
  w.one_hot("turn_seat", s_.phase == Phase::kSetup ? -1 : rel(s_.active));
  w.one_hot("first_seat", s_.phase == Phase::kSetup ? -1 : rel(s_.order[0]));
  w.scalar("world_taken", s_.world_taken ? 1.0f : 0.0f);
  bits(w.next("struck").data(), s_.struck, kNumEmpires);
  bits(w.next("empire_discard").data(), s_.emp_discard, kNumEmpires);
  auto md = w.next("minion_discard");
  for (int i = 0; i < s_.min_discard_n; ++i)
    md[static_cast<size_t>(s_.min_discard[static_cast<size_t>(i)])] = 1.0f;
  bits(w.next("device_discard").data(), s_.dev_discard, kNumDevices);
  auto rd = w.next("raw_discard");
  for (int k = 0; k < kRawKinds; ++k)
    rd[static_cast<size_t>(k)] = s_.raw_discard[static_cast<size_t>(k)] / 10.0f;
  auto td = w.next("trick_discard");
  int trick_deck = 0;
  for (int t = 0; t < kNumTricks; ++t) {
    td[static_cast<size_t>(t)] = s_.trick_discard[static_cast<size_t>(t)] / 2.0f;
    trick_deck += s_.trick_deck[static_cast<size_t>(t)];
  }
  auto decks = w.next("decks");
  decks[0] = raw_deck_size() / 100.0f;
  decks[1] = trick_deck / 50.0f;
  decks[2] = static_cast<float>(std::popcount(s_.emp_deck)) / kNumEmpires;
  decks[3] = static_cast<float>(std::popcount(s_.min_deck)) / kNumMinions;
  decks[4] = static_cast<float>(std::popcount(s_.dev_deck)) / kNumDevices;
  auto top = w.next("top_known");
  for (int k = 0; k < 2; ++k) {
    const size_t ks = static_cast<size_t>(k);
    top[static_cast<size_t>(kNumEmpires + kNumMinions + k)] = s_.top_n[ks] / 3.0f;
    if (!seated || !((s_.top_known[ks] >> viewer) & 1)) continue;
    for (int i = 0; i < s_.top_n[ks]; ++i) {
      const int c = s_.top[ks][static_cast<size_t>(i)];
      if (c >= 0) top[static_cast<size_t>(k == 0 ? c : kNumEmpires + c)] = 1.0f;
    }
  }
  auto pending = w.next("pending");
  // Seen by the chooser only, as in the JSON view (a leftover trick player must not see them).
  const int chooser = (s_.stage == Stage::kChance) ? s_.ch_player : s_.actor;
  if (seated && viewer == chooser) {
    const bool dev = s_.stage == Stage::kKeepDevice ||
                     (s_.stage == Stage::kChance && s_.ch_kind == ChanceKind::kDevice);
    const bool emp = s_.stage == Stage::kChooseEmpire ||
                     (s_.stage == Stage::kChance && s_.ch_kind == ChanceKind::kEmpire);
    const int base = dev ? 0 : emp ? kNumDevices : kNumDevices + kNumEmpires;
    const int count = dev ? kNumDevices : emp ? kNumEmpires : kNumMinions;
    for (int i = 0; i < s_.pending_n; ++i) {
      const int c = s_.pending[static_cast<size_t>(i)];
      if (c >= 0 && c < count) pending[static_cast<size_t>(base + c)] = 1.0f;
    }
  }
  auto trick = w.next("trick");
  if (s_.trick >= 0 && s_.trick < kNumTricks) trick[static_cast<size_t>(s_.trick)] = 1.0f;
  if (rel(s_.trick_player) >= 0)
    trick[static_cast<size_t>(kNumTricks + rel(s_.trick_player))] = 1.0f;
  auto fight = w.next("fight");
  if (s_.fight_active) {
    float* o = fight.data();
    *o++ = 1.0f;
    if (rel(s_.attacker) >= 0) o[rel(s_.attacker)] = 1.0f;
    if (rel(s_.defender) >= 0) o[kMaxPlayers + rel(s_.defender)] = 1.0f;
    o += 2 * kMaxPlayers;
    if (s_.atk_type < kTypes) o[s_.atk_type] = 1.0f;
    o += kTypes;
    if (s_.target_emp >= 0 && s_.target_emp < kNumEmpires) o[s_.target_emp] = 1.0f;
    o += kNumEmpires;
    for (int i = 0; i < s_.n_atk; ++i) o[s_.atk[static_cast<size_t>(i)]] = 1.0f;
    for (int i = 0; i < s_.n_def; ++i) o[kNumMinions + s_.def[static_cast<size_t>(i)]] = 1.0f;
    o += 2 * kNumMinions;
    for (int side = 0; side < 2; ++side) {
      const size_t ss = static_cast<size_t>(side);
      o[side] = s_.succ[ss] / 5.0f;
      o[2 + side] = s_.ndice[ss] / 10.0f;
      for (int i = 0; i < s_.ndice[ss] && i < kMaxDice; ++i) {
        const int f = s_.dice[ss][static_cast<size_t>(i)];
        if (f >= 1 && f <= 6) o[4 + side * 6 + f - 1] += 0.2f;
      }
    }
  }
  auto threat = w.next("threat");
  if (s_.phase == Phase::kDomination || s_.threat_level > 0) {
    if (rel(s_.threatener) >= 0) threat[static_cast<size_t>(rel(s_.threatener))] = 1.0f;
    if (s_.threat_level < kLevels)
      threat[static_cast<size_t>(kMaxPlayers + s_.threat_level)] = 1.0f;
  }
  threat[kMaxPlayers + kLevels] = s_.last_threat_ok ? 1.0f : 0.0f;
  auto trade = w.next("trade");
  if (s_.trade_partner >= 0) {
    float* o = trade.data();
    if (rel(s_.trade_proposer) >= 0) o[rel(s_.trade_proposer)] = 1.0f;
    if (rel(s_.trade_partner) >= 0) o[kMaxPlayers + rel(s_.trade_partner)] = 1.0f;
    o += 2 * kMaxPlayers;
    for (int t = 0; t < kTypes; ++t) {
      o[t] = s_.t_offer_tok[static_cast<size_t>(t)] / 5.0f;
      o[kTypes + t] = s_.t_ask_tok[static_cast<size_t>(t)] / 5.0f;
    }
    o += 2 * kTypes;
    bits(o, s_.t_offer_emp, kNumEmpires);
    bits(o + kNumEmpires, s_.t_ask_emp, kNumEmpires);
    o += 2 * kNumEmpires;
    for (int i = 0; i < s_.t_raw_n; ++i) {
      const bool described = !(s_.stage == Stage::kDescribe && i == s_.t_raw_n - 1);
      const int k = s_.t_raw_desc[static_cast<size_t>(i)];
      if (described && k >= 0 && k < kRawKinds) o[k] += 1.0f / 3.0f;
    }
    o += kRawKinds;
    for (int i = 0; i < s_.t_ask_raw_n; ++i) {
      const int k = s_.t_ask_raw[static_cast<size_t>(i)];
      if (k >= 0 && k < kRawKinds) o[k] += 1.0f / 3.0f;
    }
    o += kRawKinds;
    for (int t = 0; t < kNumTricks; ++t) o[t] = s_.t_offer_trick[static_cast<size_t>(t)];
    o += kNumTricks;
    o[0] = s_.t_items / 6.0f;
    o[1] = s_.t_given / 6.0f;
  }
  w.finish();
}

json MwahahahaState::outcome() const {
  json j;
  static const char* w[] = {"none", "world", "round-limit", "guard"};
  j["win"] = w[static_cast<int>(s_.win)];
  j["winners"] = winners();
  j["rounds"] = s_.round;
  std::vector<std::string> sci;
  for (int p = 0; p < num_players(); ++p)
    sci.push_back(seat(p).sci >= 0 ? d_->scientists[static_cast<size_t>(seat(p).sci)].key : "");
  j["scientists"] = sci;
  return j;
}

}  // namespace villainy::mwahahaha
