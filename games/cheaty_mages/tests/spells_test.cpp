// The spell phase (CM-7…CM-9, CM-20, CM-22): turns, passing, peeking, casting, bans, Reflection,
// bribes and Duplicate.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "table.h"

namespace villainy::cheaty_mages {
namespace {
using namespace test;  // the scripted table of table.h
using Phase = CheatyMagesState::Phase;

TEST(CheatyMagesSpells, CM7_PassIsFinalAndEmptyHandsPassAutomatically) {
  Table t = setup(3, {}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.a("pass");
  EXPECT_EQ(t.s().current_player(), 1);
  t.a("cast:cure");
  t.a("target:2");
  EXPECT_EQ(t.s().current_player(), 2);
  t.a("pass");
  EXPECT_EQ(t.s().current_player(), 1);  // seat 0 and 2 passed: skipped
  // Seat 1 plays out its hand; with no cards it passes automatically and judgement follows.
  while (t.s().phase() == Phase::kSpell && t.s().seat(1).hand_n > 1)
    t.a("peek"), t.state().apply(t.state().legal_actions()[0]), t.a("target:1");
  ASSERT_EQ(t.s().seat(1).hand_n, 1);
  t.a("peek");
  t.state().apply(t.state().legal_actions()[0]);
  t.a("target:1");
  EXPECT_NE(t.s().phase(), Phase::kSpell);
  EXPECT_EQ(t.s().last_match().number, 1);
}

TEST(CheatyMagesSpells, CM7_PeekIsASnapshotAndEmptyTargetsAreLegal) {
  Table t = setup(3, {{"might", "weaken"}}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.cast("might", 1);  // seat 0
  t.a("peek");         // seat 1
  EXPECT_FALSE(t.legal("discard:dispel-magic"));
  t.a("discard:cure");
  EXPECT_EQ(t.s().discard_count(kind::kCure), 1);  // discards are public
  t.a("target:1");
  const int i = find_spell(t.s(), 0, kind::kMight);
  EXPECT_TRUE(t.s().spell_visible(i, 1));
  EXPECT_FALSE(t.s().spell_visible(i, 2));
  t.a("peek");  // seat 2
  t.a("discard:healing");
  t.a("target:5");      // nothing to see: legal, no effect
  t.cast("weaken", 1);  // seat 0
  const int j = find_spell(t.s(), 0, kind::kWeaken);
  EXPECT_FALSE(t.s().spell_visible(j, 1));  // added after the peek: unknown
  EXPECT_EQ(t.state().view_json(1)["fighters"][0]["spells"][1]["spell"], "unknown");
  EXPECT_EQ(t.state().view_json(1)["fighters"][0]["spells"][0]["spell"], "might");
}

TEST(CheatyMagesSpells, CM7_PeekOptionOff) {
  Table t = setup(3, {}, kFive, "tad", 0, {{"peek", "off"}});
  t.bets({"1", "2", "3"});
  EXPECT_FALSE(t.legal("peek"));
}

TEST(CheatyMagesSpells, CM8_EnchantFaceDownDirectFaceUpSupportDiscarded) {
  Table t = setup(3, {{"might", "fireball", "recall"}}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.cast("might", 2);
  const Spell& m = t.s().spell(find_spell(t.s(), 1, kind::kMight));
  EXPECT_FALSE(m.face_up);
  EXPECT_EQ(m.known, 1u);  // its caster
  EXPECT_EQ(t.state().view_json(2)["fighters"][1]["spells"][0]["type"], "Enchant");
  t.a("pass");
  t.a("pass");
  t.cast("fireball", 2);
  EXPECT_TRUE(t.s().spell(find_spell(t.s(), 1, kind::kFireball)).face_up);
  EXPECT_EQ(t.state().view_json(2)["fighters"][1]["spells"][1]["spell"], "fireball");
  t.a("cast:recall");
  t.a("deal:blizzard");
  EXPECT_EQ(t.s().discard_count(kind::kRecall), 1);
}

TEST(CheatyMagesSpells, CM8_JudgesBanTypesAndForbidden) {
  {
    Table t = setup(3, {{"fireball", "might", "recall"}}, kFive, "orlair");  // bans Direct
    t.bets({"1", "2", "3"});
    EXPECT_FALSE(t.legal("cast:fireball"));
    EXPECT_TRUE(t.legal("cast:might"));
    EXPECT_TRUE(t.legal("cast:recall"));
  }
  {
    Table t = setup(3, {{"giant-growth", "might", "recall", "meteor-strike"}}, kFive,
                    "adoth");  // Support, Forbidden
    t.bets({"1", "2", "3"});
    EXPECT_FALSE(t.legal("cast:giant-growth"));
    EXPECT_FALSE(t.legal("cast:meteor-strike"));
    EXPECT_FALSE(t.legal("cast:recall"));
    EXPECT_TRUE(t.legal("cast:might"));
  }
  {
    Table t = setup(3, {{"giant-growth", "recall"}}, kFive, "zapp");  // Forbidden
    t.bets({"1", "2", "3"});
    EXPECT_FALSE(t.legal("cast:giant-growth"));
    EXPECT_TRUE(t.legal("cast:recall"));
  }
  {
    Table t = setup(3, {{"giant-growth", "recall"}}, kFive, "morla");  // Support
    t.bets({"1", "2", "3"});
    EXPECT_TRUE(t.legal("cast:giant-growth"));
    EXPECT_FALSE(t.legal("cast:recall"));
  }
}

TEST(CheatyMagesSpells, CM9_ReflectionBlocksTargetingButNotAntiMagicFieldOrPeek) {
  Table t =
      solo({"reflection", "fireball", "detect-magic", "anti-magic-field", "dispel-magic", "might"},
           "tad");
  t.cast("might", 1);
  t.cast("reflection", 1);
  EXPECT_TRUE(t.s().spell(find_spell(t.s(), 0, kind::kReflection)).face_up);  // laid face up
  EXPECT_TRUE(t.s().reflected(0));
  t.a("cast:fireball");
  EXPECT_FALSE(t.legal("target:1"));
  t.a("target:2");
  t.a("cast:detect-magic");
  EXPECT_FALSE(t.legal("target:1"));  // Detect Magic is a spell
  t.a("target:3");
  t.a("cast:dispel-magic");
  t.a("target:1");
  EXPECT_FALSE(t.legal("spell:0"));  // the Might on it is protected
  EXPECT_TRUE(t.legal("spell:1"));   // Reflection itself can be chosen
  t.a("spell:1");
  EXPECT_FALSE(t.s().reflected(0));
  EXPECT_FALSE(t.legal("cast:reflection"));  // not held any more
}

TEST(CheatyMagesSpells, CM9_AntiMagicFieldIgnoresReflection) {
  Table t = solo({"reflection", "anti-magic-field", "might"}, "tad");
  t.cast("might", 1);
  t.cast("reflection", 1);
  t.a("cast:anti-magic-field");
  EXPECT_TRUE(t.legal("target:1"));
  t.a("target:1");
  EXPECT_EQ(t.s().num_spells(), 0);
  EXPECT_EQ(t.s().discard_count(kind::kMight), 1);
  EXPECT_EQ(t.s().discard_count(kind::kReflection), 1);
  // The peek action is not a spell: Reflection does not stop it.
  Table u = solo({"reflection"}, "tad");
  u.cast("reflection", 1);
  u.a("peek");
  u.a("discard:magic-missile");
  EXPECT_TRUE(u.legal("target:1"));
}

TEST(CheatyMagesSpells, CM20_BribeOn) {
  Table t = solo({"fireball", "blizzard"}, "orlair", {"1", "2", "3"}, {{"bribe", "on"}});
  EXPECT_TRUE(t.legal("cast:fireball"));
  t.cast("fireball", 2);
  EXPECT_EQ(t.s().seat(0).coins, 0);
  EXPECT_FALSE(t.legal("cast:blizzard"));  // no coins left
  Table off = solo({"fireball"}, "orlair");
  EXPECT_FALSE(off.legal("cast:fireball"));
}

TEST(CheatyMagesSpells, CM20_BribeLastMatchOnly) {
  Table t = solo({"fireball"}, "orlair", {"1", "2", "3"}, {{"bribe", "last-match"}});
  EXPECT_FALSE(t.legal("cast:fireball"));
  EXPECT_FALSE(t.s().bribe_active());
  Rng rng(11);
  advance(t, rng,
          [&] { return t.s().matches_counted() == 2 && t.s().phase() == Phase::kDealJudge; });
  ASSERT_EQ(t.s().matches_counted(), 2);
  EXPECT_TRUE(t.s().bribe_active());
  for (const char* j : {"orlair", "adoth", "morla", "zapp"})
    if (t.legal(std::string("judge:") + j)) {
      t.a(std::string("judge:") + j);
      break;
    }
  t.bets({"1", "2", "3"});
  auto& s = t.s();
  const int p = s.current_player();
  // Test accessor: give the player a card the judge bans and coins for the bribe.
  const int banned_kind = s.banned(kind::kRecall) ? kind::kRecall : kind::kMeteorStrike;
  ASSERT_TRUE(s.banned(banned_kind));
  TestAccess::seat(s, p).hand[banned_kind]++;
  TestAccess::seat(s, p).hand_n++;
  TestAccess::seat(s, p).coins = 2;
  EXPECT_TRUE(s.castable(p, banned_kind));
  TestAccess::seat(s, p).coins = 1;
  EXPECT_FALSE(s.castable(p, banned_kind));
}

TEST(CheatyMagesSpells, CM22_DuplicateDoublesStrengthNotMana) {
  Table t = solo({"might", "duplicate"}, "tad", {"1", "2", "3"}, {{"duplicate", "on"}});
  EXPECT_EQ(t.g().copies(kind::kDetectMagic), 1);
  EXPECT_EQ(t.g().copies(kind::kDuplicate), 1);
  t.cast("might", 1);
  t.a("cast:duplicate");
  t.a("target:1");
  t.a("spell:0");
  EXPECT_EQ(t.s().strength(0), 1 + 10);
  EXPECT_EQ(t.s().total_mana(0), 4);
}

TEST(CheatyMagesSpells, CM9_CM22_DuplicateMayTargetTheReflectionOnAReflectedFighter) {
  // CM-9: "Reflection itself can be" targeted; CM-22: Duplicate targets a spell. So Duplicate may
  // aim at a reflected fighter, where only the Reflection can be chosen.
  Table t = solo({"might", "reflection", "duplicate", "fireball"}, "tad", {"1", "2", "3"},
                 {{"duplicate", "on"}});
  t.cast("might", 1);
  t.cast("reflection", 1);
  t.a("cast:duplicate");
  ASSERT_TRUE(t.legal("target:1"));
  t.a("target:1");
  EXPECT_FALSE(t.legal("spell:0"));  // the Might under the Reflection stays protected
  ASSERT_TRUE(t.legal("spell:1"));   // the Reflection itself
  t.a("spell:1");
  const int refl = find_spell(t.s(), 0, kind::kReflection);
  const int dup = find_spell(t.s(), 0, kind::kDuplicate);
  ASSERT_GE(dup, 0);
  EXPECT_EQ(t.s().spell(dup).attached, t.s().spell(refl).uid);
  EXPECT_EQ(t.s().strength(0), 1 + 5);  // Reflection has no modifier to double; Might is alone
  EXPECT_EQ(t.s().total_mana(0), 4 + 3);
  EXPECT_TRUE(t.s().reflected(0));
  t.a("cast:fireball");
  EXPECT_FALSE(t.legal("target:1"));  // still reflected
}

}  // namespace
}  // namespace villainy::cheaty_mages
