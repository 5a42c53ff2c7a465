#include "villainy/server/catalog.h"

#include <fmt/format.h>

#include <cmath>
#include <set>

#include "villainy/agents/agents.h"
#include "villainy/agents/ismcts.h"
#include "villainy/core/registry.h"

namespace villainy::server {
namespace {

using nlohmann::json;

ApiError bad(const std::string& code, const std::string& msg) {
  return ApiError(400, code, msg);
}

bool is_decimal(const std::string& s, int lo, int hi) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  const long v = std::stol(s);
  return v >= lo && v <= hi;
}

// A finite number within [lo, hi], written plainly.
bool number_in(const std::string& s, double lo, double hi) {
  if (s.empty() || s.size() > 16) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  try {
    size_t used = 0;
    const double v = std::stod(s, &used);
    return used == s.size() && std::isfinite(v) && v >= lo && v <= hi;
  } catch (const std::exception&) {
    return false;
  }
}

std::int64_t int_field(const json& obj, const std::string& key, std::int64_t lo, std::int64_t hi,
                       const std::string& where) {
  const json& v = obj.at(key);
  if (!v.is_number_integer())
    throw bad("bad_field",
              fmt::format("{}.{}: must be an integer from {} to {}", where, key, lo, hi));
  const std::int64_t x = v.get<std::int64_t>();
  if (x < lo || x > hi)
    throw bad("bad_field", fmt::format("{}.{}: must be an integer from {} to {}, not {}", where,
                                       key, lo, hi, x));
  return x;
}

std::string string_field(const json& obj, const std::string& key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) throw bad("missing_field", fmt::format("{}: '{}' is required", where, key));
  if (!it->is_string()) throw bad("bad_field", fmt::format("{}.{}: must be a string", where, key));
  return it->get<std::string>();
}

}  // namespace

std::pair<std::string, std::string> split_title(const std::string& title) {
  const size_t open = title.rfind(" (");
  if (open == std::string::npos || title.back() != ')') return {title, ""};
  return {title.substr(0, open), title.substr(open + 2, title.size() - open - 3)};
}

