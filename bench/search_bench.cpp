// Search benchmarks (Google Benchmark): ISMCTS iterations per second and time per move on one core
// for every registered game at its middle player count, for the game's default agent and the
// engine's generic settings at a few budgets;
// plus the per-call cost of clone() and resample() in every game (what each iteration pays).
#include <benchmark/benchmark.h>

#include <chrono>

#include "villainy/agents/agents.h"
#include "villainy/agents/ismcts.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {

// Decision states (at least two legal actions) from the middle of random games.
std::vector<std::unique_ptr<State>> decision_states(const Game& game, int count) {
  return random_decision_states(game, count, 99, 20, 500);
}

// One benchmark iteration = one ISMCTS move. Counters: search iterations per second, ms per move.
void BM_IsmctsMove(benchmark::State& st, std::string name, int players, std::string spec) {
  auto game = load_game(name, {}, players);
  auto states = decision_states(*game, 32);
  auto agent = make_agent(spec, *game);
  auto* is = dynamic_cast<IsmctsAgent*>(agent.get());
  Rng rng(1);
  std::int64_t iters = 0, moves = 0, rollout = 0;
  double seconds = 0;
  size_t i = 0;
  std::vector<Action> legal;
  for (auto _ : st) {
    const State& s = *states[i++ % states.size()];
    s.legal_actions(legal);
    DecisionContext ctx(s, legal);
    benchmark::DoNotOptimize(agent->act(ctx, rng));
    iters += is->last_stats().iterations;
    rollout += is->last_stats().rollout_actions;
    seconds += is->last_stats().seconds;
    ++moves;
  }
  st.counters["iter/s"] =
      benchmark::Counter(static_cast<double>(iters), benchmark::Counter::kIsRate);
  st.counters["ms/move"] = 1000.0 * seconds / static_cast<double>(std::max<std::int64_t>(1, moves));
  st.counters["rollout/iter"] =
      static_cast<double>(rollout) / static_cast<double>(std::max<std::int64_t>(1, iters));
}

// One benchmark iteration = one decision of the game's heuristic at a decision state of a random
// game (its own determinization included).
void BM_HeuristicDecision(benchmark::State& st, std::string name, int players) {
  auto game = load_game(name, {}, players);
  auto states = decision_states(*game, 64);
  auto agent = make_agent("heuristic", *game);
  Rng rng(2);
  size_t i = 0;
  std::vector<Action> legal;
  for (auto _ : st) {
    const State& s = *states[i++ % states.size()];
    s.legal_actions(legal);
    DecisionContext ctx(s, legal);
    benchmark::DoNotOptimize(agent->act(ctx, rng));
  }
}

void BM_Clone(benchmark::State& st, std::string name, int players) {
  auto game = load_game(name, {}, players);
  auto states = decision_states(*game, 64);
  size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(states[i++ % states.size()]->clone());
}

void BM_Resample(benchmark::State& st, std::string name, int players) {
  auto game = load_game(name, {}, players);
  auto states = decision_states(*game, 64);
  Rng rng(5);
  size_t i = 0;
  for (auto _ : st) {
    const State& s = *states[i++ % states.size()];
    benchmark::DoNotOptimize(s.resample(s.current_player(), rng));
  }
}

int register_all() {
  register_all_games();
  register_all_agents();
  for (const GameEntry* e : registered_games()) {
    const std::string name = e->info.name;
    const int mid = (e->info.min_players + e->info.max_players) / 2;
    const std::string suffix = name + "/" + std::to_string(mid);
    benchmark::RegisterBenchmark(("Clone/" + suffix).c_str(), BM_Clone, name, mid);
    benchmark::RegisterBenchmark(("Resample/" + suffix).c_str(), BM_Resample, name, mid);
    benchmark::RegisterBenchmark(("HeuristicDecision/" + suffix).c_str(), BM_HeuristicDecision,
                                 name, mid);
    // The game's default ("ismcts": its registered defaults, docs/bots.md), then the engine's
    // generic settings (random rollouts capped at 60 actions, or to the end) at two budgets, the
    // same in every game.
    for (const char* spec : {"ismcts", "ismcts:resample=off", "ismcts:observer=multi",
                             "ismcts:trees=2", "ismcts:iterations=1000:depth=60:rollout=random",
                             "ismcts:iterations=10000:depth=60:rollout=random",
                             "ismcts:iterations=1000:depth=0:rollout=random"})
      benchmark::RegisterBenchmark(("Ismcts/" + suffix + "/" + spec).c_str(), BM_IsmctsMove, name,
                                   mid, std::string(spec))
          ->Unit(benchmark::kMillisecond);
  }
  return 0;
}
const int registered = register_all();

}  // namespace
}  // namespace villainy

BENCHMARK_MAIN();
