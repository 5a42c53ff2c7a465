#include "villainy/core/registry.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <mutex>

namespace villainy {
namespace {
std::vector<GameEntry>& entries() {
  static std::vector<GameEntry> e;
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
  throw Error(fmt::format("unknown game '{}'; the games are: {}", name, fmt::join(names, ", ")));
}

std::vector<const GameEntry*> registered_games() {
  std::lock_guard lock(mu());
  std::vector<const GameEntry*> out;
  for (auto& e : entries()) out.push_back(&e);
  return out;
}

std::shared_ptr<const Game> load_game(const std::string& name,
                                      const std::map<std::string, std::string>& options,
                                      int num_players) {
  const GameEntry& e = find_game(name);
  if (num_players < e.info.min_players || num_players > e.info.max_players)
    throw Error(fmt::format("{} is for {}–{} players, not {}", e.info.name, e.info.min_players,
                            e.info.max_players, num_players));
  Options opts = Options::parse(e.info.options, options);
  return e.create(opts, num_players);
}

}  // namespace villainy
