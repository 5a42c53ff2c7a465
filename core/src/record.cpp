#include "villainy/core/record.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "villainy/core/registry.h"

namespace villainy {
using nlohmann::json;

json record_to_json(const Record& r) {
  json j;
  j["format"] = "villainy-record";
  j["version"] = 1;
  j["game"] = r.game;
  j["players"] = r.players;
  j["options"] = r.options;
  j["seed"] = r.seed;
  j["seats"] = r.seats;
  j["actions"] = r.actions;
  if (r.has_result) j["result"] = {{"returns", r.returns}, {"winners", r.winners}};
  return j;
}

namespace {
const json& field(const json& j, const char* name, json::value_t type, const char* type_name) {
  auto it = j.find(name);
  if (it == j.end()) throw Error(fmt::format("record: missing field '{}'", name));
  bool ok = it->type() == type ||
            (type == json::value_t::number_integer && it->is_number_unsigned()) ||
            (type == json::value_t::number_unsigned && it->is_number_integer() &&
             it->get<std::int64_t>() >= 0);
  if (!ok) throw Error(fmt::format("record: field '{}' must be {}", name, type_name));
  return *it;
}
}  // namespace

Record record_from_json(const json& j) {
  if (!j.is_object()) throw Error("record: the document must be a JSON object");
  Record r;
  if (field(j, "format", json::value_t::string, "a string") != "villainy-record")
    throw Error("record: field 'format' must be \"villainy-record\"");
  if (field(j, "version", json::value_t::number_integer, "an integer") != 1)
    throw Error("record: unsupported version (this program reads version 1)");
  r.game = field(j, "game", json::value_t::string, "a string").get<std::string>();
  r.players = field(j, "players", json::value_t::number_integer, "an integer").get<int>();
  if (j.contains("options")) {
    const json& o = field(j, "options", json::value_t::object, "an object of strings");
    for (auto it = o.begin(); it != o.end(); ++it) {
      if (!it.value().is_string())
        throw Error(fmt::format("record: option '{}' must be a string", it.key()));
      r.options[it.key()] = it.value().get<std::string>();
    }
  }
  if (j.contains("seed")) {
    const json& s = j["seed"];
    if (!s.is_number_integer() ||
        (s.is_number_integer() && !s.is_number_unsigned() && s.get<std::int64_t>() < 0))
      throw Error("record: field 'seed' must be a non-negative integer");
    r.seed = s.get<std::uint64_t>();
  }
  if (j.contains("seats")) {
    const json& s = field(j, "seats", json::value_t::array, "an array of strings");
    for (size_t i = 0; i < s.size(); ++i) {
      if (!s[i].is_string()) throw Error(fmt::format("record: seats[{}] must be a string", i));
      r.seats.push_back(s[i].get<std::string>());
    }
  }
  const json& a = field(j, "actions", json::value_t::array, "an array of action names");
  r.actions.reserve(a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string())
      throw Error(fmt::format("record: step {}: the action must be a string (its name)", i + 1));
    r.actions.push_back(a[i].get<std::string>());
  }
  if (j.contains("result")) {
    const json& res = field(j, "result", json::value_t::object, "an object");
    r.has_result = true;
    const json& ret = field(res, "returns", json::value_t::array, "an array of numbers");
    for (size_t i = 0; i < ret.size(); ++i) {
      if (!ret[i].is_number())
        throw Error(fmt::format("record: result.returns[{}] must be a number", i));
      r.returns.push_back(ret[i].get<double>());
    }
    const json& w = field(res, "winners", json::value_t::array, "an array of seats");
    for (size_t i = 0; i < w.size(); ++i) {
      if (!w[i].is_number_integer())
        throw Error(fmt::format("record: result.winners[{}] must be a seat number", i));
      r.winners.push_back(w[i].get<Player>());
    }
  }
  return r;
}

Record read_record_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(fmt::format("cannot open record '{}'", path));
  std::stringstream ss;
  ss << in.rdbuf();
  json j;
  try {
    j = json::parse(ss.str());
  } catch (const json::parse_error& e) {
    throw Error(fmt::format("record '{}' is not valid JSON: {}", path, e.what()));
  }
  try {
    return record_from_json(j);
  } catch (const Error& e) {
    throw Error(fmt::format("{}: {}", path, e.what()));
  }
}

void write_record_file(const Record& r, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw Error(fmt::format("cannot write record '{}'", path));
  out << record_to_json(r).dump(1) << "\n";
}

ReplayResult replay_record(const Record& r) {
  ReplayResult res;
  try {
    res.game = load_game(r.game, r.options, r.players);
  } catch (const Error& e) {
    throw Error(fmt::format("record: {}", e.what()));
  }
  res.state = res.game->new_initial_state();
  res.actions.reserve(r.actions.size());
  for (size_t i = 0; i < r.actions.size(); ++i) {
    const std::string& name = r.actions[i];
    auto a = res.game->action_from_name(name);
    if (!a) throw Error(fmt::format("record: step {}: unknown action '{}'", i + 1, name));
    if (res.state->is_terminal())
      throw Error(fmt::format("record: step {}: action '{}' after the game ended", i + 1, name));
    if (!res.state->is_legal(*a)) {
      Player p = res.state->current_player();
      throw Error(
          fmt::format("record: step {}: action '{}' is not legal for {}", i + 1, name,
                      p == kChancePlayer ? std::string("chance") : fmt::format("seat {}", p)));
    }
    res.state->apply_unchecked(*a);
    res.actions.push_back(*a);
  }
  if (r.has_result) {
    if (!res.state->is_terminal())
      throw Error("record: it has a result but the replayed game is not over");
    auto ret = res.state->returns();
    auto win = res.state->winners();
    bool same = ret.size() == r.returns.size() && win == r.winners;
    for (size_t i = 0; same && i < ret.size(); ++i) same = std::fabs(ret[i] - r.returns[i]) < 1e-9;
    if (!same) throw Error("record: the recorded result differs from the replayed one");
  }
  return res;
}

Record make_record(const Game& game, const std::vector<Action>& actions, std::uint64_t seed,
                   const std::vector<std::string>& seats, const State* final_state) {
  Record r;
  r.game = game.name();
  r.players = game.num_players();
  r.options = game.options().values();
  r.seed = seed;
  r.seats = seats;
  r.actions.reserve(actions.size());
  for (Action a : actions) r.actions.push_back(game.action_name(a));
  if (final_state && final_state->is_terminal()) {
    r.has_result = true;
    r.returns = final_state->returns();
    r.winners = final_state->winners();
  }
  return r;
}

}  // namespace villainy
