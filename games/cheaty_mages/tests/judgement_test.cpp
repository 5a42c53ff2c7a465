// Judgement and the winner (CM-10…CM-12, CM-21): limits, penalties, special judges, strength,
// prize and fighters all ejected.
#include <gtest/gtest.h>

#include "table.h"

namespace villainy::cheaty_mages {
namespace {
using namespace test;  // the scripted table of table.h
using Phase = CheatyMagesState::Phase;

TEST(CheatyMagesJudgement, CM10_ManaExactlyAtTheLimitIsSafe) {
  // Lawty: limit 10, dispel. Might (4) + Haste (6) = 10: safe; the goblin wins (1 + 5 + 4 = 10).
  Table t = solo({"might", "haste"}, "lawty");
  t.cast("might", 1);
  t.cast("haste", 1);
  EXPECT_EQ(t.s().total_mana(0), 10);
  t.pass_all();
  EXPECT_EQ(t.s().last_match().dispelled, 0);
  EXPECT_EQ(t.s().last_match().winner_pos, 0);
  EXPECT_EQ(t.s().seat(0).coins, 20);
}

TEST(CheatyMagesJudgement, CM10_OverTheLimitIsDispelledOrEjected) {
  {
    Table t = solo({"might", "haste", "healing"}, "lawty");  // 11 > 10: dispel
    t.cast("might", 1);
    t.cast("haste", 1);
    t.cast("healing", 1);
    t.pass_all();
    EXPECT_EQ(t.s().last_match().dispelled, 1);
    EXPECT_EQ(t.s().last_match().winner_pos, 4);  // Ghost 5
    EXPECT_EQ(t.s().seat(2).coins, 0);
  }
}

TEST(CheatyMagesJudgement, CM10_EjectionByOrlairAndManaSeal) {
  Table t = solo({"might", "haste", "strengthen", "mana-seal"}, "orlair");
  t.cast("might", 1);
  t.cast("haste", 1);
  t.cast("strengthen", 1);  // 12: at the limit
  t.cast("mana-seal", 1);   // counts −5: 7
  EXPECT_EQ(t.s().total_mana(0), 7);
  t.pass_all();
  EXPECT_EQ(t.s().last_match().ejected, 0);
  Table u = solo({"might", "haste", "weaken", "strengthen"}, "orlair");
  u.cast("might", 1);
  u.cast("haste", 1);
  u.cast("strengthen", 1);
  u.cast("weaken", 1);  // 14 > 12
  u.pass_all();
  EXPECT_EQ(u.s().last_match().ejected, 1);
  EXPECT_NE(u.s().last_match().winner_pos, 0);
}

TEST(CheatyMagesJudgement, CM10_TadNeverJudgesAndConfusionSkipsJudgement) {
  Table t = solo({"power-awakening", "haste", "paralyze"}, "tad");
  t.cast("power-awakening", 2);
  t.cast("haste", 2);
  t.cast("paralyze", 2);
  t.pass_all();
  EXPECT_FALSE(t.s().last_match().judged);
  EXPECT_EQ(t.s().last_match().dispelled, 0);
  Table u = solo({"power-awakening", "haste", "might", "confusion"}, "zapp");
  u.cast("power-awakening", 1);
  u.cast("haste", 1);  // 14
  u.cast("might", 1);  // 18 > 15
  u.a("cast:confusion");
  EXPECT_TRUE(u.s().confused());
  u.pass_all();
  EXPECT_FALSE(u.s().last_match().judged);
  EXPECT_EQ(u.s().last_match().dispelled, 0);
  EXPECT_EQ(u.s().last_match().winner_pos, 0);
}

TEST(CheatyMagesJudgement, CM10_FerineTurnsTheTopSpell) {
  struct Case {
    std::string card;
    std::uint8_t dispelled, ejected;
  };
  // 12 mana on the goblin: Direct → 10/eject (ejected); Enchant → 15/dispel (safe); Support →
  // 5/dispel.
  for (const Case& c : {Case{"blizzard", 0, 1}, Case{"shrink", 0, 0}, Case{"recall", 1, 0}}) {
    Table t = solo({"haste", "slow"}, "ferine");
    t.cast("haste", 1);
    t.cast("slow", 1);
    t.pass_all();
    ASSERT_EQ(t.s().phase(), Phase::kFerine);
    const int before = t.s().discard_size();
    t.a("deal:" + c.card);
    EXPECT_EQ(t.s().discard_size(), before + 1 + (c.dispelled ? 2 : 0))
        << c.card;  // the turned card; a dispel discards the spells, an ejection keeps them
    EXPECT_EQ(t.s().last_match().dispelled, c.dispelled) << c.card;
    EXPECT_EQ(t.s().last_match().ejected, c.ejected) << c.card;
  }
}

TEST(CheatyMagesJudgement, CM10_LesterLowManaDispel_AndConfusionSwitchesItOff) {
  Table t = solo({"healing", "might"}, "lester");
  t.cast("healing", 1);  // mana 1 <= 4: dispelled
  t.cast("might", 2);    // mana 4 <= 4: dispelled
  t.pass_all();
  EXPECT_EQ(t.s().last_match().dispelled, 3);
  EXPECT_EQ(t.s().last_match().low_mana_dispelled, 3);
  Table u = solo({"healing", "confusion"}, "lester");
  u.cast("healing", 1);
  u.a("cast:confusion");
  u.pass_all();
  EXPECT_EQ(u.s().last_match().dispelled, 0);
  EXPECT_FALSE(u.s().last_match().judged);
}

// Each judge's behaviour (CM-10 table); Tad, Ferine, Zapp, Lawty, Lester in rules_test.cpp too.
TEST(CheatyMagesJudgement, Judge_AdothEjectsAbove10) {
  Table t = solo({"might", "haste", "cure"}, "adoth");
  t.cast("might", 1);
  t.cast("haste", 1);
  t.cast("cure", 1);  // 10: safe
  t.pass_all();
  EXPECT_EQ(t.s().last_match().ejected, 0);
  Table u = solo({"might", "haste", "healing"}, "adoth");
  u.cast("might", 1);
  u.cast("haste", 1);
  u.cast("healing", 1);  // 11
  u.pass_all();
  EXPECT_EQ(u.s().last_match().ejected, 1);
}

TEST(CheatyMagesJudgement, Judge_MorlaDispelsAbove12) {
  Table t = solo({"might", "haste", "regeneration"}, "morla");
  t.cast("might", 1);
  t.cast("haste", 1);
  t.cast("regeneration", 1);  // 13
  t.pass_all();
  EXPECT_EQ(t.s().last_match().dispelled, 1);
  EXPECT_EQ(t.s().last_match().ejected, 0);
}

TEST(CheatyMagesJudgement, Judge_LesterEjectsAbove15) {
  Table t = solo({"power-awakening", "haste", "strengthen"}, "lester");
  t.cast("power-awakening", 2);
  t.cast("haste", 2);
  t.cast("strengthen", 2);  // 16
  t.pass_all();
  EXPECT_EQ(t.s().last_match().ejected, 2);
}

TEST(CheatyMagesJudgement, CM11_TieGoesToHigherPrintedStrength) {
  Table t = solo({"healing"}, "tad", {"1", "5", "3"});
  t.cast("healing", 1);  // Goblin 1 + 4 = 5 = Ghost 5
  EXPECT_EQ(t.s().strength(0), t.s().strength(4));
  t.pass_all();
  EXPECT_EQ(t.s().last_match().winner_pos, 4);
  EXPECT_EQ(t.s().seat(1).coins, 10);
}

TEST(CheatyMagesJudgement, CM11_SkeletonAndGhostReverseStrengthNotManaOrPrize) {
  Table t = solo({"fireball", "cause-unpopularity", "might"}, "tad");
  t.cast("fireball", 3);
  t.cast("cause-unpopularity", 3);
  EXPECT_EQ(t.s().strength(2), 3 + 4);
  EXPECT_EQ(t.s().total_mana(2), 1 + 3);
  EXPECT_EQ(t.s().prize(2), 14);
  t.cast("might", 5);
  EXPECT_EQ(t.s().strength(4), 5 - 5);
  EXPECT_EQ(t.s().total_mana(4), 4);
  EXPECT_EQ(t.s().prize(4), 5);
}

TEST(CheatyMagesJudgement, CM11_CauseUnpopularityDoublesEachTime_DispelledFighterLosesIt) {
  Table t = solo({"cause-unpopularity", "cause-unpopularity", "giant-growth"}, "tad");
  t.cast("cause-unpopularity", 1);
  t.cast("cause-unpopularity", 1);
  t.cast("giant-growth", 1);
  EXPECT_EQ(t.s().prize(0), 40);
  t.pass_all();
  EXPECT_EQ(t.s().seat(0).coins, 80);  // one card: 2 × 40
  // Dispelled by Zapp (limit 15): the Cause Unpopularity goes, the prize is printed again.
  Table u = solo({"cause-unpopularity", "power-awakening", "haste"}, "zapp");
  u.cast("cause-unpopularity", 1);
  u.cast("power-awakening", 1);
  u.cast("haste", 1);  // 17 > 15
  EXPECT_EQ(u.s().prize(0), 20);
  u.pass_all();
  EXPECT_EQ(u.s().last_match().dispelled, 1);
  EXPECT_EQ(u.s().prize(0), 10);
  EXPECT_EQ(u.s().last_match().winner_pos, 4);
}

void eject_everything(Table& t) {
  // Ferine turns a Direct: limit 10, eject. Every fighter gets 11+ mana.
  t.bets({"1", "2", "3"});
  t.cast("power-awakening", 1);  // seat 0
  t.cast("haste", 5);            // seat 1
  t.a("pass");                   // seat 2
  t.cast("lightning-bolt", 1);
  t.cast("slow", 5);
  t.cast("paralyze", 2);
  t.a("pass");  // seat 1 is done; seat 0 plays out its hand
  for (const auto& [spell, pos] : std::vector<std::pair<std::string, int>>{
           {"lightning-bolt", 2}, {"haste", 3}, {"mana-boost", 3}, {"slow", 4}, {"mana-boost", 4}})
    t.cast(spell, pos);
  ASSERT_EQ(t.s().phase(), Phase::kFerine);  // seat 0's hand is empty: it passes automatically
  t.a("deal:blizzard");
}

TEST(CheatyMagesJudgement, CM12_AllFightersEjected_Replay) {
  Table t = setup(3,
                  {{"power-awakening", "lightning-bolt", "paralyze", "lightning-bolt", "haste",
                    "mana-boost", "slow", "mana-boost"},
                   {"haste", "slow"}},
                  kFive, "ferine");
  eject_everything(t);
  const MatchSummary& m = t.s().last_match();
  EXPECT_TRUE(m.all_ejected);
  EXPECT_EQ(m.ejected, 0x1f);
  EXPECT_FALSE(m.counted);
  EXPECT_EQ(t.s().matches_counted(), 0);
  EXPECT_EQ(t.s().matches_played(), 1);
  EXPECT_EQ(t.s().phase(), Phase::kRefill);  // refill and cleanup as after any match
  for (int p = 0; p < 3; ++p) EXPECT_EQ(t.s().seat(p).coins, 0);
}

TEST(CheatyMagesJudgement, CM12_AllFightersEjected_NoPayout) {
  Table t = setup(3,
                  {{"power-awakening", "lightning-bolt", "paralyze", "lightning-bolt", "haste",
                    "mana-boost", "slow", "mana-boost"},
                   {"haste", "slow"}},
                  kFive, "ferine", 0, {{"all-ejected", "no-payout"}});
  eject_everything(t);
  EXPECT_TRUE(t.s().last_match().all_ejected);
  EXPECT_TRUE(t.s().last_match().counted);
  EXPECT_EQ(t.s().matches_counted(), 1);
  for (int p = 0; p < 3; ++p) EXPECT_EQ(t.s().seat(p).coins, 0);
}

TEST(CheatyMagesJudgement, CM21_LawtyLimit12) {
  Table t = solo({"might", "haste", "healing"}, "lawty", {"1", "2", "3"}, {{"lawty-limit", "12"}});
  t.cast("might", 1);
  t.cast("haste", 1);
  t.cast("healing", 1);  // 11 <= 12
  t.pass_all();
  EXPECT_EQ(t.s().last_match().dispelled, 0);
  EXPECT_EQ(t.s().last_match().winner_pos, 0);
}

}  // namespace
}  // namespace villainy::cheaty_mages
