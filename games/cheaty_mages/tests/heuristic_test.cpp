// The Cheaty Mages! heuristic is clearly better than random seats, and only ever picks legal
// actions.
#include <gtest/gtest.h>

#include "cheaty_mages/cheaty_mages.h"
#include "invariants.h"
#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"

namespace villainy::cheaty_mages {
namespace {

TEST(CheatyMagesHeuristic, BeatsRandomSeats) {
  register_game();
  register_all_agents();
  for (int n : {3, 5}) {
    auto game = load_game("cheaty-mages", {}, n);
    auto bot = make_agent("heuristic", *game);
    RandomAgent random;
    Rng rng(42 + static_cast<std::uint64_t>(n));
    const int games = testing::scaled(60);
    int wins = 0;
    std::vector<Action> legal;
    for (int i = 0; i < games; ++i) {
      auto s = game->new_initial_state();
      const int seat = i % n;
      while (!s->is_terminal()) {
        if (s->is_chance()) {
          s->apply(s->sample_chance(rng));
          continue;
        }
        s->legal_actions(legal);
        DecisionContext ctx(*s, legal);
        const Action a = s->current_player() == seat ? bot->act(ctx, rng) : random.act(ctx, rng);
        s->apply(a);  // throws on an illegal choice
      }
      const auto w = s->winners();
      wins += std::find(w.begin(), w.end(), seat) != w.end();
    }
    EXPECT_GT(wins, games * 2 / n) << n << " players: " << wins << "/" << games;
  }
}

}  // namespace
}  // namespace villainy::cheaty_mages
