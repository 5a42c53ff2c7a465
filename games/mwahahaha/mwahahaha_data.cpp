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

}  // namespace villainy::mwahahaha
