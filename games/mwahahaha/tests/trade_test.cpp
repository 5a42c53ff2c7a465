// Mwahahaha! rule tests: trades (MW-15, MW-15a; D5, D15, D16, D20). Each test cites the rule ids of
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

// Trading (MW-15, MW-15a)
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
  EXPECT_EQ(t.st()->describe_action(t.id("offer-raw:betrayed"), 1),
            "Seat 1 offers a raw material card face down");
  t.act("describe-as:eu3");
  t.act("ask-token:eureka");
  t.act("propose");
  // The receiver sees the declared description until the card arrives.
  const auto v = t.st()->view_json(1);
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
  EXPECT_EQ(t.st()->describe_action(t.id("give-raw:betrayed"), 0),
            "Seat 2 hands over a card for Eureka 3; Betrayed cards are caught: Eureka 3");
  {
    auto copy = t.st()->clone();
    const auto told = copy->apply_narrated(t.id("give-raw:betrayed"), 0);
    const Event betrayed{"mw.betrayed", {{"seat", 1}, {"card", "mw.raw.eu3"}}};
    EXPECT_NE(std::find(told.begin(), told.end(), betrayed), told.end());
  }
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
  EXPECT_EQ(t.st()->view_json(1)["trade"]["offer_raw"][0], "wild (really betrayed)");
  t.act("decline");
}

// Hypnotic Bargain (MW-31, D20): "look at one face-down raw material card offered to you" — the
// partner picks which (peek:<i>); option hypnotic-peek=first always shows the first.
TEST(MwPoints, HypnoticBargainPicksTheCard_MW31_D20) {
  for (const char* opt : {"choose", "first"}) {
    SCOPED_TRACE(opt);
    Table t(2, {{"hypnotic-peek", opt}});
    t.setup({"herr-ubervoldt", "madame-mesmera"},
            {{"man-eating-plants", "orbital-laser", "freeze-ray"},
             {"giant-robot", "shrink-ray", "weather-machine"}},
            {"embezzlement", "brilliant-idea"});
    for (auto k : {"betrayed", "e1", "m1", "s1", "s2"}) t.act(std::string("raw:") + k);
    t.pass_windows();
    t.clear_tricks();
    t.c().seats[1].stock = {1, 0, 0, 0};
    t.c().seats[1].raw_extra = 1;  // placed: Forged Papers, two raw cards may be received
    t.act("trade-with:1");
    t.act("offer-raw:e1");
    t.act("describe-as:e1");
    t.act("offer-raw:betrayed");
    t.act("describe-as:wild");
    t.act("ask-token:energy");
    t.act("propose");
    const bool choose = std::string(opt) == "choose";
    EXPECT_TRUE(t.can("peek:0"));
    ASSERT_EQ(t.can("peek:1"), choose);
    if (!choose) continue;
    t.act("peek:1");
    const auto raw = t.st()->view_json(1)["trade"]["offer_raw"];
    EXPECT_EQ(raw[0], "e1");
    EXPECT_EQ(raw[1], "wild (really betrayed)");
    EXPECT_EQ(t.st()->view_json(0)["trade"]["offer_raw"][1], "wild (really betrayed)");
  }
}

// MW-15a (D16) under trade-window=open: after a Creation turn the other players propose from the
// next player; open-trade=all asks the turn player too, last.
TEST(MwPoints, OpenTradingAsksTheTurnPlayerOnlyUnderAll_MW15a_D16) {
  for (const char* opt : {"others", "all"}) {
    SCOPED_TRACE(opt);
    Table t = creation_two({"e3", "m2", "s2", "e1", "e1"},
                           {{"trade-window", "open"}, {"open-trade", opt}});
    t.act("end-turn");
    ASSERT_EQ(t.s().stage(), Stage::kOpenTrade);
    EXPECT_EQ(t.s().current_player(), 1);
    t.act("pass");
    if (std::string(opt) == "all") {
      EXPECT_EQ(t.s().stage(), Stage::kOpenTrade);
      EXPECT_EQ(t.s().current_player(), 0);
      EXPECT_TRUE(t.can("trade-with:1"));
    } else {
      EXPECT_TRUE(t.st()->is_chance());  // seat 1's turn: its refill
    }
  }
}

}  // namespace
}  // namespace villainy::mwahahaha
