// Mwahahaha! rule tests: the Rivalry phase (MW-16…MW-21), the dice (MW-19), the fight powers and
// abilities (MW-31, P-MIN, P-EMP). Each test cites the rule ids of docs/rules/mwahahaha.md it
// checks. Positions are set up by forcing chance outcomes (scientists, devices, draws, dice)
// through apply(); a few tests then place tokens, Minions or Empires on the table through the test
// accessor (documented at the call) to reach a phase quickly.
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

// Rivalry (MW-16…MW-21) and the dice (MW-19)
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

// Scientists' powers (P-SCI, MW-31, MW-32) and Minion / Empire abilities (P-MIN, P-EMP)
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
      t.st()->view_json(0)["seats"][1]["tricks_known"][static_cast<size_t>(t.trick("scapegoat"))],
      1);
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
