// Mwahahaha!: the card data (stand-ins, data/standin-cards.json) and the game object with its
// options and action names.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "mwahahaha/mwahahaha.h"
#include "villainy/core/json_input.h"

namespace villainy::embedded {
extern const std::string_view mwahahaha_standin_cards;
}

namespace villainy::mwahahaha {
using nlohmann::json;

namespace {
// A card-data integer, checked without truncation (4294967297 is not 1, 2.5 is not 2).
int small_int(const json& v) {
  if (!v.is_number_integer()) throw Error("mwahahaha data: expected an integer");
  return JsonField(v, "mwahahaha data").int_in(-1000, 1000);
}
template <class T>
void names(T& out, const json& j) {
  out.key = j.at("key").get<std::string>();
  out.name = j.at("name").get<std::string>();
  out.zh = j.at("zh").get<std::string>();
}
Power power_of(const std::string& k) {
  static const char* keys[] = {"teutonic-precision", "grave-robber",     "island-fortress",
                               "assembly-line",      "trade-network",    "primal-fury",
                               "maddening-whispers", "hypnotic-bargain", "overclock",
                               "shell-companies"};
  for (int i = 0; i < 10; ++i)
    if (k == keys[i]) return static_cast<Power>(i);
  throw Error("mwahahaha data: unknown scientist power '" + cut_for_message(k) + "'");
}
Ability ability_of(const std::string& k) {
  static const char* keys[] = {"none",
                               "ignore-lair-bonus",
                               "defend-plus1",
                               "one-shot",
                               "cannot-defend",
                               "lair-attack-plus1",
                               "defend-empire-plus1",
                               "ignore-empire-bonus",
                               "empire-attack-plus1",
                               "defend-lair-plus1",
                               "feeds-as-two",
                               "psychic"};
  for (int i = 0; i < 12; ++i)
    if (k == keys[i]) return static_cast<Ability>(i);
  throw Error("mwahahaha data: unknown minion ability '" + cut_for_message(k) + "'");
}
const char* kTrickKeys[kNumTricks] = {"defective-shipment",
                                      "hostile-takeover",
                                      "tax-audit",
                                      "union-strike",
                                      "black-market",
                                      "insider-tip",
                                      "embezzlement",
                                      "overtime-shift",
                                      "forged-papers",
                                      "lab-accident",
                                      "ambush",
                                      "reinforcements",
                                      "double-agent",
                                      "sneak-attack",
                                      "booby-trap",
                                      "field-medic",
                                      "loaded-dice",
                                      "secret-vault",
                                      "press-gang",
                                      "mercenary-contract",
                                      "evil-monologue",
                                      "public-panic",
                                      "civil-defence-drill",
                                      "superhero-intervention",
                                      "media-blackout",
                                      "scapegoat",
                                      "sabotage",
                                      "espionage",
                                      "brilliant-idea",
                                      "evil-laugh"};
}  // namespace

CardData CardData::parse(const std::string& text) {
  CardData d;
  json j;
  try {
    j = parse_json_text(text, "mwahahaha data");
    auto arr = [&](const char* k, size_t n) -> const json& {
      const json& a = j.at(k);
      if (a.size() != n)
        throw Error(fmt::format("mwahahaha data: '{}' needs {} entries, has {}", k, n, a.size()));
      return a;
    };
    const json& r = j.at("rules");
    d.tricks_per_round = small_int(r.at("tricks_per_round"));
    d.wild_value = small_int(r.at("wild_value"));
    d.sacrifice_cards = small_int(r.at("sacrifice_cards"));
    d.empire_cost = small_int(r.at("empire_cost"));
    d.minion_cost = small_int(r.at("minion_cost"));
    d.hand_size = small_int(r.at("hand_size"));
    d.max_empires = small_int(r.at("max_empires"));
    d.max_minions = small_int(r.at("max_minions"));
    for (size_t i = 0; i < kTypes; ++i) names(d.resources[i], arr("resources", kTypes)[i]);
    for (size_t i = 0; i < kLevels; ++i) names(d.levels[i], arr("levels", kLevels)[i]);
    const json& raw = j.at("raw_deck").at("cards");
    if (raw.size() != kRawKinds) throw Error("mwahahaha data: raw_deck needs 14 kinds");
    for (size_t i = 0; i < kRawKinds; ++i) {
      names(d.raw_kinds[i], raw[i]);
      d.raw_kinds[i].type = small_int(raw[i].at("type"));
      d.raw_kinds[i].value = small_int(raw[i].at("value"));
      d.raw_kinds[i].per_block = small_int(raw[i].at("per_block"));
      if (i < 12 && (d.raw_kinds[i].type != static_cast<int>(i / 3) ||
                     d.raw_kinds[i].value != static_cast<int>(i % 3) + 1))
        throw Error("mwahahaha data: raw kinds must be E1..Eu3, wild, betrayed in that order");
    }
    for (size_t i = 0; i < kNumScientists; ++i) {
      const json& s = arr("scientists", kNumScientists)[i];
      names(d.scientists[i], s);
      for (size_t t = 0; t < kTypes; ++t)
        d.scientists[i].rating[t] = small_int(s.at("ratings").at(t));
      d.scientists[i].power = power_of(s.at("power"));
      d.scientists[i].power_name = s.at("power_name");
      d.scientists[i].power_zh = s.at("power_zh");
      d.scientists[i].power_text = s.at("power_text");
    }
    for (size_t i = 0; i < kNumDevices; ++i) {
      const json& s = arr("devices", kNumDevices)[i];
      names(d.devices[i], s);
      for (size_t l = 0; l < kLevels; ++l) {
        for (size_t t = 0; t < kTypes; ++t)
          d.devices[i].req[l][t] = small_int(s.at("requirements").at(l).at(t));
        d.devices[i].dice[l] = small_int(s.at("threat_dice").at(l));
        d.devices[i].people[l] = small_int(s.at("people_dice").at(l));
      }
      for (size_t l = 0; l < 3; ++l) d.devices[i].ransom[l] = small_int(s.at("ransom").at(l));
    }
    for (size_t i = 0; i < kNumEmpires; ++i) {
      const json& s = arr("empires", kNumEmpires)[i];
      names(d.empires[i], s);
      for (size_t t = 0; t < kTypes; ++t) {
        d.empires[i].cap[t] = small_int(s.at("capacity").at(t));
        d.empires[i].cash[t] = small_int(s.at("cash_in").at(t));
        if (d.empires[i].cap[t] > 0) d.empires[i].icons |= 1 << t;
      }
      const std::string perk = s.at("perk");
      d.empires[i].fortified = perk == "fortified";
      d.empires[i].front = perk == "front-business";
    }
    for (size_t i = 0; i < kNumMinions; ++i) {
      const json& s = arr("minions", kNumMinions)[i];
      names(d.minions[i], s);
      d.minions[i].type = small_int(s.at("type"));
      d.minions[i].value = small_int(s.at("value"));
      d.minions[i].hp = small_int(s.at("hp"));
      d.minions[i].ability = ability_of(s.at("ability"));
      d.minions[i].ability_text = s.at("ability_text");
    }
    for (size_t i = 0; i < kNumTricks; ++i) {
      const json& s = arr("dirty_tricks", kNumTricks)[i];
      names(d.tricks[i], s);
      if (d.tricks[i].key != kTrickKeys[i])
        throw Error(fmt::format("mwahahaha data: Dirty Trick {} must be '{}'", i, kTrickKeys[i]));
      d.tricks[i].copies = small_int(s.at("copies"));
      d.tricks[i].timing = s.at("timing");
      d.tricks[i].effect = s.at("effect");
    }
  } catch (const json::exception& e) {
    throw Error("mwahahaha data: " + cut_for_message(e.what(), 160));
  }
  return d;
}

const CardData& CardData::standin() {
  static const CardData d = parse(std::string(embedded::mwahahaha_standin_cards));
  return d;
}

GameInfo MwahahahaGame::game_info() {
  GameInfo i;
  i.name = "mwahahaha";
  i.title = "Mwahahaha! (瘋癲科學家)";
  i.min_players = 2;
  i.max_players = 5;
  i.summary =
      "Mad scientists build Empires and Minions, fight for tokens, and threaten the world with a "
      "secret "
      "doomsday device; a successful World threat wins. Stand-in card set (the printed faces are "
      "not public).";
  i.options = {
      {"phase-tie",
       "random",
       {"random", "seat"},
       "MW-5: a tie for the richest stockpile is broken at random or by seat"},
      {"sacrifice",
       "on",
       {"on", "off"},
       "MW-8: discard 2 raw cards for 1 token of a resource the Lair lacks"},
      {"trade-window",
       "own-turn",
       {"own-turn", "open"},
       "MW-15: who may propose trades in Creation"},
      {"attacks", "one", {"one", "many"}, "MW-16: attacks per player per round"},
      {"ties",
       "none",
       {"none", "defender"},
       "MW-19: a tied pair of dice scores for nobody or the defender"},
      {"round-limit",
       "40",
       {},
       "MW-29: rounds before the game ends with a ranking (a number; 0 = no limit)"},
      {"scientist-deal",
       "random",
       {"random", "choose"},
       "MW-2a: scientists dealt at random or chosen in seat order"},
      {"grave-robber",
       "all",
       {"all", "fight-only"},
       "MW-31 (D13): Grave Robber also counts Booby Trap kills and one-shot Minions, or only "
       "Minions the fight's damage destroys"},
      {"union-strike",
       "leaves-play",
       {"leaves-play", "round"},
       "P-DT Union Strike (D14): the strike ends when its Empire leaves play, or lasts the round"},
      {"hypnotic-peek",
       "choose",
       {"choose", "first"},
       "MW-31 Hypnotic Bargain (D20): the partner picks the offered card it looks at, or the "
       "first"},
      {"open-trade",
       "others",
       {"others", "all"},
       "MW-15a (D16): under trade-window=open, the other players propose after a turn, or all "
       "(the turn player last)"},
      {"powers",
       "auto",
       {"auto", "ask"},
       "MW-31 vs MW-6a (D11): Maddening Whispers and Overclock act automatically, or are asked "
       "for"},
      {"turn-end",
       "auto",
       {"auto", "declared"},
       "MW-16/MW-23 (D21): a turn ends after its attack or threat, or when the player ends it"},
  };
  return i;
}

MwahahahaGame::MwahahahaGame(const Options& options, int num_players)
    : Game(game_info(), options, num_players), data_(&CardData::standin()) {
  const std::string& rl = options.get("round-limit");
  try {
    size_t used = 0;
    round_limit_ = std::stoi(rl, &used);
    if (used != rl.size() || round_limit_ < 0 || round_limit_ > 10000) throw Error("");
  } catch (...) {
    throw Error("mwahahaha: option round-limit must be a number 0..10000 (0 = no limit), got '" +
                cut_for_message(rl) + "'");
  }
  tie_random_ = options.is("phase-tie", "random");
  sacrifice_ = options.is("sacrifice", "on");
  trade_open_ = options.is("trade-window", "open");
  attacks_many_ = options.is("attacks", "many");
  ties_defender_ = options.is("ties", "defender");
  choose_sci_ = options.is("scientist-deal", "choose");
  grave_after_fight_ = options.is("grave-robber", "all");
  strike_round_ = options.is("union-strike", "round");
  peek_first_ = options.is("hypnotic-peek", "first");
  open_all_ = options.is("open-trade", "all");
  powers_ask_ = options.is("powers", "ask");
  turn_declared_ = options.is("turn-end", "declared");

  const CardData& d = *data_;
  names_.resize(act::kCount);
  auto set = [&](int a, std::string n) { names_[static_cast<size_t>(a)] = std::move(n); };
  static const char* tk[] = {"energy", "money", "structure", "eureka"};
  static const char* lv[] = {"city", "state", "country", "world"};
  for (int i = 0; i < 6; ++i) set(act::kDie + i, fmt::format("die:{}", i + 1));
  for (int i = 0; i < kRawKinds; ++i) set(act::kRaw + i, "raw:" + d.raw_kinds[i].key);
  for (int i = 0; i < kNumEmpires; ++i) set(act::kEmpire + i, "empire:" + d.empires[i].key);
  for (int i = 0; i < kNumMinions; ++i) set(act::kMinion + i, "minion:" + d.minions[i].key);
  for (int i = 0; i < kNumDevices; ++i) set(act::kDevice + i, "device:" + d.devices[i].key);
  for (int i = 0; i < kNumTricks; ++i) set(act::kTrickDraw + i, "trick:" + d.tricks[i].key);
  for (int i = 0; i < kNumScientists; ++i) set(act::kSci + i, "scientist:" + d.scientists[i].key);
  for (int i = 0; i < kMaxPlayers; ++i) set(act::kTie + i, fmt::format("tie:{}", i));
  set(act::kPass, "pass");
  set(act::kEndTurn, "end-turn");
  set(act::kGoFirst, "go-first");
  set(act::kGoLast, "go-last");
  for (int i = 0; i < kNumScientists; ++i)
    set(act::kPickSci + i, "pick-scientist:" + d.scientists[i].key);
  for (int i = 0; i < kNumDevices; ++i)
    set(act::kKeepDevice + i, "keep-device:" + d.devices[i].key);
  for (int i = 0; i < 12; ++i) set(act::kConvert + i, "convert:" + d.raw_kinds[i].key);
  for (int t = 0; t < kTypes; ++t) {
    set(act::kConvertWild + t, std::string("convert-wild:") + tk[t]);
    set(act::kSacrifice + t, std::string("sacrifice-for:") + tk[t]);
    set(act::kPay + t, std::string("pay:") + tk[t]);
    set(act::kInvest + t, std::string("invest:") + tk[t]);
    set(act::kType + t, std::string("type:") + tk[t]);
    set(act::kOfferToken + t, std::string("offer-token:") + tk[t]);
    set(act::kAskToken + t, std::string("ask-token:") + tk[t]);
    set(act::kRetaliate + t, std::string("retaliate:") + tk[t]);
  }
  for (int i = 0; i < kRawKinds; ++i) {
    set(act::kSelectRaw + i, "select-raw:" + d.raw_kinds[i].key);
    set(act::kOfferRaw + i, "offer-raw:" + d.raw_kinds[i].key);
    set(act::kGiveRaw + i, "give-raw:" + d.raw_kinds[i].key);
  }
  for (int i = 0; i < 13; ++i) {
    set(act::kDescribeAs + i, "describe-as:" + d.raw_kinds[i].key);
    set(act::kAskRaw + i, "ask-raw:" + d.raw_kinds[i].key);
  }
  set(act::kBuyEmpire, "buy-empire");
  set(act::kBuyMinion, "buy-minion");
  set(act::kFeedSharks, "feed-sharks");
  set(act::kSwapTricks, "swap-tricks");
  for (int i = 0; i < kNumEmpires; ++i) {
    set(act::kCashIn + i, "cash-in:" + d.empires[i].key);
    set(act::kChooseEmpire + i, "choose-empire:" + d.empires[i].key);
    set(act::kOfferEmpire + i, "offer-empire:" + d.empires[i].key);
    set(act::kAskEmpire + i, "ask-empire:" + d.empires[i].key);
    set(act::kAttackEmpire + i, "attack-empire:" + d.empires[i].key);
  }
  for (int i = 0; i < kNumMinions; ++i) {
    set(act::kDiscardMinion + i, "discard-minion:" + d.minions[i].key);
    set(act::kSelectMinion + i, "select-minion:" + d.minions[i].key);
    set(act::kOfferMinion + i, "offer-minion:" + d.minions[i].key);
    set(act::kAskMinion + i, "ask-minion:" + d.minions[i].key);
    set(act::kSend + i, "send:" + d.minions[i].key);
    set(act::kDefend + i, "defend:" + d.minions[i].key);
    set(act::kDamage + i, "damage:" + d.minions[i].key);
  }
  for (int i = 0; i < kNumTricks; ++i) {
    set(act::kSelectTrick + i, "select-trick:" + d.tricks[i].key);
    set(act::kPlay + i, "play:" + d.tricks[i].key);
    set(act::kOfferTrick + i, "offer-trick:" + d.tricks[i].key);
  }
  for (int i = 0; i < kMaxPlayers; ++i) {
    set(act::kTarget + i, fmt::format("target:{}", i));
    set(act::kTradeWith + i, fmt::format("trade-with:{}", i));
    for (int t = 0; t < kTypes; ++t)
      set(act::kAttackLair + i * kTypes + t, fmt::format("attack-lair:{}:{}", i, tk[t]));
  }
  set(act::kAskTrick, "ask-trick");
  set(act::kPropose, "propose");
  set(act::kCancelTrade, "cancel-trade");
  set(act::kAccept, "accept");
  set(act::kDecline, "decline");
  for (int i = 0; i < kMaxTradeItems; ++i) set(act::kPeek + i, fmt::format("peek:{}", i));
  set(act::kNoAttack, "no-attack");
  set(act::kSendDone, "send-done");
  set(act::kDefendDone, "defend-done");
  set(act::kTakeEmpire, "take-empire");
  set(act::kRazeEmpire, "raze-empire");
  set(act::kPlunderStock, "plunder-stockpile");
  set(act::kPlunderDevice, "plunder-device");
  set(act::kPlunderManiacal, "plunder-for-maniacal");
  set(act::kKeepPlunder, "keep-plunder");
  for (int l = 0; l < kLevels; ++l) set(act::kThreaten + l, std::string("threaten:") + lv[l]);
  set(act::kNoThreat, "no-threat");
  set(act::kFlee, "flee");
  set(act::kKeepDev, "keep-device");
  set(act::kDiscardDev, "discard-device");
  for (int i = 0; i < kMaxDice; ++i) {
    set(act::kRerollAtt + i, fmt::format("reroll:first:{}", i));
    set(act::kRerollDef + i, fmt::format("reroll:second:{}", i));
  }
  set(act::kPowerReroll, "power-reroll");
  set(act::kInsiderEmp, "insider:empires");
  set(act::kInsiderMin, "insider:minions");
  for (int i = 0; i < 12; ++i)
    set(act::kConvertOver + i, "convert-overclock:" + d.raw_kinds[i].key);
  for (int t = 0; t < kTypes; ++t)
    set(act::kConvertWildOver + t, std::string("convert-wild-overclock:") + tk[t]);
  for (int a = 0; a < act::kCount; ++a)
    if (names_[static_cast<size_t>(a)].empty())
      throw Error(fmt::format("mwahahaha: action {} has no name", a));
}

std::string MwahahahaGame::rules_help() const {
  return info().summary +
         "\nEach round: draw a Dirty Trick; Creation (convert raw cards, buy Empires/Minions, "
         "invest in the device, "
         "trade), Rivalry (attack an Empire or a Lair with Minions), Domination (threaten "
         "City/State/Country/World). "
         "Dice are sorted and compared in pairs; a missing die counts 2 and never scores. A World "
         "success wins.";
}

}  // namespace villainy::mwahahaha
