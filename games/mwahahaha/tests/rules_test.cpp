// Rule tests for Mwahahaha!. Each test cites the rule ids of ../shared/rules/mwahahaha.md it checks
// and the cards of mwahahaha-cards.md it uses. Positions are set up by forcing chance outcomes
// (scientists, devices, draws, dice) through apply(); a few tests then place tokens, Minions or
// Empires directly on the table (documented at the call) to reach a phase quickly.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "mw_table.h"
#include "mwahahaha/mwahahaha.h"
#include "villainy/core/registry.h"

namespace villainy::mwahahaha {
namespace {

using namespace testing_table;

// ---------------------------------------------------------------------------------------------
// MW-1: the components, every card of the stand-in set.
// ---------------------------------------------------------------------------------------------
TEST(MwData, EveryCardOfTheStandInSet_MW1) {
  const CardData& d = CardData::standin();
  // P-SCI: every scientist has the profile {3,2,2,0} and an English and Chinese name.
  for (const auto& s : d.scientists) {
    SCOPED_TRACE(s.name);
    auto r = s.rating;
    std::sort(r.begin(), r.end());
    EXPECT_EQ(r, (std::array<int, 4>{0, 2, 2, 3}));
    EXPECT_FALSE(s.zh.empty());
    EXPECT_FALSE(s.power_name.empty());
  }
  // P-DEV: dice 4v3 / 5v4 / 6v5 / 7v6; requirements grow level by level; ransom 1/2/2-4.
  for (const auto& dv : d.devices) {
    SCOPED_TRACE(dv.name);
    EXPECT_EQ(dv.dice, (std::array<int, 4>{4, 5, 6, 7}));
    EXPECT_EQ(dv.people, (std::array<int, 4>{3, 4, 5, 6}));
    for (int l = 1; l < kLevels; ++l)
      for (int t = 0; t < kTypes; ++t)
        EXPECT_GE(dv.req[static_cast<size_t>(l)][static_cast<size_t>(t)],
                  dv.req[static_cast<size_t>(l - 1)][static_cast<size_t>(t)]);
    EXPECT_EQ(dv.ransom[0], 1);
    EXPECT_EQ(dv.ransom[1], 2);
    EXPECT_FALSE(dv.zh.empty());
  }
  // Man-Eating Plants at State: Energy 2, Money 1, Structure 3, Eureka 2 (the source).
  EXPECT_EQ(d.devices[8].name, "Man-Eating Plants");
  EXPECT_EQ(d.devices[8].req[1], (std::array<int, 4>{2, 1, 3, 2}));
  // P-EMP: capacity 16 per resource over the 36 Empires; cash-in 3 (one icon of 2), 2 (others).
  std::array<int, 4> cap{};
  for (const auto& e : d.empires) {
    SCOPED_TRACE(e.name);
    int icons = 0, total_cap = 0, cash = 0;
    for (int t = 0; t < kTypes; ++t) {
      cap[static_cast<size_t>(t)] += e.cap[static_cast<size_t>(t)];
      icons += e.cap[static_cast<size_t>(t)] > 0;
      total_cap += e.cap[static_cast<size_t>(t)];
      cash += e.cash[static_cast<size_t>(t)];
    }
    EXPECT_EQ(cash, total_cap == 2 && icons == 1 ? 3 : 2);
    EXPECT_FALSE(e.zh.empty());
  }
  EXPECT_EQ(cap, (std::array<int, 4>{16, 16, 16, 16}));
  // P-MIN: per resource values 1,1,1,1,2,2,2,2,3,3; the source's four Energy Minions.
  std::array<std::multiset<int>, 4> vals;
  for (const auto& m : d.minions) {
    SCOPED_TRACE(m.name);
    vals[static_cast<size_t>(m.type)].insert(m.value);
    EXPECT_GE(m.hp, 1);
    EXPECT_FALSE(m.zh.empty());
  }
  for (const auto& v : vals) EXPECT_EQ(v, (std::multiset<int>{1, 1, 1, 1, 2, 2, 2, 2, 3, 3}));
  EXPECT_EQ(d.minions[4].name, "Giant Lizards");
  EXPECT_EQ(d.minions[4].value, 2);
  EXPECT_EQ(d.minions[5].name, "Ultrasonic Overload");
  EXPECT_EQ(d.minions[6].name, "Nanites");
  EXPECT_EQ(d.minions[0].name, "Email Virus");
  EXPECT_EQ(d.minions[0].value, 1);
  // P-DT: 30 designs x 2 copies = 60.
  int copies = 0;
  for (const auto& t : d.tricks) {
    SCOPED_TRACE(t.name);
    copies += t.copies;
    EXPECT_FALSE(t.timing.empty());
    EXPECT_FALSE(t.zh.empty());
  }
  EXPECT_EQ(copies, 60);
}

TEST(MwData, RawDeckPerPlayerCount_MW1) {
  register_game();
  for (int n = 2; n <= 5; ++n) {
    auto g = load_game("mwahahaha", {}, n);
    const auto& mg = static_cast<const MwahahahaGame&>(*g);
    int total = 0;
    for (int k = 0; k < kRawKinds; ++k) total += mg.raw_total(k);
    EXPECT_EQ(total, 25 * n);
    EXPECT_EQ(mg.raw_total(kWild), 3 * n);
    EXPECT_EQ(mg.raw_total(kBetrayed), 2 * n);
  }
}

// ---------------------------------------------------------------------------------------------
// Setup and the round (MW-2…MW-7)
// ---------------------------------------------------------------------------------------------
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
  EXPECT_EQ(t.st->describe_action(t.id("keep-device:man-eating-plants"), 1),
            "Seat 0 keeps a device and discards orbital-laser, freeze-ray face up");
  EXPECT_EQ(t.st->describe_action(t.id("keep-device:freeze-ray"), 1),
            "Seat 0 keeps a device and discards orbital-laser, man-eating-plants face up");
  t.act("keep-device:man-eating-plants");
  auto v1 = t.st->view_json(1);
  EXPECT_EQ(v1["seats"][0]["device"], "face-down");
  EXPECT_EQ(t.st->view_json(0)["seats"][0]["device"], "man-eating-plants");
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
  EXPECT_TRUE(t.st->is_chance());
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
  EXPECT_FALSE(u.st->is_chance());
  EXPECT_EQ(u.s().current_player(), 0);  // seat 0 counts as the previous first player
}

// ---------------------------------------------------------------------------------------------
// Creation (MW-7…MW-15)
// ---------------------------------------------------------------------------------------------

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
  EXPECT_FALSE(t.st->view_json(1)["seats"][0]["minions_face_down_unknown"].get<int>() == 0);
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

// ---------------------------------------------------------------------------------------------
// Trading (MW-15, MW-15a)
// ---------------------------------------------------------------------------------------------
TEST(MwTrade, TokenSwapProposedAcceptedOrDeclined_MW15_MW15a) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.clear_tricks();
  t.c().seats[0].stock = {2, 0, 0, 0};
  t.c().seats[1].stock = {0, 0, 0, 2};
  t.act("trade-with:1");
  t.act("offer-token:energy");
  t.act("ask-token:eureka");
  t.act("propose");
  EXPECT_EQ(t.s().current_player(), 1);
  t.act("decline");
  EXPECT_EQ(t.s().seat(0).stock[0], 2);
  EXPECT_EQ(t.s().current_player(), 0);
  t.act("trade-with:1");
  t.act("offer-token:energy");
  t.act("ask-token:eureka");
  t.act("propose");
  t.act("accept");
  EXPECT_EQ(t.s().seat(0).stock, (std::array<std::uint8_t, 4>{1, 0, 0, 1}));
  EXPECT_EQ(t.s().seat(1).stock, (std::array<std::uint8_t, 4>{1, 0, 0, 1}));
  EXPECT_FALSE(t.can("trade-with:1"));  // D5: two proposals per turn
}