std::string user_text_problem(const std::string& s, int min_chars, int max_chars) {
  int chars = 0;
  size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::uint32_t cp = 0;
    size_t len = 0;
    if (c < 0x80) {
      cp = c;
      len = 1;
    } else if ((c & 0xe0) == 0xc0) {
      cp = c & 0x1fu;
      len = 2;
    } else if ((c & 0xf0) == 0xe0) {
      cp = c & 0x0fu;
      len = 3;
    } else if ((c & 0xf8) == 0xf0) {
      cp = c & 0x07u;
      len = 4;
    } else {
      return "not valid UTF-8";
    }
    if (i + len > s.size()) return "not valid UTF-8";
    for (size_t k = 1; k < len; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xc0) != 0x80) return "not valid UTF-8";
      cp = (cp << 6) | (cc & 0x3fu);
    }
    const std::uint32_t min_cp[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min_cp[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
      return "not valid UTF-8";
    const bool control = cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
    const bool bidi = cp == 0x061c || cp == 0x200e || cp == 0x200f ||
                      (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
    const bool invisible = cp == 0x00ad || cp == 0x180e || (cp >= 0x200b && cp <= 0x200d) ||
                           (cp >= 0x2060 && cp <= 0x2064) || cp == 0xfeff || cp == 0x2028 ||
                           cp == 0x2029 || (cp >= 0xe0000 && cp <= 0xe007f);
    const bool nonchar = (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe;
    if (control) return fmt::format("control character U+{:04X} not allowed", cp);
    if (bidi) return fmt::format("bidirectional control U+{:04X} not allowed", cp);
    if (invisible) return fmt::format("invisible character U+{:04X} not allowed", cp);
    if (nonchar) return fmt::format("noncharacter U+{:04X} not allowed", cp);
    ++chars;
    i += len;
  }
  if (chars < min_chars || chars > max_chars)
    return fmt::format("{} to {} characters, not {}", min_chars, max_chars, chars);
  return "";
}

json games_json() {
  json games = json::array();
  for (const GameEntry* e : registered_games()) {
    json g;
    g["name"] = e->info.name;
    auto [en, zh] = split_title(e->info.title);
    g["title"] = {{"en", en}, {"zh-Hant", zh}};
    g["min_players"] = e->info.min_players;
    g["max_players"] = e->info.max_players;
    g["summary"] = e->info.summary;
    json opts = json::array();
    for (const auto& o : e->info.options) {
      json jo = {{"name", o.name},
                 {"default", o.default_value},
                 {"allowed", o.allowed},
                 {"description", o.description}};
      if (o.kind == OptionKind::kPath)
        jo["network"] = fmt::format("only the built-in values ({}); file paths are refused",
                                    fmt::join(o.allowed, ", "));
      else if (o.allowed.empty())
        jo["network"] =
            "the default value or a decimal integer from 1 to 999; file paths are refused";
      opts.push_back(jo);
    }
    g["options"] = opts;
    json agents = json::array();
    for (auto& [n, d] : available_agents(e->info.name)) {
      json a = {{"name", n}, {"description", d}};
      if (n == "ismcts") {
        a["defaults"] = ismcts_defaults(e->info.name);
        a["network"] =
            "ms 1-2000 (a search without ms gets ms=1000), iterations 1-20000, c 0-10, depth "
            "0-200, rollout random|heuristic, eval on|off";
      } else {
        a["network"] = "numeric parameters 0-64";
      }
      agents.push_back(a);
    }
    g["agents"] = agents;
    games.push_back(g);
  }
  return games;
}

void check_fields(const json& obj, const std::vector<std::string>& allowed,
                  const std::string& where) {
  if (!obj.is_object()) throw bad("bad_json", fmt::format("{}: must be a JSON object", where));
  for (auto it = obj.begin(); it != obj.end(); ++it)
    if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end())
      throw bad("unknown_field", fmt::format("{}: unknown field '{}' (allowed: {})", where,
                                             it.key().substr(0, 40), fmt::join(allowed, ", ")));
}

std::string check_network_agent(const std::string& spec_text, const Game& game,
                                const std::string& field) {
  if (spec_text.empty() || spec_text.size() > 200)
    throw bad("bad_agent", fmt::format("{}: an agent spec of 1 to 200 characters", field));
  AgentSpec spec;
  try {
    spec = AgentSpec::parse(spec_text);
  } catch (const Error& e) {
    throw bad("bad_agent", fmt::format("{}: {}", field, e.what()));
  }
  std::vector<std::string> names;
  for (auto& [n, d] : available_agents(game.name())) names.push_back(n);
  if (std::find(names.begin(), names.end(), spec.name) == names.end())
    throw bad("bad_agent",
              fmt::format("{}: unknown agent '{}' for {} (the agents are {})", field,
                          spec.name.substr(0, 40), game.name(), fmt::join(names, ", ")));
  auto need = [&](const std::string& key, bool ok, const std::string& what) {
    if (!ok)
      throw bad("bad_agent", fmt::format("{}: {} {} must be {}", field, spec.name, key, what));
  };
  for (auto& [k, v] : spec.params) {
    if (spec.name == "ismcts") {
      if (k == "ms")
        need(k, number_in(v, 1, 2000), "a number from 1 to 2000");
      else if (k == "iterations")
        need(k, is_decimal(v, 1, 20000), "an integer from 1 to 20000");
      else if (k == "c")
        need(k, number_in(v, 0, 10), "a number from 0 to 10");
      else if (k == "depth")
        need(k, is_decimal(v, 0, 200), "an integer from 0 to 200");
      else if (k == "rollout")
        need(k, v == "random" || v == "heuristic", "random or heuristic");
      else if (k == "eval")
        need(k, v == "on" || v == "off", "on or off");
      else
        throw bad("bad_agent", fmt::format("{}: ismcts has no parameter '{}' (iterations, ms, c, "
                                           "depth, rollout, eval)",
                                           field, k.substr(0, 40)));
    } else {
      bool word = !v.empty() && v.size() <= 32;
      for (char c : v)
        word = word && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
      need(k, word, "a short word (a-z, 0-9, -)");
      if (v[0] >= '0' && v[0] <= '9') need(k, is_decimal(v, 0, 64), "an integer from 0 to 64");
    }
  }
  if (spec.name == "ismcts" && !spec.params.count("ms")) {
    // Every bot move is bounded in time: keep the iteration budget, add a time budget.
    IsmctsConfig cfg;
    try {
      cfg = parse_ismcts_config(spec, game.name());
    } catch (const Error& e) {
      throw bad("bad_agent", fmt::format("{}: {}", field, e.what()));
    }
    spec.params["iterations"] = std::to_string(cfg.iterations > 0 ? cfg.iterations : 1000);
    spec.params["ms"] = "1000";
  }
  std::string out = spec.name;
  for (auto& [k, v] : spec.params) out += fmt::format(":{}={}", k, v);
  try {
    make_agent(out, game);
  } catch (const Error& e) {
    throw bad("bad_agent", fmt::format("{}: {}", field, e.what()));
  }
  return out;
}

TableSpec parse_table_request(const json& body) {
  check_fields(
      body,
      {"game", "players", "options", "seats", "visibility", "clock", "absent_ms", "takeover_agent"},
      "table");
  TableSpec t;
  t.game = string_field(body, "game", "table");
  const GameEntry* entry = nullptr;
  for (const GameEntry* e : registered_games())
    if (e->info.name == t.game) entry = e;
  if (!entry) {
    std::vector<std::string> names;
    for (const GameEntry* e : registered_games()) names.push_back(e->info.name);
    throw bad("unknown_game", fmt::format("table.game: unknown game '{}' (the games are {})",
                                          t.game.substr(0, 40), fmt::join(names, ", ")));
  }
  const auto& info = entry->info;
  if (!body.contains("players")) throw bad("missing_field", "table: 'players' is required");
  const json& pj = body["players"];
  if (!pj.is_number_integer() || pj.get<std::int64_t>() < info.min_players ||
      pj.get<std::int64_t>() > info.max_players)
    throw bad("bad_players", fmt::format("table.players: must be an integer from {} to {} for {}",
                                         info.min_players, info.max_players, t.game));
  t.players = pj.get<int>();

  std::map<std::string, std::string> given;
  if (body.contains("options")) {
    const json& oj = body["options"];
    if (!oj.is_object())
      throw bad("bad_field", "table.options: must be an object of name: string value");
    for (auto it = oj.begin(); it != oj.end(); ++it) {
      const OptionSpec* os = nullptr;
      for (const auto& o : info.options)
        if (o.name == it.key()) os = &o;
      if (!os) {
        std::vector<std::string> names;
        for (const auto& o : info.options) names.push_back(o.name);
        throw bad("bad_option",
                  fmt::format("table.options: {} has no option '{}' (the options "
                              "are {})",
                              t.game, it.key().substr(0, 40), fmt::join(names, ", ")));
      }
      if (!it->is_string())
        throw bad("bad_option", fmt::format("table.options.{}: must be a string", os->name));
      const std::string v = it->get<std::string>();
      if (os->kind == OptionKind::kPath &&
          std::find(os->allowed.begin(), os->allowed.end(), v) == os->allowed.end())
        throw ApiError(400, "refused_option",
                       fmt::format("table.options.{}: over the network only the built-in values "
                                   "({}) are accepted (file paths are refused)",
                                   os->name, fmt::join(os->allowed, ", ")));
      if (os->allowed.empty() && v != os->default_value && !is_decimal(v, 1, 999))
        throw ApiError(400, "refused_option",
                       fmt::format("table.options.{}: over the network only '{}' or a number from "
                                   "1 to 999 is accepted (file paths are refused)",
                                   os->name, os->default_value));
      given[os->name] = v;
    }
  }
  std::shared_ptr<const Game> game;
  try {
    game = load_game(t.game, given, t.players);
  } catch (const Error& e) {
    throw bad("bad_option", fmt::format("table.options: {}", e.what()));
  }
  t.options = game->options().values();

  if (!body.contains("seats")) throw bad("missing_field", "table: 'seats' is required");
  const json& sj = body["seats"];
  if (!sj.is_array() || static_cast<int>(sj.size()) != t.players)
    throw bad("bad_field", fmt::format("table.seats: must be an array of {} seats", t.players));
  for (size_t i = 0; i < sj.size(); ++i) {
    const std::string where = fmt::format("table.seats[{}]", i);
    check_fields(sj[i], {"kind", "agent"}, where);
    SeatSpec s;
    s.kind = string_field(sj[i], "kind", where);
    if (s.kind == "human") {
      if (sj[i].contains("agent")) throw bad("bad_field", where + ": a human seat has no agent");
    } else if (s.kind == "bot") {
      s.agent = check_network_agent(string_field(sj[i], "agent", where), *game, where + ".agent");
    } else {
      throw bad("bad_field", where + ".kind: must be \"human\" or \"bot\"");
    }
    t.seats.push_back(s);
  }
  if (body.contains("visibility")) {
    t.visibility = string_field(body, "visibility", "table");
    if (t.visibility != "open" && t.visibility != "private")
      throw bad("bad_field", "table.visibility: must be \"open\" or \"private\"");
  }
  if (body.contains("clock") && !body["clock"].is_null()) {
    const json& cj = body["clock"];
    check_fields(cj, {"move_ms", "bank_ms"}, "table.clock");
    if (!cj.contains("move_ms")) throw bad("missing_field", "table.clock: 'move_ms' is required");
    t.has_clock = true;
    t.move_ms = int_field(cj, "move_ms", 1000, 3600000, "table.clock");
    t.bank_ms = cj.contains("bank_ms") ? int_field(cj, "bank_ms", 0, 3600000, "table.clock") : 0;
  }
  if (body.contains("absent_ms"))
    t.absent_ms = int_field(body, "absent_ms", 1000, 86400000, "table");
  if (body.contains("takeover_agent"))
    t.takeover_agent = string_field(body, "takeover_agent", "table");
  t.takeover_agent = check_network_agent(t.takeover_agent, *game, "table.takeover_agent");
  return t;
}

json TableSpec::to_json() const {
  json seats_j = json::array();
  for (const auto& s : seats) seats_j.push_back({{"kind", s.kind}, {"agent", s.agent}});
  return {{"game", game},
          {"players", players},
          {"options", options},
          {"seat_kinds", seats_j},
          {"visibility", visibility},
          {"has_clock", has_clock},
          {"move_ms", move_ms},
          {"bank_ms", bank_ms},
          {"absent_ms", absent_ms},
          {"takeover_agent", takeover_agent}};
}

TableSpec TableSpec::from_json(const json& j) {
  TableSpec t;
  t.game = j.at("game").get<std::string>();
  t.players = j.at("players").get<int>();
  t.options = j.at("options").get<std::map<std::string, std::string>>();
  for (const auto& s : j.at("seat_kinds"))
    t.seats.push_back({s.at("kind").get<std::string>(), s.at("agent").get<std::string>()});
  t.visibility = j.at("visibility").get<std::string>();
  t.has_clock = j.at("has_clock").get<bool>();
  t.move_ms = j.at("move_ms").get<std::int64_t>();
  t.bank_ms = j.at("bank_ms").get<std::int64_t>();
  t.absent_ms = j.at("absent_ms").get<std::int64_t>();
  t.takeover_agent = j.at("takeover_agent").get<std::string>();
  return t;
}

const std::vector<Taunt>& taunts() {
  static const std::vector<Taunt> t = {
      {"mwahahaha", "Mwahahaha!", "哇哈哈哈！"},
      {"on-your-chain", "On your chain, of course.", "就放在你的鏈上囉。"},
      {"as-planned", "All according to plan.", "一切都在計畫之中。"},
      {"curses", "Curses!", "可惡！"},
      {"you-will-pay", "You will pay for this!", "你會付出代價的！"},
      {"well-played", "Well played, villain.", "幹得好，壞人。"},
      {"hurry", "The world will not end itself.", "世界不會自己毀滅的。"},
  };
  return t;
}

const Taunt* find_taunt(const std::string& id) {
  for (const auto& t : taunts())
    if (t.id == id) return &t;
  return nullptr;
}

}  // namespace villainy::server
