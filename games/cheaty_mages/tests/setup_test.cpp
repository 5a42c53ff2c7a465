// Setting up (CM-2…CM-5): hand sizes, starting coins, the start player, fighters and judge.
#include <gtest/gtest.h>

#include "table.h"

namespace villainy::cheaty_mages {
namespace {
using namespace test;  // the scripted table of table.h
using Phase = CheatyMagesState::Phase;

TEST(CheatyMagesSetup, CM2_HandSizesByPlayerCount) {
  for (int n = 3; n <= 6; ++n) {
    Table t = setup(n, {}, kFive, "tad");
    const int expect = n <= 4 ? 8 : (n == 5 ? 6 : 5);
    for (int p = 0; p < n; ++p) EXPECT_EQ(t.s().seat(p).hand_n, expect) << n;
    EXPECT_EQ(t.s().deck_size(), 72 - n * expect);
  }
}

TEST(CheatyMagesSetup, CM3_StartingCoins) {
  EXPECT_EQ(setup(3, {}).s().seat(0).coins, 0);
  EXPECT_EQ(setup(3, {}, {}, "", 0, {{"bribe", "on"}}).s().seat(1).coins, 2);
  EXPECT_EQ(setup(3, {}, {}, "", 0, {{"bribe", "last-match"}}).s().seat(2).coins, 2);
}

TEST(CheatyMagesSetup, CM4_RandomFirstStartPlayerAndThreeMatches) {
  register_game();
  auto g = load_game("cheaty-mages", {}, 4);
  auto s = g->new_initial_state();
  EXPECT_TRUE(s->is_chance());
  EXPECT_EQ(s->legal_actions().size(), 4u);  // start:0..3
  Table t = setup(4, {}, {}, "", 2);
  EXPECT_EQ(t.s().start_player(), 2);
  Rng rng(7);
  advance(t, rng, [] { return false; });
  ASSERT_TRUE(t.state().is_terminal());
  EXPECT_EQ(t.s().matches_counted(), 3);
}

TEST(CheatyMagesSetup, CM5_FiveFightersAndAJudge) {
  Table t = setup(3, {}, kFive, "zapp");
  for (int pos = 0; pos < 5; ++pos) EXPECT_GE(t.s().fighter_at(pos), 0);
  EXPECT_EQ(t.s().fighter_at(2), fighter_id::kSkeleton);
  EXPECT_EQ(t.s().judge(), judge_id::kZapp);
  EXPECT_EQ(t.s().phase(), Phase::kBet);
  EXPECT_EQ(t.s().current_player(), 0);
}

}  // namespace
}  // namespace villainy::cheaty_mages
