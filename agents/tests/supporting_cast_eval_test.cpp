// The Tribute to the Supporting Cast ISMCTS evaluator (agents/src/supporting_cast_search.cpp):
// values are win chances (each in (0, 1), summing to 1), a function of the state only, registered
// for the search; its features follow the rules they name (SC-13, SC-14, SC-15, SC-17); and the
// fitted weights of every player count predict the winners of heuristic games at that count better
// than the uniform guess.
#include "supporting_cast_eval.h"

#include <gtest/gtest.h>

#include <cmath>

#include "invariants.h"
#include "supporting_cast/tests/test_access.h"
#include "villainy/agents/agents.h"
#include "villainy/agents/ismcts.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {
using supporting_cast::SupportingCastState;
using supporting_cast::TestAccess;

const SupportingCastState& sc(const State& s) {
  return static_cast<const SupportingCastState&>(s);
}

std::shared_ptr<const Game> load(int players) {
  register_all_games();
  register_all_agents();
  return load_game("supporting-cast", {}, players);
}

TEST(ScEval, WinChancesSumToOneAtStatesOfRandomGames) {
  for (int n : {4, 5, 6, 7}) {
    auto game = load(n);
    const StateEvaluator* ev = find_evaluator("supporting-cast");
    ASSERT_NE(ev, nullptr) << "the evaluator is registered for the search";
    for (const auto& st :
         random_decision_states(*game, 200, 31 + static_cast<unsigned>(n), 10, 1500)) {
      std::vector<double> v(static_cast<size_t>(n), -1.0), again(static_cast<size_t>(n), -2.0);
      (*ev)(*st, v);
      sc_eval::evaluate(sc(*st), again, sc_eval::weights_for(n));
      double sum = 0;
      for (int p = 0; p < n; ++p) {
        const double x = v[static_cast<size_t>(p)];
        EXPECT_TRUE(std::isfinite(x) && x > 0 && x < 1) << "seat " << p << ": " << x;
        EXPECT_EQ(x, again[static_cast<size_t>(p)])
            << "registered = the table of " << n << " players";
        sum += x;
      }
      EXPECT_NEAR(sum, 1.0, 1e-12);
    }
  }
}

TEST(ScEval, ZeroWeightsAreTheNeutralValue) {
  auto game = load(5);
  for (const auto& st : random_decision_states(*game, 20, 8, 10, 500)) {
    std::vector<double> v(5);
    sc_eval::evaluate(sc(*st), v, sc_eval::Features{});
    for (double x : v) EXPECT_EQ(x, 1.0 / 5);
  }
}

// The features follow the rules: SC-15/SC-17 (scores, 15, zero points), SC-14 (the own chain).
TEST(ScEval, SC15_SC17_SC14_FeaturesFollowTheRules) {
  auto game = load(4);
  auto states = random_decision_states(*game, 1, 5, 60, 40);
  auto& s = static_cast<SupportingCastState&>(*states[0]);
  for (int p = 0; p < 4; ++p) TestAccess::set_score(s, p, 3);
  TestAccess::set_score(s, 1, 15);
  TestAccess::set_score(s, 2, 0);
  std::vector<sc_eval::Features> f(4);
  sc_eval::seat_features(s, f);
  EXPECT_EQ(f[1][0], 15 / 16.0);
  EXPECT_EQ(f[1][2], 0) << "15 with a rival on 0: the next score hands that rival the game";
  EXPECT_EQ(f[1][3], 1);
  EXPECT_EQ(f[2][4], 1);
  EXPECT_EQ(f[2][5], (15 / 16.0) * (15 / 16.0)) << "on 0 while a rival is on 15 (SC-17)";
  EXPECT_EQ(f[0][5], 0);
  TestAccess::set_score(s, 2, 1);
  sc_eval::seat_features(s, f);
  EXPECT_EQ(f[1][2], 1) << "15 and nobody on 0: the next score wins";
  EXPECT_EQ(f[1][3], 0);
  // The fitted weights: a higher score is worth more, other things equal.
  std::vector<double> lo(4), hi(4);
  for (int n = 4; n <= 7; ++n) {  // every count's table
    sc_eval::evaluate(s, lo, sc_eval::weights_for(n));
    TestAccess::set_score(s, 0, 9);
    sc_eval::evaluate(s, hi, sc_eval::weights_for(n));
    TestAccess::set_score(s, 0, 3);
    EXPECT_GT(hi[0], lo[0]) << n << " players' weights";
  }
}

// Each player count has its own table (fitted at that count), and the registered evaluator uses
// the one of the state's count.
TEST(ScEval, EachPlayerCountHasItsOwnTable) {
  for (int n = 5; n <= 7; ++n) EXPECT_NE(sc_eval::weights_for(n), sc_eval::weights_for(4)) << n;
  auto game = load(7);
  const StateEvaluator* ev = find_evaluator("supporting-cast");
  ASSERT_NE(ev, nullptr);
  bool differs = false;
  for (const auto& st : random_decision_states(*game, 20, 77, 10, 1200)) {
    std::vector<double> v(7), four(7);
    (*ev)(*st, v);
    sc_eval::evaluate(sc(*st), four, sc_eval::weights_for(4));
    differs = differs || v != four;
  }
  EXPECT_TRUE(differs) << "at 7 players the registered evaluator must not use the 4-player table";
}

// On positions of heuristic games the fitted weights beat the uniform guess at predicting the
// winners (cross-entropy against the shared label, SC-17): a sign error or a feature computed
// for the wrong seat fails this.
class ScEvalFit : public ::testing::TestWithParam<int> {};

TEST_P(ScEvalFit, FittedWeightsPredictHeuristicGamesBetterThanUniform) {
  const int n = GetParam();
  auto game = load(n);
  std::vector<std::unique_ptr<Agent>> agents;
  for (int p = 0; p < n; ++p) agents.push_back(make_agent("heuristic", *game));
  std::vector<Agent*> seats;
  for (auto& a : agents) seats.push_back(a.get());
  double fitted = 0, uniform = 0;
  int positions = 0;
  for (int g = 0; g < testing::scaled(60); ++g) {
    std::vector<std::vector<double>> values;
    RunOptions ro;
    ro.seed = 9000 + static_cast<std::uint64_t>(g);
    int k = 0;
    auto res = run_game(*game, seats, ro, [&](const State& st, Action, Player) {
      if (st.is_chance() || ++k % 25 != 0) return;
      std::vector<double> v(static_cast<size_t>(n));
      sc_eval::evaluate(sc(st), v, sc_eval::weights_for(n));
      values.push_back(v);
    });
    const auto w = res.final_state->winners();
    for (const auto& v : values) {
      for (Player q : w) {
        fitted -= std::log(v[static_cast<size_t>(q)]) / static_cast<double>(w.size());
        uniform += std::log(static_cast<double>(n)) / static_cast<double>(w.size());
      }
      ++positions;
    }
  }
  ASSERT_GT(positions, 100);
  EXPECT_LT(fitted / positions, uniform / positions - 0.05)
      << n << " players: fitted " << fitted / positions << ", uniform " << uniform / positions;
}

INSTANTIATE_TEST_SUITE_P(EveryPlayerCount, ScEvalFit, ::testing::Values(4, 5, 6, 7));

}  // namespace
}  // namespace villainy
