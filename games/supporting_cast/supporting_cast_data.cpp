// Tribute to the Supporting Cast: the card data (SC-1), from the embedded default cast or a
// designer's cast file (option cast=PATH); validation errors name the file and the field path.
#include <fmt/format.h>

#include <cctype>
#include <nlohmann/json.hpp>

#include "supporting_cast/supporting_cast.h"
#include "villainy/core/json_input.h"

namespace villainy::embedded {
extern const std::string_view supporting_cast_default_cast;
}

namespace villainy::supporting_cast {
using nlohmann::json;

namespace {
constexpr std::size_t kMaxTextBytes = 256;
constexpr std::size_t kMaxCardTextBytes = 1024;
// An optional text; empty when absent (the catalogue then uses the rules' text for the card kind).
std::string optional_text(const JsonField& f, const char* key) {
  return f.has(key) ? f[key].text(kMaxCardTextBytes) : std::string();
}
CardText card_text(const JsonField& f) {
  if (!f.json().is_object()) f.fail("must be an object with name and name_zh");
  f.only({"name", "name_zh", "text", "text_zh"});
  return {f["name"].text(kMaxTextBytes, true), f["name_zh"].text(kMaxTextBytes, true),
          optional_text(f, "text"), optional_text(f, "text_zh")};
}
}  // namespace

Cast Cast::parse(const std::string& text, const std::string& source) {
  const std::string where = "cast file " + source;
  const json j = parse_json_text(text, where);
  const JsonField root(j, where);
  Cast c;
  if (!j.is_object()) root.fail("the document must be an object");
  root.only({"name", "name_zh", "note", "villains"});
  c.name = root["name"].text(kMaxTextBytes, true);
  c.name_zh = root["name_zh"].text(kMaxTextBytes, true);
  if (root.has("note")) (void)root["note"].text(kMaxCardTextBytes * 4);
  const JsonField vs = root["villains"];
  if (!vs.json().is_array() || vs.json().size() != kVillains)
    vs.fail(fmt::format("must be an array of exactly {} villains", kVillains));
  UniqueKeys keys, names, names_zh;
  for (int v = 0; v < kVillains; ++v) {
    const JsonField vj = vs[static_cast<size_t>(v)];
    vj.only(
        {"key", "name", "name_zh", "colour", "text", "text_zh", "events", "heroes", "super_hero"});
    VillainData& d = c.villains[static_cast<size_t>(v)];
    d.key = vj["key"].key(kMaxTextBytes);
    keys.add(vj["key"], d.key);
    d.name = vj["name"].text(kMaxTextBytes, true);
    d.name_zh = vj["name_zh"].text(kMaxTextBytes, true);
    // Players tell the villains apart by name (the table, the narration): names are unique too.
    names.add(vj["name"], d.name);
    names_zh.add(vj["name_zh"], d.name_zh);
    d.colour = vj.has("colour") ? vj["colour"].text(kMaxTextBytes) : "";
    d.text = optional_text(vj, "text");
    d.text_zh = optional_text(vj, "text_zh");
    const JsonField ev = vj["events"];
    if (!ev.json().is_array() || ev.json().size() != 7)
      ev.fail("must be an array of exactly 7 events (1–7)");
    for (size_t k = 0; k < kEventsPerVillain; ++k) d.events[k] = card_text(ev[k]);
    const JsonField he = vj["heroes"];
    if (!he.json().is_array() || he.json().size() != 4)
      he.fail("must be an array of exactly 4 ordinary heroes");
    for (size_t k = 0; k < kOrdinaryHeroesPerVillain; ++k) d.heroes[k] = card_text(he[k]);
    d.super_hero = card_text(vj["super_hero"]);
  }
  return c;
}

Cast Cast::load(const std::string& value, const std::string* content) {
  // The game never opens a file: the core reads a file named by a local user (OptionKind::kPath)
  // and passes its content; a record carries it.
  if (content) return parse(*content, cut_for_message(value, 120));
  if (value == "default")
    return parse(std::string(embedded::supporting_cast_default_cast),
                 "default (fairy-tale-cast.json)");
  throw Error(fmt::format("cast {}: no such built-in cast (the built-in one is 'default')",
                          cut_for_message(value)));
}

}  // namespace villainy::supporting_cast
