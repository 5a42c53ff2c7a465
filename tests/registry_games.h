// The registered games' names, for parameterised tests over every game of the build.
#pragma once
#include <string>
#include <vector>

#include "villainy/core/registry.h"
#include "villainy/games/all.h"

namespace villainy::testing {

inline std::vector<std::string> registered_game_names() {
  register_all_games();
  std::vector<std::string> out;
  for (const GameEntry* e : registered_games()) out.push_back(e->info.name);
  return out;
}

// A test name from a game name ("supporting-cast" → "supporting_cast").
inline std::string test_name(std::string name) {
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

}  // namespace villainy::testing
