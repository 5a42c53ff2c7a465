// Mwahahaha! rule tests: the Creation phase (MW-7…MW-14), with the Creation powers (MW-31). Each
// test cites the rule ids of docs/rules/mwahahaha.md it checks. Positions are set up by forcing
// chance outcomes (scientists, devices, draws, dice) through apply(); a few tests then place
// tokens, Minions or Empires on the table through the test accessor (documented at the call) to
// reach a phase quickly.
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

// Creation (MW-7…MW-15)
TEST(MwCreation, ConversionCappedByLairAndEmpires_MW8_MW8a) {
  // Herr Ubervoldt: Energy 3, Money 2, Structure 2, Eureka 0.
  Table t = creation_two({"e3", "e2", "eu3", "wild", "betrayed"});
  EXPECT_TRUE(t.can("convert:e3"));
  EXPECT_FALSE(t.can("convert:eu3"));  // no Eureka capacity
  for (const auto& a : t.legal())
    EXPECT_EQ(a.find("betrayed"), std::string::npos) << a;  // never converted
  t.act("convert:e3");
  t.pass_windows();
  EXPECT_EQ(t.s().seat(0).stock[0], 3);
  EXPECT_FALSE(t.can("convert:e2"));  // Energy capacity used up
  EXPECT_FALSE(t.can("convert-wild:energy"));
  t.act("convert-wild:money");  // Wild (2) as Money
  t.pass_windows();
  EXPECT_EQ(t.s().seat(0).stock[1], 2);
  // An Empire adds capacity (Acme Power & Light: Energy 2) — placed on the table for the test.
  t.give_empire(0, "acme-power-light");
  EXPECT_TRUE(t.can("convert:e2"));
  t.act("convert:e2");
  t.pass_windows();
  EXPECT_EQ(t.s().seat(0).stock[0], 5);
}

TEST(MwCreation, ExcessPointsAreLost_MW8a) {
  Table t = creation_two({"m3", "m3", "e1", "e1", "e1"});
  t.act("convert:m3");  // Money capacity 2: 1 point lost
  t.pass_windows();
  EXPECT_EQ(t.s().seat(0).stock[1], 2);
  EXPECT_FALSE(t.can("convert:m3"));
}

TEST(MwCreation, SacrificeTwoCardsForAMissingResource_MW8_MW8b) {
  Table t = creation_two({"betrayed", "e1", "m1", "s1", "s2"});
  EXPECT_TRUE(t.can("sacrifice-for:eureka"));  // Eureka rating 0
  EXPECT_FALSE(t.can("sacrifice-for:energy"));
  t.act("sacrifice-for:eureka");
  t.act("select-raw:betrayed");
  t.act("select-raw:s1");
  EXPECT_EQ(t.s().seat(0).stock[3], 1);
  EXPECT_EQ(t.s().seat(0).raw_count(), 3);

  Table u = [] {
    Table x(2, {{"sacrifice", "off"}});
    x.setup({"herr-ubervoldt", "baron-morbidodictus"},
            {{"man-eating-plants", "orbital-laser", "freeze-ray"},
             {"giant-robot", "shrink-ray", "weather-machine"}},
            {"embezzlement", "brilliant-idea"});
    for (auto k : {"betrayed", "e1", "m1", "s1", "s2"}) x.act(std::string("raw:") + k);
    x.pass_windows();
    return x;
  }();
  EXPECT_FALSE(u.can("sacrifice-for:eureka"));
}

TEST(MwCreation, BuyEmpireAndMinionInvestCashIn_MW9_MW10_MW11_MW12_MW12a) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  for (auto k : {"convert:e3", "convert:m2", "convert:s2"}) {
    t.act(k);
    t.pass_windows();
  }
  ASSERT_EQ(t.s().seat(0).stock_total(), 7);
  t.act("buy-empire");
  t.act("pay:energy");
  t.act("pay:energy");
  t.act("empire:oil-conglomerate");  // blind draw, face up
  EXPECT_EQ(std::popcount(t.s().seat(0).empires), 1);
  t.act("buy-minion");
  t.act("pay:money");
  t.act("minion:giant-lizards");
  EXPECT_EQ(std::popcount(t.s().seat(0).minions), 1);
  EXPECT_FALSE(t.st()->view_json(1)["seats"][0]["minions_face_down_unknown"].get<int>() == 0);
  t.act("invest:structure");
  EXPECT_EQ(t.s().seat(0).dev[2], 1);
  // Cash in: a two-icon Empire gives one token of each (MW-12a); once per round.
  const int e0 = t.s().seat(0).stock[0], m0 = t.s().seat(0).stock[1];
  t.act("cash-in:oil-conglomerate");
  EXPECT_EQ(t.s().seat(0).stock[0], e0 + 1);
  EXPECT_EQ(t.s().seat(0).stock[1], m0 + 1);
  t.give_empire(0, "acme-power-light");
  EXPECT_FALSE(t.can("cash-in:acme-power-light"));
}

