// Game records: a documented JSON format that replays a game exactly.
//
// {
//   "format": "villainy-record", "version": 1,
//   "game": "supporting-cast", "players": 5,
//   "options": {"chain": "top", ...},          // every option, defaults included
//   "seed": 42,                                 // informative; replay does not need it
//   "seats": ["human", "heuristic", ...],       // informative agent names, one per seat
//   "actions": ["deal-villain:wolf", "play:red-riding-hood", ...],  // every action by name,
//                                               // chance outcomes included, in order
//   "result": {"returns": [...], "winners": [...]}  // optional; checked on replay when present
// }
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy {

struct Record {
  std::string game;
  int players = 0;
  std::map<std::string, std::string> options;
  std::uint64_t seed = 0;
  std::vector<std::string> seats;
  std::vector<std::string> actions;
  bool has_result = false;
  std::vector<double> returns;
  std::vector<Player> winners;
};

nlohmann::json record_to_json(const Record& r);
// Throws Error naming the malformed field.
Record record_from_json(const nlohmann::json& j);
Record read_record_file(const std::string& path);
void write_record_file(const Record& r, const std::string& path);

struct ReplayResult {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;  // the final state
  std::vector<Action> actions;   // the actions as ids
};
// Replays a record. An unknown or illegal action is an Error naming the step (1-based) and the
// reason; a result that differs from the replayed one is an Error too.
ReplayResult replay_record(const Record& r);

// Builds a record of a finished (or unfinished) game.
Record make_record(const Game& game, const std::vector<Action>& actions, std::uint64_t seed,
                   const std::vector<std::string>& seats, const State* final_state);

}  // namespace villainy
