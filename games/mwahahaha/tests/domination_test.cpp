// Mwahahaha! rule tests: the Domination phase (MW-22…MW-29), counters (MW-28) and the round-limit
// ranking. Each test cites the rule ids of docs/rules/mwahahaha.md it checks. Positions are set up
// by forcing chance outcomes (scientists, devices, draws, dice) through apply(); a few tests then
// place tokens, Minions or Empires on the table through the test accessor (documented at the call)
// to reach a phase quickly.
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

// Domination (MW-22…MW-28)
TEST(MwDomination, CapabilityFromDeviceTokens_MW22_MW22a) {
  Table t = domination_two({1, 1, 1, 1});
  EXPECT_EQ(t.s().capability(0), 1);  // Man-Eating Plants City 1/1/1/1
  t.c().seats[0].dev = {2, 1, 3, 2};
  EXPECT_EQ(t.s().capability(0), 2);
  EXPECT_TRUE(t.can("threaten:state"));
  EXPECT_TRUE(t.can("threaten:city"));
  EXPECT_FALSE(t.can("threaten:country"));
}

// Man-Eating Plants at City: 4 dice against 3, needs 1 success (the source's first example).
TEST(MwDomination, SourceCityThreatFourAgainstThree_MW23_MW24_MW25) {
  Table t = domination_two({1, 1, 1, 1});
  t.act("threaten:city");
  EXPECT_TRUE(t.s().seat(0).device_up);  // MW-23: the device turns face up
  EXPECT_EQ(t.st()->view_json(1)["seats"][0]["device"], "man-eating-plants");
  EXPECT_EQ(t.s().dice_count(0), 4);
  EXPECT_EQ(t.s().dice_count(1), 3);
  t.dice(
      {6, 4, 3, 2, 5, 4, 1});  // threatener 6 4 3 2, people 5 4 1: 2 successes (a missing die ties)
  EXPECT_EQ(t.s().fight_successes(0), 2);
  EXPECT_TRUE(t.s().last_threat_success());
  // Ransom 1 token of any type (MW-25).
  t.act("type:eureka");
  EXPECT_EQ(t.s().seat(0).stock[3], 1);
  EXPECT_EQ(t.s().seat(0).humiliation, 0);  // at capability, first time: no Humiliation
  EXPECT_EQ(t.s().seat(0).dev, (std::array<std::uint8_t, 4>{1, 1, 1, 1}));  // tokens stay
}

// Man-Eating Plants at State with one Maniacal counter and a Dirty Trick giving the people +1:
// 6 dice against 5, needs 2 (the source's second example; Civil Defence Drill is the trick, played
// by the next player in the threat-declared window).
TEST(MwDomination, SourceStateThreatSixAgainstFiveRolled_MW24) {
  Table t = domination_two({2, 1, 3, 2}, {"civil-defence-drill"});
  t.c().seats[0].maniacal = 1;
  t.act("threaten:state");
  EXPECT_EQ(t.s().current_player(), 1);
  t.act("play:civil-defence-drill");
  EXPECT_TRUE(t.st()->is_chance());  // nobody holds a card any more: the window closes
  EXPECT_EQ(t.s().dice_count(0), 6);
  EXPECT_EQ(t.s().dice_count(1), 5);
  t.dice({6, 6, 5, 3, 2, 1, 5, 4, 4, 3, 3});
  EXPECT_EQ(t.s().fight_successes(0), 3);
  EXPECT_TRUE(t.s().last_threat_success());
  t.act("type:energy");
  t.act("type:money");
  EXPECT_EQ(t.s().seat(0).stock_total(), 2);  // ransom 2
}

TEST(MwDomination, RepeatOrLowerSuccessGivesHumiliation_MW25_MW22a) {
  Table t = domination_two({2, 1, 3, 2});
  t.act("threaten:city");  // below capability (State)
  t.dice({6, 6, 6, 6, 1, 1, 1});
  t.act("type:energy");
  EXPECT_EQ(t.s().seat(0).humiliation, 1);
}

TEST(MwDomination, FailureRetaliateOrFlee_MW26_MW26a) {
  Table t = domination_two({3, 1, 1, 1});
  t.act("threaten:city");
  t.dice({1, 1, 1, 1, 6, 6, 6});
  EXPECT_FALSE(t.s().last_threat_success());
  EXPECT_EQ(t.legal(), (std::set<std::string>{"retaliate:energy", "retaliate:money",
                                              "retaliate:structure", "retaliate:eureka", "flee"}));
  t.act("retaliate:energy");
  EXPECT_EQ(t.s().seat(0).device, -1);
  EXPECT_EQ(t.s().seat(0).stock, (std::array<std::uint8_t, 4>{0, 1, 1, 1}));
  EXPECT_EQ(t.s().seat(0).maniacal, 1);

  Table u = domination_two({1, 1, 1, 1});
  u.act("threaten:city");
  u.dice({1, 1, 1, 1, 6, 6, 6});
  u.act("flee");
  EXPECT_EQ(u.s().seat(0).humiliation, 1);
  EXPECT_EQ(u.legal(), (std::set<std::string>{"keep-device", "discard-device"}));
  u.act("discard-device");
  EXPECT_EQ(u.s().seat(0).stock, (std::array<std::uint8_t, 4>{1, 1, 1, 1}));
  EXPECT_EQ(u.s().seat(0).device, -1);
}

