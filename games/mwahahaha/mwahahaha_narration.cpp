// Mwahahaha!: narration (docs/narration.md). Every action as an event for one viewer (the choice
// label too), the message catalogue (core + data/messages.json + the cards' names and texts from
// the card data, in English and Traditional Chinese), and the signal that an action ends a turn.
// What a viewer is told is what describe_action told before: hidden draws, offered raw cards,
// face-down Minions and kept devices are named only to those who see them (D5, D15).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

#include "mwahahaha/mwahahaha.h"

namespace villainy::embedded {
extern const std::string_view mwahahaha_messages;
}

namespace villainy::mwahahaha {
using nlohmann::json;

// Card keys of the catalogue, one namespace per kind of card.
std::string card_key(CardKind kind, int index, const CardData& d) {
  const auto i = static_cast<size_t>(index);
  switch (kind) {
    case CardKind::kScientist:
      return "mw.sci." + d.scientists[i].key;
    case CardKind::kDevice:
      return "mw.dev." + d.devices[i].key;
    case CardKind::kEmpire:
      return "mw.emp." + d.empires[i].key;
    case CardKind::kMinion:
      return "mw.min." + d.minions[i].key;
    case CardKind::kTrick:
      return "mw.trick." + d.tricks[i].key;
    case CardKind::kRaw:
      return "mw.raw." + d.raw_kinds[i].key;
  }
  return {};
}

namespace {
std::string tokens_text(const std::array<int, kTypes>& v, const CardData& d, bool zh) {
  std::string out;
  for (int t = 0; t < kTypes; ++t) {
    const int x = v[static_cast<size_t>(t)];
    if (x == 0) continue;
    const auto& r = d.resources[static_cast<size_t>(t)];
    out += (out.empty() ? "" : zh ? "、" : ", ") + (zh ? r.zh : r.name) + " " + std::to_string(x);
  }
  return out.empty() ? "—" : out;
}
}  // namespace

Catalogue build_catalogue(const CardData& d) {
  Catalogue c = Catalogue::core();
  c.add_json_text(embedded::mwahahaha_messages, "games/mwahahaha/data/messages.json");
  for (int t = 0; t < kTypes; ++t) {
    c.add_message("en", "word." + d.resources[static_cast<size_t>(t)].key,
                  d.resources[static_cast<size_t>(t)].name);
    c.add_message("zh-TW", "word." + d.resources[static_cast<size_t>(t)].key,
                  d.resources[static_cast<size_t>(t)].zh);
  }
  for (int l = 0; l < kLevels; ++l) {
    c.add_message("en", "word." + d.levels[static_cast<size_t>(l)].key,
                  d.levels[static_cast<size_t>(l)].name);
    c.add_message("zh-TW", "word." + d.levels[static_cast<size_t>(l)].key,
                  d.levels[static_cast<size_t>(l)].zh);
  }
  auto add = [&](CardKind k, int i, const NameZh& n, std::string en, std::string zh) {
    c.add_card(card_key(k, i, d), "en", {n.name, std::move(en)});
    c.add_card(card_key(k, i, d), "zh-TW", {n.zh, std::move(zh)});
  };
  for (int i = 0; i < kNumScientists; ++i) {
    const auto& s = d.scientists[static_cast<size_t>(i)];
    add(CardKind::kScientist, i, s,
        fmt::format("Lair: converts each round up to {}. {}: {}", tokens_text(s.rating, d, false),
                    s.power_name, s.power_text),
        fmt::format("基地：每回合最多轉換{}。{}：{}", tokens_text(s.rating, d, true), s.power_zh,
                    s.power_text_zh.empty() ? s.power_text : s.power_text_zh));
  }
  for (int i = 0; i < kNumDevices; ++i) {
    const auto& v = d.devices[static_cast<size_t>(i)];
    std::string en, zh;
    for (int l = 0; l < kLevels; ++l) {
      const auto& lv = d.levels[static_cast<size_t>(l)];
      const auto li = static_cast<size_t>(l);
      en += fmt::format("{}{}: needs {}; {} dice against {}", l ? ". " : "", lv.name,
                        tokens_text(v.req[li], d, false), v.dice[li], v.people[li]);
      zh += fmt::format("{}{}：需要{}；{} 顆骰子對 {} 顆", l ? "。" : "", lv.zh,
                        tokens_text(v.req[li], d, true), v.dice[li], v.people[li]);
      if (l < 3) {
        en += fmt::format(", ransom {}", v.ransom[li]);
        zh += fmt::format("，贖金 {}", v.ransom[li]);
      }
    }
    add(CardKind::kDevice, i, v, en + ".", zh + "。");
  }
  for (int i = 0; i < kNumEmpires; ++i) {
    const auto& e = d.empires[static_cast<size_t>(i)];
    // MW-8, MW-12: capacity while held; cashing in discards it (once per round).
    std::string en = fmt::format(
        "Adds to your capacity each round: {}. Cash in (discard it, once per round) for: {}.",
        tokens_text(e.cap, d, false), tokens_text(e.cash, d, false));
    std::string zh = fmt::format("每回合提高上限：{}。兌現（棄掉它，每回合一次）可得：{}。",
                                 tokens_text(e.cap, d, true), tokens_text(e.cash, d, true));
    if (e.fortified) {
      en += " Fortified: +1 defence die.";
      zh += "堅固：防禦多 1 顆骰子。";
    }
    if (e.front) {
      en += " Front business: cashing it in draws a Dirty Trick.";
      zh += "掩護生意：兌現時抽一張卑鄙手段卡。";
    }
    add(CardKind::kEmpire, i, e, en, zh);
  }
  // A Minion without an ability has "—" for its text: nothing is added.
  auto ability = [](const std::string& t) {
    return t.empty() || t == "—" ? std::string() : (t.front() & 0x80 ? "" : " ") + t;
  };
  for (int i = 0; i < kNumMinions; ++i) {
    const auto& m = d.minions[static_cast<size_t>(i)];
    const auto& r = d.resources[static_cast<size_t>(m.type)];
    add(CardKind::kMinion, i, m,
        // The value is the number of dice the Minion rolls in a fight (MW-17).
        fmt::format("{} Minion: {} {} in a fight, {} hit point{}.{}", r.name, m.value,
                    m.value == 1 ? "die" : "dice", m.hp, m.hp == 1 ? "" : "s",
                    ability(m.ability_text)),
        fmt::format("邪惡爪牙（{}）：戰鬥時擲 {} 顆骰子，{} 點生命。{}", r.zh, m.value, m.hp,
                    ability(m.ability_text_zh.empty() ? m.ability_text : m.ability_text_zh)));
  }
  for (int i = 0; i < kNumTricks; ++i) {
    const auto& t = d.tricks[static_cast<size_t>(i)];
    add(CardKind::kTrick, i, t, t.effect, t.effect_zh.empty() ? t.effect : t.effect_zh);
  }
  for (int i = 0; i < kRawKinds; ++i) {
    const auto& r = d.raw_kinds[static_cast<size_t>(i)];
    std::string en = "A raw material card: convert it into tokens in Creation.";
    std::string zh = "組成原件卡：在創造建立階段轉換成資源。";
    if (i == kWild) {
      en = fmt::format("Converts as any one resource, worth {}.", d.wild_value);
      zh = fmt::format("可轉換成任一種資源，價值 {}。", d.wild_value);
    } else if (i == kBetrayed) {
      en = "Worth nothing; pass it in a trade as another card. Caught, it is discarded.";
      zh = "沒有價值；在交易中可以假裝成別的牌交出。被識破時棄掉。";
    }
    add(CardKind::kRaw, i, r, en, zh);
  }
  return c;
}

const Catalogue& MwahahahaGame::catalogue() const {
  return catalogue_;
}

// The English rendering of the action's event; "" when the action tells nothing by itself (one
// raw card of another seat's refill, told as a whole when the refill is done).
std::string MwahahahaState::describe_action(Action a, Player viewer) const {
  const Event e = action_event(a, viewer);
  if (e.empty()) return "";
  RenderContext ctx;
  ctx.viewer = viewer;
  return g_->catalogue().render(e, ctx);
}

bool MwahahahaState::ends_turn(Action a) const {
  return a == act::kEndTurn || a == act::kNoAttack || a == act::kNoThreat;
}

// NOLINTNEXTLINE(readability-function-size)
Event MwahahahaState::action_event(Action a, Player viewer) const {
  // Long on purpose: one case per action kind, each a line or two; to split by phase.
  const CardData& d = *d_;
  auto key = [&](CardKind k, int i) { return card_key(k, i, d); };
  auto res = [&](int t) { return d.resources[static_cast<size_t>(t)].key; };
  auto in = [&](int base, int count) { return a >= base && a < base + count; };
  if (s_.stage == Stage::kChance) {
    const int p = s_.ch_player;
    const bool own = viewer == p;
    switch (s_.ch_kind) {
      case ChanceKind::kDie: {
        // A roll's last die is told with the whole roll (each side sorted high to low, as the
        // rules compare them); a rerolled die with the value it replaces.
        const int v = a - act::kDie + 1;
        if (s_.roll_side == 2) {
          const int old = s_.dice[s_.reroll_side][s_.reroll_idx];
          if (s_.frames.top() == Next::kWhispers)  // MW-31, automatic: told with its reason
            return {"mw.die_whispers", {{"seat", s_.threatener}, {"old", old}, {"n", v}}};
          return {"mw.die_reroll", {{"old", old}, {"n", v}}};
        }
        // Every die is told (a die seen is an outcome told apart, as the invariants check).
        const bool first = s_.roll_i < s_.ndice[0];
        const char* side = s_.fight_active ? (first ? "side_attacker" : "side_defender")
                                           : (first ? "side_threat" : "side_people");
        if (s_.ch_count != 1) return {"mw.die", {{"n", v}, {"side", side}}};
        Core c = s_;
        const int i = c.roll_i;
        if (i < c.ndice[0])
          c.dice[0][static_cast<size_t>(i)] = static_cast<std::uint8_t>(v);
        else
          c.dice[1][static_cast<size_t>(i - c.ndice[0])] = static_cast<std::uint8_t>(v);
        for (size_t k = 0; k < 2; ++k)
          std::sort(c.dice[k].begin(), c.dice[k].begin() + c.ndice[k], std::greater<>());
        return {s_.fight_active ? "mw.rolled_fight" : "mw.rolled_threat",
                {{"n", v}, {"side", side}, {"att", dice_text(c, 0)}, {"def", dice_text(c, 1)}}};
      }
      case ChanceKind::kRaw:
        if (own)
          return {"mw.draw_raw", {{"seat", p}, {"card", key(CardKind::kRaw, a - act::kRaw)}}};
        if (s_.ch_count == 1 && s_.frames.top() == Next::kRefill)
          return {"mw.refilled", {{"seat", p}, {"n", seat(p).raw_count() + 1}}};
        return s_.frames.top() == Next::kRefill ? Event{} : Event{"mw.draw_raw", {{"seat", p}}};
      case ChanceKind::kTrick:
        if (own)
          return {"mw.draw_trick",
                  {{"seat", p}, {"card", key(CardKind::kTrick, a - act::kTrickDraw)}}};
        return {"mw.draw_trick", {{"seat", p}}};
      case ChanceKind::kMinion: {
        const bool look = s_.frames.top() == Next::kInsider;
        const int m = a - act::kMinion;
        if (own)
          return {look ? "mw.look_minion" : "mw.draw_minion",
                  {{"seat", p}, {"card", key(CardKind::kMinion, m)}}};
        return {look ? "mw.look_minion" : "mw.draw_minion", {{"seat", p}}};
      }
      case ChanceKind::kEmpire: {
        const int e = a - act::kEmpire;
        if (s_.frames.top() == Next::kInsider)
          return own ? Event{"mw.look_empire", {{"seat", p}, {"card", key(CardKind::kEmpire, e)}}}
                     : Event{"mw.look_empire", {{"seat", p}}};
        return {"mw.draw_empire", {{"seat", p}, {"card", key(CardKind::kEmpire, e)}}};
      }
      case ChanceKind::kDevice:
        if (own)
          return {"mw.draw_device",
                  {{"seat", p}, {"card", key(CardKind::kDevice, a - act::kDevice)}}};
        // The others' draws are told once, with the last card (as a refill is).
        if (s_.ch_count != 1) return {};
        return {"mw.draw_devices", {{"seat", p}, {"n", s_.pending_n + 1}}};
      case ChanceKind::kScientist:
        return {"mw.scientist",
                {{"seat", s_.setup_seat}, {"card", key(CardKind::kScientist, a - act::kSci)}}};
      case ChanceKind::kTie:
        return {"mw.tie", {{"seat", a - act::kTie}}};
      case ChanceKind::kLabLoss:
        return {"mw.lab_loss", {{"seat", p}, {"card", key(CardKind::kRaw, a - act::kRaw)}}};
    }
    return {};
  }
  const int p = s_.actor;
  json args = {{"seat", p}};
  auto ev = [&](const char* id, json extra = json::object()) {
    for (auto& [k, v] : extra.items()) args[k] = v;
    return Event{id, args};
  };
  if (a == act::kPass) {
    // A pass in a Dirty Trick window (the terminal does not tell a person their own forced
    // pass: mw.pass.forced is empty), or of an open trade window.
    return ev(s_.stage == Stage::kOpenTrade ? "mw.pass_trade" : "mw.pass");
  }
  if (a == act::kEndTurn) return ev("mw.end_turn");
  if (a == act::kGoFirst) return ev("mw.go_first");
  if (a == act::kGoLast) return ev("mw.go_last");
  if (in(act::kPickSci, kNumScientists))
    return ev("mw.pick_scientist", {{"card", key(CardKind::kScientist, a - act::kPickSci)}});
  if (in(act::kKeepDevice, kNumDevices)) {
    const int kept = a - act::kKeepDevice;
    if (viewer == p) return ev("mw.keep_device", {{"card", key(CardKind::kDevice, kept)}});
    json up = json::array();  // the others are discarded face up (MW-1), by card, not draw order
    for (int dv = 0; dv < kNumDevices; ++dv) {
      bool drawn = false;
      for (int i = 0; i < s_.pending_n; ++i) drawn |= s_.pending[static_cast<size_t>(i)] == dv;
      if (drawn && dv != kept) up.push_back(key(CardKind::kDevice, dv));
    }
    return up.empty() ? ev("mw.keep_device") : ev("mw.keep_device_discard", {{"cards", up}});
  }
  const bool over = in(act::kConvertOver, 12) || in(act::kConvertWildOver, kTypes);
  // A conversion's choice says how many tokens it gives and how many the capacity loses
  // (MW-8: all public, the Lair, the Empires and this round's conversions being known).
  auto convert = [&](int kind, int t) {
    const int value = kind == kWild ? d.wild_value : d.raw_kinds[static_cast<size_t>(kind)].value;
    int gain = std::min(value, capacity_left(p, t));
    if (over) return ev("mw.convert_over", {{"card", key(CardKind::kRaw, kind)}, {"res", res(t)}});
    // Overclock acting by itself (powers=auto, MW-31): one token over capacity, as on_convert.
    const Seat& st = seat(p);
    const bool overclock = !g_->powers_ask() && value > gain && !st.overclock_used &&
                           d.scientists[static_cast<size_t>(st.sci)].power == kOverclock;
    if (overclock) ++gain;
    return ev(overclock      ? "mw.convert_overclock"
              : gain < value ? "mw.convert_lossy"
                             : "mw.convert",
              {{"card", key(CardKind::kRaw, kind)},
               {"res", res(t)},
               {"n", gain},
               {"lost", value - gain}});
  };
  if (in(act::kConvert, 12) || in(act::kConvertOver, 12)) {
    const int k = a - (over ? act::kConvertOver : act::kConvert);
    return convert(k, k / 3);
  }
  if (in(act::kConvertWild, kTypes) || in(act::kConvertWildOver, kTypes))
    return convert(kWild, a - (over ? act::kConvertWildOver : act::kConvertWild));
  if (in(act::kSacrifice, kTypes)) return ev("mw.sacrifice", {{"res", res(a - act::kSacrifice)}});
  if (in(act::kSelectRaw, kRawKinds))
    return ev("mw.discard_raw", {{"card", key(CardKind::kRaw, a - act::kSelectRaw)}});
  if (a == act::kBuyEmpire) return ev("mw.buy_empire");
  if (a == act::kBuyMinion) return ev("mw.buy_minion");
  if (in(act::kPay, kTypes)) return ev("mw.pay", {{"res", res(a - act::kPay)}});
  if (in(act::kInvest, kTypes)) return ev("mw.invest", {{"res", res(a - act::kInvest)}});
  if (in(act::kCashIn, kNumEmpires))
    return ev("mw.cash_in", {{"card", key(CardKind::kEmpire, a - act::kCashIn)}});
  if (in(act::kDiscardMinion, kNumMinions))
    return ev("mw.discard_minion", {{"card", key(CardKind::kMinion, a - act::kDiscardMinion)}});
  if (a == act::kFeedSharks) return ev("mw.feed");
  if (in(act::kSelectMinion, kNumMinions)) {
    const bool hidden = s_.purpose == Purpose::kAssembly || s_.purpose == Purpose::kTopOrder;
    if (hidden && viewer != p) return ev("mw.select_minion_hidden");
    if (s_.trick >= 0 && !hidden)  // the Dirty Trick it is for, played face up
      return ev("mw.select_minion_for", {{"card", key(CardKind::kMinion, a - act::kSelectMinion)},
                                         {"trick", key(CardKind::kTrick, s_.trick)}});
    return ev("mw.select_minion", {{"card", key(CardKind::kMinion, a - act::kSelectMinion)}});
  }
  if (a == act::kSwapTricks) return ev("mw.swap");
  if (in(act::kSelectTrick, kNumTricks))
    return ev("mw.select_trick", {{"card", key(CardKind::kTrick, a - act::kSelectTrick)}});
  if (in(act::kPlay, kNumTricks))
    return ev("mw.play", {{"card", key(CardKind::kTrick, a - act::kPlay)}});
  // The choices a Dirty Trick asks for name the card (played face up: public).
  const bool for_trick = s_.trick >= 0 && s_.purpose != Purpose::kRansom;
  const json trick_card = for_trick ? json(key(CardKind::kTrick, s_.trick)) : json();
  if (in(act::kTarget, kMaxPlayers))
    return for_trick ? ev("mw.target_for", {{"target", a - act::kTarget}, {"card", trick_card}})
                     : ev("mw.target", {{"target", a - act::kTarget}});
  if (in(act::kType, kTypes))
    return s_.purpose == Purpose::kRansom ? ev("mw.ransom", {{"res", res(a - act::kType)}})
           : for_trick ? ev("mw.type_for", {{"res", res(a - act::kType)}, {"card", trick_card}})
                       : ev("mw.type", {{"res", res(a - act::kType)}});
  if (in(act::kChooseEmpire, kNumEmpires)) {
    if (s_.purpose == Purpose::kTopOrder && viewer != p) return ev("mw.order_empires");
    return ev("mw.choose_empire", {{"card", key(CardKind::kEmpire, a - act::kChooseEmpire)}});
  }
  if (in(act::kTradeWith, kMaxPlayers))
    return ev("mw.trade_with", {{"partner", a - act::kTradeWith}});
  if (in(act::kOfferToken, kTypes))
    return ev("mw.offer_token", {{"res", res(a - act::kOfferToken)}});
  if (in(act::kAskToken, kTypes)) return ev("mw.ask_token", {{"res", res(a - act::kAskToken)}});
  if (in(act::kOfferEmpire, kNumEmpires))
    return ev("mw.offer_empire", {{"card", key(CardKind::kEmpire, a - act::kOfferEmpire)}});
  if (in(act::kAskEmpire, kNumEmpires))
    return ev("mw.ask_empire", {{"card", key(CardKind::kEmpire, a - act::kAskEmpire)}});
  if (in(act::kOfferMinion, kNumMinions)) {
    const int m = a - act::kOfferMinion;
    if (!minion_known(m, viewer) && viewer != p && viewer != s_.trade_partner)  // D5
      return ev("mw.offer_minion_hidden");
    return ev("mw.offer_minion", {{"card", key(CardKind::kMinion, m)}});
  }
  if (in(act::kAskMinion, kNumMinions))
    return ev("mw.ask_minion", {{"card", key(CardKind::kMinion, a - act::kAskMinion)}});
  if (in(act::kOfferRaw, kRawKinds)) {
    if (viewer == p) return ev("mw.offer_raw", {{"card", key(CardKind::kRaw, a - act::kOfferRaw)}});
    return ev("mw.offer_raw");
  }
  if (in(act::kDescribeAs, 13))
    return ev("mw.describe", {{"card", key(CardKind::kRaw, a - act::kDescribeAs)}});
  if (in(act::kAskRaw, 13))
    return ev("mw.ask_raw", {{"card", key(CardKind::kRaw, a - act::kAskRaw)}});
  if (in(act::kOfferTrick, kNumTricks))
    return ev("mw.offer_trick", {{"card", key(CardKind::kTrick, a - act::kOfferTrick)}});
  if (a == act::kAskTrick) return ev("mw.ask_trick");
  if (a == act::kPropose) return ev("mw.propose");
  if (a == act::kCancelTrade) return ev("mw.cancel_trade");
  // The action that completes a trade shows its Betrayed cards, caught (D5): by the
  // descriptions they were passed under. Not to the one who takes it: the same event labels
  // their choice, and they do not know yet which face-down card is a lie (they are told with
  // everyone when the trade is done, mw.betrayed).
  const bool executes =
      viewer != p &&
      ((s_.stage == Stage::kTradeAnswer && a == act::kAccept && s_.t_ask_raw_n == 0 &&
        s_.t_ask_trick == 0) ||
       (s_.stage == Stage::kTradeGive && s_.t_given + 1 >= s_.t_ask_raw_n + s_.t_ask_trick));
  json caught = json::array();
  if (executes) {
    for (int i = 0; i < s_.t_raw_n; ++i)
      if (s_.t_raw_actual[static_cast<size_t>(i)] == kBetrayed)
        caught.push_back(key(CardKind::kRaw, s_.t_raw_desc[static_cast<size_t>(i)]));
    for (int i = 0; i < s_.t_ask_raw_n; ++i) {
      const int got = i < s_.t_given                   ? s_.t_got_raw[static_cast<size_t>(i)]
                      : a == act::kGiveRaw + kBetrayed ? kBetrayed
                                                       : -1;
      if (got == kBetrayed)
        caught.push_back(key(CardKind::kRaw, s_.t_ask_raw[static_cast<size_t>(i)]));
    }
  }
  if (!caught.empty()) args["cards"] = caught;
  if (a == act::kAccept) return ev(caught.empty() ? "mw.accept" : "mw.accept_caught");
  if (a == act::kDecline) return ev("mw.decline");
  if (in(act::kPeek, kMaxTradeItems)) return ev("mw.peek", {{"n", a - act::kPeek + 1}});
  if (in(act::kGiveRaw, kRawKinds)) {
    const int want = s_.t_ask_raw[static_cast<size_t>(s_.t_given)];
    const char* id = caught.empty() ? "mw.give_raw" : "mw.give_raw_caught";
    if (viewer == p)
      return ev(id, {{"card", key(CardKind::kRaw, want)},
                     {"given", key(CardKind::kRaw, a - act::kGiveRaw)}});
    return ev(id, {{"card", key(CardKind::kRaw, want)}});
  }
  if (in(act::kAttackEmpire, kNumEmpires)) {
    const int e = a - act::kAttackEmpire;
    const int owner = owner_of_empire(e);
    return ev(owner == viewer ? "mw.attack_your_empire" : "mw.attack_empire",
              {{"card", key(CardKind::kEmpire, e)}, {"target", owner}});
  }
  if (in(act::kAttackLair, kMaxPlayers * kTypes)) {
    const int x = a - act::kAttackLair;
    return ev(x / kTypes == viewer ? "mw.attack_your_lair" : "mw.attack_lair",
              {{"target", x / kTypes}, {"res", res(x % kTypes)}});
  }
  if (a == act::kNoAttack) return ev("mw.no_attack");
  if (in(act::kSend, kNumMinions))
    return ev("mw.send", {{"card", key(CardKind::kMinion, a - act::kSend)}});
  if (a == act::kSendDone) return ev("mw.send_done");
  if (in(act::kDefend, kNumMinions))
    return ev("mw.defend", {{"card", key(CardKind::kMinion, a - act::kDefend)}});
  if (a == act::kDefendDone) return ev(s_.n_def == 0 ? "mw.defend_none" : "mw.defend_done");
  if (a == act::kTakeEmpire) return ev("mw.take_empire");
  if (a == act::kRazeEmpire) return ev("mw.raze_empire");
  if (a == act::kPlunderStock || a == act::kPlunderDevice) {
    const bool stock = a == act::kPlunderStock;
    const bool yours = viewer == s_.defender;
    return ev(stock ? (yours ? "mw.plunder_your_stock" : "mw.plunder_stock")
                    : (yours ? "mw.plunder_your_device" : "mw.plunder_device"),
              {{"res", res(s_.atk_type)}, {"target", static_cast<int>(s_.defender)}});
  }
  if (in(act::kDamage, kNumMinions))
    return ev("mw.damage", {{"card", key(CardKind::kMinion, a - act::kDamage)}});
  if (a == act::kPlunderManiacal) return ev("mw.plunder_maniacal");
  if (a == act::kKeepPlunder) return ev("mw.keep_plunder");
  if (in(act::kThreaten, kLevels)) {
    // The choice tells the odds (MW-24, before Dirty Tricks) and whether a success also brings
    // Humiliation (MW-25: below capability, or a level won before), all public.
    const Seat& st = seat(p);
    const int l = a - act::kThreaten;
    const auto li = static_cast<size_t>(l);
    int dice = 0, people = 1;
    if (st.device >= 0) {
      const DeviceCard& dv = d.devices[static_cast<size_t>(st.device)];
      dice = std::max(0, dv.dice[li] + st.maniacal - st.humiliation);
      people = std::max(1, dv.people[li]);
    }
    const bool low = l + 1 < capability(p) || ((st.levels_won >> l) & 1);
    return ev(low ? "mw.threaten_low" : "mw.threaten",
              {{"level", d.levels[li].key},
               {"card", st.device >= 0 ? key(CardKind::kDevice, st.device) : ""},
               {"dice", dice},
               {"people", people},
               {"need", l + 1}});
  }
  if (a == act::kNoThreat) return ev("mw.no_threat");
  if (in(act::kRetaliate, kTypes)) return ev("mw.retaliate", {{"res", res(a - act::kRetaliate)}});
  if (a == act::kFlee) return ev("mw.flee");
  if (a == act::kKeepDev) return ev("mw.keep_dev");
  if (a == act::kDiscardDev) return ev("mw.discard_dev");
  if (in(act::kRerollAtt, kMaxDice) || in(act::kRerollDef, kMaxDice)) {
    const bool first = a < act::kRerollDef;
    const int i = first ? a - act::kRerollAtt : a - act::kRerollDef;
    return ev("mw.reroll", {{"n", s_.dice[first ? 0 : 1][static_cast<size_t>(i)]},
                            {"pos", i + 1},
                            {"side", s_.fight_active ? (first ? "side_attacker" : "side_defender")
                                                     : (first ? "side_threat" : "side_people")}});
  }
  if (a == act::kPowerReroll) return ev("mw.power_reroll");
  if (a == act::kInsiderEmp) return ev("mw.insider_emp");
  if (a == act::kInsiderMin) return ev("mw.insider_min");
  return {"core.text", {{"text", game().action_name(a)}}};
}

}  // namespace villainy::mwahahaha
