// Registers every game of the build list VILLAINY_GAMES (top-level CMakeLists.txt): each game's
// folder games/<game> provides villainy::<game>::register_game(). The list is generated:
// villainy/game_list.inc holds one VILLAINY_GAME(<game>) line per game.
#include "villainy/games/all.h"

namespace villainy {

#define VILLAINY_GAME(game) \
  namespace game {          \
  void register_game();     \
  }
#include "villainy/game_list.inc"
#undef VILLAINY_GAME

void register_all_games() {
#define VILLAINY_GAME(game) game::register_game();
#include "villainy/game_list.inc"
#undef VILLAINY_GAME
}

}  // namespace villainy
