// Mwahahaha!: views (JSON, text, tensor), per-viewer action descriptions, and resampling.
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
int vidx(Player viewer) {
  return viewer >= 0 ? viewer : kMaxPlayers;
}
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
}  // namespace

const TensorLayout& MwahahahaGame::tensor_layout() const {
  static const TensorLayout layout = make_layout();
  return layout;
}

int MwahahahaGame::tensor_size() const {
  return tensor_layout().size();
}

json MwahahahaState::view_json(Player viewer) const {
  const CardData& d = *d_;
  const int n = num_players();
  const int vi = vidx(viewer);
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
  for (int p = 0; p < n; ++p) {
    const Seat& st = seat(p);
    json o;
    o["scientist"] = st.sci >= 0 ? d.scientists[static_cast<size_t>(st.sci)].key : "";
    o["device"] = st.device < 0
                      ? "none"
                      : (device_known(p, viewer) ? d.devices[static_cast<size_t>(st.device)].key
                                                 : "face-down");
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
        emp.push_back(d.empires[static_cast<size_t>(e)].key +
                      (bit(s_.struck, e) ? " (struck)" : ""));
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
    seats.push_back(o);
  }
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
  if (s_.trade_partner >= 0) {
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
    j["trade"] = t;
  }
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

std::string MwahahahaState::view_text(Player viewer) const {
  RenderContext ctx;
  ctx.viewer = viewer;
  return view_text_for(ctx);
}

namespace {
// Display width: CJK characters take two columns.
int width(std::string_view s) {
  int w = 0;
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    w += len >= 3 ? 2 : 1;
    i += static_cast<size_t>(len);
  }
  return w;
}
// Appends `line` wrapped to 80 columns (continuation lines indented by `indent` spaces).
void add_line(std::string& out, const std::string& line, int indent) {
  std::string cur;
  int cw = 0;
  size_t i = 0;
  auto flush = [&] {
    out += cur + "\n";
    cur = std::string(static_cast<size_t>(indent + 2), ' ');
    cw = indent + 2;
  };
  cur = std::string(static_cast<size_t>(indent), ' ');
  cw = indent;
  while (i < line.size()) {
    // a word: up to a space, or one CJK character
    size_t j = i;
    const auto c = static_cast<unsigned char>(line[i]);
    if (c >= 0xE0) {
      j = i + (c < 0xF0 ? 3 : 4);
    } else {
      while (j < line.size() && line[j] != ' ' && static_cast<unsigned char>(line[j]) < 0xE0) ++j;
      if (j < line.size() && line[j] == ' ') ++j;
    }
    const std::string word = line.substr(i, j - i);
    const int ww = width(word);
    if (cw + ww > 80 && cw > indent + 2) flush();
    cur += word;
    cw += ww;
    i = j;
  }
  out += cur + "\n";
}
}  // namespace