TEST(MwTrade, BetrayedDescribedAsAnyCardIsDiscardedOnArrival_MW15) {
  Table t = creation_two({"betrayed", "e1", "m1", "s1", "s2"});
  t.clear_tricks();
  t.c().seats[1].stock = {0, 0, 0, 1};
  t.act("trade-with:1");
  t.act("offer-raw:betrayed");
  // Betrayed may be described as any raw card; an honest card has only its own description.
  EXPECT_EQ(t.legal().size(), 13u);
  EXPECT_EQ(t.st->describe_action(t.id("offer-raw:betrayed"), 1), "Seat 0 offers a raw card");
  t.act("describe-as:eu3");
  t.act("ask-token:eureka");
  t.act("propose");
  // The receiver sees the declared description until the card arrives.
  const auto v = t.st->view_json(1);
  EXPECT_EQ(v["trade"]["offer_raw"][0], "eu3");
  t.act("accept");
  EXPECT_EQ(t.s().seat(1).raw_count(), 0);   // discarded at once, nothing gained
  EXPECT_EQ(t.s().seat(1).raw_received, 1);  // it counts toward the one-card limit
  EXPECT_EQ(t.s().seat(0).stock[3], 1);
  EXPECT_EQ(t.s().stats().betrayed_caught, 1);
}

TEST(MwTrade, OneRawCardPerRoundTradeNetworkTwo_MW15) {
  Table t = creation_two({"e1", "e2", "m1", "s1", "s2"});
  t.clear_tricks();
  t.act("trade-with:1");
  t.c().seats[1].raw[6] = 2;  // placed: seat 1 holds two cards (s1)
  t.c().raw_deck[6] -= 2;
  t.act("offer-raw:e1");
  t.act("describe-as:e1");
  EXPECT_FALSE(t.can("offer-raw:e2"));  // the partner may receive only one raw card this round
  EXPECT_TRUE(t.can("ask-raw:m3"));
  t.act("ask-raw:m3");
  EXPECT_FALSE(t.can("ask-raw:m2"));

  Table w(2);  // The Honourable Mr. Wang: Trade Network, 2 cards per round
  w.setup({"herr-ubervoldt", "the-honourable-mr-wang"},
          {{"man-eating-plants", "orbital-laser", "freeze-ray"},
           {"giant-robot", "shrink-ray", "weather-machine"}},
          {"embezzlement", "brilliant-idea"});
  for (auto k : {"e1", "e2", "m1", "s1", "s2"}) w.act(std::string("raw:") + k);
  w.pass_windows();
  w.act("trade-with:1");
  w.act("offer-raw:e1");
  w.act("describe-as:e1");
  EXPECT_TRUE(w.can("offer-raw:e2"));
}

