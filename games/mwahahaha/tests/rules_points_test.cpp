// Rule tests for the Mwahahaha! points of issues 16 and 17 (rule ids of
// ../shared/rules/mwahahaha.md; decisions D1… of mwahahaha.h; docs/rules/mwahahaha.md). Each test
// plays through the public API from positions set up as in rules_test.cpp.
#include <gtest/gtest.h>

#include <bit>
#include <nlohmann/json.hpp>

#include "mw_table.h"

namespace villainy::mwahahaha {
namespace {

using namespace testing_table;

// MW-6a: a window closes only when every askable player has passed since the last play; there is
// no cap on the number of plays (the former D4 closed it after the third).
TEST(MwPoints, WindowTakesEveryPlayUntilAllPass_MW6a) {
  Table t = two();
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_trick(0, "reinforcements");
  t.give_trick(0, "reinforcements");
  t.give_trick(1, "ambush");
  t.give_trick(1, "ambush");
  t.give_minion(0, "killer-drones");
  t.act("attack-lair:1:energy");
  t.act("send:killer-drones");
  t.act("send-done");
  t.act("play:reinforcements");  // attack-declared window, from the attacker
  t.act("play:ambush");
  t.act("play:reinforcements");
  ASSERT_EQ(t.s().stage(), Stage::kWindow);  // a fourth play is still offered
  EXPECT_EQ(t.s().current_player(), 1);
  t.act("play:ambush");  // nobody holds a card now: the window closes, the dice are next
  ASSERT_TRUE(t.st->is_chance());
  EXPECT_EQ(t.s().dice_count(0), 3);  // Killer Drones 1 + 2 Reinforcements
  EXPECT_EQ(t.s().dice_count(1), 6);  // Lair 2 + 2 Ambushes
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
  EXPECT_EQ(t.st->view_json(0)["minion_bottom"]["cards"],
            nlohmann::json::array({t.minion("zombies")}));
  EXPECT_EQ(t.st->view_json(1)["minion_bottom"]["n"], 1);
  EXPECT_FALSE(t.st->view_json(1)["minion_bottom"].contains("cards"));
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

// Insider Tip (P-DT, MW-32 "looks at as many cards as remain, up to 3"): playable while an earlier
// stack is on top; the second look takes up that stack first, and re-orders it.
TEST(MwPoints, InsiderTipOnAnEarlierStack_MW32_MW6c) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.give_trick(0, "insider-tip");
  t.give_trick(1, "insider-tip");
  t.act("play:insider-tip");
  t.act("insider:minions");
  t.act("minion:killer-robot");
  t.act("minion:zombies");
  t.act("minion:giant-ants");
  t.act("select-minion:zombies");
  t.act("select-minion:killer-robot");
  t.act("select-minion:giant-ants");
  t.c().seats[0].stock = {1, 0, 0, 0};  // placed: one purchase takes the top card
  t.act("buy-minion");
  t.act("pay:energy");
  t.act("minion:zombies");
  EXPECT_EQ(t.s().core().top_n[1], 2);
  t.act("end-turn");
  for (auto k : {"s3", "m3", "eu3", "eu2", "eu1"}) t.act(std::string("raw:") + k);  // seat 1
  t.pass_windows();
  ASSERT_EQ(t.s().current_player(), 1);
  ASSERT_TRUE(t.can("play:insider-tip"));  // refused before, with a stack on top
  t.act("play:insider-tip");
  t.act("insider:minions");
  EXPECT_EQ(t.legal(), (std::set<std::string>{"minion:killer-robot"}));  // the stack first
  t.act("minion:killer-robot");
  t.act("minion:giant-ants");
  t.act("minion:nanites");  // then the unordered middle
  t.act("select-minion:nanites");
  t.act("select-minion:giant-ants");
  t.act("select-minion:killer-robot");
  EXPECT_EQ(t.st->view_json(1)["minion_top"]["cards"],
            nlohmann::json::array(
                {t.minion("nanites"), t.minion("giant-ants"), t.minion("killer-robot")}));
  EXPECT_FALSE(t.st->view_json(0)["minion_top"].contains("cards"));  // re-ordered unseen
}

// Insider Tip and Mercenary Contract (MW-2b, MW-6c): an empty deck with a discard pile is
// reshuffled, so both stay playable; Mercenary Contract is also played while sending Minions.
TEST(MwPoints, EmptyDeckWithADiscardPileIsReshuffled_MW2b_MW6c) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.give_trick(0, "insider-tip");
  t.c().emp_discard = t.c().emp_deck;  // placed: every Empire and Minion in the discard piles
  t.c().emp_deck = 0;
  t.c().min_discard_n = 0;
  for (int m = 0; m < kNumMinions; ++m)
    if (m != t.minion("killer-drones"))
      t.c().min_discard[t.c().min_discard_n++] = static_cast<std::int8_t>(m);
  t.c().min_deck = 0;
  t.c().face_up = (1ULL << kNumMinions) - 1;
  ASSERT_TRUE(t.can("play:insider-tip"));
  t.act("play:insider-tip");
  EXPECT_EQ(t.legal(), (std::set<std::string>{"insider:empires", "insider:minions"}));
  t.act("insider:empires");
  EXPECT_EQ(t.outcomes().size(), static_cast<size_t>(kNumEmpires));  // reshuffled
  t.act("empire:think-tank");
  t.act("empire:laundromat");
  t.act("empire:toy-factory");
  for (auto k : {"think-tank", "laundromat", "toy-factory"})
    t.act(std::string("choose-empire:") + k);
  // Rivalry: Mercenary Contract with the Minion deck empty and its discard pile full.
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_trick(0, "mercenary-contract");
  t.c().seats[0].minions = 1ULL << t.minion("killer-drones");  // placed
  t.act("attack-lair:1:energy");
  ASSERT_TRUE(t.can("play:mercenary-contract"));  // while sending (MW-6c own Rivalry decision)
  t.act("play:mercenary-contract");
  EXPECT_EQ(t.outcomes().size(), static_cast<size_t>(kNumMinions - 1));
  t.act("minion:giant-lizards");
  EXPECT_EQ(t.s().stage(), Stage::kSend);
  t.act("send:giant-lizards");  // MW-16a: a Minion received this round may attack
  t.act("send:killer-drones");
  t.act("send-done");
  EXPECT_EQ(t.s().core().n_atk, 2);
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
  ASSERT_TRUE(t.st->is_chance());
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

// A Lair attack by seat 0 with `att` against seat 1 (no defenders), the attacker's dice all 6 and
// the defender's all 1; seat 0 is Herr Ubervoldt (asked after the roll for Teutonic Precision).
void won_lair_attack(Table& t, const std::vector<std::string>& att) {
  t.act("attack-lair:1:energy");
  for (auto& k : att) t.act("send:" + k);
  t.act("send-done");
  t.pass_windows();
  std::vector<int> d(static_cast<size_t>(t.s().dice_count(0)), 6);
  d.resize(d.size() + static_cast<size_t>(t.s().dice_count(1)), 1);
  t.dice(d);
  // fight-after-roll only; then no damage to place, no plunder (no tokens).
  while (t.s().stage() == Stage::kWindow && t.s().window() == Window::kFightAfterRoll)
    t.act("pass");
}

// Booby Trap (P-DT "one surviving attacking minion") with MW-6a and MW-31: its kill is discarded
// at once, feeds Grave Robber (D13), and with no attacker left the window closes, so a second
// Booby Trap cannot be played on the dead Minion.
TEST(MwPoints, BoobyTrapNeedsASurvivorAndFeedsGraveRobber_MW6a_MW31) {
  Table t = with("herr-ubervoldt", "baron-morbidodictus");
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_trick(1, "booby-trap");
  t.give_trick(1, "booby-trap");
  t.give_minion(0, "killer-drones");  // HP 1
  t.c().seats[1].stock = {};
  won_lair_attack(t, {"killer-drones"});
  ASSERT_EQ(t.s().window(), Window::kAfterResolved);
  ASSERT_EQ(t.s().current_player(), 1);
  t.act("play:booby-trap");
  t.act("select-minion:killer-drones");
  EXPECT_EQ(t.s().seat(1).stock[0], 1);  // Grave Robber: 1 Energy for the Killer Drones
  EXPECT_FALSE(t.s().in_fight());        // the window closed: no attacker left
  EXPECT_EQ(t.s().seat(1).tricks[static_cast<size_t>(t.trick("booby-trap"))], 1);
  EXPECT_EQ(t.s().seat(0).minions, 0U);
}

// MW-20a: destroyed Minions, then cards that act after the fight (Booby Trap), then one-shot
// Minions leave. The one-shot Ultrasonic Overload, sent first, is discarded after the Booby Trap
// victim sent second, so it is the top of the discard pile (what Press Gang takes).
TEST(MwPoints, BoobyTrapVictimsAreDiscardedBeforeOneShots_MW20a) {
  Table t = two();
  t.clear_tricks();
  t.phase(Phase::kRivalry, 0);
  t.give_trick(1, "booby-trap");
  t.give_minion(0, "ultrasonic-overload");  // one-shot
  t.give_minion(0, "killer-drones");        // HP 1
  t.c().seats[1].stock = {};
  won_lair_attack(t, {"ultrasonic-overload", "killer-drones"});
  t.act("play:booby-trap");
  t.act("select-minion:killer-drones");
  t.pass_windows();
  const auto& c = t.s().core();
  ASSERT_EQ(c.min_discard_n, 2);
  EXPECT_EQ(c.min_discard[0], t.minion("killer-drones"));
  EXPECT_EQ(c.min_discard[1], t.minion("ultrasonic-overload"));  // the top
}

// Grave Robber (MW-31) and a one-shot Minion (P-MIN "destroyed after the fight"): it counts by
// default; option grave-robber=fight-only counts only the fight's damage (D13).
TEST(MwPoints, OneShotMinionFeedsGraveRobberUnlessFightOnly_MW31) {
  for (const char* opt : {"all", "fight-only"}) {
    SCOPED_TRACE(opt);
    Table t = with("baron-morbidodictus", "herr-ubervoldt", {{"grave-robber", opt}});
    t.clear_tricks();
    t.phase(Phase::kRivalry, 0);
    t.give_minion(0, "ultrasonic-overload");
    t.c().seats[0].stock = {};
    t.c().seats[1].stock = {};
    t.act("attack-lair:1:energy");
    t.act("send:ultrasonic-overload");
    t.act("send-done");
    t.dice({6, 6, 1, 1});
    t.pass_windows();
    EXPECT_FALSE((t.s().seat(0).minions >> t.minion("ultrasonic-overload")) & 1);
    EXPECT_EQ(t.s().seat(0).stock[0], std::string(opt) == "all" ? 1 : 0);
  }
}

// Evil Laugh (P-DT) with MW-6b: its Maniacal counter in the Domination phase opens the
// gain-maniacal window, so Media Blackout can answer it (D4).
TEST(MwPoints, EvilLaughGainOpensTheGainManiacalWindow_MW6b) {
  Table t = domination_two({1, 1, 1, 1}, {"media-blackout"});
  t.give_trick(0, "evil-laugh");
  t.act("play:evil-laugh");  // seat 0's main Domination decision
  ASSERT_EQ(t.s().stage(), Stage::kWindow);
  EXPECT_EQ(t.s().window(), Window::kGainManiacal);
  EXPECT_EQ(t.s().current_player(), 1);
  t.act("play:media-blackout");
  EXPECT_EQ(t.s().seat(0).maniacal, 0);
  EXPECT_EQ(t.s().stage(), Stage::kDomination);  // back to the decision it was played in
  EXPECT_EQ(t.s().current_player(), 0);
}

// The same inside another window: Evil Laugh in seat 0's threat-declared window opens a
// gain-maniacal window of its own; when it is done the threat-declared window goes on.
TEST(MwPoints, EvilLaughInsideAThreatWindowNests_MW6a_MW6b) {
  Table t = domination_two({1, 1, 1, 1}, {"evil-laugh"});
  t.give_trick(0, "media-blackout");
  t.act("threaten:city");
  t.act("pass");  // seat 0 (Media Blackout does not fit here)
  t.act("play:evil-laugh");
  EXPECT_EQ(t.s().window(), Window::kGainManiacal);
  EXPECT_EQ(t.s().current_player(), 0);
  t.act("play:media-blackout");
  EXPECT_EQ(t.s().seat(1).maniacal, 0);
  EXPECT_EQ(t.s().window(), Window::kThreatDeclared);
  ASSERT_TRUE(t.st->is_chance());  // nobody holds a card: the threat's dice
  EXPECT_EQ(t.s().dice_count(0), 4);
}

// Sabotage (P-DT "not during a threat", D19): refused in the counter windows a threat opens
// (here the gain-humiliation window of a flight), allowed again in the next turn.
TEST(MwPoints, SabotageRefusedInAThreatsCounterWindows_D19) {
  Table t = domination_two({1, 1, 1, 1}, {"sabotage"});
  t.act("threaten:city");
  t.pass_windows();
  t.dice({1, 1, 1, 1, 6, 6, 6});
  t.pass_windows();
  t.act("flee");
  ASSERT_EQ(t.s().window(), Window::kGainHumiliation);
  ASSERT_EQ(t.s().current_player(), 1);
  EXPECT_EQ(t.legal(), (std::set<std::string>{"pass"}));
  t.act("pass");
  t.act("keep-device");
  ASSERT_EQ(t.s().stage(), Stage::kDomination);
  ASSERT_EQ(t.s().current_player(), 1);
  EXPECT_TRUE(t.can("play:sabotage"));
}

// Espionage (P-DT, D10) with nothing to see: a face-up device and an empty hand.
TEST(MwPoints, EspionageNeedsSomethingHidden_D10) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.give_trick(0, "espionage");
  ASSERT_EQ(t.s().seat(1).raw_count(), 0);
  EXPECT_TRUE(t.can("play:espionage"));  // a face-down device
  t.c().seats[1].device_up = 1;          // placed: revealed by an earlier threat
  EXPECT_FALSE(t.can("play:espionage"));
  t.c().seats[1].raw[0] = 1;  // placed: one raw card in hand
  t.c().raw_deck[0]--;
  EXPECT_TRUE(t.can("play:espionage"));
}

// Union Strike (P-DT, MW-32, D14) on an Empire discarded and bought again in the same round: the
// strike left with the card (default), or stays on it for the round (union-strike=round).
TEST(MwPoints, UnionStrikeOnAnEmpireBoughtAgain_D14) {
  for (const char* opt : {"leaves-play", "round"}) {
    SCOPED_TRACE(opt);
    Table t = creation_two({"e3", "m2", "s2", "e1", "e1"}, {{"union-strike", opt}});
    t.give_trick(0, "union-strike");
    t.give_empire(0, "acme-power-light");  // Energy 2
    t.act("play:union-strike");
    t.act("choose-empire:acme-power-light");
    EXPECT_EQ(t.s().capacity_left(0, 0), 3);  // Herr Ubervoldt's Energy 3 only
    t.act("cash-in:acme-power-light");
    t.c().emp_deck = 0;  // placed: the rest of the Empire deck drawn
    t.act("buy-empire");
    t.act("pay:energy");
    t.act("pay:energy");
    t.act("empire:acme-power-light");  // the reshuffled discard pile (MW-2b)
    EXPECT_EQ(t.s().capacity_left(0, 0), std::string(opt) == "round" ? 3 : 5);
  }
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
    const auto raw = t.st->view_json(1)["trade"]["offer_raw"];
    EXPECT_EQ(raw[0], "e1");
    EXPECT_EQ(raw[1], "wild (really betrayed)");
    EXPECT_EQ(t.st->view_json(0)["trade"]["offer_raw"][1], "wild (really betrayed)");
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
      EXPECT_TRUE(t.st->is_chance());  // seat 1's turn: its refill
    }
  }
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

// MW-16 (D21), the Rivalry side: under attacks=one the turn ends after its attack, or under
// turn-end=declared returns to the main decision with no second attack.
TEST(MwPoints, TurnEndsAfterTheAttackUnlessDeclared_MW16_D21) {
  for (const char* opt : {"auto", "declared"}) {
    SCOPED_TRACE(opt);
    Table t = two({{"turn-end", opt}});
    t.clear_tricks();
    t.phase(Phase::kRivalry, 0);
    t.give_minion(0, "killer-drones");
    t.give_minion(0, "tesla-troopers");
    t.c().seats[1].stock = {};
    won_lair_attack(t, {"killer-drones"});
    t.pass_windows();
    if (std::string(opt) == "declared") {
      EXPECT_EQ(t.s().stage(), Stage::kRivalry);
      EXPECT_EQ(t.s().current_player(), 0);
      EXPECT_EQ(t.legal(), (std::set<std::string>{"no-attack"}));  // Tesla Troopers stay home
      t.act("no-attack");
    }
    EXPECT_EQ(t.s().current_player(), 1);
  }
}

}  // namespace
}  // namespace villainy::mwahahaha
