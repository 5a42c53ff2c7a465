// Mwahahaha! rule tests: setup and the round (MW-2…MW-5). Each test cites the rule ids of
// docs/rules/mwahahaha.md it checks. Positions are set up by forcing chance outcomes (scientists,
// devices, draws, dice) through apply(); a few tests then place tokens, Minions or Empires on the
// table through the test accessor (documented at the call) to reach a phase quickly.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "mw_table.h"

namespace villainy::mwahahaha {
namespace {

using namespace testing_table;

// Setup and the round (MW-2…MW-7)
TEST(MwSetup, DevicesKeptFaceDownOthersDiscardedFaceUp_MW2_MW3) {
  Table t(2);
  t.act("scientist:herr-ubervoldt");
  t.act("scientist:baron-morbidodictus");
  t.act("device:man-eating-plants");
  t.act("device:orbital-laser");
  t.act("device:freeze-ray");
  EXPECT_EQ(t.legal(),
            (std::set<std::string>{"keep-device:man-eating-plants", "keep-device:orbital-laser",
                                   "keep-device:freeze-ray"}));
  // The other seat does not learn which device was kept (MW-3); the two discarded face up (MW-2)
  // it sees, so the line names them.
  EXPECT_EQ(t.st()->describe_action(t.id("keep-device:man-eating-plants"), 1),
            "Seat 1 keeps a device and discards Orbital Laser and Freeze Ray face up");
  EXPECT_EQ(t.st()->describe_action(t.id("keep-device:freeze-ray"), 1),
            "Seat 1 keeps a device and discards Orbital Laser and Man-Eating Plants face up");
  t.act("keep-device:man-eating-plants");
  auto v1 = t.st()->view_json(1);
  EXPECT_EQ(v1["seats"][0]["device"], "face-down");
  EXPECT_EQ(t.st()->view_json(0)["seats"][0]["device"], "man-eating-plants");
  EXPECT_NE(t.c().dev_discard & (1U << 0), 0U);  // orbital laser discarded face up
  EXPECT_NE(t.c().dev_discard & (1U << 2), 0U);  // freeze ray
}

TEST(MwSetup, ScientistsChosenInSeatOrder_MW2a) {
  Table t(3, {{"scientist-deal", "choose"}});
  EXPECT_EQ(t.legal().size(), 10u);
  t.act("pick-scientist:madame-mesmera");
  EXPECT_FALSE(t.can("pick-scientist:madame-mesmera"));
  EXPECT_EQ(t.s().seat(0).sci, 7);
}

TEST(MwRound, EachDrawsADirtyTrickThenRichestChoosesFirstOrLast_MW4_MW5) {
  Table t = two();
  EXPECT_EQ(t.s().seat(0).trick_count(), 1);
  EXPECT_EQ(t.s().seat(1).trick_count(), 1);
  EXPECT_EQ(t.s().phase(), Phase::kCreation);
  EXPECT_EQ(t.s().order(0), 0);
  // MW-7: the first Creation turn refills the hand to 5 from 0 (MW-2a).
  EXPECT_TRUE(t.st()->is_chance());
  for (auto k : {"e1", "e2", "m1", "s1", "wild"}) t.act(std::string("raw:") + k);
  EXPECT_EQ(t.s().seat(0).raw_count(), 5);
}

TEST(MwRound, GoLastOrderClockwiseFromTheLeft_MW5) {
  Table t(3);
  t.setup({"herr-ubervoldt", "baron-morbidodictus", "professor-kontiki"},
          {{"man-eating-plants", "orbital-laser", "freeze-ray"},
           {"giant-robot", "shrink-ray", "weather-machine"},
           {"black-hole-generator", "doomsday-virus", "tidal-wave-machine"}},
          {"embezzlement", "brilliant-idea", "sabotage"});
  // Seat 0 went first: order 0,1,2. Now give seat 1 the richest stockpile and start Rivalry.
  t.c().seats[1].stock = {1, 0, 0, 0};
  t.c().phase = Phase::kCreation;
  t.c().order_pos = 2;
  t.c().turn = 2;
  t.c().stage = Stage::kCreation;
  t.c().actor = 2;
  t.clear_tricks();
  t.act("end-turn");
  EXPECT_EQ(t.s().phase(), Phase::kRivalry);
  EXPECT_EQ(t.s().current_player(), 1);  // the richest chooses
  t.act("go-last");
  EXPECT_EQ(t.s().order(0), 2);
  EXPECT_EQ(t.s().order(1), 0);
  EXPECT_EQ(t.s().order(2), 1);
}

TEST(MwRound, TiesBrokenAtRandomOrBySeat_MW5_MW5a) {
  const std::vector<std::string> sci = {"herr-ubervoldt", "baron-morbidodictus",
                                        "professor-kontiki"};
  const std::vector<std::vector<std::string>> devs = {
      {"man-eating-plants", "orbital-laser", "freeze-ray"},
      {"giant-robot", "shrink-ray", "weather-machine"},
      {"black-hole-generator", "doomsday-virus", "tidal-wave-machine"}};
  Table t(3);
  for (auto& k : sci) t.act("scientist:" + k);
  for (auto& dv : devs) {
    for (auto& k : dv) t.act("device:" + k);
    t.act("keep-device:" + dv[0]);
  }
  for (auto tr : {"embezzlement", "brilliant-idea", "sabotage"}) t.act(std::string("trick:") + tr);
  // All stockpiles are 0: a chance decision among the three tied seats.
  EXPECT_EQ(t.legal(), (std::set<std::string>{"tie:0", "tie:1", "tie:2"}));
  t.act("tie:2");
  EXPECT_EQ(t.s().current_player(), 2);

  Table u(3, {{"phase-tie", "seat"}});
  for (auto& k : sci) u.act("scientist:" + k);
  for (auto& dv : devs) {
    for (auto& k : dv) u.act("device:" + k);
    u.act("keep-device:" + dv[0]);
  }
  for (auto tr : {"embezzlement", "brilliant-idea", "sabotage"}) u.act(std::string("trick:") + tr);
  EXPECT_FALSE(u.st()->is_chance());
  EXPECT_EQ(u.s().current_player(), 0);  // seat 0 counts as the previous first player
}

}  // namespace
}  // namespace villainy::mwahahaha