TEST(MwTrade, PartnerFulfilsRequestWithAMatchingCardOrBetrayed_MW15a) {
  Table t = creation_two({"e1", "e2", "m1", "s1", "s2"});
  t.clear_tricks();
  t.c().seats[0].stock = {1, 0, 0, 0};
  t.c().seats[1].raw[kBetrayed] = 1;  // placed: the partner holds a Betrayed card
  t.c().raw_deck[kBetrayed]--;
  t.act("trade-with:1");
  t.act("ask-raw:eu3");
  t.act("offer-token:energy");
  t.act("propose");
  ASSERT_TRUE(t.can("accept"));
  t.act("accept");
  EXPECT_EQ(t.legal(), (std::set<std::string>{"give-raw:betrayed"}));
  // The last card handed over completes the trade, and a Betrayed is caught in public (D5): the
  // line says so.
  EXPECT_EQ(t.st->describe_action(t.id("give-raw:betrayed"), 0),
            "Seat 1 hands over a card for 'eu3'; the card given for eu3 is Betrayed");
  const int caught = t.s().view_json(kSpectator)["raw_discard"][kBetrayed];
  t.act("give-raw:betrayed");
  EXPECT_EQ(t.s().view_json(kSpectator)["raw_discard"][kBetrayed], caught + 1);
  EXPECT_EQ(t.s().seat(0).raw_count(), 5);  // caught: nothing gained
  EXPECT_EQ(t.s().seat(1).stock[0], 1);
}

TEST(MwTrade, HypnoticBargainPeeksAtAnOfferedCard_MW15_MW31) {
  Table t(2);
  t.setup({"herr-ubervoldt", "madame-mesmera"},
          {{"man-eating-plants", "orbital-laser", "freeze-ray"},
           {"giant-robot", "shrink-ray", "weather-machine"}},
          {"embezzlement", "brilliant-idea"});
  for (auto k : {"betrayed", "e1", "m1", "s1", "s2"}) t.act(std::string("raw:") + k);
  t.pass_windows();
  t.clear_tricks();
  t.c().seats[1].stock = {1, 0, 0, 0};
  t.act("trade-with:1");
  t.act("offer-raw:betrayed");
  t.act("describe-as:wild");
  t.act("ask-token:energy");
  t.act("propose");
  ASSERT_TRUE(t.can("peek:0"));
  t.act("peek:0");
  EXPECT_EQ(t.st->view_json(1)["trade"]["offer_raw"][0], "wild (really betrayed)");
  t.act("decline");
}

// ---------------------------------------------------------------------------------------------
// Rivalry (MW-16…MW-21) and the dice (MW-19)
// ---------------------------------------------------------------------------------------------
TEST(MwDice, SortedPairsMissingDieCountsTwoNeverScores_MW19) {
  // The source's Lair fight: 4 dice against 5; the fifth pair is a missing die (2) against a 3.
  const int a[] = {6, 5, 4, 2}, d[] = {5, 4, 3, 3, 3};
  int xa, xd;
  MwahahahaState::compare_dice(a, 4, d, 5, false, xa, xd);
  EXPECT_EQ(xa, 3);
  EXPECT_EQ(xd, 2);
  // A missing die never scores, even against a 1.
  const int a2[] = {1, 1}, d2[] = {1};
  MwahahahaState::compare_dice(a2, 2, d2, 1, false, xa, xd);
  EXPECT_EQ(xa, 0);
  EXPECT_EQ(xd, 0);
  // ties=defender (MW-19a): a real defender die that ties scores, also against a missing die.
  const int a3[] = {4}, d3[] = {4, 2};
  MwahahahaState::compare_dice(a3, 1, d3, 2, true, xa, xd);
  EXPECT_EQ(xd, 2);
  MwahahahaState::compare_dice(a3, 1, d3, 2, false, xa, xd);
  EXPECT_EQ(xd, 0);
}

