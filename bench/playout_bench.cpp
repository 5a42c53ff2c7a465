// Benchmarks (Google Benchmark): random playouts per game and player count (games/s and
// actions/s on one core), clone and resample costs, and heuristic-agent games.
#include <benchmark/benchmark.h>

#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {

void BM_RandomPlayout(benchmark::State& st, std::string name, int players) {
  auto game = load_game(name, {}, players);
  Rng rng(12345);
  std::vector<Action> buffer;
  buffer.reserve(256);
  std::int64_t actions = 0, games = 0;
  auto initial = game->new_initial_state();
  for (auto _ : st) {
    auto s = initial->clone();
    actions += random_playout(*s, rng, buffer);
    ++games;
  }
  st.counters["actions/s"] =
      benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  st.counters["games/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  st.counters["actions/game"] =
      static_cast<double>(actions) / static_cast<double>(std::max<std::int64_t>(1, games));
}

// States sampled from the middle of random games, for clone and resample costs.
std::vector<std::unique_ptr<State>> mid_game_states(const Game& game, int count) {
  return random_decision_states(game, count, 99, 50, 400);
}

void BM_Clone(benchmark::State& st, std::string name, int players) {
  auto game = load_game(name, {}, players);
  auto states = mid_game_states(*game, 64);
  size_t i = 0;
  for (auto _ : st) {
    auto c = states[i++ % states.size()]->clone();
    benchmark::DoNotOptimize(c);
  }
}

void BM_Resample(benchmark::State& st, std::string name, int players) {
  auto game = load_game(name, {}, players);
  auto states = mid_game_states(*game, 64);
  Rng rng(5);
  size_t i = 0;
  for (auto _ : st) {
    const State& s = *states[i++ % states.size()];
    auto c = s.resample(s.current_player(), rng);
    benchmark::DoNotOptimize(c);
  }
}

void BM_AgentGame(benchmark::State& st, std::string name, int players, std::string agent) {
  auto game = load_game(name, {}, players);
  std::vector<std::unique_ptr<Agent>> owned;
  std::vector<Agent*> seats;
  for (int p = 0; p < players; ++p) {
    owned.push_back(make_agent(agent, *game));
    seats.push_back(owned.back().get());
  }
  std::uint64_t seed = 1;
  std::int64_t actions = 0, games = 0;
  for (auto _ : st) {
    RunOptions ro;
    ro.seed = seed++;
    actions += run_game(*game, seats, ro).num_actions;
    ++games;
  }
  st.counters["actions/s"] =
      benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
  st.counters["games/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
}

int register_all() {
  register_all_games();
  register_all_agents();
  for (const GameEntry* e : registered_games()) {
    const std::string name = e->info.name;
    for (int k = e->info.min_players; k <= e->info.max_players; ++k) {
      benchmark::RegisterBenchmark(("RandomPlayout/" + name + "/" + std::to_string(k)).c_str(),
                                   BM_RandomPlayout, name, k);
    }
    const int mid = (e->info.min_players + e->info.max_players) / 2;
    benchmark::RegisterBenchmark(("Clone/" + name + "/" + std::to_string(mid)).c_str(), BM_Clone,
                                 name, mid);
    benchmark::RegisterBenchmark(("Resample/" + name + "/" + std::to_string(mid)).c_str(),
                                 BM_Resample, name, mid);
    for (const char* agent : {"heuristic"}) {
      bool have = false;
      for (auto& [n, d] : available_agents(name)) have |= n == agent;
      if (have)
        benchmark::RegisterBenchmark(
            ("AgentGame/" + name + "/" + std::to_string(mid) + "/" + agent).c_str(), BM_AgentGame,
            name, mid, std::string(agent));
    }
  }
  return 0;
}
const int registered = register_all();

}  // namespace
}  // namespace villainy

BENCHMARK_MAIN();
