// libFuzzer target: options and agent specs as a stranger sends them (the server's untrusted
// mode). Input lines: the first is "GAME PLAYERS"; then "NAME=VALUE" option lines and
// "agent SPEC" lines. The game is created with OptionSource::kUntrusted (a path option must be
// refused without opening anything); each agent spec is parsed and the agent built (not run).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "villainy/agents/agents.h"
#include "villainy/core/json_input.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace villainy;
  static const bool registered = [] {
    register_all_games();
    register_all_agents();
    return true;
  }();
  (void)registered;
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> lines;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  try {
    const std::string& head = lines[0];
    const std::size_t sp = head.find(' ');
    const std::string game = head.substr(0, sp);
    const int players = sp == std::string::npos
                            ? 4
                            : static_cast<int>(parse_int_in(head.substr(sp + 1), 0, 64, "players"));
    std::vector<std::string> assignments, agents;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      if (lines[i].rfind("agent ", 0) == 0)
        agents.push_back(lines[i].substr(6));
      else if (!lines[i].empty())
        assignments.push_back(lines[i]);
    }
    auto g =
        load_game(game, Options::parse_assignments(assignments), players, OptionSource::kUntrusted);
    for (const auto& spec : agents) {
      try {
        (void)make_agent(spec, *g);
      } catch (const Error&) {
      }
    }
  } catch (const Error&) {
  }
  return 0;
}
