// Tournaments: seat rotation, determinism whatever the thread count, consistent counts, and the
// Bradley–Terry fit.
#include "villainy/agents/tournament.h"

#include <gtest/gtest.h>

#include <cmath>

#include "invariants.h"
#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {

void register_everything() {
  register_all_games();
  register_all_agents();
}

TEST(Tournament, SameReportWhateverTheThreadCount) {
  register_everything();
  for (const GameEntry* e : registered_games()) {
    TournamentConfig cfg;
    cfg.game = load_game(e->info.name, {}, e->info.min_players);
    cfg.agents = {"random", "ismcts:iterations=20"};
    cfg.games = static_cast<std::uint64_t>(2 * testing::scaled(6));
    cfg.seed = 11;
    cfg.threads = 1;
    const auto one = run_tournament(cfg);
    cfg.threads = 3;
    const auto three = run_tournament(cfg);
    EXPECT_EQ(one.to_text(), three.to_text()) << e->info.name;
    EXPECT_EQ(one.to_json(), three.to_json()) << e->info.name;
    cfg.seed = 12;
    EXPECT_NE(run_tournament(cfg).to_json(), one.to_json()) << e->info.name;
  }
}

TEST(Tournament, SeatsRotateAndCountsAddUp) {
  register_everything();
  const GameEntry* e = registered_games().front();
  const int k = e->info.min_players;
  TournamentConfig cfg;
  cfg.game = load_game(e->info.name, {}, k);
  cfg.agents = {"random"};
  for (int i = 1; i < k; ++i) cfg.agents.push_back("ismcts:iterations=5");
  cfg.games = static_cast<std::uint64_t>(k * testing::scaled(4));
  const auto r = run_tournament(cfg);
  ASSERT_EQ(r.agents.size(), 2u);
  EXPECT_TRUE(r.balanced);
  const std::uint64_t per_seat = cfg.games / static_cast<std::uint64_t>(k);
  for (int s = 0; s < k; ++s) {
    EXPECT_EQ(r.seat_wins[0][static_cast<size_t>(s)].n,
              per_seat);  // the single entry sits everywhere equally
    EXPECT_EQ(r.seat_wins[1][static_cast<size_t>(s)].n,
              per_seat * static_cast<std::uint64_t>(k - 1));
  }
  EXPECT_EQ(r.wins[0].n + r.wins[1].n, cfg.games * static_cast<std::uint64_t>(k));
  EXPECT_EQ(r.h2h[0][1].wins, r.h2h[1][0].losses);
  EXPECT_EQ(r.h2h[0][1].games, cfg.games);
  EXPECT_EQ(r.length.count(), cfg.games);
  cfg.games += 1;
  EXPECT_FALSE(run_tournament(cfg).balanced);
}

// Points split shared wins: in every game the points of all seats add up to 1 (every game here has
// a winner), so a mirror match gives each agent name exactly its seats' share.
TEST(Tournament, PointsSplitSharedWins) {
  register_everything();
  for (const GameEntry* e : registered_games()) {
    const int k = e->info.min_players;
    TournamentConfig cfg;
    cfg.game = load_game(e->info.name, {}, k);
    cfg.agents = {"random"};
    cfg.games = static_cast<std::uint64_t>(testing::scaled(6));
    const auto r = run_tournament(cfg);
    ASSERT_EQ(r.agents.size(), 1u);
    EXPECT_NEAR(r.points[0], static_cast<double>(cfg.games), 1e-9) << e->info.name;
    EXPECT_NEAR(r.points_mean(0), 1.0 / k, 1e-9) << e->info.name;
    EXPECT_GE(r.wins[0].k, static_cast<std::uint64_t>(cfg.games));  // shared wins count fully
    const auto j = r.to_json();
    EXPECT_NEAR(j["agents"][0]["points"]["mean"].get<double>(), 1.0 / k, 1e-9);
  }
}

TEST(Tournament, BadAgentIsAnError) {
  register_everything();
  TournamentConfig cfg;
  cfg.game = load_game(registered_games().front()->info.name, {},
                       registered_games().front()->info.min_players);
  cfg.agents = {"random", "nonsense"};
  cfg.games = 2;
  EXPECT_THROW(run_tournament(cfg), Error);
}

TEST(BradleyTerry, RecoversKnownStrengths) {
  // Strengths 1, 2, 4: expected pairwise win counts out of 3000 comparisons per pair.
  const double g[3] = {1, 2, 4};
  std::vector<std::vector<double>> w(3, std::vector<double>(3, 0.0));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      if (i != j) w[static_cast<size_t>(i)][static_cast<size_t>(j)] = 3000 * g[i] / (g[i] + g[j]);
  std::vector<double> theta, se;
  bradley_terry(w, 0.0, theta, se);
  EXPECT_NEAR(theta[0], 0.0, 1e-9);
  EXPECT_NEAR(theta[1], std::log(2.0), 1e-6);
  EXPECT_NEAR(theta[2], std::log(4.0), 1e-6);
  EXPECT_EQ(se[0], 0.0);
  EXPECT_GT(se[1], 0.01);
  EXPECT_LT(se[1], 0.1);
  // The prior keeps an agent that never won finite.
  std::vector<std::vector<double>> lop = {{0, 10}, {0, 0}};
  bradley_terry(lop, 1.0, theta, se);
  EXPECT_TRUE(std::isfinite(theta[1]));
  EXPECT_LT(theta[1], -2.0);
}

}  // namespace
}  // namespace villainy
