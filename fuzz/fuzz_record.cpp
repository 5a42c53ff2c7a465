// libFuzzer target: a record's text, as `villainy replay` (or, later, the server) reads it from a
// stranger: strict JSON, the record's fields, the game's options (untrusted: no file may be
// named), then the replay itself and each seat's view of the final state.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/games/all.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace villainy;
  static const bool registered = [] {
    register_all_games();
    return true;
  }();
  (void)registered;
  try {
    Record r = record_from_text(std::string_view(reinterpret_cast<const char*>(data), size));
    ReplayResult res = replay_record(r);
    const State& s = *res.state;
    for (Player p = -1; p < s.num_players(); ++p) {
      const Player viewer = p < 0 ? kSpectator : p;
      (void)s.view_json(viewer).dump();
      (void)s.view_text(viewer);
    }
  } catch (const Error&) {
    // A clear error is the expected outcome for bad input; anything else is a finding.
  }
  return 0;
}
