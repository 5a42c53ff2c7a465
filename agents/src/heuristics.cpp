// Registers every game's bots: for each game of the build list VILLAINY_GAMES (top-level
// CMakeLists.txt), its heuristic (agents/src/<game>_heuristic.cpp) and its search settings
// (agents/src/<game>_search.cpp). The list is generated: villainy/game_list.inc.
#include "villainy/agents/heuristics.h"

#include "villainy/agents/ismcts.h"

namespace villainy {

#define VILLAINY_GAME(game)           \
  void register_##game##_heuristic(); \
  void register_##game##_search();
#include "villainy/game_list.inc"
#undef VILLAINY_GAME

void register_heuristics() {
  register_search_agents();
#define VILLAINY_GAME(game)      \
  register_##game##_heuristic(); \
  register_##game##_search();
#include "villainy/game_list.inc"
#undef VILLAINY_GAME
}

}  // namespace villainy