// The source's worked example: Aaron (seat 0) attacks Richard's (seat 1) Lair for Energy with Giant
// Lizards (E2) and Ultrasonic Overload (E2) = 4 dice; Richard defends with Nanites (E2) and Email
// Virus (E1) + 2 = 5 dice. Rolls 6 5 4 2 against 5 4 3 3 3: 3 successes to 2.
TEST(MwRivalry, SourceLairFightFourDiceAgainstFive_MW16_MW18_MW18a_MW19_MW20_MW20a) {
  Table t = two();
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_minion(0, "giant-lizards");
  t.give_minion(0, "ultrasonic-overload");
  t.give_minion(1, "nanites");
  t.give_minion(1, "email-virus");
  t.c().seats[1].stock = {2, 0, 0, 0};
  t.c().seats[1].dev = {2, 0, 0, 0};
  t.act("attack-lair:1:energy");
  t.act("send:giant-lizards");
  t.act("send:ultrasonic-overload");
  t.act("send-done");
  EXPECT_TRUE(t.s().minion_face_up(t.minion("giant-lizards")));  // MW-16: fighters turn face up
  EXPECT_EQ(t.s().current_player(), 1);
  t.act("defend:nanites");
  t.act("defend:email-virus");
  t.act("defend-done");
  EXPECT_EQ(t.s().dice_count(0), 4);
  EXPECT_EQ(t.s().dice_count(1), 5);
  t.dice({2, 6, 4, 5, 3, 5, 3, 4, 3});  // sorted by the engine
  EXPECT_TRUE(t.can("power-reroll"));   // Herr Ubervoldt's Teutonic Precision is offered (MW-6a)
  t.act("pass");
  EXPECT_EQ(t.s().fight_successes(0), 3);
  EXPECT_EQ(t.s().fight_successes(1), 2);
  // MW-18/18a: 3 points: a device token (2 points) and a stockpile token (1 point), or 3 from the
  // stockpile.
  EXPECT_EQ(t.legal(), (std::set<std::string>{"plunder-stockpile", "plunder-device"}));
  t.act("plunder-device");
  t.act("plunder-stockpile");
  EXPECT_EQ(t.s().seat(0).stock[0], 2);
  EXPECT_EQ(t.s().seat(1).dev[0], 1);
  EXPECT_EQ(t.s().seat(1).stock[0], 1);
  // MW-20: the attacker's 3 successes are 3 damage to share (plunder does not reduce it).
  EXPECT_EQ(t.s().current_player(), 0);
  t.act("damage:nanites");
  t.act("damage:nanites");
  t.act("damage:email-virus");
  // The defender's 2 damage on the attackers.
  EXPECT_EQ(t.s().current_player(), 1);
  t.act("damage:ultrasonic-overload");
  t.act("damage:giant-lizards");
  // Nanites (HP 2), Email Virus (HP 1), Ultrasonic Overload (HP 1) die; Giant Lizards (HP 3) heals.
  EXPECT_EQ(t.s().seat(1).minions, 0ULL);
  EXPECT_EQ(t.s().seat(0).minions, 1ULL << t.minion("giant-lizards"));
  EXPECT_EQ(t.s().seat(1).stock[0], 2);  // Baron Morbidodictus's Grave Robber: +1 Energy
  EXPECT_EQ(t.s().phase(), Phase::kRivalry);
  EXPECT_EQ(t.s().current_player(), 1);  // seat 1's Rivalry turn (attacks=one ends seat 0's turn)
}

TEST(MwRivalry, EmpireAttackOneSuccessTakesIt_MW17_MW17a) {
  Table t = two();
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_minion(0, "femme-fatale");      // Money 3
  t.give_empire(1, "oil-conglomerate");  // Energy + Money
  t.act("attack-empire:oil-conglomerate");
  t.act("send:femme-fatale");
  t.act("send-done");
  // The defender has no Minion: not asked; rolls the +1 alone.
  EXPECT_EQ(t.s().dice_count(0), 3);
  EXPECT_EQ(t.s().dice_count(1), 1);
  t.dice({1, 1, 6, 5});
  t.pass_windows();
  EXPECT_EQ(t.s().fight_successes(0), 1);
  t.act("take-empire");
  EXPECT_EQ(t.s().seat(0).empires, 1ULL << t.empire("oil-conglomerate"));
  EXPECT_EQ(t.s().seat(1).empires, 0ULL);
}

TEST(MwRivalry, ManiacalFromPlunderOncePerGame_MW21) {
  Table t = two();
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_minion(0, "mecha-gorilla");      // Energy 3
  t.give_minion(0, "death-ray-gunners");  // Energy 2
  t.c().seats[1].stock = {5, 0, 0, 0};
  t.act("attack-lair:1:energy");
  t.act("send:mecha-gorilla");
  t.act("send:death-ray-gunners");
  t.act("send-done");
  EXPECT_EQ(t.s().dice_count(1), 2);  // MW-18: at least 2 dice even alone
  t.dice({6, 6, 6, 5, 5, 1, 1});
  t.pass_windows();
  EXPECT_EQ(t.s().fight_successes(0), 5);
  for (int i = 0; i < 5; ++i) t.act("plunder-stockpile");
  ASSERT_EQ(t.legal(), (std::set<std::string>{"plunder-for-maniacal", "keep-plunder"}));
  t.act("plunder-for-maniacal");
  EXPECT_EQ(t.s().seat(0).maniacal, 1);
  EXPECT_EQ(t.s().seat(0).stock[0], 0);
}

TEST(MwRivalry, OneAttackPerRoundOrMany_MW16_MW16a) {
  Table t = two({{"attacks", "many"}});
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_minion(0, "killer-drones");
  t.give_minion(0, "zombies");
  t.act("attack-lair:1:energy");
  t.act("send:killer-drones");
  t.act("send-done");
  t.dice({1, 6, 6});
  t.pass_windows();
  t.act("damage:killer-drones");         // the defender's damage: Killer Drones (HP 1) dies
  EXPECT_EQ(t.s().current_player(), 0);  // attacks=many: seat 0 may attack again
  EXPECT_TRUE(t.can("attack-lair:1:structure"));
  EXPECT_FALSE(t.can("attack-lair:1:energy"));
}

