// Mwahahaha!: views (JSON, text, tensor), per-viewer action descriptions, and resampling.
// A view holds only what its viewer knows: public facts, the viewer's own hands, face-down
// Minions and device, and what the viewer has seen (lower bounds per kind of other hands, Minions
// seen face down in a trade, a device seen by Espionage).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <nlohmann/json.hpp>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {
using nlohmann::json;

namespace {
inline bool bit(std::uint64_t m, int i) {
  return (m >> i) & 1ULL;
}
int vidx(Player viewer) {
  return viewer >= 0 ? viewer : kMaxP;
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

int MwahahahaGame::tensor_size() const {
  return kMaxP * 14 + 8;
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
    o["scientist"] = st.sci >= 0 ? d.sci[static_cast<size_t>(st.sci)].key : "";
    o["device"] =
        st.device < 0
            ? "none"
            : (device_known(p, viewer) ? d.dev[static_cast<size_t>(st.device)].key : "face-down");
    o["device_up"] = st.device_up;
    o["device_tokens"] = st.dev;
    o["stockpile"] = st.stock;
    o["maniacal"] = st.maniacal;
    o["humiliation"] = st.humiliation;
    o["maniacal_sources"] = st.man_sources;
    o["levels_won"] = st.levels_won;
    std::vector<std::string> emp;
    for (int e = 0; e < kNumEmp; ++e)
      if (bit(st.empires, e))
        emp.push_back(d.emp[static_cast<size_t>(e)].key + (bit(s_.struck, e) ? " (struck)" : ""));
    o["empires"] = emp;
    std::vector<std::string> mins;
    int hidden = 0;
    for (int m = 0; m < kNumMin; ++m) {
      if (!bit(st.minions, m)) continue;
      if (minion_known(m, viewer))
        mins.push_back(d.min[static_cast<size_t>(m)].key +
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
  // Cards awaiting a choice: seen by the chooser only.
  const int chooser = (s_.stage == Stage::kChance) ? s_.ch_player : s_.actor;
  j["pending_n"] = s_.pending_n;
  if (viewer >= 0 && viewer == chooser)
    j["pending"] = std::vector<int>(s_.pending.begin(), s_.pending.begin() + s_.pending_n);
  j["chance"] = {s_.ch_kind, s_.ch_player, s_.ch_count, s_.ch_after};
  j["window"] = {static_cast<int>(s_.wnd), s_.w_passed, s_.w_plays, s_.w_resume, s_.w_excl};
  j["trick"] = {s_.trick, s_.trick_player, s_.trick_target, static_cast<int>(s_.ret_stage),
                s_.purpose};
  j["creation"] = {s_.pay_left,         s_.pay_for,    s_.select_left, s_.sac_type,
                   s_.conv_kind,        s_.conv_type,  s_.conv_cancel, s_.conv_pending,
                   s_.trades_this_turn, s_.cash_front, s_.cash_ret,    s_.open_trader,
                   s_.open_left};
  if (s_.trade_partner >= 0) {
    json t;
    t["proposer"] = s_.trade_proposer;
    t["partner"] = s_.trade_partner;
    t["offer_tokens"] = s_.t_offer_tok;
    t["ask_tokens"] = s_.t_ask_tok;
    t["offer_empires"] = s_.t_offer_emp;
    t["ask_empires"] = s_.t_ask_emp;
    std::vector<std::string> om, am;
    for (int m = 0; m < kNumMin; ++m) {
      if (bit(s_.t_offer_min, m))
        om.push_back(minion_known(m, viewer) ? d.min[static_cast<size_t>(m)].key : "face-down");
      if (bit(s_.t_ask_min, m))
        am.push_back(minion_known(m, viewer) ? d.min[static_cast<size_t>(m)].key : "face-down");
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
          described ? d.raw[static_cast<size_t>(s_.t_raw_desc[static_cast<size_t>(i)])].key
                    : "undescribed";
      if (viewer == s_.trade_proposer || (viewer == s_.trade_partner && s_.t_peeked && i == 0))
        sdesc += " (really " + d.raw[static_cast<size_t>(act_k)].key + ")";
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
                 s_.gain_source, s_.gain_resume,     s_.people_minus,   s_.threat_hum};
  if (s_.stage == Stage::kTerminal) {
    j["winners"] = winners();
    j["win"] = static_cast<int>(s_.win);
  }
  return j;
}

std::string MwahahahaState::view_text(Player viewer) const {
  const CardData& d = *d_;
  const json v = view_json(viewer);
  std::string out = fmt::format("Round {} — {} ({}), to act: {}\n", s_.round, phase_name(s_.phase),
                                stage_name(s_.stage), current_player());
  static const char* tk[] = {"E", "M", "S", "Eu"};
  for (int p = 0; p < num_players(); ++p) {
    const json& o = v["seats"][static_cast<size_t>(p)];
    const Seat& st = seat(p);
    out += fmt::format(
        "{} seat {}: {} | device {} tokens {}/{}/{}/{} | stock {}/{}/{}/{} | Maniacal {} "
        "Humiliation {}\n",
        p == viewer ? "*" : " ", p, st.sci >= 0 ? d.sci[static_cast<size_t>(st.sci)].name : "?",
        o["device"].get<std::string>(), st.dev[0], st.dev[1], st.dev[2], st.dev[3], st.stock[0],
        st.stock[1], st.stock[2], st.stock[3], st.maniacal, st.humiliation);
    out += "    Empires: " + o["empires"].dump() + "  Minions: " + o["minions"].dump() +
           fmt::format(" +{} face down", o["minions_face_down_unknown"].get<int>()) +
           fmt::format("  raw cards {}  Dirty Tricks {}\n", st.raw_count(), st.trick_count());
    if (p == viewer) {
      std::string hand;
      for (int k = 0; k < kRawKinds; ++k)
        for (int c = 0; c < st.raw[static_cast<size_t>(k)]; ++c)
          hand += d.raw[static_cast<size_t>(k)].name + ", ";
      std::string tr;
      for (int t = 0; t < kNumTricks; ++t)
        for (int c = 0; c < st.tricks[static_cast<size_t>(t)]; ++c)
          tr += d.trick[static_cast<size_t>(t)].name + ", ";
      out += "    Your raw cards: " + hand + "\n    Your Dirty Tricks: " + tr + "\n";
      out += fmt::format("    Capacity left {}:{} {}:{} {}:{} {}:{}\n", tk[0], capacity_left(p, 0),
                         tk[1], capacity_left(p, 1), tk[2], capacity_left(p, 2), tk[3],
                         capacity_left(p, 3));
    }
  }
  auto min_name = [&](int m) {
    return minion_known(m, viewer) ? d.min[static_cast<size_t>(m)].name
                                   : std::string("a face-down Minion");
  };
  if (viewer >= 0 && seat(viewer).device >= 0) {
    const DeviceCard& dv = d.dev[static_cast<size_t>(seat(viewer).device)];
    out +=
        fmt::format("Your device {}: capability {}; needs (E/M/S/Eu)", dv.name, capability(viewer));
    for (int l = 0; l < kLevels; ++l)
      out += fmt::format(" {} {}/{}/{}/{}", d.lvl[static_cast<size_t>(l)].name,
                         dv.req[static_cast<size_t>(l)][0], dv.req[static_cast<size_t>(l)][1],
                         dv.req[static_cast<size_t>(l)][2], dv.req[static_cast<size_t>(l)][3]);
    out += "\n";
  }
  if (s_.trade_partner >= 0) {
    const json& t = v["trade"];
    out += fmt::format(
        "Trade: seat {} proposes to seat {}: gives tokens {} Empires {} Minions {} raw cards {} "
        "Dirty Tricks {};"
        " asks tokens {} Empires {} Minions {} raw cards {} and {} Dirty Trick(s)\n",
        s_.trade_proposer, s_.trade_partner, t["offer_tokens"].dump(), t["offer_empires"].dump(),
        t["offer_minions"].dump(), t["offer_raw"].dump(), t["offer_tricks"].dump(),
        t["ask_tokens"].dump(), t["ask_empires"].dump(), t["ask_minions"].dump(),
        t["ask_raw"].dump(), s_.t_ask_trick);
  }
  if (s_.fight_active) {
    out += fmt::format("Fight: seat {} attacks seat {}'s {} with", s_.attacker, s_.defender,
                       s_.target_emp >= 0 ? d.emp[static_cast<size_t>(s_.target_emp)].name
                                          : "Lair (" + d.res[s_.atk_type].name + ")");
    for (int i = 0; i < s_.n_atk; ++i) out += " " + min_name(s_.atk[static_cast<size_t>(i)]);
    out += "; defenders:";
    for (int i = 0; i < s_.n_def; ++i) out += " " + min_name(s_.def[static_cast<size_t>(i)]);
    out += "\n";
  }
  if (s_.ndice[0] + s_.ndice[1] > 0 && (s_.fight_active || s_.phase == Phase::kDomination)) {
    out += "Dice:";
    for (int i = 0; i < s_.ndice[0]; ++i)
      out += fmt::format(" {}", s_.dice[0][static_cast<size_t>(i)]);
    out += "  against";
    for (int i = 0; i < s_.ndice[1]; ++i)
      out += fmt::format(" {}", s_.dice[1][static_cast<size_t>(i)]);
    out += "\n";
  }
  if (s_.stage == Stage::kWindow) {
    static const char* wn[] = {"turn start",      "conversion",      "attack declared",
                               "before the roll", "after the roll",  "after damage",
                               "after the fight", "threat declared", "after the threat roll",
                               "threat success",  "Maniacal gain",   "Humiliation gain"};
    out +=
        fmt::format("Dirty Trick window: {} (play a card or pass)\n", wn[static_cast<int>(s_.wnd)]);
  }
  if (v.contains("pending") && s_.pending_n > 0) {
    out += "Cards to choose from:";
    for (const auto& x : v["pending"]) {
      const int k = x.get<int>();
      const bool dev =
          s_.stage == Stage::kKeepDevice || (s_.stage == Stage::kChance && s_.ch_kind == 4);
      const bool emp =
          s_.stage == Stage::kChooseEmpire || (s_.stage == Stage::kChance && s_.ch_kind == 2);
      out += " " + (dev   ? d.dev[static_cast<size_t>(k)].name
                    : emp ? d.emp[static_cast<size_t>(k)].name
                          : d.min[static_cast<size_t>(k)].name);
    }
    out += "\n";
  }
  return out;
}

void MwahahahaState::view_tensor(Player viewer, std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  const int n = num_players();
  for (int i = 0; i < n; ++i) {
    const int p = viewer >= 0 ? (viewer + i) % n : i;
    const Seat& st = seat(p);
    float* o = out.data() + i * 14;
    for (int t = 0; t < kTypes; ++t) {
      o[t] = st.stock[static_cast<size_t>(t)];
      o[4 + t] = st.dev[static_cast<size_t>(t)];
    }
    o[8] = st.maniacal;
    o[9] = st.humiliation;
    o[10] = static_cast<float>(std::popcount(st.empires));
    o[11] = static_cast<float>(std::popcount(st.minions));
    o[12] = static_cast<float>(st.raw_count());
    o[13] = static_cast<float>(st.trick_count());
  }
  float* g = out.data() + kMaxP * 14;
  g[0] = s_.round;
  g[1] = static_cast<float>(s_.phase);
  g[2] = static_cast<float>(current_player());
  g[3] = s_.world_taken;
}

std::string MwahahahaState::describe_action(Action a, Player viewer) const {
  std::string line = describe_action_lower(a, viewer);
  if (!line.empty() && line[0] >= 'a' && line[0] <= 'z')
    line[0] = static_cast<char>(line[0] - 'a' + 'A');
  return line;
}

std::string MwahahahaState::describe_action_lower(Action a, Player viewer) const {
  const CardData& d = *d_;
  const std::string name = game().action_name(a);
  if (s_.stage == Stage::kChance) {
    const int p = s_.ch_player;
    switch (s_.ch_kind) {
      case 1:  // raw draw
        return viewer == p ? fmt::format("seat {} draws {}", p, name)
                           : fmt::format("seat {} draws a raw card", p);
      case 5:
        return viewer == p ? fmt::format("seat {} draws {}", p, name)
                           : fmt::format("seat {} draws a Dirty Trick", p);
      case 3: {
        const bool to_pending = s_.ch_after == 10 || s_.ch_after == 11;  // assembly / insider
        (void)to_pending;
        return viewer == p ? fmt::format("seat {} draws {}", p, name)
                           : fmt::format("seat {} draws a Minion", p);
      }
      case 4:
        return viewer == p ? fmt::format("seat {} draws {}", p, name)
                           : fmt::format("seat {} draws a device", p);
      case 2:
        if (s_.ch_after == 26 /*pcInsider*/ && viewer != p)
          return fmt::format("seat {} looks at an Empire", p);
        return fmt::format("seat {} draws {}", p, name);
      case 0:
        return fmt::format("die roll: {}", a - act::kDie + 1);
      case 6:
        return fmt::format("seat {} is {}", s_.setup_seat,
                           d.sci[static_cast<size_t>(a - act::kSci)].name);
      case 7:
        return fmt::format("seat {} is the richest (tie broken)", a - act::kTie);
      case 8:
        return fmt::format("seat {} discards {}", p,
                           d.raw[static_cast<size_t>(a - act::kRaw)].name);
      default:
        return name;
    }
  }
  const int p = s_.actor;
  // The action that completes a trade shows everyone the Betrayed cards in it (discarded face
  // up, D5): the line says which described cards they were.
  std::string caught;
  const bool executes =
      (s_.stage == Stage::kTradeAnswer && a == act::kAccept && s_.t_ask_raw_n == 0 &&
       s_.t_ask_trick == 0) ||
      (s_.stage == Stage::kTradeGive && s_.t_given + 1 >= s_.t_ask_raw_n + s_.t_ask_trick);
  if (executes) {
    auto note = [&](const char* how, int desc) {
      caught += fmt::format("{} the card {} {} is Betrayed", caught.empty() ? ";" : ",", how,
                            d.raw[static_cast<size_t>(desc)].key);
    };
    for (int i = 0; i < s_.t_raw_n; ++i)
      if (s_.t_raw_actual[static_cast<size_t>(i)] == kBetrayed)
        note("offered as", s_.t_raw_desc[static_cast<size_t>(i)]);
    for (int i = 0; i < s_.t_ask_raw_n; ++i) {
      const int got = i < s_.t_given                   ? s_.t_got_raw[static_cast<size_t>(i)]
                      : a == act::kGiveRaw + kBetrayed ? kBetrayed
                                                       : -1;
      if (got == kBetrayed) note("given for", s_.t_ask_raw[static_cast<size_t>(i)]);
    }
  }
  if (viewer == p) return fmt::format("you: {}", name) + caught;
  if (executes) return describe_action_plain(a, viewer) + caught;
  return describe_action_plain(a, viewer);
}

std::string MwahahahaState::describe_action_plain(Action a, Player viewer) const {
  const CardData& d = *d_;
  const std::string name = game().action_name(a);
  const int p = s_.actor;
  if (a >= act::kKeepDevice && a < act::kKeepDevice + kNumDev) {
    // The other drawn devices are discarded face up (MW-1): the line says which.
    std::string up;
    for (int dv = 0; dv < kNumDev; ++dv) {  // by card, not by the (hidden) order of the draws
      bool drawn = false;
      for (int i = 0; i < s_.pending_n; ++i) drawn |= s_.pending[static_cast<size_t>(i)] == dv;
      if (drawn && dv != a - act::kKeepDevice)
        up += (up.empty() ? "" : ", ") + d.dev[static_cast<size_t>(dv)].key;
    }
    return up.empty() ? fmt::format("seat {} keeps a device", p)
                      : fmt::format("seat {} keeps a device and discards {} face up", p, up);
  }
  if (a >= act::kOfferRaw && a < act::kOfferRaw + kRawKinds)
    return fmt::format("seat {} offers a raw card", p);
  if (a >= act::kGiveRaw && a < act::kGiveRaw + kRawKinds) {
    if (viewer == s_.trade_proposer || viewer >= 0)
      return fmt::format(
          "seat {} hands over a card for '{}'", p,
          d.raw[static_cast<size_t>(s_.t_ask_raw[static_cast<size_t>(s_.t_given)])].key);
    return fmt::format("seat {} hands over a card", p);
  }
  if (a >= act::kOfferMinion && a < act::kOfferMinion + kNumMin &&
      !minion_known(a - act::kOfferMinion, viewer) && viewer != s_.trade_partner)  // D5
    return fmt::format("seat {} offers a face-down Minion", p);
  if (a >= act::kSelectMinion && a < act::kSelectMinion + kNumMin &&
      (s_.purpose == 12 /*assembly*/ || s_.purpose == 13 /*top order*/))
    return fmt::format("seat {} chooses a Minion", p);
  if (a >= act::kChooseEmpire && a < act::kChooseEmpire + kNumEmp && s_.purpose == 13)
    return fmt::format("seat {} orders the Empires it looked at", p);
  if (a >= act::kDiscardMinion && a < act::kDiscardMinion + kNumMin)
    return fmt::format("seat {} discards {}", p,
                       d.min[static_cast<size_t>(a - act::kDiscardMinion)].key);
  return fmt::format("seat {}: {}", p, name);
}

json MwahahahaState::outcome() const {
  json j;
  static const char* w[] = {"none", "world", "round-limit", "guard"};
  j["win"] = w[static_cast<int>(s_.win)];
  j["winners"] = winners();
  j["rounds"] = s_.round;
  std::vector<std::string> sci;
  for (int p = 0; p < num_players(); ++p)
    sci.push_back(seat(p).sci >= 0 ? d_->sci[static_cast<size_t>(seat(p).sci)].key : "");
  j["scientists"] = sci;
  return j;
}

// ---------------------------------------------------------------------------------------------
// Resampling: everything the viewer cannot locate is re-dealt from a canonical pool.
// ---------------------------------------------------------------------------------------------
std::unique_ptr<State> MwahahahaState::resample(Player viewer, Rng& rng) const {
  auto out = std::make_unique<MwahahahaState>(*this);
  Core& c = out->s_;
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
        if (viewer == s_.trade_proposer || (viewer == s_.trade_partner && s_.t_peeked && i == 0)) {
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
        int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
        int k = 0;
        while (r >= st.raw[static_cast<size_t>(k)]) r -= st.raw[static_cast<size_t>(k++)];
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
    for (int v = 0; v < kMaxP; ++v)
      if (v != viewer) c.known_raw[static_cast<size_t>(v)] = s_.known_raw[kMaxP];
  }
  // --- Dirty Tricks ---
  {
    std::array<int, kNumTricks> pool{};
    for (int t = 0; t < kNumTricks; ++t)
      pool[static_cast<size_t>(t)] =
          d_->trick[static_cast<size_t>(t)].copies - s_.trick_discard[static_cast<size_t>(t)] -
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
    for (int v = 0; v < kMaxP; ++v)
      if (v != viewer) c.known_trick[static_cast<size_t>(v)] = s_.known_trick[kMaxP];
  }
  const bool pending_minions =
      (s_.stage == Stage::kSelectMinion && (s_.purpose == 12 || s_.purpose == 13)) ||
      (s_.stage == Stage::kChance && s_.ch_kind == 3 && s_.pending_n > 0);
  const bool pending_empires = (s_.stage == Stage::kChooseEmpire && s_.purpose == 13) ||
                               (s_.stage == Stage::kChance && s_.ch_kind == 2 && s_.pending_n > 0);
  const bool pending_devices = s_.stage == Stage::kKeepDevice ||
                               (s_.stage == Stage::kChance && s_.ch_kind == 4 && s_.pending_n > 0);
  // --- Minions: unknown face-down slots, sorted by public tag (who else knows it, trade role) ---
  {
    struct Slot {
      int key, seat, id;
    };
    std::array<Slot, kNumMin> slots{};
    int ns = 0;
    for (int p = 0; p < n; ++p) {
      if (p == viewer) continue;
      for (int m = 0; m < kNumMin; ++m)
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
    const bool pend = pending_minions && !pending_known;
    if (pend)
      for (int i = 0; i < s_.pending_n; ++i) pool |= 1ULL << s_.pending[static_cast<size_t>(i)];
    std::array<std::int8_t, kNumMin> cards{};
    int m = 0;
    for (int i = 0; i < kNumMin; ++i)
      if (bit(pool, i)) cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(i);
    shuffle(cards.data(), m);
    int next = 0;
    for (int i = 0; i < ns; ++i) {  // clear old identities
      c.seats[static_cast<size_t>(slots[static_cast<size_t>(i)].seat)].minions &=
          ~(1ULL << slots[static_cast<size_t>(i)].id);
      c.t_offer_min &= ~(1ULL << slots[static_cast<size_t>(i)].id);
      c.t_ask_min &= ~(1ULL << slots[static_cast<size_t>(i)].id);
    }
    for (int i = 0; i < kNumMin; ++i)
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
    std::array<int, kMaxP> slot_seat{};
    int ns = 0;
    std::uint32_t pool = s_.dev_deck;
    std::array<std::uint8_t, kMaxP> masks{};
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
    std::array<std::int8_t, kNumDev> cards{};
    int m = 0;
    for (int i = 0; i < kNumDev; ++i)
      if ((pool >> i) & 1) cards[static_cast<size_t>(m++)] = static_cast<std::int8_t>(i);
    shuffle(cards.data(), m);
    int next = 0;
    for (int i = 0; i < kNumDev; ++i)
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
    std::array<std::int8_t, kNumEmp> cards{};
    int m = 0;
    for (int i = 0; i < kNumEmp; ++i)
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
  return out;
}

}  // namespace villainy::mwahahaha
