// Mwahahaha! rule tests: Dirty Tricks (MW-6, P-DT): windows and every card. Each test cites the
// rule ids of docs/rules/mwahahaha.md it checks. Positions are set up by forcing chance outcomes
// (scientists, devices, draws, dice) through apply(); a few tests then place tokens, Minions or
// Empires on the table through the test accessor (documented at the call) to reach a phase quickly.
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

// Dirty Tricks (MW-6, P-DT): every card.
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
  EXPECT_EQ(t.st()->view_json(0)["seats"][1]["device"], "giant-robot");
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
  ASSERT_EQ(t.s().current_player(), 0) << t.st()->view_text(0);
  t.act("play:evil-monologue");
  ASSERT_EQ(t.s().current_player(), 1) << t.st()->view_text(0);
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
  ASSERT_TRUE(t.st()->is_chance());
  EXPECT_EQ(t.s().dice_count(0), 3);  // Killer Drones 1 + 2 Reinforcements
  EXPECT_EQ(t.s().dice_count(1), 6);  // Lair 2 + 2 Ambushes
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
  EXPECT_EQ(t.st()->view_json(1)["minion_top"]["cards"],
            nlohmann::json::array(
                {t.minion("nanites"), t.minion("giant-ants"), t.minion("killer-robot")}));
  EXPECT_FALSE(t.st()->view_json(0)["minion_top"].contains("cards"));  // re-ordered unseen
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
  ASSERT_TRUE(t.st()->is_chance());  // nobody holds a card: the threat's dice
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

// Insider Tip (P-DT, MW-32) looks at the top cards of a deck and puts them back: the others learn
// that it looked, never what, and a card looked at is not a card drawn. The description of each
// look names the deck (Minion or Empire) for the other seats; a Minion bought or brought in by
// Mercenary Contract is drawn. (The line for a Minion look once said "draws a Minion": the view
// matched the draw's continuation by a wrong number.)
TEST(MwTricks, InsiderTipLooksAreToldAsLooksNotDraws_MW32) {
  Table t = creation_two({"e3", "m2", "s2", "e1", "e1"});
  t.give_trick(0, "insider-tip");
  t.give_trick(0, "insider-tip");
  t.act("play:insider-tip");
  t.act("insider:minions");
  ASSERT_TRUE(t.st()->is_chance());
  const Action look = t.id("minion:killer-robot");
  EXPECT_EQ(t.st()->describe_action(look, 1), "Seat 1 looks at a Minion card");
  EXPECT_EQ(t.st()->describe_action(look, kSpectator), "Seat 1 looks at a Minion card");
  EXPECT_EQ(t.st()->describe_action(look, 0), "You look at the Minion Killer Robot");
  t.act("minion:killer-robot");
  t.act("minion:zombies");
  t.act("minion:giant-ants");
  t.act("select-minion:zombies");
  t.act("select-minion:killer-robot");
  t.act("select-minion:giant-ants");
  t.act("play:insider-tip");
  t.act("insider:empires");
  const auto outcomes = t.outcomes();
  ASSERT_FALSE(outcomes.empty());
  EXPECT_EQ(t.st()->describe_action(outcomes[0].action, 1), "Seat 1 looks at an Empire card");
  // A bought Minion is drawn: the others are told a Minion was drawn, not which.
  Table b = creation_two({"e3", "m2", "s2", "e1", "e1"});
  b.c().seats[0].stock = {1, 0, 0, 0};  // placed: one purchase
  b.act("buy-minion");
  b.act("pay:energy");
  ASSERT_TRUE(b.st()->is_chance());
  EXPECT_EQ(b.st()->describe_action(b.id("minion:zombies"), 1), "Seat 1 draws a Minion face down");
}

}  // namespace
}  // namespace villainy::mwahahaha