// ---------------------------------------------------------------------------------------------
// Domination (MW-22…MW-28)
// ---------------------------------------------------------------------------------------------

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
  EXPECT_EQ(t.st->view_json(1)["seats"][0]["device"], "man-eating-plants");
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
  EXPECT_TRUE(t.st->is_chance());  // nobody holds a card any more: the window closes
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
  EXPECT_TRUE(w.st->is_terminal());
  EXPECT_EQ(w.st->winners(), std::vector<Player>{0});
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
  EXPECT_EQ(t.st->view_json(1)["seats"][0]["device"], "face-down");
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
  EXPECT_TRUE(t.st->is_terminal());
  EXPECT_EQ(t.s().win(), Win::kRoundLimit);
  EXPECT_EQ(t.st->winners(), std::vector<Player>{1});  // device tokens beat the stockpile
}

// ---------------------------------------------------------------------------------------------
// Dirty Tricks (MW-6, P-DT): every card.
// ---------------------------------------------------------------------------------------------
TEST(MwTricks, WindowsAskEveryHolderWithoutRevealing_MW6_MW6a_MW6d) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  // Seat 1 holds Brilliant Idea, playable only in its own Creation turn: asked anyway, may only
  // pass.
  t.act("convert:e3");
  EXPECT_EQ(t.s().current_player(), 1);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"pass"}));
  t.act("pass");
  EXPECT_EQ(t.s().current_player(), 0);
}

TEST(MwTricks, DefectiveShipmentCancelsAConversion) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.give_trick(1, "defective-shipment");
  t.act("convert:e3");
  t.act("play:defective-shipment");
  EXPECT_EQ(t.s().seat(0).stock[0], 0);
  EXPECT_EQ(t.s().seat(0).raw_count(), 4);
}

TEST(MwTricks, CreationOwnCards) {
  // Embezzlement, Brilliant Idea, Overtime Shift, Forged Papers, Black Market, Tax Audit,
  // Hostile Takeover, Union Strike, Insider Tip.
  Table t = creation_two({"e3", "e3", "e2", "m1", "s1"});
  t.act("play:embezzlement");
  t.act("type:eureka");
  EXPECT_EQ(t.s().seat(0).stock[3], 1);
  for (auto k : {"brilliant-idea", "overtime-shift", "forged-papers", "black-market", "tax-audit",
                 "hostile-takeover", "union-strike", "insider-tip"})
    t.give_trick(0, k);
  t.act("play:brilliant-idea");
  EXPECT_EQ(t.s().seat(0).stock[3], 2);
  t.act("convert:e3");
  t.pass_windows();
  EXPECT_FALSE(t.can("convert:e3"));
  t.act("play:overtime-shift");
  t.act("type:energy");
  EXPECT_TRUE(t.can("convert:e3"));
  t.act("play:forged-papers");
  EXPECT_EQ(t.s().seat(0).raw_extra, 1);
  t.act("play:black-market");
  t.act("raw:wild");
  t.act("raw:wild");
  EXPECT_EQ(t.s().seat(0).raw_count(), 6);  // MW-7a: above 5 is kept
  t.c().seats[1].stock = {0, 2, 0, 0};
  t.act("play:tax-audit");
  t.act("target:1");
  EXPECT_EQ(t.s().seat(1).stock[1], 1);
  t.give_empire(1, "acme-power-light");
  t.give_empire(1, "neon-sign-factory");
  t.act("play:hostile-takeover");
  t.act("target:1");
  EXPECT_EQ(t.s().current_player(), 1);      // the target chooses which to cash in
  t.act("choose-empire:neon-sign-factory");  // Front Business: also draws a Dirty Trick (MW-32)
  t.act("trick:sabotage");
  EXPECT_EQ(t.s().seat(1).stock[0], 2);
  EXPECT_EQ(t.s().seat(1).tricks[static_cast<size_t>(t.trick("sabotage"))], 1);
  t.act("play:union-strike");
  t.act("choose-empire:acme-power-light");
  EXPECT_EQ(t.s().capacity_left(1, 0), 2);  // Baron's Energy 2 only
  t.act("play:insider-tip");
  t.act("insider:minions");
  t.act("minion:killer-robot");
  t.act("minion:zombies");
  t.act("minion:nanites");
  t.act("select-minion:nanites");  // top
  t.act("select-minion:zombies");
  t.act("select-minion:killer-robot");
  t.c().seats[0].stock = {1, 0, 0, 0};
  t.act("buy-minion");
  t.act("pay:energy");
  EXPECT_EQ(t.legal(), (std::set<std::string>{"minion:nanites"}));  // the stacked top card
}

