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
  return f.has(key) ? f[key].string(kMaxCardTextBytes) : std::string();
}
CardText card_text(const JsonField& f) {
  if (!f.json().is_object()) f.fail("must be an object with name and name_zh");
  return {f["name"].string(kMaxTextBytes, true), f["name_zh"].string(kMaxTextBytes, true),
          optional_text(f, "text"), optional_text(f, "text_zh")};
}
}  // namespace

Cast Cast::parse(const std::string& text, const std::string& source) {
  const std::string where = "cast file " + source;
  const json j = parse_json_text(text, where);
  const JsonField root(j, where);
  Cast c;
  if (!j.is_object()) root.fail("the document must be an object");
  c.name = root["name"].string(kMaxTextBytes, true);
  c.name_zh = root["name_zh"].string(kMaxTextBytes, true);
  const JsonField vs = root["villains"];
  if (!vs.json().is_array() || vs.json().size() != kVillains)
    vs.fail(fmt::format("must be an array of exactly {} villains", kVillains));
  for (int v = 0; v < kVillains; ++v) {
    const JsonField vj = vs[static_cast<size_t>(v)];
    vj.object();
    VillainData& d = c.villains[static_cast<size_t>(v)];
    d.key = vj["key"].string(kMaxTextBytes, true);
    for (char ch : d.key)
      if (!(std::islower(static_cast<unsigned char>(ch)) ||
            std::isdigit(static_cast<unsigned char>(ch)) || ch == '-'))
        vj["key"].fail(
            fmt::format("key '{}' may use only a-z, 0-9 and '-'", cut_for_message(d.key)));
    for (int u = 0; u < v; ++u)
      if (c.villains[static_cast<size_t>(u)].key == d.key)
        vj["key"].fail(fmt::format("key '{}' is used twice", d.key));
    d.name = vj["name"].string(kMaxTextBytes, true);
    d.name_zh = vj["name_zh"].string(kMaxTextBytes, true);
    d.colour = vj.has("colour") ? vj["colour"].string(kMaxTextBytes) : "";
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
