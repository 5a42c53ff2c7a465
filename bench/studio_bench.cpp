// What the designer report costs (issue 14: the HTML and card figures add under 20% to a
// simulation's time). For each game, one thread, random seats:
//   BM_SimulateBare:   simulate with the generic report only (no game report, no HTML);
//   BM_SimulateReport: simulate with the game's report (its card figures included) and the HTML
//                      page rendered from the result.
// The difference is an upper bound on the card figures' and HTML's cost (it includes the rest of
// the game report too). Figures: docs/designer.md.
#include <benchmark/benchmark.h>

#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"
#include "villainy/studio/studio.h"

namespace {
using namespace villainy;

SimulateResult run(const std::string& game, int players, std::uint64_t games, bool report) {
  SimulateConfig cfg;
  cfg.game = load_game(game, {}, players);
  cfg.seats.assign(static_cast<size_t>(players), "random");
  cfg.games = games;
  cfg.seed = 7;
  cfg.threads = 1;
  cfg.game_report = report;
  return simulate(cfg, [](const std::string& s, const Game& g) { return make_agent(s, g); });
}

const char* kGames[] = {"supporting-cast", "cheaty-mages", "mwahahaha"};
const int kPlayers[] = {5, 4, 4};
const std::uint64_t kCount[] = {200, 500, 50};

void BM_SimulateBare(benchmark::State& st) {
  const auto g = static_cast<size_t>(st.range(0));
  for (auto _ : st) benchmark::DoNotOptimize(run(kGames[g], kPlayers[g], kCount[g], false).actions);
  st.SetLabel(kGames[g]);
}
void BM_SimulateReport(benchmark::State& st) {
  const auto g = static_cast<size_t>(st.range(0));
  for (auto _ : st) {
    auto r = run(kGames[g], kPlayers[g], kCount[g], true);
    benchmark::DoNotOptimize(studio::html_report(r).size());
  }
  st.SetLabel(kGames[g]);
}
BENCHMARK(BM_SimulateBare)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateReport)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  register_all_games();
  register_all_agents();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