TEST(MwTricks, AnyTimeCards) {
  // Lab Accident, Sabotage, Espionage, Evil Laugh.
  Table t = creation_two({"e3", "e3", "e2", "m1", "s1"});
  for (auto k : {"lab-accident", "sabotage", "espionage", "evil-laugh"}) t.give_trick(0, k);
  t.c().seats[1].raw = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  t.c().raw_deck[0]--;
  t.c().seats[1].dev = {0, 2, 0, 0};
  t.act("play:lab-accident");
  t.act("target:1");
  t.act("raw:e1");
  EXPECT_EQ(t.s().seat(1).raw_count(), 0);
  t.act("play:sabotage");
  t.act("target:1");
  t.act("type:money");
  EXPECT_EQ(t.s().seat(1).dev[1], 1);
  t.act("play:espionage");
  t.act("target:1");
  EXPECT_EQ(t.st->view_json(0)["seats"][1]["device"], "giant-robot");
  t.act("play:evil-laugh");
  EXPECT_EQ(t.s().seat(0).maniacal, 1);
}

TEST(MwTricks, RivalryCards_MW6b_MW6c) {
  // Reinforcements, Sneak Attack, Ambush, Secret Vault, Double Agent, Loaded Dice, Field Medic,
  // Booby Trap, Press Gang, Mercenary Contract.
  Table t = two();
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  for (auto k :
       {"reinforcements", "sneak-attack", "loaded-dice", "press-gang", "mercenary-contract"})
    t.give_trick(0, k);
  for (auto k : {"ambush", "secret-vault", "double-agent", "field-medic", "booby-trap"})
    t.give_trick(1, k);
  t.give_minion(0, "mecha-gorilla");
  t.give_minion(0, "giant-lizards");
  t.give_minion(1, "nanites");
  t.c().min_deck &= ~(1ULL << t.minion("zombies"));
  t.c().min_discard[t.c().min_discard_n++] = static_cast<std::int8_t>(t.minion("zombies"));
  t.act("play:press-gang");
  EXPECT_TRUE((t.s().seat(0).minions >> t.minion("zombies")) & 1);
  t.act("play:mercenary-contract");
  t.act("minion:tesla-troopers");
  EXPECT_EQ(std::popcount(t.s().seat(0).minions), 4);
  t.c().seats[1].stock = {3, 0, 0, 0};
  t.act("attack-lair:1:energy");
  t.act("send:mecha-gorilla");
  t.act("send:giant-lizards");
  t.act("send-done");
  // attack-declared window, from the attacker.
  t.act("play:reinforcements");
  t.act("play:double-agent");  // seat 1
  t.act("select-minion:giant-lizards");
  t.act("pass");  // seat 0
  t.act("play:secret-vault");
  t.act("pass");  // MW-6a: everyone is asked again after a play; both pass, the window closes
  t.act("pass");
  t.act("defend:nanites");
  t.act("defend-done");
  t.act("pass");  // before-roll: attacker
  t.act("play:ambush");
  t.act("pass");
  t.act("pass");
  EXPECT_EQ(t.s().dice_count(0), 4);  // Mecha-Gorilla 3 + Reinforcements
  EXPECT_EQ(t.s().dice_count(1), 6);  // Nanites 2 + Lair 2 + Ambush 2
  t.dice({6, 6, 6, 1, 5, 5, 1, 1, 1, 1});
  // fight-after-roll window: Loaded Dice rerolls a die of either side (here the attacker's 1).
  t.act("play:loaded-dice");
  t.act("reroll:first:3");
  t.act("die:6");
  t.pass_windows();
  EXPECT_EQ(t.s().fight_successes(0), 4);
  EXPECT_EQ(t.s().fight_successes(1), 0);
  // Secret Vault: 2 points per stockpile token; 4 points take 2 tokens.
  t.act("plunder-stockpile");
  t.act("plunder-stockpile");
  EXPECT_EQ(t.s().seat(0).stock[0], 2);
  // 4 damage, but Nanites takes at most its HP (2).
  t.act("damage:nanites");
  t.act("damage:nanites");
  // after-damage window: Field Medic prevents the damage to Nanites.
  t.act("pass");
  t.act("play:field-medic");
  t.act("select-minion:nanites");
  t.act("pass");
  t.act("pass");
  // after-resolved window (an attacker survives): Booby Trap deals 1 damage to Mecha-Gorilla (HP
  // 2).
  t.act("pass");
  t.act("play:booby-trap");
  t.act("select-minion:mecha-gorilla");
  t.pass_windows();
  EXPECT_TRUE((t.s().seat(1).minions >> t.minion("nanites")) & 1);
  EXPECT_TRUE((t.s().seat(0).minions >> t.minion("mecha-gorilla")) & 1);
  EXPECT_TRUE((t.s().seat(0).attacked >> t.minion("giant-lizards")) &
              1);  // MW-32: sent back counts as attacked
}

