// No heap allocation per decision (issue 15): this binary counts every operator new (it links
// villainy_alloc_testing) and checks, for every game and player count, that
//   - a heuristic decision makes no allocation once the agent has warmed up (its reused buffers
//     have grown to their steady size);
//   - an ISMCTS move with the game's default settings (heuristic rollouts where the game registers
//     them), and with heuristic rollouts in every game (resampling at every rollout decision, and
//     deciding on the determinization: resample=off), allocates nothing per iteration in
//     steady state, also with a short cap where most rollouts end at the game's evaluator;
//   - and that the count catches a per-decision allocation when one is reintroduced (an agent
//     that wraps the heuristic and allocates once per decision is reported).
// The counts are printed, so the test doubles as the measurement quoted in docs/bots.md.
#include <gtest/gtest.h>

#include <cstdio>

#include "alloc_check.h"
#include "villainy/agents/agents.h"
#include "villainy/agents/ismcts.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {
using testing::allocation_count;

struct Count {
  long decisions = 0, allocations = 0;
};

// Plays `games` games with `spec` in every seat (one agent object per seat, kept across games)
// and counts allocations inside act() for decisions after the first `warmup` of each seat.
Count count_agent(const Game& game, const std::string& spec, int games, int warmup,
                  std::uint64_t seed, long* iterations = nullptr) {
  const int n = game.num_players();
  std::vector<std::unique_ptr<Agent>> agents;
  for (int p = 0; p < n; ++p) agents.push_back(make_agent(spec, game));
  std::vector<long> seen(static_cast<size_t>(n), 0);
  std::vector<Action> legal;
  legal.reserve(512);
  Count c;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto s = game.new_initial_state();
    while (!s->is_terminal()) {
      if (s->is_chance()) {
        s->apply_unchecked(s->sample_chance(rng));
        continue;
      }
      const Player p = s->current_player();
      s->legal_actions(legal);
      DecisionContext ctx(*s, legal);
      Agent& a = *agents[static_cast<size_t>(p)];
      const long before = allocation_count();
      const Action act = a.act(ctx, rng);
      const long used = allocation_count() - before;
      if (seen[static_cast<size_t>(p)]++ >= warmup && legal.size() > 1) {
        ++c.decisions;
        c.allocations += used;
        if (iterations)
          if (auto* is = dynamic_cast<IsmctsAgent*>(&a)) *iterations += is->last_stats().iterations;
      }
      s->apply_unchecked(act);
    }
  }
  return c;
}

// The heuristic plus one heap allocation per decision: the defect the test guards against.
class AllocatingHeuristic : public Agent {
 public:
  explicit AllocatingHeuristic(const Game& g) : inner_(make_agent("heuristic", g)) {}
  Action act(const DecisionContext& ctx, Rng& rng) override {
    auto* volatile scratch = new std::vector<Action>(ctx.legal_actions());
    const Action a = inner_->act(ctx, rng);
    delete scratch;
    return a;
  }
  std::string name() const override { return "allocating-heuristic"; }

 private:
  std::unique_ptr<Agent> inner_;
};

class AgentsAlloc : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    register_all_games();
    register_all_agents();
    register_agent(
        "allocating-heuristic", "",
        [](const AgentSpec&, const Game& g) -> std::unique_ptr<Agent> {
          return std::make_unique<AllocatingHeuristic>(g);
        },
        "test only: the heuristic, allocating once per decision");
  }
};

TEST_F(AgentsAlloc, AReintroducedAllocationPerDecisionIsCaught) {
  for (const GameEntry* e : registered_games()) {
    auto game = load_game(e->info.name, {}, e->info.min_players);
    const Count c = count_agent(*game, "allocating-heuristic", 1, 20, 7);
    EXPECT_GT(c.decisions, 0) << e->info.name;
    EXPECT_GE(c.allocations, c.decisions) << e->info.name;
  }
}

TEST_F(AgentsAlloc, CountingIsLinkedIn) {
  const long before = allocation_count();
  auto* volatile p = new int(3);
  delete p;
  EXPECT_GT(allocation_count(), before);
}

TEST_F(AgentsAlloc, HeuristicDecisionsAllocateNothingAfterWarmUp) {
  for (const GameEntry* e : registered_games()) {
    for (int n = e->info.min_players; n <= e->info.max_players; ++n) {
      auto game = load_game(e->info.name, {}, n);
      const Count c = count_agent(*game, "heuristic", 6, 20, 7);
      std::printf("%s/%d heuristic: %ld decisions, %.2f allocations per decision\n",
                  e->info.name.c_str(), n, c.decisions,
                  static_cast<double>(c.allocations) / static_cast<double>(c.decisions));
      EXPECT_GT(c.decisions, 0) << e->info.name << "/" << n;
      EXPECT_EQ(c.allocations, 0) << e->info.name << "/" << n << ": allocations in " << c.decisions
                                  << " heuristic decisions";
    }
  }
}

TEST_F(AgentsAlloc, IsmctsIterationsAllocateNothingAfterWarmUp) {
  for (const GameEntry* e : registered_games()) {
    const int n = (e->info.min_players + e->info.max_players) / 2;
    auto game = load_game(e->info.name, {}, n);
    // The game's defaults (heuristic rollouts where registered) at a small budget; the tree and
    // the buffers grow during the first moves of each seat.
    // A short cap (depth=8) ends most rollouts at the game's evaluator (Supporting Cast's too).
    for (const char* spec : {"ismcts:iterations=50", "ismcts:iterations=50:rollout=heuristic",
                             "ismcts:iterations=30:rollout=heuristic:resample=off",
                             "ismcts:iterations=50:depth=8:eval=on"}) {
      long iterations = 0;
      const Count c = count_agent(*game, spec, 1, 5, 11, &iterations);
      std::printf("%s/%d %s: %ld moves, %ld iterations, %.3f allocations per iteration\n",
                  e->info.name.c_str(), n, spec, c.decisions, iterations,
                  static_cast<double>(c.allocations) / static_cast<double>(iterations));
      EXPECT_GT(iterations, 0) << e->info.name << " " << spec;
      EXPECT_EQ(c.allocations, 0) << e->info.name << "/" << n << " " << spec << ": allocations in "
                                  << iterations << " ISMCTS iterations";
    }
  }
}

}  // namespace
}  // namespace villainy
