// Mwahahaha!: the card data (stand-ins, data/standin-cards.json): parsing and validation.
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
int small_int(const json& v, int lo = 0, int hi = 1000) {
  if (!v.is_number_integer()) throw Error("expected an integer");
  const int x = JsonField(v, "value").int_in(-1000, 1000);
  if (x < lo || x > hi) throw Error(fmt::format("{} is outside {}..{}", x, lo, hi));
  return x;
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
  throw Error("unknown scientist power '" + cut_for_message(k) + "'");
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
  throw Error("unknown minion ability '" + cut_for_message(k) + "'");
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
// One card of each kind, from its JSON entry (errors say the entry: CardData::parse).
void read_scientist(const json& s, ScientistCard& c) {
  names(c, s);
  for (size_t t = 0; t < kTypes; ++t) c.rating[t] = small_int(s.at("ratings").at(t), 0, 9);
  c.power = power_of(s.at("power"));
  c.power_name = s.at("power_name");
  c.power_zh = s.at("power_zh");
  c.power_text = s.at("power_text");
  c.power_text_zh = s.value("power_text_zh", std::string());
}

void read_device(const json& s, DeviceCard& c) {
  names(c, s);
  for (size_t l = 0; l < kLevels; ++l) {
    for (size_t t = 0; t < kTypes; ++t)
      c.req[l][t] = small_int(s.at("requirements").at(l).at(t), 0, 50);
    c.dice[l] = small_int(s.at("threat_dice").at(l), 0, 12);
    c.people[l] = small_int(s.at("people_dice").at(l), 1, 12);
  }
  for (size_t l = 0; l < 3; ++l) c.ransom[l] = small_int(s.at("ransom").at(l), 0, 9);
}

void read_empire(const json& s, EmpireCard& c) {
  names(c, s);
  for (size_t t = 0; t < kTypes; ++t) {
    c.cap[t] = small_int(s.at("capacity").at(t), 0, 9);
    c.cash[t] = small_int(s.at("cash_in").at(t), 0, 9);
    if (c.cap[t] > 0) c.icons |= 1 << t;
  }
  const std::string perk = s.at("perk");
  c.fortified = perk == "fortified";
  c.front = perk == "front-business";
}

void read_minion(const json& s, MinionCard& c) {
  names(c, s);
  c.type = small_int(s.at("type"), 0, 3);
  c.value = small_int(s.at("value"), 1, 6);
  c.hp = small_int(s.at("hp"), 1, 9);
  c.ability = ability_of(s.at("ability"));
  c.ability_text = s.at("ability_text");
  c.ability_text_zh = s.value("ability_text_zh", std::string());
}

void read_trick(const json& s, TrickCard& c, size_t i) {
  names(c, s);
  if (c.key != kTrickKeys[i])
    throw Error(fmt::format("Dirty Trick {} must be '{}'", i, kTrickKeys[i]));
  c.copies = small_int(s.at("copies"), 0, 4);
  c.timing = s.at("timing");
  c.effect = s.at("effect");
  c.effect_zh = s.value("effect_zh", std::string());
}
}  // namespace

CardData CardData::parse(const std::string& text, const std::string& where) {
  CardData d;
  json j;
  std::string at = "(the file)";  // the field being read, for errors
  try {
    j = parse_json_text(text, where);
    at = "rules";
    auto arr = [&](const char* k, size_t n) -> const json& {
      const json& a = j.at(k);
      if (a.size() != n) throw Error(fmt::format("'{}' needs {} entries, has {}", k, n, a.size()));
      return a;
    };
    const json& r = j.at("rules");
    d.tricks_per_round = small_int(r.at("tricks_per_round"), 0, 5);
    d.wild_value = small_int(r.at("wild_value"), 0, 5);
    d.sacrifice_cards = small_int(r.at("sacrifice_cards"), 1, 10);
    d.empire_cost = small_int(r.at("empire_cost"), 0, 10);
    d.minion_cost = small_int(r.at("minion_cost"), 0, 10);
    d.hand_size = small_int(r.at("hand_size"), 1, 10);
    d.max_empires = small_int(r.at("max_empires"), 1, 36);
    d.max_minions = small_int(r.at("max_minions"), 1, 40);
    at = "resources";
    for (size_t i = 0; i < kTypes; ++i) names(d.resources[i], arr("resources", kTypes)[i]);
    at = "levels";
    for (size_t i = 0; i < kLevels; ++i) names(d.levels[i], arr("levels", kLevels)[i]);
    at = "raw_deck.cards";
    const json& raw = j.at("raw_deck").at("cards");
    if (raw.size() != kRawKinds) throw Error("raw_deck needs 14 kinds");
    for (size_t i = 0; i < kRawKinds; ++i) {
      at = fmt::format("raw_deck.cards[{}]", i);
      names(d.raw_kinds[i], raw[i]);
      d.raw_kinds[i].type = small_int(raw[i].at("type"), -1, 3);
      d.raw_kinds[i].value = small_int(raw[i].at("value"), 0, 5);
      d.raw_kinds[i].per_block = small_int(raw[i].at("per_block"), 0, 25);
      if (i < 12 && (d.raw_kinds[i].type != static_cast<int>(i / 3) ||
                     d.raw_kinds[i].value != static_cast<int>(i % 3) + 1))
        throw Error("raw kinds must be E1..Eu3, wild, betrayed in that order");
    }
    for (size_t i = 0; i < kNumScientists; ++i) {
      at = fmt::format("scientists[{}]", i);
      const json& s = arr("scientists", kNumScientists)[i];
      read_scientist(s, d.scientists[i]);
    }
    for (size_t i = 0; i < kNumDevices; ++i) {
      at = fmt::format("devices[{}]", i);
      const json& s = arr("devices", kNumDevices)[i];
      read_device(s, d.devices[i]);
    }
    for (size_t i = 0; i < kNumEmpires; ++i) {
      at = fmt::format("empires[{}]", i);
      const json& s = arr("empires", kNumEmpires)[i];
      read_empire(s, d.empires[i]);
    }
    for (size_t i = 0; i < kNumMinions; ++i) {
      at = fmt::format("minions[{}]", i);
      const json& s = arr("minions", kNumMinions)[i];
      read_minion(s, d.minions[i]);
    }
    for (size_t i = 0; i < kNumTricks; ++i) {
      at = fmt::format("dirty_tricks[{}]", i);
      const json& s = arr("dirty_tricks", kNumTricks)[i];
      read_trick(s, d.tricks[i], i);
    }
  } catch (const json::exception& e) {
    throw Error(fmt::format("{}: {}: {}", where, at, cut_for_message(e.what(), 160)));
  } catch (const Error& e) {
    throw Error(fmt::format("{}: {}: {}", where, at, e.what()));
  }
  int per_block = 0, copies = 0;
  for (const auto& r : d.raw_kinds) per_block += r.per_block;
  for (const auto& t : d.tricks) copies += t.copies;
  if (per_block > 25)  // the per-player block of raw cards (resampling deals from 5 x 25)
    throw Error(
        fmt::format("{}: raw_deck.cards: {} cards per player, at most 25", where, per_block));
  if (copies > 64)
    throw Error(fmt::format("{}: dirty_tricks: {} copies in all, at most 64", where, copies));
  return d;
}

const CardData& CardData::standin() {
  static const CardData d = parse(std::string(embedded::mwahahaha_standin_cards));
  return d;
}

}  // namespace villainy::mwahahaha
