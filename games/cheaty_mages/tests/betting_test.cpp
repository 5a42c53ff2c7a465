// Betting (CM-6): secret bets of one to three cards, and what they pay.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "table.h"

namespace villainy::cheaty_mages {
namespace {
using namespace test;  // the scripted table of table.h
using Phase = CheatyMagesState::Phase;

TEST(CheatyMagesBetting, CM6_BetsHiddenThenPaid_ThreeCardsRoundUp) {
  // Skeleton (prize 7) wins: one card pays 14, two cards 7, three cards 7/2 rounded up = 4.
  Table t = setup(3, {{"fireball"}}, {"skeleton", "goblin", "orc", "lizardman", "ghost"}, "tad");
  t.a("bet:1");
  t.a("bet:2");
  t.a("bet:3");  // three cards: betting ends by itself
  EXPECT_EQ(t.s().current_player(), 1);
  EXPECT_TRUE(t.state().view_json(1)["seats"][0].contains("bet_cards"));
  EXPECT_FALSE(t.state().view_json(1)["seats"][0].contains("bets"));  // hidden (CM-6)
  EXPECT_TRUE(t.state().view_json(0)["seats"][0].contains("bets"));
  EXPECT_FALSE(t.legal("bet-done"));  // at least one card
  t.bets({"1", "1,2"});
  t.cast("fireball", 1);  // Skeleton reverses: 3 + 4 = 7 > Ghost 5
  t.pass_all();
  const MatchSummary& m = t.s().last_match();
  EXPECT_EQ(m.winner_pos, 0);
  EXPECT_EQ(m.prize, 7);
  EXPECT_EQ(t.s().seat(0).coins, 4);
  EXPECT_EQ(t.s().seat(1).coins, 14);
  EXPECT_EQ(t.s().seat(2).coins, 7);
  EXPECT_TRUE(t.state().view_json(1)["seats"][0].contains("bets"));  // revealed at the match end
}

}  // namespace
}  // namespace villainy::cheaty_mages
