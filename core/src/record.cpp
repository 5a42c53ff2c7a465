#include "villainy/core/record.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "villainy/core/json_input.h"
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
  if (!r.data.empty()) j["data"] = r.data;
  if (r.has_result) j["result"] = {{"returns", r.returns}, {"winners", r.winners}};
  return j;
}

Record record_from_json(const json& j, const std::string& source) {
  const JsonField root(j, source);
  root.object();
  Record r;
  if (root["format"].string(64) != "villainy-record")
    root["format"].fail("expected \"villainy-record\"");
  const JsonField version = root["version"];
  if (!version.json().is_number_integer()) version.fail("expected an integer");
  if (version.json() != 1) version.fail("unsupported version (this program reads version 1)");
  r.game = root["game"].string(kMaxNameBytes, true);
  r.players = root["players"].int_in(1, kMaxRecordPlayers);
  if (root.has("options")) {
    const JsonField o = root["options"];
    o.object();
    if (o.json().size() > kMaxRecordOptions)
      o.fail(fmt::format("expected at most {} options", kMaxRecordOptions));
    for (auto it = o.json().begin(); it != o.json().end(); ++it)
      r.options[it.key()] = o[it.key().c_str()].string(kMaxOptionBytes);
  }
  if (root.has("data")) {
    const JsonField d = root["data"];
    d.object();
    if (d.json().size() > kMaxRecordOptions)
      d.fail(fmt::format("expected at most {} entries", kMaxRecordOptions));
    for (auto it = d.json().begin(); it != d.json().end(); ++it)
      r.data[it.key()] = d[it.key().c_str()].string(kMaxDataBytes);
  }
  if (root.has("seed")) r.seed = root["seed"].uinteger();
  if (root.has("seats")) {
    const JsonField s = root["seats"];
    const size_t n = s.array(0, kMaxRecordPlayers);
    for (size_t i = 0; i < n; ++i) r.seats.push_back(s[i].string(kMaxNameBytes));
  }
  const JsonField a = root["actions"];
  const size_t na = a.array(0, kMaxRecordActions);
  r.actions.reserve(na);
  for (size_t i = 0; i < na; ++i) r.actions.push_back(a[i].string(kMaxNameBytes));
  if (root.has("result")) {
    const JsonField res = root["result"];
    res.object();
    r.has_result = true;
    const JsonField ret = res["returns"];
    const size_t nr = ret.array(0, kMaxRecordPlayers);
    for (size_t i = 0; i < nr; ++i) r.returns.push_back(ret[i].number(-1e9, 1e9));
    const JsonField w = res["winners"];
    const size_t nw = w.array(0, kMaxRecordPlayers);
    for (size_t i = 0; i < nw; ++i) r.winners.push_back(w[i].int_in(0, kMaxRecordPlayers - 1));
  }
  return r;
}

Record record_from_text(std::string_view text, const std::string& source) {
  return record_from_json(parse_json_text(text, source), source);
}

Record read_record_file(const std::string& path) {
  return record_from_text(read_text_file(path, kMaxRecordBytes), cut_for_message(path, 200));
}

void write_record_file(const Record& r, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw Error(fmt::format("cannot write record '{}'", path));
  out << record_to_json(r).dump(1) << "\n";
}

ReplayResult replay_record(const Record& r) {
  ReplayResult res;
  try {
    // A record is untrusted: its options never name a file; path options' data is in it.
    res.game = load_game(r.game, r.options, r.players, OptionSource::kUntrusted, r.data);
  } catch (const Error& e) {
    throw Error(fmt::format("record: {}", e.what()));
  }
  res.state = res.game->new_initial_state();
  res.actions.reserve(r.actions.size());
  for (size_t i = 0; i < r.actions.size(); ++i) {
    const std::string& name = r.actions[i];
    auto a = res.game->action_from_name(name);
    if (!a)
      throw Error(
          fmt::format("record: step {}: unknown action '{}'", i + 1, cut_for_message(name)));
    if (res.state->is_terminal())
      throw Error(fmt::format("record: step {}: action '{}' after the game ended", i + 1,
                              cut_for_message(name)));
    if (!res.state->is_legal(*a)) {
      Player p = res.state->current_player();
      throw Error(fmt::format(
          "record: step {}: action '{}' is not legal for {}", i + 1, cut_for_message(name),
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
  r.data = game.options().contents();
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