TEST(MwDomination, WorldSuccessWinsFailureFleesOneWorldPerRound_MW23_MW26_MW29) {
  Table t = domination_two({4, 3, 5, 4});
  t.c().seats[1].dev = {4, 4, 5, 3};  // Giant Robot World
  EXPECT_EQ(t.s().capability(0), 4);
  t.act("threaten:world");
  t.dice({1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6});
  // A failed World threat flees at once: Humiliation, then keep or discard.
  EXPECT_EQ(t.s().seat(0).humiliation, 1);
  t.act("keep-device");
  EXPECT_EQ(t.s().current_player(), 1);
  EXPECT_FALSE(t.can("threaten:world"));  // one World threat per round
  EXPECT_TRUE(t.can("threaten:country"));

  Table w = domination_two({4, 3, 5, 4});
  w.act("threaten:world");
  w.dice({6, 6, 6, 6, 1, 1, 1, 5, 5, 5, 5, 5, 5});
  EXPECT_TRUE(w.st()->is_terminal());
  EXPECT_EQ(w.st()->winners(), std::vector<Player>{0});
}

// MW-22a: with World taken this round, a World-capable player's Country threat is still below
// its capability, so its success brings Humiliation (MW-25).
TEST(MwDomination, CountryBelowWorldCapabilityWhenWorldIsTaken_MW22a_MW25) {
  Table t = domination_two({4, 3, 5, 4});
  t.c().seats[1].dev = {4, 4, 5, 3};  // Giant Robot: World-capable
  t.act("threaten:world");
  t.dice({1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6});
  t.act("keep-device");
  ASSERT_EQ(t.s().capability(1), 4);
  ASSERT_FALSE(t.can("threaten:world"));  // World is taken this round
  t.act("threaten:country");
  std::vector<int> dice(static_cast<size_t>(t.s().dice_count(1)), 6);
  dice.resize(dice.size() + static_cast<size_t>(t.s().dice_count(0)), 1);
  t.dice(dice);
  ASSERT_TRUE(t.s().last_threat_success());
  while (t.can("type:energy")) t.act("type:energy");  // the ransom
  EXPECT_EQ(t.s().seat(1).humiliation, 1);
}

TEST(MwDomination, NewDeviceAtNextCreationTurn_MW27) {
  Table t = domination_two({1, 1, 1, 1});
  t.act("threaten:city");
  t.dice({1, 1, 1, 1, 6, 6, 6});
  t.act("retaliate:energy");
  t.act("no-threat");       // seat 1; the round ends
  t.act("trick:sabotage");  // round 2 (MW-4)
  t.act("trick:espionage");
  t.act("go-first");  // seat 0 is the richest
  // MW-27: without a device, seat 0 draws 3 at its Creation turn (after the refill, MW-7) and
  // keeps one face down.
  for (auto k : {"s3", "m3", "eu3", "eu2", "eu1"}) t.act(std::string("raw:") + k);
  t.act("device:black-hole-generator");
  t.act("device:tidal-wave-machine");
  t.act("device:gravity-inverter");
  t.act("keep-device:gravity-inverter");
  EXPECT_EQ(t.s().seat(0).device, 18);
  EXPECT_EQ(t.st()->view_json(1)["seats"][0]["device"], "face-down");
}

TEST(MwDomination, PeopleNeverBelowOneDie_MW24a) {
  Table t = domination_two({1, 1, 1, 1});
  t.give_trick(0, "public-panic");
  t.give_trick(0, "public-panic");
  t.act("threaten:city");
  t.act("play:public-panic");
  t.act("play:public-panic");  // 3 - 2 = 1
  EXPECT_EQ(t.s().dice_count(1), 1);
  EXPECT_EQ(t.s().dice_count(0), 4);
}

TEST(MwCounters, CapsAndOncePerGameSources_MW28_MW28a) {
  Table t = domination_two({1, 1, 1, 1});
  t.c().seats[0].humiliation = 3;
  t.act("threaten:city");
  EXPECT_EQ(t.s().dice_count(0), 1);  // 4 - 3 Humiliation = 1 die
  t.dice({1, 6, 6, 6});
  t.act("flee");
  EXPECT_EQ(t.s().seat(0).humiliation, 3);  // beyond the cap: not taken
  // Retaliation's Maniacal, once per game: a second retaliation gives none.
  Table u = domination_two({1, 1, 1, 1});
  u.c().seats[0].man_sources = 4;
  u.c().seats[0].maniacal = 1;
  u.act("threaten:city");
  u.dice({1, 1, 1, 1, 1, 6, 6, 6});
  u.act("retaliate:money");
  EXPECT_EQ(u.s().seat(0).maniacal, 1);
}

