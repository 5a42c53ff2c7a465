#include "villainy/core/registry.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <deque>
#include <mutex>

#include "villainy/core/json_input.h"

namespace villainy {
namespace {
// A deque: registering more games never moves an entry, so references handed out stay valid.
std::deque<GameEntry>& entries() {
  static std::deque<GameEntry> e;
  return e;
}
std::mutex& mu() {
  static std::mutex m;
  return m;
}
}  // namespace

void register_game(GameEntry entry) {
  std::lock_guard lock(mu());
  for (auto& e : entries())
    if (e.info.name == entry.info.name) return;  // registering twice is harmless
  entries().push_back(std::move(entry));
}

const GameEntry& find_game(const std::string& name) {
  std::lock_guard lock(mu());
  for (auto& e : entries())
    if (e.info.name == name) return e;
  std::vector<std::string> names;
  for (auto& e : entries()) names.push_back(e.info.name);
  throw Error(fmt::format("unknown game '{}'; the games are: {}", cut_for_message(name),
                          fmt::join(names, ", ")));
}

std::vector<const GameEntry*> registered_games() {
  std::lock_guard lock(mu());
  std::vector<const GameEntry*> out;
  for (auto& e : entries()) out.push_back(&e);
  return out;
}

void check_player_count(const GameEntry& e, std::int64_t num_players) {
  if (num_players < e.info.min_players || num_players > e.info.max_players)
    throw Error(fmt::format("{} is for {}–{} players, not {}", e.info.name, e.info.min_players,
                            e.info.max_players, num_players));
}

std::shared_ptr<const Game> load_game(const std::string& name,
                                      const std::map<std::string, std::string>& options,
                                      int num_players, OptionSource source,
                                      const std::map<std::string, std::string>& contents) {
  const GameEntry& e = find_game(name);
  check_player_count(e, num_players);
  Options opts = Options::parse(e.info.options, options, source, contents);
  return e.create(opts, num_players);
}

}  // namespace villainy
