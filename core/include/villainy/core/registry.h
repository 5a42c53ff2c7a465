// Games are registered by name; programs create them with typed options and a player count.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy {

class Reporter;

struct GameEntry {
  GameInfo info;
  std::function<std::shared_ptr<const Game>(const Options&, int num_players)> create;
  // The game's designer report (simulate); may be empty, then only the generic report is made.
  std::function<std::unique_ptr<Reporter>(const Game&)> reporter;
};

void register_game(GameEntry entry);
// Throws Error listing the known games when `name` is unknown.
const GameEntry& find_game(const std::string& name);
std::vector<const GameEntry*> registered_games();

// Throws the Error load_game gives when the game is not for `num_players` players (check it
// before allocating anything per seat).
void check_player_count(const GameEntry& game, std::int64_t num_players);

// Validates options and player count (errors say what is allowed) and creates the game. `source`
// says who gave the options: only kLocalUser may name a data file (see options.h); `contents`
// carries the data of path options (from a record).
std::shared_ptr<const Game> load_game(const std::string& name,
                                      const std::map<std::string, std::string>& options,
                                      int num_players,
                                      OptionSource source = OptionSource::kUntrusted,
                                      const std::map<std::string, std::string>& contents = {});

}  // namespace villainy
