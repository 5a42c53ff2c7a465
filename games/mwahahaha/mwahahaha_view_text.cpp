// Mwahahaha!: the table in plain words (view_text), in the viewer's language, wrapped to 80
// columns. Holds only what its viewer knows, like view_json (mwahahaha_view.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {
using nlohmann::json;

namespace {
int vidx(Player viewer) {
  return viewer >= 0 ? viewer : kMaxPlayers;
}
}  // namespace

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

// NOLINTNEXTLINE(readability-function-size)
std::string MwahahahaState::view_text_for(const RenderContext& ctx) const {
  // Long on purpose: the table's text top to bottom; to split by section.
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
        add_line(
            out,
            T("mw.t.known",
              {{"list",
                sum(kr) ? (sum(kt) ? fmt::format("{}{}{}", k1, zh ? "、" : ", ", k2) : k1) : k2}}),
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
    // Minions are named to those who know them (D5), as in the JSON view; the others are
    // counted after the named ones (listed among them by id, their place would tell their ids).
    int hidden_offer = 0, hidden_ask = 0;
    for (int m = 0; m < kNumMinions; ++m) {
      if (bit(s_.t_offer_min, m)) {
        if (minion_known(m, viewer))
          gives.push_back(name(CardKind::kMinion, m));
        else
          ++hidden_offer;
      }
      if (bit(s_.t_ask_min, m)) {
        if (minion_known(m, viewer))
          asks.push_back(name(CardKind::kMinion, m));
        else
          ++hidden_ask;
      }
    }
    if (hidden_offer) gives.push_back(T("mw.t.hidden_minions", {{"n", hidden_offer}}));
    if (hidden_ask) asks.push_back(T("mw.t.hidden_minions", {{"n", hidden_ask}}));
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

}  // namespace villainy::mwahahaha