TEST(MwCreation, EmpireAndMinionLimits_MW9_MW10) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.c().seats[0].stock = {5, 5, 5, 5};
  for (auto k : {"acme-power-light", "tesla-coil-works", "first-sinister-bank"})
    t.give_empire(0, k);
  EXPECT_FALSE(t.can("buy-empire"));
  for (auto k : {"killer-drones", "robot-sentry", "tesla-troopers", "nanites", "zombies"})
    t.give_minion(0, k);
  EXPECT_FALSE(t.can("buy-minion"));
}

TEST(MwCreation, FeedTheSharksOncePerGameLocksBuying_MW13_MW13a) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.c().seats[0].stock = {2, 2, 2, 2};
  t.give_minion(0, "cannon-fodder");
  t.give_minion(0, "zombies");
  ASSERT_TRUE(t.can("feed-sharks"));  // Cannon Fodder counts as 2
  t.act("feed-sharks");
  t.act("select-minion:cannon-fodder");
  t.act("select-minion:zombies");
  EXPECT_EQ(t.s().seat(0).maniacal, 1);
  EXPECT_FALSE(t.can("buy-minion"));  // no buying for the rest of the round
  t.give_minion(0, "killer-drones");
  t.give_minion(0, "robot-sentry");
  t.give_minion(0, "tesla-troopers");
  EXPECT_FALSE(t.can("feed-sharks"));                  // once per game
  EXPECT_TRUE(t.can("discard-minion:killer-drones"));  // MW-13: discard any Minion
}

TEST(MwCreation, SwapDirtyTricksOncePerRound_MW14) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.give_trick(0, "sabotage");
  ASSERT_EQ(t.s().seat(0).trick_count(), 2);
  t.act("swap-tricks");
  t.act("select-trick:embezzlement");
  t.act("select-trick:sabotage");
  t.act("trick:evil-laugh");
  EXPECT_EQ(t.s().seat(0).trick_count(), 1);
  EXPECT_FALSE(t.can("swap-tricks"));
}

TEST(MwPowers, AssemblyLineKeepsOneOfTwo_MW31) {
  Table t = with("high-viceroy-roboticus-iii", "baron-morbidodictus");
  for (auto k : {"e3", "m2", "s2", "e1", "e1"}) t.act(std::string("raw:") + k);
  t.pass_windows();
  t.c().seats[0].stock = {2, 0, 0, 0};
  t.act("buy-minion");
  t.act("pay:energy");
  t.act("minion:killer-robot");
  t.act("minion:zombies");
  EXPECT_EQ(t.legal(),
            (std::set<std::string>{"select-minion:killer-robot", "select-minion:zombies"}));
  EXPECT_EQ(t.st()->describe_action(t.id("select-minion:killer-robot"), 1),
            "Seat 1 chooses a Minion");
  t.act("select-minion:killer-robot");
  EXPECT_EQ(t.s().seat(0).minions, 1ULL << t.minion("killer-robot"));
  // D2: the other goes to the bottom of the Minion deck, out of the unordered middle.
  EXPECT_FALSE((t.s().minion_deck() >> t.minion("zombies")) & 1);
  EXPECT_EQ(t.s().core().min_bottom_n, 1);
  t.act("buy-minion");  // the second purchase this round draws one card
  t.act("pay:energy");
  EXPECT_EQ(t.s().core().ch_count, 1);
}

TEST(MwPowers, OverclockConvertsOnePointBeyondCapacity_MW31) {
  Table t =
      with("dr-volta-sparkz", "baron-morbidodictus");  // Energy 2, Money 0, Structure 2, Eureka 3
  for (auto k : {"e3", "m2", "s2", "e1", "e1"}) t.act(std::string("raw:") + k);
  t.pass_windows();
  t.act("convert:e3");
  t.pass_windows();
  EXPECT_EQ(t.s().seat(0).stock[0], 3);  // 2 + 1 Overclock point
  EXPECT_FALSE(t.can("convert:e1"));
}

