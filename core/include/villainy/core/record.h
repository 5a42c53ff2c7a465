// Game records: a documented JSON format that replays a game exactly.
//
// {
//   "format": "villainy-record", "version": 1,
//   "game": "supporting-cast", "players": 5,
//   "options": {"chain": "top", ...},          // every option, defaults included
//   "data": {"cast": "<the file's JSON text>"},  // optional: the data of each option that named
//                                               // a data file (replay never opens a file)
//   "seed": 42,                                 // informative; replay does not need it
//   "seats": ["human", "heuristic", ...],       // informative agent names, one per seat
//   "actions": ["deal-villain:wolf", "play:red-riding-hood", ...],  // every action by name,
//                                               // chance outcomes included, in order
//   "result": {"returns": [...], "winners": [...]}  // optional; checked on replay when present
// }
// Reading is strict and bounded (see json_input.h and the limits below): integers are checked
// without truncation, the text after the document, NUL bytes and oversized fields are refused,
// and errors name the file and the field ("game.json: result.winners[0]: expected …").
// Unknown top-level fields are ignored.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "villainy/core/game.h"

namespace villainy {

inline constexpr std::size_t kMaxRecordBytes = 64u << 20;  // a record file
inline constexpr std::size_t kMaxRecordActions = 1'000'000;
inline constexpr int kMaxRecordPlayers = 64;
inline constexpr std::size_t kMaxRecordOptions = 64;
inline constexpr std::size_t kMaxNameBytes = 256;       // game, seat and action names
inline constexpr std::size_t kMaxOptionBytes = 4096;    // an option value
inline constexpr std::size_t kMaxDataBytes = 1u << 20;  // one data file carried in a record

struct Record {
  std::string game;
  int players = 0;
  std::map<std::string, std::string> options;
  std::map<std::string, std::string> data;  // path option → its file's content
  std::uint64_t seed = 0;
  std::vector<std::string> seats;
  std::vector<std::string> actions;
  bool has_result = false;
  std::vector<double> returns;
  std::vector<Player> winners;
};

nlohmann::json record_to_json(const Record& r);
// Throws Error naming the source and the malformed field.
Record record_from_json(const nlohmann::json& j, const std::string& source = "record");
// Parses a record's text (strict JSON, see parse_json_text).
Record record_from_text(std::string_view text, const std::string& source = "record");
// Reads a record file (a regular file of at most kMaxRecordBytes).
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
