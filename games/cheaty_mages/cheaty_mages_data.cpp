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

constexpr std::size_t kMaxTextBytes = 512;

// A card's names and (optional) texts in both languages.
template <class Card>
void read_names(const JsonField& e, Card& c) {
  c.name = e["name"].text(kMaxTextBytes, true);
  c.name_zh = e["name_zh"].text(kMaxTextBytes, true);
  c.text = e.has("text") ? e["text"].text(kMaxTextBytes) : "";
  c.text_zh = e.has("text_zh") ? e["text_zh"].text(kMaxTextBytes) : "";
}
// A note for the file's readers that the engine does not use (the behaviour it describes stays
// with the card's key): optional text.
void note(const JsonField& e, const char* k) {
  if (e.has(k)) (void)e[k].text(kMaxTextBytes);
}
// The key at index i must be the engine's (the rules refer to kinds, fighters and judges by it).
std::string read_key(const JsonField& e, const char* want) {
  const JsonField k = e["key"];
  std::string key = k.string(kMaxTextBytes, true);
  if (key != want)
    k.fail(fmt::format("must be '{}' (the engine's order), not '{}'", want, cut_for_message(key)));
  return key;
}
template <class T, std::size_t N>
T read_word(const JsonField& f, const std::array<std::pair<const char*, T>, N>& words) {
  const std::string s = f.string(kMaxTextBytes);
  std::string list;
  for (const auto& [w, v] : words) {
    if (s == w) return v;
    list += (list.empty() ? "" : ", ") + std::string(w);
  }
  f.fail(fmt::format("must be one of {}, not '{}'", list, cut_for_message(s)));
}
constexpr std::array<std::pair<const char*, SpellType>, 3> kTypes = {
    {{"direct", SpellType::kDirect},
     {"enchant", SpellType::kEnchant},
     {"support", SpellType::kSupport}}};
constexpr std::array<std::pair<const char*, Penalty>, 4> kPenalties = {
    {{"none", Penalty::kNone},
     {"dispel", Penalty::kDispel},
     {"eject", Penalty::kEject},
     {"flip", Penalty::kFlip}}};
enum class Ban { kDirect, kEnchant, kSupport, kForbidden };
constexpr std::array<std::pair<const char*, Ban>, 4> kBans = {{{"direct", Ban::kDirect},
                                                               {"enchant", Ban::kEnchant},
                                                               {"support", Ban::kSupport},
                                                               {"forbidden", Ban::kForbidden}}};
}  // namespace

CardData CardData::parse(const std::string& text, const std::string& source) {
  const std::string where = "card file " + source;
  const json j = parse_json_text(text, where);
  const JsonField root(j, where);
  root.only({"name", "name_zh", "notes", "spells", "fighters", "judges"});
  for (const char* k : {"name", "name_zh", "notes"}) note(root, k);
  CardData d;
  const JsonField sp = root["spells"];
  if (sp.array() != kKinds) sp.fail(fmt::format("must be an array of exactly {} spells", kKinds));
  int total = 0;
  for (int k = 0; k < kKinds; ++k) {
    const JsonField e = sp[static_cast<size_t>(k)];
    e.only({"key", "name", "name_zh", "text", "text_zh", "type", "copies", "mana", "strength",
            "forbidden", "continuous"});
    note(e, "continuous");
    SpellData& s = d.spells[static_cast<size_t>(k)];
    s.key = read_key(e, kSpellKeys[k]);
    read_names(e, s);
    s.type = read_word(e["type"], kTypes);
    s.copies = e["copies"].int_in(0, 8);
    s.mana = e["mana"].int_in(-99, 99);
    s.strength = e["strength"].int_in(-99, 99);
    s.forbidden = e["forbidden"].boolean();
    total += s.copies;
  }
  if (total != kDeckSize)
    sp.fail(fmt::format("the spells must total {} cards (CM-1), not {}", kDeckSize, total));
  if (d.spells[kind::kDetectMagic].copies < 1)
    sp[static_cast<size_t>(kind::kDetectMagic)]["copies"].fail(
        "Detect Magic needs a copy (duplicate=on replaces one, CM-22)");
  const JsonField fi = root["fighters"];
  if (fi.array() != kNumFighters)
    fi.fail(fmt::format("must be an array of exactly {} fighters", kNumFighters));
  for (int f = 0; f < kNumFighters; ++f) {
    const JsonField e = fi[static_cast<size_t>(f)];
    e.only({"key", "name", "name_zh", "text", "text_zh", "strength", "prize", "reverses"});
    FighterData& x = d.fighters[static_cast<size_t>(f)];
    x.key = read_key(e, kFighterKeys[f]);
    read_names(e, x);
    x.strength = e["strength"].int_in(0, 99);
    x.prize = e["prize"].int_in(0, 999);
    x.reverses = e["reverses"].boolean();
    for (int g = 0; g < f; ++g)
      if (d.fighters[static_cast<size_t>(g)].strength == x.strength)
        e["strength"].fail("printed strengths must differ (CM-11 breaks ties by them)");
  }
  const JsonField ju = root["judges"];
  if (ju.array() != kNumJudges)
    ju.fail(fmt::format("must be an array of exactly {} judges", kNumJudges));
  for (int i = 0; i < kNumJudges; ++i) {
    const JsonField e = ju[static_cast<size_t>(i)];
    e.only({"key", "name", "name_zh", "text", "text_zh", "limit", "penalty", "bans", "special"});
    note(e, "special");
    JudgeData& x = d.judges[static_cast<size_t>(i)];
    x.key = read_key(e, kJudgeKeys[i]);
    read_names(e, x);
    x.limit = e["limit"].int_in(0, 99);
    x.penalty = read_word(e["penalty"], kPenalties);
    const JsonField bans = e["bans"];
    const std::size_t nb = bans.array(0, kBans.size());
    for (std::size_t b = 0; b < nb; ++b) {
      switch (read_word(bans[b], kBans)) {
        case Ban::kDirect:
          x.bans_direct = true;
          break;
        case Ban::kEnchant:
          x.bans_enchant = true;
          break;
        case Ban::kSupport:
          x.bans_support = true;
          break;
        case Ban::kForbidden:
          x.bans_forbidden = true;
          break;
      }
    }
  }
  return d;
}

const CardData& CardData::builtin() {
  static const CardData d =
      parse(std::string(embedded::cheaty_mages_cards), "default (cards.json)");
  return d;
}

std::shared_ptr<const CardData> CardData::load(const std::string& value,
                                               const std::string* content) {
  // The game never opens a file: the core reads a file named by a local user (OptionKind::kPath)
  // and passes its content; a record carries it.
  if (content)
    return std::make_shared<const CardData>(parse(*content, cut_for_message(value, 120)));
  if (value == "default")
    return std::shared_ptr<const CardData>(&builtin(), [](const CardData*) {});
  throw Error(fmt::format("cards {}: no such built-in card set (the built-in one is 'default')",
                          cut_for_message(value)));
}

}  // namespace villainy::cheaty_mages