TEST(MwPowers, ShellCompaniesAddATokenOnCashIn_MW31_MW32) {
  Table t = with("count-cashenstein", "baron-morbidodictus");
  for (auto k : {"e3", "m2", "s2", "e1", "e1"}) t.act(std::string("raw:") + k);
  t.pass_windows();
  t.give_empire(0, "acme-power-light");
  t.act("cash-in:acme-power-light");
  t.act("type:structure");
  EXPECT_EQ(t.s().seat(0).stock, (std::array<std::uint8_t, 4>{3, 0, 1, 0}));
}

// MW-7…MW-15 with D6: a Creation turn is not cut short after 40 actions; 45 single-token
// investments (MW-11) are all legal.
TEST(MwPoints, CreationTurnHasNoActionCap_MW11_D6) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.c().seats[0].stock = {45, 0, 0, 0};  // placed: enough tokens for 45 actions
  for (int i = 0; i < 45; ++i) t.act("invest:energy");
  EXPECT_EQ(t.s().seat(0).dev[0], 45);
  EXPECT_TRUE(t.can("convert:e3"));
}

// Assembly Line (P-SCI, MW-31): "keep 1 and put the other on the bottom". The rejected Minion is
// not among the cards the next draw can give while the rest of the deck lasts; it is drawn when
// only the bottom is left. Its owner knows it is there; the other seat sees only how many.
TEST(MwPoints, AssemblyLinePutsTheOtherOnTheBottom_MW31) {
  Table t = with("high-viceroy-roboticus-iii", "baron-morbidodictus");
  for (auto k : {"e3", "m2", "s2", "e1", "e1"}) t.act(std::string("raw:") + k);
  t.pass_windows();
  t.c().seats[0].stock = {3, 0, 0, 0};  // placed: three purchases
  t.act("buy-minion");
  t.act("pay:energy");
  t.act("minion:killer-robot");
  t.act("minion:zombies");
  t.act("select-minion:killer-robot");
  EXPECT_EQ(t.st()->view_json(0)["minion_bottom"]["cards"],
            nlohmann::json::array({t.minion("zombies")}));
  EXPECT_EQ(t.st()->view_json(1)["minion_bottom"]["n"], 1);
  EXPECT_FALSE(t.st()->view_json(1)["minion_bottom"].contains("cards"));
  t.act("buy-minion");
  t.act("pay:energy");
  const auto outcomes = t.outcomes();
  EXPECT_EQ(outcomes.size(), 38U);  // 40 - Killer Robot - Zombies (at the bottom)
  for (const auto& o : outcomes) EXPECT_NE(o.action, t.id("minion:zombies"));
  t.act("minion:nanites");
  t.c().min_deck = 0;  // placed: the rest of the deck drawn
  t.act("buy-minion");
  t.act("pay:energy");
  EXPECT_EQ(t.legal(), (std::set<std::string>{"minion:zombies"}));  // the bottom card is next
  t.act("minion:zombies");
  EXPECT_TRUE((t.s().seat(0).minions >> t.minion("zombies")) & 1);
  EXPECT_EQ(t.s().core().min_bottom_n, 0);
}

// MW-7 ("first, at the start of the turn") with MW-27: the refill comes before the new device.
TEST(MwPoints, RefillComesBeforeTheNewDevice_MW7_MW27) {
  Table t = domination_two({1, 1, 1, 1});
  t.act("threaten:city");
  t.dice({1, 1, 1, 1, 6, 6, 6});
  t.act("retaliate:energy");
  t.act("no-threat");
  t.act("trick:sabotage");
  t.act("trick:espionage");
  t.act("go-first");
  ASSERT_TRUE(t.st()->is_chance());
  EXPECT_TRUE(t.can("raw:s3"));  // raw cards first
  EXPECT_FALSE(t.can("device:gravity-inverter"));
  for (auto k : {"s3", "m3", "eu3", "eu2", "eu1"}) t.act(std::string("raw:") + k);
  t.act("device:black-hole-generator");
  t.act("device:tidal-wave-machine");
  t.act("device:gravity-inverter");
  EXPECT_EQ(t.s().seat(0).raw_count(), 5);  // kept knowing the hand
  t.act("keep-device:gravity-inverter");
  EXPECT_EQ(t.s().seat(0).device, 18);
}

}  // namespace
}  // namespace villainy::mwahahaha