TEST(MwTricks, DominationCards_MW6b_MW6c) {
  // Evil Monologue, Public Panic, Superhero Intervention, Scapegoat, Media Blackout.
  Table t = domination_two({1, 1, 1, 1});
  for (auto k : {"evil-monologue", "public-panic", "scapegoat"}) t.give_trick(0, k);
  for (auto k : {"superhero-intervention", "media-blackout"}) t.give_trick(1, k);
  t.c().seats[0].dev = {2, 1, 3, 2};
  t.act("threaten:city");  // below capability: Humiliation on success
  ASSERT_EQ(t.s().current_player(), 0) << t.st->view_text(0);
  t.act("play:evil-monologue");
  ASSERT_EQ(t.s().current_player(), 1) << t.st->view_text(0);
  t.act("pass");
  t.act("play:public-panic");
  t.act("pass");
  t.act("pass");
  EXPECT_EQ(t.s().dice_count(0), 5);
  EXPECT_EQ(t.s().dice_count(1), 2);
  t.dice({6, 6, 6, 6, 6, 1, 1});
  t.act("pass");  // threat-after-roll window: seat 0, then seat 1
  t.act("pass");
  // threat-success window: Superhero Intervention cancels the ransom (MW-25a: still a success).
  t.act("pass");
  t.act("play:superhero-intervention");
  t.act("pass");  // seat 0
  t.act("pass");  // seat 1
  // gain-humiliation window: Scapegoat.
  t.act("play:scapegoat");
  EXPECT_EQ(t.s().seat(0).humiliation, 0);
  EXPECT_EQ(t.s().seat(0).stock_total(), 0);
  EXPECT_TRUE(t.s().seat(0).levels_won & 1);
  EXPECT_EQ(t.s().current_player(), 1);  // seat 1's Domination turn
}

TEST(MwTricks, MediaBlackoutBlocksAManiacalCounter) {
  Table t = domination_two({1, 1, 1, 1}, {"media-blackout"});
  t.act("threaten:city");
  t.pass_windows();
  t.dice({1, 1, 1, 1, 6, 6, 6});
  t.pass_windows();
  t.act("retaliate:money");
  EXPECT_EQ(t.s().current_player(), 1);
  t.act("play:media-blackout");
  EXPECT_EQ(t.s().seat(0).maniacal, 0);
  EXPECT_EQ(t.s().seat(0).man_sources, 0);  // MW-28a: the source stays available
}

// ---------------------------------------------------------------------------------------------
// Scientists' powers (P-SCI, MW-31, MW-32) and Minion / Empire abilities (P-MIN, P-EMP)
// ---------------------------------------------------------------------------------------------

TEST(MwPowers, TeutonicPrecisionRerollsOneOwnDie_MW31) {
  Table t = with("herr-ubervoldt", "professor-kontiki");
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_minion(0, "killer-drones");
  t.act("attack-lair:1:energy");
  t.act("send:killer-drones");
  t.act("send-done");
  EXPECT_EQ(t.s().dice_count(1),
            3);  // Professor Kontiki's Island Fortress: +1 when the Lair is attacked
  t.dice({1, 4, 4, 4});
  t.act("power-reroll");
  EXPECT_EQ(t.legal(), (std::set<std::string>{"reroll:first:0"}));  // only its own dice
  t.act("reroll:first:0");
  t.act("die:6");
  EXPECT_EQ(t.s().die(0, 0), 6);
  EXPECT_FALSE(t.can("power-reroll"));  // once per round
}

TEST(MwPowers, GraveRobberGainsADestroyedMinionsResource_MW31) {
  Table t = with("herr-ubervoldt", "baron-morbidodictus");
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_minion(0, "killer-drones");
  t.act("attack-lair:1:energy");
  t.act("send:killer-drones");
  t.act("send-done");
  t.dice({1, 6, 6});
  t.act("pass");  // Teutonic Precision not used
  t.act("damage:killer-drones");
  EXPECT_EQ(t.s().seat(1).stock[0], 1);  // Baron Morbidodictus: 1 Energy for the dead Killer Drones
}

TEST(MwPowers, GraveRobberOwnerPicksWhenSeveralTypesDie_MW31) {
  Table t = with("herr-ubervoldt", "baron-morbidodictus");
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_minion(0, "killer-drones");     // Energy 1, HP 1
  t.give_minion(0, "pickpockets");       // Money 1, HP 1
  t.give_minion(1, "bribed-officials");  // Money 1, +1 defending an Empire
  t.give_empire(1, "utility-monopoly");  // Energy + Money
  t.act("attack-empire:utility-monopoly");
  t.act("send:killer-drones");
  t.act("send:pickpockets");
  t.act("send-done");
  t.act("defend:bribed-officials");
  t.act("defend-done");
  t.dice({1, 1, 6, 6, 6});
  t.act("pass");  // Teutonic Precision unused
  EXPECT_EQ(t.s().fight_successes(1), 3);
  t.act("damage:killer-drones");
  t.act("damage:pickpockets");
  // An Energy and a Money Minion died: Baron Morbidodictus picks the type.
  EXPECT_EQ(t.legal(), (std::set<std::string>{"type:energy", "type:money"}));
  t.act("type:money");
  EXPECT_EQ(t.s().seat(1).stock[1], 1);
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
  EXPECT_EQ(t.st->describe_action(t.id("select-minion:killer-robot"), 1),
            "Seat 0 chooses a Minion");
  t.act("select-minion:killer-robot");
  EXPECT_EQ(t.s().seat(0).minions, 1ULL << t.minion("killer-robot"));
  // D2: the other goes to the bottom of the Minion deck, out of the unordered middle.
  EXPECT_FALSE((t.s().minion_deck() >> t.minion("zombies")) & 1);
  EXPECT_EQ(t.s().core().min_bottom_n, 1);
  t.act("buy-minion");  // the second purchase this round draws one card
  t.act("pay:energy");
  EXPECT_EQ(t.s().core().ch_count, 1);
}