std::string MwahahahaState::view_text_for(const RenderContext& ctx) const {
  const CardData& d = *d_;
  const Catalogue& cat = g_->catalogue();
  const Player viewer = ctx.viewer;
  const int vi = vidx(viewer);
  const bool zh = ctx.lang == "zh-TW";
  // A piece of a line: English renders capitalised, so a piece whose template starts in lower
  // case ("none", "a face-down device") is put back in lower case.
  auto T = [&](std::string_view id, const nlohmann::json& args = nlohmann::json::object()) {
    std::string t = cat.text(id, ctx, args);
    const std::string* tmpl = cat.message(id, ctx.lang);
    if (!zh && tmpl && !tmpl->empty() && (*tmpl)[0] >= 'a' && (*tmpl)[0] <= 'z' && !t.empty() &&
        t[0] >= 'A' && t[0] <= 'Z')
      t[0] = static_cast<char>(t[0] - 'A' + 'a');
    return t;
  };
  auto name = [&](CardKind k, int i) {
    const CardText* c = cat.card(card_key(k, i, d), ctx.lang);
    return c ? c->name : std::string("?");
  };
  auto join = [&](const std::vector<std::string>& v) {
    if (v.empty()) return T("mw.t.none");
    std::string o;
    for (size_t i = 0; i < v.size(); ++i) o += (i ? (zh ? "、" : ", ") : "") + v[i];
    return o;
  };
  auto tokens = [&](const std::array<std::uint8_t, kTypes>& t) {
    std::vector<std::string> v;
    for (int x = 0; x < kTypes; ++x)
      if (t[static_cast<size_t>(x)])
        v.push_back((zh ? d.resources[static_cast<size_t>(x)].zh
                        : d.resources[static_cast<size_t>(x)].name) +
                    " " + std::to_string(t[static_cast<size_t>(x)]));
    return join(v);
  };
  auto counts = [&](const auto& arr, CardKind k) {
    std::vector<std::string> v;
    for (int x = 0; x < static_cast<int>(arr.size()); ++x)
      if (arr[static_cast<size_t>(x)])
        v.push_back(name(k, x) + (arr[static_cast<size_t>(x)] > 1
                                      ? " x" + std::to_string(arr[static_cast<size_t>(x)])
                                      : ""));
    return join(v);
  };
  static const char* phase_word[] = {"setup", "creation", "rivalry", "domination", "over"};
  std::string who = s_.stage == Stage::kTerminal ? T("mw.t.over")
                    : s_.stage == Stage::kChance ? T("mw.t.chance")
                                                 : T("mw.t.to_act", {{"seat", s_.actor}});
  std::string out;
  add_line(out,
           T("mw.t.head", {{"round", static_cast<int>(s_.round)},
                           {"phase", phase_word[static_cast<int>(s_.phase)]},
                           {"who", who}}),
           0);
  for (int p = 0; p < num_players(); ++p) {
    const Seat& st = seat(p);
    std::string dev =
        st.device < 0              ? T("mw.t.device_none")
        : !device_known(p, viewer) ? T("mw.t.device_down")
        : st.device_up
            ? T("mw.t.device_up", {{"card", card_key(CardKind::kDevice, st.device, d)}})
            : T("mw.t.device_known", {{"card", card_key(CardKind::kDevice, st.device, d)}});
    std::string line =
        st.sci >= 0
            ? T("mw.t.seat", {{"seat", p}, {"card", card_key(CardKind::kScientist, st.sci, d)}})
            : cat.seat_name(p, ctx, true);
    line += (zh ? "；" : "; ") + dev;
    if (st.dev_total())
      line += (zh ? "，" : ", ") + T("mw.t.on_device", {{"tokens", tokens(st.dev)}});
    add_line(out, line, 0);
    add_line(out,
             T("mw.t.stock", {{"tokens", tokens(st.stock)}}) + (zh ? "。" : ". ") +
                 T("mw.t.counters",
                   {{"m", static_cast<int>(st.maniacal)}, {"h", static_cast<int>(st.humiliation)}}),
             2);
    std::vector<std::string> emp, mins;
    for (int e = 0; e < kNumEmpires; ++e)
      if (bit(st.empires, e))
        emp.push_back(bit(s_.struck, e)
                          ? T("mw.t.struck", {{"card", card_key(CardKind::kEmpire, e, d)}})
                          : name(CardKind::kEmpire, e));
    int hidden = 0;
    for (int m = 0; m < kNumMinions; ++m) {
      if (!bit(st.minions, m)) continue;
      if (!minion_known(m, viewer))
        ++hidden;
      else
        mins.push_back(minion_face_up(m)
                           ? name(CardKind::kMinion, m)
                           : T("mw.t.face_down", {{"card", card_key(CardKind::kMinion, m, d)}}));
    }
    if (hidden) mins.push_back(T("mw.t.hidden_minions", {{"n", hidden}}));
    add_line(out,
             T("mw.t.empires", {{"list", join(emp)}}) + (zh ? "。" : ". ") +
                 T("mw.t.minions", {{"list", join(mins)}}),
             2);
    add_line(out, T("mw.t.hands", {{"raw", st.raw_count()}, {"tricks", st.trick_count()}}), 2);
    if (p == viewer) {
      add_line(out, T("mw.t.your_raw", {{"list", counts(st.raw, CardKind::kRaw)}}), 2);
      add_line(out, T("mw.t.your_tricks", {{"list", counts(st.tricks, CardKind::kTrick)}}), 2);
      std::array<std::uint8_t, kTypes> cap{};
      for (int t = 0; t < kTypes; ++t)
        cap[static_cast<size_t>(t)] = static_cast<std::uint8_t>(std::min(250, capacity_left(p, t)));
      add_line(out, T("mw.t.capacity", {{"tokens", tokens(cap)}}), 2);
    } else {
      const auto& kr = s_.known_raw[static_cast<size_t>(vi)][static_cast<size_t>(p)];
      const auto& kt = s_.known_trick[static_cast<size_t>(vi)][static_cast<size_t>(p)];
      if (sum(kr) + sum(kt) > 0) {
        std::string k1 = counts(kr, CardKind::kRaw), k2 = counts(kt, CardKind::kTrick);
        add_line(out,
                 T("mw.t.known",
                   {{"list", sum(kr) ? (sum(kt) ? k1 + (zh ? "、" : ", ") + k2 : k1) : k2}}),
                 2);
      }
    }
  }
  if (viewer >= 0 && seat(viewer).device >= 0) {
    const DeviceCard& dv = d.devices[static_cast<size_t>(seat(viewer).device)];
    const int capab = capability(viewer);
    std::vector<std::string> needs;
    for (int l = 0; l < kLevels; ++l) {
      std::array<std::uint8_t, kTypes> r{};
      for (int t = 0; t < kTypes; ++t)
        r[static_cast<size_t>(t)] =
            static_cast<std::uint8_t>(dv.req[static_cast<size_t>(l)][static_cast<size_t>(t)]);
      needs.push_back(
          (zh ? d.levels[static_cast<size_t>(l)].zh : d.levels[static_cast<size_t>(l)].name) + " " +
          tokens(r));
    }
    std::string needs_text;
    for (size_t i = 0; i < needs.size(); ++i)
      needs_text += (i ? (zh ? "；" : "; ") : "") + needs[i];
    add_line(out,
             T("mw.t.your_device",
               {{"card", card_key(CardKind::kDevice, seat(viewer).device, d)},
                {"level", capab ? (zh ? d.levels[static_cast<size_t>(capab - 1)].zh
                                      : d.levels[static_cast<size_t>(capab - 1)].name)
                                : T("mw.t.no_level")},
                {"needs", needs_text}}),
             0);
  }
  if (s_.trade_partner >= 0) {
    std::vector<std::string> gives, asks;
    for (int t = 0; t < kTypes; ++t) {
      const std::string rn =
          zh ? d.resources[static_cast<size_t>(t)].zh : d.resources[static_cast<size_t>(t)].name;
      if (s_.t_offer_tok[static_cast<size_t>(t)])
        gives.push_back(rn + " " + std::to_string(s_.t_offer_tok[static_cast<size_t>(t)]));
      if (s_.t_ask_tok[static_cast<size_t>(t)])
        asks.push_back(rn + " " + std::to_string(s_.t_ask_tok[static_cast<size_t>(t)]));
    }
    for (int e = 0; e < kNumEmpires; ++e) {
      if (bit(s_.t_offer_emp, e)) gives.push_back(name(CardKind::kEmpire, e));
      if (bit(s_.t_ask_emp, e)) asks.push_back(name(CardKind::kEmpire, e));
    }
    int hidden_offer = 0;
    for (int m = 0; m < kNumMinions; ++m) {
      if (bit(s_.t_offer_min, m)) {
        if (minion_known(m, viewer))
          gives.push_back(name(CardKind::kMinion, m));
        else
          ++hidden_offer;
      }
      if (bit(s_.t_ask_min, m))  // named to those who know it (D5), as in the JSON view
        asks.push_back(minion_known(m, viewer) ? name(CardKind::kMinion, m)
                                               : T("mw.t.hidden_minions", {{"n", 1}}));
    }
    if (hidden_offer) gives.push_back(T("mw.t.hidden_minions", {{"n", hidden_offer}}));
    for (int i = 0; i < s_.t_raw_n; ++i) {
      const bool described = !(s_.stage == Stage::kDescribe && i == s_.t_raw_n - 1);
      const std::string desc = card_key(CardKind::kRaw, s_.t_raw_desc[static_cast<size_t>(i)], d);
      const std::string real = card_key(CardKind::kRaw, s_.t_raw_actual[static_cast<size_t>(i)], d);
      const bool sees =
          viewer == s_.trade_proposer || (viewer == s_.trade_partner && s_.t_peeked == i + 1);
      if (sees)
        gives.push_back(described ? T("mw.t.card_really", {{"card", desc}, {"real", real}})
                                  : name(CardKind::kRaw, s_.t_raw_actual[static_cast<size_t>(i)]));
      else
        gives.push_back(described ? T("mw.t.card_down", {{"card", desc}})
                                  : T("mw.t.card_undescribed"));
    }
    for (int t = 0; t < kNumTricks; ++t)
      for (int c = 0; c < s_.t_offer_trick[static_cast<size_t>(t)]; ++c)
        gives.push_back(name(CardKind::kTrick, t));
    for (int i = 0; i < s_.t_ask_raw_n; ++i)
      asks.push_back(name(CardKind::kRaw, s_.t_ask_raw[static_cast<size_t>(i)]));
    if (s_.t_ask_trick)
      asks.push_back(T("mw.t.dirty_trick", {{"n", static_cast<int>(s_.t_ask_trick)}}));
    add_line(out,
             T("mw.t.trade", {{"seat", s_.trade_proposer},
                              {"partner", s_.trade_partner},
                              {"gives", gives.empty() ? T("mw.t.nothing") : join(gives)},
                              {"asks", asks.empty() ? T("mw.t.nothing") : join(asks)}}),
             0);
  }
  auto min_name = [&](int m) {
    return minion_known(m, viewer) ? name(CardKind::kMinion, m)
                                   : T("mw.t.hidden_minions", {{"n", 1}});
  };
  if (s_.fight_active) {
    if (s_.target_emp >= 0)
      add_line(out,
               T("mw.t.fight_empire", {{"seat", s_.attacker},
                                       {"target", s_.defender},
                                       {"card", card_key(CardKind::kEmpire, s_.target_emp, d)}}),
               0);
    else
      add_line(out,
               T("mw.t.fight_lair", {{"seat", s_.attacker},
                                     {"target", s_.defender},
                                     {"res", d.resources[s_.atk_type].key}}),
               0);
    std::vector<std::string> at, df;
    for (int i = 0; i < s_.n_atk; ++i) at.push_back(min_name(s_.atk[static_cast<size_t>(i)]));
    for (int i = 0; i < s_.n_def; ++i) df.push_back(min_name(s_.def[static_cast<size_t>(i)]));
    add_line(out, T("mw.t.attackers", {{"list", join(at)}, {"list2", join(df)}}), 2);
  }
  if (s_.ndice[0] + s_.ndice[1] > 0 && (s_.fight_active || s_.phase == Phase::kDomination) &&
      s_.stage != Stage::kChance) {
    std::string a1, a2;
    for (int i = 0; i < s_.ndice[0]; ++i)
      a1 += (i ? " " : "") + std::to_string(s_.dice[0][static_cast<size_t>(i)]);
    for (int i = 0; i < s_.ndice[1]; ++i)
      a2 += (i ? " " : "") + std::to_string(s_.dice[1][static_cast<size_t>(i)]);
    add_line(out, T("mw.t.dice", {{"att", a1.empty() ? "—" : a1}, {"def", a2.empty() ? "—" : a2}}),
             0);
  }
  if (s_.stage == Stage::kWindow) {
    static const char* wn[] = {"w_turn",        "w_convert",      "w_attack",      "w_before_roll",
                               "w_after_roll",  "w_after_damage", "w_after_fight", "w_threat",
                               "w_threat_roll", "w_threat_ok",    "w_maniacal",    "w_humiliation"};
    add_line(out, T("mw.t.window", {{"what", wn[static_cast<int>(s_.wnd)]}}), 0);
  }
  const int chooser = (s_.stage == Stage::kChance) ? s_.ch_player : s_.actor;
  if (viewer >= 0 && viewer == chooser && s_.pending_n > 0 && s_.stage != Stage::kChance) {
    const bool dev = s_.stage == Stage::kKeepDevice;
    const bool emp = s_.stage == Stage::kChooseEmpire;
    std::vector<std::string> v;
    for (int i = 0; i < s_.pending_n; ++i) {
      const int k = s_.pending[static_cast<size_t>(i)];
      v.push_back(name(dev ? CardKind::kDevice : emp ? CardKind::kEmpire : CardKind::kMinion, k));
    }
    add_line(out, T("mw.t.pending", {{"list", join(v)}}), 0);
  }
  return out;
}

void MwahahahaState::view_tensor(Player viewer, std::span<float> out) const {
  TensorWriter w(g_->tensor_layout(), out);
  const int n = num_players();
  const bool seated = viewer >= 0 && viewer < n;
  const int vi = vidx(viewer);
  auto rel = [&](int p) { return p < 0 || p >= n ? -1 : (seated ? (p - viewer + n) % n : p); };
  auto bits = [](float* o, std::uint64_t m, int count) {
    for (int i = 0; i < count; ++i) o[i] = static_cast<float>((m >> i) & 1ULL);
  };
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
  for (int r = 0; r < n; ++r) {
    const int p = seated ? (viewer + r) % n : r;
    const Seat& st = seat(p);
    float* o = seats.data() + r * kSeatValues;
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
