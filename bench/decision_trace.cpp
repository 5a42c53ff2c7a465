// Decision trace (a before/after check for agent speed work, issue 15): plays seeded games in every
// game and player count with heuristic seats, and with one ISMCTS seat (the game's defaults, a
// small budget) among heuristics, and prints one fingerprint of every action of every game per
// line. Two builds whose agents decide alike print the same lines.
//   villainy_decision_trace [games-per-line (default 100)] [ismcts games-per-line (default 10)]
//                           [extra ismcts parameters, e.g. resample=on]
#include <fmt/format.h>

#include <cstdlib>

#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {
std::uint64_t trace(const Game& game, const std::vector<std::string>& specs, int games) {
  std::uint64_t h = 1469598103934665603ull;
  for (int g = 0; g < games; ++g) {
    std::vector<std::unique_ptr<Agent>> owned;
    std::vector<Agent*> seats;
    for (int p = 0; p < game.num_players(); ++p) {
      owned.push_back(make_agent(specs[static_cast<size_t>(p) % specs.size()], game));
      seats.push_back(owned.back().get());
    }
    RunOptions opts;
    opts.seed = static_cast<std::uint64_t>(g) + 1;
    opts.keep_actions = true;
    const RunResult r = run_game(game, seats, opts);
    for (Action a : r.actions) h = (h ^ static_cast<std::uint64_t>(a)) * 1099511628211ull;
    h = (h ^ r.final_state->fingerprint()) * 1099511628211ull;
  }
  return h;
}
}  // namespace
}  // namespace villainy

int main(int argc, char** argv) {
  using namespace villainy;
  const int games = argc > 1 ? std::atoi(argv[1]) : 100;
  const int search_games = argc > 2 ? std::atoi(argv[2]) : 10;
  const std::string spec =
      std::string("ismcts:iterations=30") + (argc > 3 ? ":" : "") + (argc > 3 ? argv[3] : "");
  register_all_games();
  register_all_agents();
  for (const GameEntry* e : registered_games()) {
    for (int n = e->info.min_players; n <= e->info.max_players; ++n) {
      auto game = load_game(e->info.name, {}, n);
      fmt::print("{}/{} heuristic x{}: {:016x}\n", e->info.name, n, games,
                 trace(*game, {"heuristic"}, games));
      if (search_games > 0)
        fmt::print("{}/{} {},heuristic x{}: {:016x}\n", e->info.name, n, spec, search_games,
                   trace(*game, {spec, "heuristic"}, search_games));
    }
  }
  return 0;
}
