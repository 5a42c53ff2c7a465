// Cheaty Mages!: card data (CM-1): the embedded default and card files, validated.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/json_input.h"

namespace villainy::embedded {
extern const std::string_view cheaty_mages_cards;
}

namespace villainy::cheaty_mages {
using nlohmann::json;

// ---------------------------------------------------------------------------------------------
// Card data (CM-1)
// ---------------------------------------------------------------------------------------------
namespace {
const char* const kSpellKeys[kKinds] = {"cure",
                                        "healing",
                                        "regeneration",
                                        "energy-boost",
                                        "refresh",
                                        "magic-missile",
                                        "fireball",
                                        "lightning-bolt",
                                        "blizzard",
                                        "meteor-strike",
                                        "strengthen",
                                        "might",
                                        "haste",
                                        "power-awakening",
                                        "giant-growth",
                                        "weaken",
                                        "cripple",
                                        "slow",
                                        "paralyze",
                                        "shrink",
                                        "mana-boost",
                                        "mana-seal",
                                        "cause-unpopularity",
                                        "reflection",
                                        "detect-magic",
                                        "dispel-magic",
                                        "recall",
                                        "amnesia",
                                        "imitation",
                                        "dimension-door",
                                        "confusion",
                                        "invisibility",
                                        "prismatic-ray",
                                        "metamorphosis",
                                        "alteration",
                                        "anti-magic-field",
                                        "duplicate"};
const char* const kFighterKeys[kNumFighters] = {"goblin", "orc",      "skeleton", "lizardman",
                                                "ghost",  "succubus", "dark-elf", "minotaur",
                                                "demon",  "dragon"};
const char* const kJudgeKeys[kNumJudges] = {"adoth", "tad",    "ferine", "zapp",
                                            "lawty", "orlair", "lester", "morla"};

std::string str_field(const json& j, const char* key, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string() || it->get<std::string>().empty())
    throw Error(fmt::format("{}: '{}' must be a non-empty string", where, key));
  return it->get<std::string>();
}
// An integer in [lo, hi], checked without truncation (4294967297 is not 1).
int int_field(const json& j, const char* key, const std::string& where, int lo, int hi) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer())
    throw Error(fmt::format("{}: '{}' must be an integer", where, key));
  return JsonField(*it, where, key).int_in(lo, hi);
}
bool bool_field(const json& j, const char* key, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_boolean())
    throw Error(fmt::format("{}: '{}' must be true or false", where, key));
  return it->get<bool>();
}
const json& array_field(const json& j, const char* key, size_t n, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_array() || it->size() != n)
    throw Error(fmt::format("{}: '{}' must be an array of exactly {} entries", where, key, n));
  return *it;
}
}  // namespace

CardData CardData::parse(const std::string& text, const std::string& source) {
  const std::string where = "card file " + source;
  const json j = parse_json_text(text, where);
  if (!j.is_object()) throw Error(where + ": the document must be an object");
  CardData d;
  const json& sp = array_field(j, "spells", kKinds, where);
  int total = 0;
  for (int k = 0; k < kKinds; ++k) {
    const json& e = sp[static_cast<size_t>(k)];
    const std::string w = fmt::format("{}: spells[{}]", where, k);
    SpellData& s = d.spells[static_cast<size_t>(k)];
    s.key = str_field(e, "key", w);
    if (s.key != kSpellKeys[k])
      throw Error(fmt::format("{}: key must be '{}' (the engine's spell order), not '{}'", w,
                              kSpellKeys[k], cut_for_message(s.key)));
    s.name = str_field(e, "name", w);
    s.name_zh = str_field(e, "name_zh", w);
    const std::string t = str_field(e, "type", w);
    if (t == "direct")
      s.type = SpellType::kDirect;
    else if (t == "enchant")
      s.type = SpellType::kEnchant;
    else if (t == "support")
      s.type = SpellType::kSupport;
    else
      throw Error(fmt::format("{}: type must be direct, enchant or support, not '{}'", w,
                              cut_for_message(t)));
    s.copies = int_field(e, "copies", w, 0, 8);
    s.mana = int_field(e, "mana", w, -99, 99);
    s.strength = int_field(e, "strength", w, -99, 99);
    s.forbidden = bool_field(e, "forbidden", w);
    if (s.copies < 0 || s.copies > 8) throw Error(w + ": copies must be 0–8");
    total += s.copies;
  }
  if (total != 72)
    throw Error(fmt::format("{}: the spells must total 72 cards (CM-1), not {}", where, total));
  if (d.spells[kind::kDetectMagic].copies < 1)
    throw Error(where + ": Detect Magic needs a copy (duplicate option)");
  const json& fi = array_field(j, "fighters", kNumFighters, where);
  for (int f = 0; f < kNumFighters; ++f) {
    const json& e = fi[static_cast<size_t>(f)];
    const std::string w = fmt::format("{}: fighters[{}]", where, f);
    FighterData& x = d.fighters[static_cast<size_t>(f)];
    x.key = str_field(e, "key", w);
    if (x.key != kFighterKeys[f])
      throw Error(fmt::format("{}: key must be '{}'", w, kFighterKeys[f]));
    x.name = str_field(e, "name", w);
    x.name_zh = str_field(e, "name_zh", w);
    x.strength = int_field(e, "strength", w, 0, 99);
    x.prize = int_field(e, "prize", w, 0, 999);
    x.reverses = bool_field(e, "reverses", w);
    for (int g = 0; g < f; ++g)
      if (d.fighters[static_cast<size_t>(g)].strength == x.strength)
        throw Error(w + ": printed strengths must differ (CM-11 breaks ties by them)");
  }
  const json& ju = array_field(j, "judges", kNumJudges, where);
  for (int i = 0; i < kNumJudges; ++i) {
    const json& e = ju[static_cast<size_t>(i)];
    const std::string w = fmt::format("{}: judges[{}]", where, i);
    JudgeData& x = d.judges[static_cast<size_t>(i)];
    x.key = str_field(e, "key", w);
    if (x.key != kJudgeKeys[i]) throw Error(fmt::format("{}: key must be '{}'", w, kJudgeKeys[i]));
    x.name = str_field(e, "name", w);
    x.name_zh = str_field(e, "name_zh", w);
    x.limit = int_field(e, "limit", w, 0, 99);
    const std::string p = str_field(e, "penalty", w);
    if (p == "none")
      x.penalty = Penalty::kNone;
    else if (p == "dispel")
      x.penalty = Penalty::kDispel;
    else if (p == "eject")
      x.penalty = Penalty::kEject;
    else if (p == "flip")
      x.penalty = Penalty::kFlip;
    else
      throw Error(fmt::format("{}: penalty must be none, dispel, eject or flip, not '{}'", w,
                              cut_for_message(p)));
    auto bans = e.find("bans");
    if (bans == e.end() || !bans->is_array()) throw Error(w + ": 'bans' must be an array");
    for (const auto& b : *bans) {
      const std::string s = b.is_string() ? b.get<std::string>() : "";
      if (s == "direct")
        x.bans_direct = true;
      else if (s == "enchant")
        x.bans_enchant = true;
      else if (s == "support")
        x.bans_support = true;
      else if (s == "forbidden")
        x.bans_forbidden = true;
      else
        throw Error(fmt::format("{}: unknown ban '{}' (direct, enchant, support, forbidden)", w,
                                cut_for_message(s)));
    }
  }
  return d;
}

const CardData& CardData::builtin() {
  static const CardData d =
      parse(std::string(embedded::cheaty_mages_cards), "default (cards.json)");
  return d;
}

}  // namespace villainy::cheaty_mages
