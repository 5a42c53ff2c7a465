// What the server offers and accepts from the network: the games catalogue (/api/games), the
// validation of a table creation request (options, seats, agents, clocks; file paths refused,
// agent parameters range-checked) and the quick taunts. Every refusal is an ApiError naming
// the field and what is allowed (docs/protocol.md).
#pragma once
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy::server {

inline constexpr int kProtocolVersion = 1;

class ApiError : public std::runtime_error {
 public:
  ApiError(int http_status, std::string error_code, const std::string& message)
      : std::runtime_error(message), status(http_status), code(std::move(error_code)) {}
  int status;
  std::string code;
};

// The /api/games body (without "protocol"): every registered game with titles, player counts,
// options and agents.
nlohmann::json games_json();

struct SeatSpec {
  std::string kind;   // "human" or "bot"
  std::string agent;  // bots: the normalised agent spec
};

struct TableSpec {
  std::string game;
  int players = 0;
  std::map<std::string, std::string> options;  // every option, defaults filled in
  std::vector<SeatSpec> seats;
  std::string visibility = "open";
  bool has_clock = false;
  std::int64_t move_ms = 0, bank_ms = 0;
  std::int64_t absent_ms = 120000;
  std::string takeover_agent = "heuristic";
  nlohmann::json to_json() const;
  static TableSpec from_json(const nlohmann::json& j);  // stored form (trusted)
};

// Validates a POST /api/tables body; throws ApiError.
TableSpec parse_table_request(const nlohmann::json& body);
// Validates an agent spec from the network for `game` and returns it normalised (ismcts gets
// a time budget when it has none). Throws ApiError bad_agent.
std::string check_network_agent(const std::string& spec, const Game& game,
                                const std::string& field);
// Refuses fields of `obj` not in `allowed` (unknown_field) and a non-object (bad_json).
void check_fields(const nlohmann::json& obj, const std::vector<std::string>& allowed,
                  const std::string& where);

struct Taunt {
  std::string id, en, zh;
};
const std::vector<Taunt>& taunts();
const Taunt* find_taunt(const std::string& id);

// Checks a display name or a chat text from the network: valid UTF-8 of `min_chars` to
// `max_chars` code points with none of the characters that hide or reorder text: C0 and C1
// controls and DEL, bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
// U+2066-U+2069), zero-width and invisible characters (U+00AD, U+180E, U+200B-U+200D,
// U+2060-U+2064, U+FEFF), line and paragraph separators (U+2028, U+2029), tag characters
// (U+E0000-U+E007F) and noncharacters. Returns "" when the text is good, else what is wrong.
std::string user_text_problem(const std::string& s, int min_chars, int max_chars);

// The title split into English and Traditional Chinese ("English (中文)").
std::pair<std::string, std::string> split_title(const std::string& title);

}  // namespace villainy::server