TEST(MwPowers, PrimalFuryWithThreeAttackers_MW31) {
  Table t = with("the-gorilla", "baron-morbidodictus");
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  for (auto k : {"killer-drones", "tesla-troopers", "robot-sentry"}) t.give_minion(0, k);
  t.act("attack-lair:1:energy");
  for (auto k : {"killer-drones", "tesla-troopers", "robot-sentry"})
    t.act(std::string("send:") + k);
  t.act("send-done");
  EXPECT_EQ(t.s().dice_count(0), 4);  // 1+1+1 +1 (Robot Sentry's bonus is for defence only)
}

TEST(MwPowers, MaddeningWhispersRerollsThePeoplesHighestDie_MW31) {
  Table t = with("doctor-tentacles", "baron-morbidodictus");
  t.clear_tricks();
  t.phase(Phase::kDomination, 0);
  t.c().seats[0].dev = {1, 1, 1, 1};
  t.act("threaten:city");
  t.dice({5, 5, 1, 1, 6, 6, 4});
  EXPECT_TRUE(t.st->is_chance());  // automatic: the people's highest die (6) is rerolled
  t.act("die:1");
  EXPECT_EQ(t.s().die(1, 0), 6);
  EXPECT_EQ(t.s().die(1, 2), 1);
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

TEST(MwAbilities, MinionAndEmpireDiceModifiers_PMIN_PEMP) {
  auto fight = [](const std::string& target, std::vector<std::string> att,
                  std::vector<std::string> def, const std::string& empire = "") {
    Table t = with("herr-ubervoldt", "baron-morbidodictus");
    t.clear_tricks();
    t.phase(Phase::kRivalry, 0);
    for (auto& k : att) t.give_minion(0, k);
    for (auto& k : def) t.give_minion(1, k);
    if (!empire.empty()) t.give_empire(1, empire);
    t.act(target);
    for (auto& k : att) t.act("send:" + k);
    t.act("send-done");
    if (t.s().current_player() == 1) {
      for (auto& k : def)
        if (t.can("defend:" + k)) t.act("defend:" + k);
      t.act("defend-done");
    }
    return std::make_pair(t.s().dice_count(0), t.s().dice_count(1));
  };
  // Email Virus ignores the Lair bonus (+2): the undefended Lair rolls no dice (MW-17a).
  EXPECT_EQ(fight("attack-lair:1:energy", {"email-virus"}, {}), std::make_pair(1, 0));
  // Pickpockets: +1 attacking a Lair. Moat Sharks: +1 defending the Lair.
  EXPECT_EQ(fight("attack-lair:1:money", {"pickpockets"}, {}), std::make_pair(2, 2));
  EXPECT_EQ(fight("attack-lair:1:structure", {"zombies"}, {"moat-sharks"}), std::make_pair(1, 4));
  // Robot Sentry and Brain in a Jar: +1 defending.
  EXPECT_EQ(fight("attack-lair:1:energy", {"killer-drones"}, {"robot-sentry"}),
            std::make_pair(1, 4));
  EXPECT_EQ(fight("attack-lair:1:eureka", {"lab-rats"}, {"brain-in-a-jar"}), std::make_pair(1, 5));
  // Atomic Supermutant cannot defend.
  EXPECT_EQ(fight("attack-lair:1:energy", {"killer-drones"}, {"atomic-supermutant"}),
            std::make_pair(1, 2));
  // Flying Monkeys ignore the Empire bonus; Ninja Assassins +1 attacking an Empire.
  EXPECT_EQ(
      fight("attack-empire:first-sinister-bank", {"flying-monkeys"}, {}, "first-sinister-bank"),
      std::make_pair(2, 0));
  EXPECT_EQ(
      fight("attack-empire:first-sinister-bank", {"ninja-assassins"}, {}, "first-sinister-bank"),
      std::make_pair(3, 1));
  // Bribed Officials +1 defending an Empire; Fortified: +1 when the Empire is attacked.
  EXPECT_EQ(fight("attack-empire:casino-diabolique", {"hired-goons"}, {"bribed-officials"},
                  "casino-diabolique"),
            std::make_pair(1, 3));
  EXPECT_EQ(fight("attack-empire:armoured-car-depot", {"hired-goons"}, {}, "armoured-car-depot"),
            std::make_pair(1, 2));
}

TEST(MwAbilities, PsychicSpiesRevealTheDefendersDirtyTricks_PMIN) {
  Table t = with("herr-ubervoldt", "baron-morbidodictus");
  t.clear_tricks();
  t.give_trick(1, "scapegoat");
  t.phase(Phase::kRivalry, 0);
  t.give_minion(0, "psychic-spies");
  t.act("attack-lair:1:eureka");
  t.act("send:psychic-spies");
  t.act("send-done");
  t.pass_windows();
  EXPECT_EQ(
      t.st->view_json(0)["seats"][1]["tricks_known"][static_cast<size_t>(t.trick("scapegoat"))], 1);
}

}  // namespace
}  // namespace villainy::mwahahaha
