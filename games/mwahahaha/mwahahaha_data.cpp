// Mwahahaha!: the card data (stand-ins, data/standin-cards.json): parsing and validation.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "mwahahaha/mwahahaha.h"
#include "villainy/core/json_input.h"

namespace villainy::embedded {
extern const std::string_view mwahahaha_standin_cards;
}

namespace villainy::mwahahaha {
using nlohmann::json;

namespace {
constexpr std::size_t kMaxTextBytes = 1024;

// Every card's key (unique in its list: action names are built from it, D1), English name and
// Chinese name. `fields` are all the entry's fields; any other member is refused.
template <class T>
void names(T& out, const JsonField& e, UniqueKeys& keys,
           std::initializer_list<std::string_view> fields) {
  e.only(fields);
  const JsonField k = e["key"];
  out.key = k.key();
  keys.add(k, out.key);
  out.name = e["name"].text(kMaxTextBytes, true);
  out.zh = e["zh"].text(kMaxTextBytes, true);
}
// An optional text ("" when absent: the English text is then shown in Chinese too).
std::string optional_text(const JsonField& e, const char* k) {
  return e.has(k) ? e[k].text(kMaxTextBytes) : std::string();
}
// An optional note for the file's readers (a card's source, a template): a string the engine
// does not use.
void note(const JsonField& e, const char* k) {
  if (e.has(k)) (void)e[k].text(kMaxTextBytes);
}
// An array of exactly n integers in [lo, hi].
template <std::size_t N>
void ints(const JsonField& f, std::array<int, N>& out, int lo, int hi) {
  f.array(N, N);
  for (std::size_t i = 0; i < N; ++i) out[i] = f[i].int_in(lo, hi);
}
Power power_of(const JsonField& f) {
  const std::string k = f.string(kMaxTextBytes);
  static const char* keys[] = {"teutonic-precision", "grave-robber",     "island-fortress",
                               "assembly-line",      "trade-network",    "primal-fury",
                               "maddening-whispers", "hypnotic-bargain", "overclock",
                               "shell-companies"};
  for (int i = 0; i < 10; ++i)
    if (k == keys[i]) return static_cast<Power>(i);
  f.fail("unknown scientist power '" + cut_for_message(k) + "'");
}
Ability ability_of(const JsonField& f) {
  const std::string k = f.string(kMaxTextBytes);
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
  f.fail("unknown minion ability '" + cut_for_message(k) + "'");
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
// One card of each kind, from its JSON entry (errors name the file and the field path).
void read_scientist(const JsonField& s, ScientistCard& c, UniqueKeys& keys) {
  names(c, s, keys,
        {"key", "name", "zh", "name_status", "ratings", "power", "power_name", "power_zh",
         "power_text", "power_text_zh"});
  note(s, "name_status");
  ints(s["ratings"], c.rating, 0, 9);
  c.power = power_of(s["power"]);
  c.power_name = s["power_name"].text(kMaxTextBytes, true);
  c.power_zh = s["power_zh"].text(kMaxTextBytes, true);
  c.power_text = s["power_text"].text(kMaxTextBytes);
  c.power_text_zh = optional_text(s, "power_text_zh");
}

void read_device(const JsonField& s, DeviceCard& c, UniqueKeys& keys) {
  names(c, s, keys,
        {"key", "name", "zh", "name_status", "template", "requirements", "threat_dice",
         "people_dice", "ransom"});
  note(s, "name_status");
  note(s, "template");
  const JsonField req = s["requirements"];
  req.array(kLevels, kLevels);
  for (size_t l = 0; l < kLevels; ++l) ints(req[l], c.req[l], 0, 50);
  ints(s["threat_dice"], c.dice, 1, 12);
  ints(s["people_dice"], c.people, 1, 12);
  ints(s["ransom"], c.ransom, 0, 9);
}

constexpr std::array<std::string_view, 3> kPerks = {"none", "fortified", "front-business"};

void read_empire(const JsonField& s, EmpireCard& c, UniqueKeys& keys) {
  names(c, s, keys, {"key", "name", "zh", "capacity", "cash_in", "perk"});
  ints(s["capacity"], c.cap, 0, 9);
  ints(s["cash_in"], c.cash, 0, 9);
  for (size_t t = 0; t < kTypes; ++t)
    if (c.cap[t] > 0) c.icons |= 1 << t;
  const JsonField pf = s["perk"];
  const std::string perk = pf.string(kMaxTextBytes);
  if (std::find(kPerks.begin(), kPerks.end(), perk) == kPerks.end())
    pf.fail(
        fmt::format("must be none, fortified or front-business, not '{}'", cut_for_message(perk)));
  c.fortified = perk == "fortified";
  c.front = perk == "front-business";
}

void read_minion(const JsonField& s, MinionCard& c, UniqueKeys& keys) {
  names(c, s, keys,
        {"key", "name", "zh", "data_status", "type", "value", "hp", "ability", "ability_text",
         "ability_text_zh"});
  note(s, "data_status");
  c.type = s["type"].int_in(0, 3);
  c.value = s["value"].int_in(1, 6);
  c.hp = s["hp"].int_in(1, 9);
  c.ability = ability_of(s["ability"]);
  c.ability_text = s["ability_text"].text(kMaxTextBytes);
  c.ability_text_zh = optional_text(s, "ability_text_zh");
}

void read_trick(const JsonField& s, TrickCard& c, size_t i, UniqueKeys& keys) {
  names(c, s, keys, {"key", "name", "zh", "copies", "timing", "effect", "effect_zh"});
  if (c.key != kTrickKeys[i])
    s["key"].fail(fmt::format("must be '{}' (the engine's order), not '{}'", kTrickKeys[i],
                              cut_for_message(c.key)));
  c.copies = s["copies"].int_in(0, 4);
  c.timing = s["timing"].text(kMaxTextBytes, true);
  c.effect = s["effect"].text(kMaxTextBytes);
  c.effect_zh = optional_text(s, "effect_zh");
}

// A list of exactly N cards, each read by `read(entry, card, keys)`.
template <class Card, std::size_t N, class F>
void read_list(const JsonField& root, const char* name, std::array<Card, N>& out, F read) {
  const JsonField list = root[name];
  list.array(N, N);
  UniqueKeys keys;
  for (std::size_t i = 0; i < N; ++i) {
    const JsonField e = list[i];
    e.object();
    read(e, out[i], keys, i);
  }
}

// A field the file states but the engine does not vary: it must say what the engine does.
template <class T>
void fixed(const JsonField& f, const char* name, const T& engine, const std::string& said) {
  if (!f.has(name)) return;
  const JsonField v = f[name];
  if (v.json() != nlohmann::json(engine))
    v.fail(fmt::format("the engine plays {} only (this field cannot change it)", said));
}
}  // namespace

CardData CardData::parse(const std::string& text, const std::string& source) {
  const std::string where = "card file " + source;
  const json j = parse_json_text(text, where);
  const JsonField root(j, where);
  root.only({"_comment", "stand_in", "rules", "resources", "levels", "raw_deck", "scientists",
             "devices", "empires", "minions", "dirty_tricks"});
  note(root, "_comment");
  if (root.has("stand_in")) (void)root["stand_in"].boolean();
  CardData d;
  const JsonField r = root["rules"];
  r.only({"tricks_per_round", "wild_value", "sacrifice_cards", "empire_cost", "minion_cost",
          "hand_size", "max_empires", "max_minions", "ransom_any_type", "empire_purchase"});
  d.tricks_per_round = r["tricks_per_round"].int_in(0, 5);
  d.wild_value = r["wild_value"].int_in(0, 5);
  d.sacrifice_cards = r["sacrifice_cards"].int_in(1, 10);
  d.empire_cost = r["empire_cost"].int_in(0, 10);
  d.minion_cost = r["minion_cost"].int_in(0, 10);
  d.hand_size = r["hand_size"].int_in(1, 10);
  d.max_empires = r["max_empires"].int_in(1, 36);
  d.max_minions = r["max_minions"].int_in(1, 40);
  fixed(r, "ransom_any_type", true, "true (a ransom is paid in tokens of any type)");
  fixed(r, "empire_purchase", std::string("blind-draw"), "'blind-draw'");
  read_list(root, "resources", d.resources,
            [](const JsonField& e, NameZh& c, UniqueKeys& k, size_t) {
              names(c, e, k, {"key", "name", "zh"});
            });
  read_list(root, "levels", d.levels, [](const JsonField& e, NameZh& c, UniqueKeys& k, size_t) {
    names(c, e, k, {"key", "name", "zh"});
  });
  const JsonField raw = root["raw_deck"];
  raw.only({"blocks_per_player", "cards"});
  fixed(raw, "blocks_per_player", 1, "1 block of raw cards per player");
  int per_block = 0;
  read_list(
      raw, "cards", d.raw_kinds, [&](const JsonField& e, RawKind& c, UniqueKeys& k, size_t i) {
        names(c, e, k, {"key", "name", "zh", "type", "value", "per_block"});
        c.type = e["type"].int_in(-1, 3);
        c.value = e["value"].int_in(0, 5);
        c.per_block = e["per_block"].int_in(0, 25);
        per_block += c.per_block;
        if (i < 12 && (c.type != static_cast<int>(i / 3) || c.value != static_cast<int>(i % 3) + 1))
          e.fail(
              fmt::format("must be type {} and value {} (the kinds are E1..Eu3, wild, betrayed in "
                          "that order)",
                          i / 3, i % 3 + 1));
      });
  // The per-player block of raw cards (resampling deals from 5 x 25).
  if (per_block > 25) raw["cards"].fail(fmt::format("{} cards per player, at most 25", per_block));
  read_list(
      root, "scientists", d.scientists,
      [](const JsonField& e, ScientistCard& c, UniqueKeys& k, size_t) { read_scientist(e, c, k); });
  read_list(root, "devices", d.devices,
            [](const JsonField& e, DeviceCard& c, UniqueKeys& k, size_t) { read_device(e, c, k); });
  read_list(root, "empires", d.empires,
            [](const JsonField& e, EmpireCard& c, UniqueKeys& k, size_t) { read_empire(e, c, k); });
  read_list(root, "minions", d.minions,
            [](const JsonField& e, MinionCard& c, UniqueKeys& k, size_t) { read_minion(e, c, k); });
  int copies = 0;
  read_list(root, "dirty_tricks", d.tricks,
            [&](const JsonField& e, TrickCard& c, UniqueKeys& k, size_t i) {
              read_trick(e, c, i, k);
              copies += c.copies;
            });
  if (copies > 64) root["dirty_tricks"].fail(fmt::format("{} copies in all, at most 64", copies));
  return d;
}

const CardData& CardData::standin() {
  static const CardData d =
      parse(std::string(embedded::mwahahaha_standin_cards), "standin (standin-cards.json)");
  return d;
}

}  // namespace villainy::mwahahaha
