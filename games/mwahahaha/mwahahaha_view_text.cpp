// Mwahahaha!: the table in plain words (view_text), in the viewer's language, wrapped to 80
// columns. Holds only what its viewer knows, like view_json (mwahahaha_view.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {
using nlohmann::json;

std::string MwahahahaState::view_text(Player viewer) const {
  RenderContext ctx;
  ctx.viewer = viewer;
  return view_text_for(ctx);
}

namespace {
// The UTF-8 character at s[i]: its length in bytes, and whether a line may break before and
// after it, as between CJK characters: not at English “quotes”, dashes and the ellipsis (U+2010
// to U+2026), which belong to their word.
std::pair<int, bool> utf8_at(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  if (len < 3 || i + static_cast<size_t>(len) > s.size()) return {len, false};
  char32_t cp = c & (len == 3 ? 0x0F : 0x07);
  for (int k = 1; k < len; ++k)
    cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<size_t>(k)]) & 0x3F);
  return {len, cp < 0x2010 || cp > 0x2026};
}
// Chinese punctuation that must not start a line, and opening brackets that must not end one
// (as the terminal's wrap keeps them: apps/villainy/terminal.cpp).
bool no_line_start(std::string_view ch) {
  for (std::string_view p : {"、", "。", "，", "：", "；", "！", "？", "）", "」", "』"})
    if (ch == p) return true;
  return false;
}
bool no_line_end(std::string_view ch) {
  return ch == "（" || ch == "「" || ch == "『";
}
// Display width, counted high: every character of 3 bytes or more as two columns.
int width(std::string_view s) {
  int w = 0;
  for (size_t i = 0; i < s.size();) {
    const int len = utf8_at(s, i).first;
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
    auto step = [&](size_t at) { return static_cast<size_t>(utf8_at(line, at).first); };
    auto ch = [&](size_t at) { return line.substr(at, step(at)); };
    if (utf8_at(line, i).second) {
      j = i + step(i);
      // an opening bracket takes the next character along
      if (no_line_end(ch(i)) && j < line.size()) j += step(j);
    } else {
      while (j < line.size() && line[j] != ' ' && !utf8_at(line, j).second) j += step(j);
    }
    // closing punctuation joins the unit before it
    while (j < line.size() && no_line_start(ch(j))) j += step(j);
    if (j < line.size() && line[j] == ' ') ++j;
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
        v.push_back(name(k, x) +
                    (arr[static_cast<size_t>(x)] > 1
                         ? (zh ? " ×" : " x") + std::to_string(arr[static_cast<size_t>(x)])
                         : ""));
    return join(v);
  };
  static const char* phase_word[] = {"setup", "creation", "rivalry", "domination", "over"};
  std::string who = s_.stage == Stage::kTerminal ? T("mw.t.over")
                    : s_.stage == Stage::kChance ? T("mw.t.chance")
                                                 : T("mw.t.to_act", {{"seat", s_.actor}});
  std::string out;
  if (s_.phase == Phase::kSetup)
    add_line(out, T("mw.t.head_setup", {{"who", who}}), 0);
  else if (s_.phase == Phase::kOver)
    add_line(out, T("mw.t.head_over", {{"round", static_cast<int>(s_.round)}, {"who", who}}), 0);
  else
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
    std::string empires = T("mw.t.empires", {{"list", join(emp)}});
    if (zh || empires.back() != '.') empires += zh ? "。" : ".";  // "Hench Construction Co."
    add_line(out, empires + (zh ? "" : " ") + T("mw.t.minions", {{"list", join(mins)}}), 2);
    add_line(out, T("mw.t.hands", {{"raw", st.raw_count()}, {"tricks", st.trick_count()}}), 2);
    if (p == viewer) {
      add_line(out, T("mw.t.your_raw", {{"list", counts(st.raw, CardKind::kRaw)}}), 2);
      add_line(out, T("mw.t.your_tricks", {{"list", counts(st.tricks, CardKind::kTrick)}}), 2);
      std::array<std::uint8_t, kTypes> cap{};
      for (int t = 0; t < kTypes; ++t)
        cap[static_cast<size_t>(t)] = static_cast<std::uint8_t>(std::min(250, capacity_left(p, t)));
      // Every type, 0 included: a raw card of a type at 0 cannot be converted this round.
      std::vector<std::string> caps;
      for (int t = 0; t < kTypes; ++t)
        caps.push_back((zh ? d.resources[static_cast<size_t>(t)].zh
                           : d.resources[static_cast<size_t>(t)].name) +
                       " " + std::to_string(cap[static_cast<size_t>(t)]));
      add_line(out, T("mw.t.capacity", {{"tokens", join(caps)}}), 2);
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
    // Tokens as "2 Energy tokens", raw cards as "raw card Energy 2": the two look alike.
    for (int t = 0; t < kTypes; ++t) {
      const std::string& rk = d.resources[static_cast<size_t>(t)].key;
      if (s_.t_offer_tok[static_cast<size_t>(t)])
        gives.push_back(
            T("mw.t.token_n",
              {{"n", static_cast<int>(s_.t_offer_tok[static_cast<size_t>(t)])}, {"res", rk}}));
      if (s_.t_ask_tok[static_cast<size_t>(t)])
        asks.push_back(
            T("mw.t.token_n",
              {{"n", static_cast<int>(s_.t_ask_tok[static_cast<size_t>(t)])}, {"res", rk}}));
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
        gives.push_back(described && desc != real
                            ? T("mw.t.card_really", {{"card", desc}, {"real", real}})
                            : T("mw.t.card_seen", {{"card", real}}));
      else
        gives.push_back(described ? T("mw.t.card_down", {{"card", desc}})
                                  : T("mw.t.card_undescribed"));
    }
    for (int t = 0; t < kNumTricks; ++t)
      for (int c = 0; c < s_.t_offer_trick[static_cast<size_t>(t)]; ++c)
        gives.push_back(name(CardKind::kTrick, t));
    for (int i = 0; i < s_.t_ask_raw_n; ++i)
      asks.push_back(
          T("mw.t.raw_card",
            {{"card", card_key(CardKind::kRaw, s_.t_ask_raw[static_cast<size_t>(i)], d)}}));
    if (s_.t_ask_trick)
      asks.push_back(T("mw.t.dirty_trick", {{"n", static_cast<int>(s_.t_ask_trick)}}));
    // The proposer's own view says "you offer", not "you offers" (the .you variant).
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
    const bool yours = viewer == s_.defender;  // "your Lair", not "you's Lair"
    if (s_.target_emp >= 0)
      add_line(out,
               T(yours ? "mw.t.fight_your_empire" : "mw.t.fight_empire",
                 {{"seat", s_.attacker},
                  {"target", s_.defender},
                  {"card", card_key(CardKind::kEmpire, s_.target_emp, d)}}),
               0);
    else
      add_line(out,
               T(yours ? "mw.t.fight_your_lair" : "mw.t.fight_lair",
                 {{"seat", s_.attacker},
                  {"target", s_.defender},
                  {"res", d.resources[s_.atk_type].key}}),
               0);
    std::vector<std::string> at, df;
    for (int i = 0; i < s_.n_atk; ++i) at.push_back(min_name(s_.atk[static_cast<size_t>(i)]));
    for (int i = 0; i < s_.n_def; ++i) df.push_back(min_name(s_.def[static_cast<size_t>(i)]));
    add_line(out, T("mw.t.attackers", {{"list", join(at)}, {"list2", join(df)}}), 2);
  }
  // The dice of the fight or threat under way (none between them: the last fight's dice are
  // not shown in the Domination phase).
  const bool threat_rolled = s_.threat_on && s_.wnd != Window::kThreatDeclared;
  if (s_.ndice[0] + s_.ndice[1] > 0 && (s_.fight_active || threat_rolled) &&
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
  // What the decision in front of the viewer is about, for the steps of a larger action.
  if (viewer >= 0 && viewer == s_.actor && s_.stage != Stage::kChance &&
      s_.stage != Stage::kTerminal) {
    const std::string rn = s_.atk_type < kTypes ? d.resources[s_.atk_type].key : "";
    switch (s_.stage) {
      case Stage::kKeepDevice:
        add_line(out, T("mw.t.ask.keep_device"), 0);
        break;
      case Stage::kFirstLast:
        add_line(out, T("mw.t.ask.first_last"), 0);
        break;
      case Stage::kPay:
        add_line(out,
                 T(s_.pay_for == 0 ? "mw.t.ask.pay_empire" : "mw.t.ask.pay_minion",
                   {{"n", static_cast<int>(s_.pay_left)}}),
                 0);
        break;
      case Stage::kSacrificeSelect:
        add_line(out,
                 T("mw.t.ask.sacrifice", {{"n", static_cast<int>(s_.select_left)},
                                          {"res", d.resources[s_.sac_type].key}}),
                 0);
        break;
      case Stage::kFeedSelect:
        add_line(out, T("mw.t.ask.feed", {{"n", static_cast<int>(s_.select_left)}}), 0);
        break;
      case Stage::kSwapSelect:
        add_line(out, T("mw.t.ask.swap", {{"n", static_cast<int>(s_.select_left)}}), 0);
        break;
      case Stage::kSend:
        add_line(out, T("mw.t.ask.send"), 0);
        break;
      case Stage::kDefend:
        add_line(out, T("mw.t.ask.defend"), 0);
        break;
      case Stage::kEmpireWin:
        add_line(out, T("mw.t.ask.empire_win"), 0);
        break;
      case Stage::kPlunder:
        add_line(
            out,
            T("mw.t.ask.plunder",
              {{"n", static_cast<int>(s_.plunder_pts)}, {"res", rn}, {"stock", s_.vault ? 2 : 1}}),
            0);
        break;
      case Stage::kDamage:
        add_line(out, T("mw.t.ask.damage", {{"n", static_cast<int>(s_.dmg_left)}}), 0);
        break;
      case Stage::kFail:
        add_line(out, T("mw.t.ask.fail"), 0);
        break;
      case Stage::kFleeKeep:
        add_line(out, T("mw.t.ask.flee_keep"), 0);
        break;
      case Stage::kDescribe:
        add_line(out, T("mw.t.ask.describe"), 0);
        break;
      case Stage::kDomination:  // why the World is not offered (MW-23)
        if (s_.world_taken && capability(viewer) == kLevels && !s_.threat_made)
          add_line(out, T("mw.t.ask.world_taken"), 0);
        break;
      case Stage::kType:
      case Stage::kTarget:
      case Stage::kChooseEmpire:
      case Stage::kSelectMinion:
      case Stage::kReroll:
        if (s_.purpose == Purpose::kRansom)
          add_line(out, T("mw.t.ask.ransom", {{"n", static_cast<int>(s_.ransom_left)}}), 0);
        else if (s_.trick >= 0)
          add_line(out, T("mw.t.ask.trick", {{"card", card_key(CardKind::kTrick, s_.trick, d)}}),
                   0);
        break;
      default:
        break;
    }
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
