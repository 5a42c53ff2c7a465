// Basic types shared by every layer: actions, players, errors.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace villainy {

// An action is a small non-negative integer, unique within a game configuration, with a stable
// readable name (Game::action_name / Game::action_from_name). Chance outcomes are actions too.
using Action = std::int32_t;
// A seat index 0..num_players-1, or one of the special values below.
using Player = std::int32_t;

inline constexpr Player kChancePlayer = -1;    // current_player() when chance decides next
inline constexpr Player kTerminalPlayer = -2;  // current_player() when the game is over
inline constexpr Player kSpectator = -3;  // a viewer who holds no seat: public information only
inline constexpr Action kInvalidAction = -1;

// Every error the engine reports on bad input (illegal action, bad option, malformed record,
// broken data file). The message says what is wrong and where.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace villainy
