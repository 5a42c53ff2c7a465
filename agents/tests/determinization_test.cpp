// The allocation-free paths the agents use (issue 15) give exactly what the allocating ones do:
// State::resample_into (DecisionContext::sample_state_into) is resample with the same draws, into
// an empty slot, a slot holding another state of the game, or a slot of another game; and
// returns_into is returns.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {

TEST(Determinization, ResampleIntoIsResampleWithTheSameDraws) {
  register_all_games();
  std::unique_ptr<State> foreign;  // a state of some other game, to check the fallback
  for (const GameEntry* e : registered_games()) {
    for (int n = e->info.min_players; n <= e->info.max_players; ++n) {
      auto game = load_game(e->info.name, {}, n);
      auto states = random_decision_states(*game, 40, 17 + static_cast<std::uint64_t>(n), 0, 600);
      ASSERT_FALSE(states.empty()) << e->info.name;
      std::unique_ptr<State> slot;  // empty at first, then holding the previous sample
      for (size_t i = 0; i < states.size(); ++i) {
        const State& s = *states[i];
        const Player viewer = s.current_player();
        Rng a(100 + i), b(100 + i), c(100 + i);
        const auto expected = s.resample(viewer, a);
        s.resample_into(viewer, b, slot);
        ASSERT_TRUE(slot) << e->info.name;
        EXPECT_EQ(slot->fingerprint(), expected->fingerprint())
            << e->info.name << "/" << n << " #" << i;
        EXPECT_EQ(slot->view_json(kSpectator), expected->view_json(kSpectator)) << e->info.name;
        EXPECT_EQ(a.next(), b.next()) << e->info.name << ": different draws from the rng";
        std::unique_ptr<State> other = foreign ? foreign->clone() : nullptr;
        s.resample_into(viewer, c, other);
        EXPECT_EQ(other->fingerprint(), expected->fingerprint()) << e->info.name;
        EXPECT_EQ(&other->game(), &s.game()) << e->info.name;
      }
      foreign = states[0]->clone();
    }
  }
}

TEST(Determinization, ReturnsIntoIsReturns) {
  register_all_games();
  for (const GameEntry* e : registered_games()) {
    auto game = load_game(e->info.name, {}, e->info.max_players);
    Rng rng(3);
    std::vector<Action> buf;
    for (int g = 0; g < 20; ++g) {
      auto s = game->new_initial_state();
      random_playout(*s, rng, buf);
      ASSERT_TRUE(s->is_terminal());
      std::vector<double> out(static_cast<size_t>(game->num_players()), -7.0);
      s->returns_into(out);
      EXPECT_EQ(out, s->returns()) << e->info.name;
    }
  }
}

}  // namespace
}  // namespace villainy