TEST(MwEnd, RoundLimitRanksByLevelThenDeviceThenStockpile_MW29_MW29a) {
  Table t(2, {{"round-limit", "1"}});
  t.setup({"herr-ubervoldt", "baron-morbidodictus"},
          {{"man-eating-plants", "orbital-laser", "freeze-ray"},
           {"giant-robot", "shrink-ray", "weather-machine"}},
          {"embezzlement", "brilliant-idea"});
  t.clear_tricks();
  t.phase(Phase::kDomination, 0);
  t.c().seats[1].dev = {1, 0, 0, 0};
  t.c().seats[0].stock = {3, 0, 0, 0};
  t.act("no-threat");
  t.act("no-threat");
  EXPECT_TRUE(t.st()->is_terminal());
  EXPECT_EQ(t.s().win(), Win::kRoundLimit);
  EXPECT_EQ(t.st()->winners(), std::vector<Player>{1});  // device tokens beat the stockpile
}

TEST(MwPowers, MaddeningWhispersRerollsThePeoplesHighestDie_MW31) {
  Table t = with("doctor-tentacles", "baron-morbidodictus");
  t.clear_tricks();
  t.phase(Phase::kDomination, 0);
  t.c().seats[0].dev = {1, 1, 1, 1};
  t.act("threaten:city");
  t.dice({5, 5, 1, 1, 6, 6, 4});
  EXPECT_TRUE(t.st()->is_chance());  // automatic: the people's highest die (6) is rerolled
  t.act("die:1");
  EXPECT_EQ(t.s().die(1, 0), 6);
  EXPECT_EQ(t.s().die(1, 2), 1);
}

// MW-6a vs MW-31 (D11) under powers=ask: Maddening Whispers is offered in the threat-after-roll
// window instead of acting at once, and Overclock is a choice at a conversion.
TEST(MwPoints, PowersAskedForUnderPowersAsk_MW6a_MW31) {
  Table t = with("doctor-tentacles", "baron-morbidodictus", {{"powers", "ask"}});
  t.clear_tricks();
  t.phase(Phase::kDomination, 0);
  t.c().seats[0].dev = {1, 1, 1, 1};
  t.act("threaten:city");
  t.dice({5, 5, 1, 1, 6, 6, 4});
  ASSERT_EQ(t.s().stage(), Stage::kWindow);  // not rerolled at once
  EXPECT_EQ(t.s().window(), Window::kThreatAfterRoll);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"pass", "power-reroll"}));
  t.act("power-reroll");
  t.act("die:1");  // the people's highest die (6) rerolled
  EXPECT_EQ(t.s().die(1, 0), 6);
  EXPECT_EQ(t.s().die(1, 2), 1);
  EXPECT_TRUE(t.s().seat(0).power_used);

  Table u = with("dr-volta-sparkz", "baron-morbidodictus", {{"powers", "ask"}});  // Energy 2
  for (auto k : {"e3", "m2", "s2", "e1", "e1"}) u.act(std::string("raw:") + k);
  u.pass_windows();
  EXPECT_TRUE(u.can("convert:e3"));
  EXPECT_TRUE(u.can("convert-overclock:e3"));
  u.act("convert:e3");  // without Overclock: 2, the excess point lost
  u.pass_windows();
  EXPECT_EQ(u.s().seat(0).stock[0], 2);
  EXPECT_EQ(u.legal().count("convert:e1"), 0U);
  u.act("convert-overclock:e1");
  u.pass_windows();
  EXPECT_EQ(u.s().seat(0).stock[0], 3);
  EXPECT_FALSE(u.can("convert-overclock:e1"));
}

// MW-16 / MW-23 (D21): a turn ends after its one attack or threat; under turn-end=declared the
// player is back at the main decision (no second threat) and ends it with no-threat.
TEST(MwPoints, TurnEndsAfterTheThreatUnlessDeclared_MW23_D21) {
  for (const char* opt : {"auto", "declared"}) {
    SCOPED_TRACE(opt);
    Table t = two({{"turn-end", opt}});
    t.clear_tricks();
    t.phase(Phase::kDomination, 0);
    t.c().seats[0].dev = {1, 1, 1, 1};
    t.act("threaten:city");
    t.dice({1, 1, 1, 1, 6, 6, 6});
    t.act("flee");
    t.act("keep-device");
    if (std::string(opt) == "declared") {
      EXPECT_EQ(t.s().stage(), Stage::kDomination);
      EXPECT_EQ(t.s().current_player(), 0);
      EXPECT_EQ(t.legal(), (std::set<std::string>{"no-threat"}));
      t.act("no-threat");
    }
    EXPECT_EQ(t.s().current_player(), 1);
    EXPECT_TRUE(t.can("threaten:city") || t.can("no-threat"));
  }
}

}  // namespace
}  // namespace villainy::mwahahaha
