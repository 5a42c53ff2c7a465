// Every spell card (CM-1 table, CM-8): each kind has a test of its effect.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "table.h"

namespace villainy::cheaty_mages {
namespace {
using namespace test;  // the scripted table of table.h
using Phase = CheatyMagesState::Phase;

// Every Direct and Enchant with a strength or mana value, cast on the Lizardman (4, prize 6).
class StrengthCard : public ::testing::TestWithParam<int> {};

TEST_P(StrengthCard, ModifiesStrengthAndManaAsPrinted) {
  const int k = GetParam();
  const Row& r = kTable[k];
  Table t = solo({r.key}, "tad");
  t.cast(r.key, 4);
  const int i = find_spell(t.s(), 3, k);
  ASSERT_GE(i, 0);
  EXPECT_EQ(t.s().spell(i).face_up, r.type == 'D') << "CM-8: Direct face up, Enchant face down";
  EXPECT_EQ(t.s().strength(3), 4 + r.strength);
  EXPECT_EQ(t.s().total_mana(3), r.mana);
  EXPECT_EQ(t.s().prize(3), k == kind::kCauseUnpopularity ? 12 : 6);
  // On the Ghost the modifier is reversed (CM-11), the mana is not.
  Table u = solo({r.key}, "tad");
  u.cast(r.key, 5);
  EXPECT_EQ(u.s().strength(4), 5 - r.strength);
  EXPECT_EQ(u.s().total_mana(4), r.mana);
}

INSTANTIATE_TEST_SUITE_P(CheatyMagesSpellCards, StrengthCard,
                         ::testing::Range(0, static_cast<int>(kind::kReflection)),
                         [](const ::testing::TestParamInfo<int>& i) {
                           std::string n = kTable[i.param].key;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(CheatyMagesSpellCards, Reflection) {
  Table t = solo({"reflection", "might"}, "tad");
  t.cast("reflection", 2);
  EXPECT_TRUE(t.s().spell(find_spell(t.s(), 1, kind::kReflection)).face_up);
  EXPECT_EQ(t.s().total_mana(1), 3);
  t.a("cast:might");
  EXPECT_FALSE(t.legal("target:2"));  // CM-9
}

TEST(CheatyMagesSpellCards, DetectMagic_SnapshotAndBlockedByReflection) {
  Table t = setup(3, {{"might", "weaken"}, {"detect-magic", "detect-magic"}}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.cast("might", 1);         // seat 0
  t.cast("detect-magic", 1);  // seat 1
  EXPECT_TRUE(t.s().spell_visible(find_spell(t.s(), 0, kind::kMight), 1));
  EXPECT_EQ(t.s().discard_count(kind::kDetectMagic), 1);
  t.a("pass");  // seat 2
  t.cast("weaken", 1);
  EXPECT_FALSE(t.s().spell_visible(find_spell(t.s(), 0, kind::kWeaken), 1));
}

TEST(CheatyMagesSpellCards, DispelMagic_FaceDownChosenBlind) {
  Table t = setup(3, {{"might"}, {"dispel-magic"}}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.cast("might", 1);
  t.a("cast:dispel-magic");
  t.a("target:1");
  EXPECT_EQ(t.state().describe_action(t.id("spell:0"), 1),
            "You choose spell 1 there, a face-down spell");
  t.a("spell:0");
  EXPECT_EQ(t.s().num_spells(), 0);
  EXPECT_EQ(t.s().discard_count(kind::kMight), 1);  // now public
  EXPECT_EQ(t.state().view_json(2)["discard"]["might"], 1);
}

TEST(CheatyMagesSpellCards, DispelMagic_ContinuousSpellsAndEmptyTargets) {
  Table t = solo({"confusion", "invisibility", "dispel-magic", "dispel-magic"}, "tad");
  t.a("cast:confusion");
  t.a("cast:invisibility");
  t.a("cast:dispel-magic");
  EXPECT_TRUE(t.legal("target:judge"));
  EXPECT_TRUE(t.legal("target:player0"));
  EXPECT_FALSE(t.legal("target:player1"));
  t.a("target:judge");
  t.a("spell:0");
  EXPECT_FALSE(t.s().confused());
  t.a("cast:dispel-magic");
  t.a("target:3");  // nothing there: legal, no effect
  EXPECT_EQ(t.s().discard_count(kind::kDispelMagic), 2);
  EXPECT_TRUE(t.s().has_continuous(0, kind::kInvisibility));
}

TEST(CheatyMagesSpellCards, Recall_DrawsThenIsDiscarded) {
  Table t = solo({"recall"}, "tad");
  const int hand = t.s().seat(0).hand_n;
  t.a("cast:recall");
  ASSERT_EQ(t.s().phase(), Phase::kDraw);
  EXPECT_EQ(t.s().discard_count(kind::kRecall), 0);  // resolves before it is discarded
  t.a("deal:blizzard");
  EXPECT_EQ(t.s().seat(0).hand[kind::kBlizzard], 1);
  EXPECT_EQ(t.s().seat(0).hand_n, hand);
  EXPECT_EQ(t.s().discard_count(kind::kRecall), 1);
  EXPECT_EQ(t.state().describe_action(t.id("pass"), 1), "Seat 1 passes for the rest of the match");
}

TEST(CheatyMagesSpellCards, Amnesia_ChosenPlayerDiscardsACardOfTheirChoice) {
  Table t = setup(3, {{"amnesia"}}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.a("cast:amnesia");
  EXPECT_TRUE(t.legal("target:player0"));  // still holds other cards
  t.a("target:player2");
  EXPECT_EQ(t.s().current_player(), 2);
  t.a("discard:cure");
  EXPECT_EQ(t.s().seat(2).hand_n, 7);
  EXPECT_EQ(t.s().discard_count(kind::kCure), 1);
  EXPECT_EQ(t.s().current_player(), 1);
  // The caster may choose themselves only if they hold another card.
  Table u = solo({"amnesia"}, "tad");
  for (int i = 0; i < 7; ++i) {
    u.a("peek");
    u.state().apply(u.state().legal_actions()[0] == u.id("discard:amnesia")
                        ? u.state().legal_actions()[1]
                        : u.state().legal_actions()[0]);
    u.a("target:1");
  }
  ASSERT_EQ(u.s().seat(0).hand_n, 1);
  u.a("cast:amnesia");
  EXPECT_FALSE(u.legal("target:player0"));
  EXPECT_TRUE(u.legal("target:player1"));
}

TEST(CheatyMagesSpellCards, Imitation_SwapsABetNotWithASingleBet) {
  Table t = solo({"imitation"}, "tad", {"1,2", "3", "4"});
  EXPECT_TRUE(t.legal("cast:imitation"));
  t.a("cast:imitation");
  EXPECT_FALSE(t.legal("swap:3-1"));
  EXPECT_FALSE(t.legal("swap:1-2"));
  t.a("swap:1-5");
  EXPECT_EQ(t.s().seat(0).bets, 0b10010);
  EXPECT_EQ(t.state().describe_action(t.id("pass"), 0), "You pass for the rest of the match");
  Table u = solo({"imitation"}, "tad", {"1", "3", "4"});
  EXPECT_FALSE(u.legal("cast:imitation"));
}

TEST(CheatyMagesSpellCards, DimensionDoor_NewJudgeAndItsBans) {
  Table t = solo({"confusion", "dimension-door", "fireball"}, "zapp");
  t.a("cast:confusion");
  t.a("cast:dimension-door");
  ASSERT_EQ(t.s().phase(), Phase::kDealJudge);
  EXPECT_FALSE(t.legal("judge:zapp"));
  t.a("judge:orlair");
  EXPECT_EQ(t.s().judge(), judge_id::kOrlair);
  EXPECT_FALSE(t.s().confused());  // Confusion went with the old judge
  EXPECT_EQ(t.s().discard_count(kind::kConfusion), 1);
  EXPECT_FALSE(t.legal("cast:fireball"));  // Orlair bans Direct from now on
}

TEST(CheatyMagesSpellCards, Confusion_OnTheJudge) {
  Table t = solo({"confusion"}, "adoth");
  EXPECT_FALSE(t.legal("cast:confusion"));  // Adoth bans Support
  Table u = solo({"confusion"}, "orlair");
  u.a("cast:confusion");
  EXPECT_TRUE(u.s().confused());
  EXPECT_EQ(u.state().view_json(kSpectator)["judge_spells"][0]["spell"], "confusion");
}

TEST(CheatyMagesSpellCards, Invisibility_CastBannedSpellsWithoutBribe) {
  Table t = solo({"invisibility", "fireball"}, "orlair");
  EXPECT_FALSE(t.legal("cast:fireball"));
  t.a("cast:invisibility");
  EXPECT_TRUE(t.legal("cast:fireball"));
  t.cast("fireball", 1);
  EXPECT_EQ(t.s().seat(0).coins, 0);
}

TEST(CheatyMagesSpellCards, PrismaticRay_DirectFaceDownAnnouncedAsDirect) {
  Table t = solo({"prismatic-ray", "fireball"}, "tad");
  EXPECT_FALSE(t.legal("hide:fireball"));
  t.a("cast:prismatic-ray");
  EXPECT_TRUE(t.legal("hide:fireball"));
  EXPECT_EQ(t.state().describe_action(t.id("hide:fireball"), 1),
            "Seat 1 casts a face-down Direct spell");
  t.a("hide:fireball");
  t.a("target:2");
  const Spell& s = t.s().spell(find_spell(t.s(), 1, kind::kFireball));
  EXPECT_FALSE(s.face_up);
  EXPECT_EQ(t.state().view_json(1)["fighters"][1]["spells"][0]["type"], "Direct");
  EXPECT_EQ(t.state().view_json(1)["fighters"][1]["spells"][0]["spell"], "unknown");
  EXPECT_EQ(t.s().strength(1), 2 - 4);  // stays Direct
}

TEST(CheatyMagesSpellCards, Metamorphosis_ReplacesAFighterSpellsStay) {
  Table t = solo({"metamorphosis", "might"}, "tad");
  t.cast("might", 1);
  t.a("cast:metamorphosis");
  t.a("target:1");
  ASSERT_EQ(t.s().phase(), Phase::kMetamorph);
  EXPECT_FALSE(t.legal("fighter:orc"));  // in play
  t.a("fighter:dragon");
  EXPECT_EQ(t.s().fighter_at(0), fighter_id::kDragon);
  EXPECT_EQ(t.s().strength(0), 10 + 5);
  EXPECT_EQ(t.s().prize(0), 3);
}

TEST(CheatyMagesSpellCards, Alteration_MovesASpellKnowledgeKept) {
  Table t = setup(3, {{"might"}, {"alteration"}}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.cast("might", 1);
  t.a("cast:alteration");
  t.a("target:1");
  t.a("spell:0");
  EXPECT_FALSE(t.legal("target:1"));  // to another fighter
  t.a("target:4");
  const int i = find_spell(t.s(), 3, kind::kMight);
  ASSERT_GE(i, 0);
  EXPECT_FALSE(t.s().spell(i).face_up);
  EXPECT_TRUE(t.s().spell_visible(i, 0));   // its caster still knows it
  EXPECT_FALSE(t.s().spell_visible(i, 1));  // moved blind
  EXPECT_EQ(t.s().strength(3), 9);
}

TEST(CheatyMagesSpellCards, AntiMagicField_DiscardsAllSpellsOnAFighter) {
  Table t = solo({"might", "fireball", "anti-magic-field"}, "tad");
  t.cast("might", 2);
  t.cast("fireball", 2);
  t.cast("anti-magic-field", 2);
  EXPECT_EQ(t.s().num_spells(), 0);
  EXPECT_EQ(t.s().strength(1), 2);
}

TEST(CheatyMagesSpellCards, Duplicate_GoesWithItsSpell) {
  Table t =
      solo({"might", "duplicate", "alteration"}, "tad", {"1", "2", "3"}, {{"duplicate", "on"}});
  t.cast("might", 1);
  t.a("cast:duplicate");
  t.a("target:1");
  t.a("spell:0");
  t.a("cast:alteration");
  t.a("target:1");
  EXPECT_FALSE(t.legal("spell:1"));  // Duplicate moves only with its spell
  t.a("spell:0");
  t.a("target:2");
  EXPECT_EQ(t.s().strength(1), 2 + 10);
  EXPECT_EQ(t.s().strength(0), 1);
}

}  // namespace
}  // namespace villainy::cheaty_mages
