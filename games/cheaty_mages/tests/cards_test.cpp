// Card tests for Cheaty Mages!: every spell kind, fighter and judge (CM-1 tables) has a test.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "table.h"

namespace villainy::cheaty_mages {
namespace {
using test::setup;
using test::solo;
using test::Table;
using Phase = CheatyMagesState::Phase;

const std::vector<std::string> kFive = {"goblin", "orc", "skeleton", "lizardman", "ghost"};

int find_spell(CheatyMagesState& s, int loc, int k) {
  for (int i = 0; i < s.num_spells(); ++i)
    if (s.spell(i).loc == loc && s.spell(i).kind == k) return i;
  return -1;
}

// CM-1: the reference's spell table (type D/E/S, copies, mana, strength, Forbidden).
struct Row {
  const char* key;
  char type;
  int copies, mana, strength;
  bool forbidden;
};
const Row kTable[kKinds] = {
    {"cure", 'D', 4, 0, 2, false},
    {"healing", 'D', 4, 1, 4, false},
    {"regeneration", 'D', 2, 3, 3, false},
    {"energy-boost", 'D', 1, 4, 6, false},
    {"refresh", 'D', 1, 6, 10, true},
    {"magic-missile", 'D', 4, 0, -2, false},
    {"fireball", 'D', 4, 1, -4, false},
    {"lightning-bolt", 'D', 2, 3, -3, false},
    {"blizzard", 'D', 1, 4, -6, false},
    {"meteor-strike", 'D', 1, 6, -10, true},
    {"strengthen", 'E', 4, 2, 3, false},
    {"might", 'E', 4, 4, 5, false},
    {"haste", 'E', 2, 6, 4, false},
    {"power-awakening", 'E', 1, 8, 8, false},
    {"giant-growth", 'E', 1, 10, 12, true},
    {"weaken", 'E', 4, 2, -3, false},
    {"cripple", 'E', 4, 4, -5, false},
    {"slow", 'E', 2, 6, -4, false},
    {"paralyze", 'E', 1, 8, -8, false},
    {"shrink", 'E', 1, 10, -12, true},
    {"mana-boost", 'E', 2, 5, 0, false},
    {"mana-seal", 'E', 2, -5, 0, false},
    {"cause-unpopularity", 'E', 2, 3, 0, false},
    {"reflection", 'E', 1, 3, 0, true},
    {"detect-magic", 'S', 2, 0, 0, false},
    {"dispel-magic", 'S', 2, 0, 0, false},
    {"recall", 'S', 2, 0, 0, false},
    {"amnesia", 'S', 2, 0, 0, false},
    {"imitation", 'S', 2, 0, 0, false},
    {"dimension-door", 'S', 1, 0, 0, false},
    {"confusion", 'S', 1, 0, 0, false},
    {"invisibility", 'S', 1, 0, 0, false},
    {"prismatic-ray", 'S', 1, 0, 0, false},
    {"metamorphosis", 'S', 1, 0, 0, true},
    {"alteration", 'S', 1, 0, 0, true},
    {"anti-magic-field", 'S', 1, 0, 0, true},
    {"duplicate", 'S', 0, 0, 0, false},
};

TEST(CheatyMagesCards, CM1_SpellTableMatchesTheReference) {
  const CardData& d = CardData::builtin();
  int total = 0, by_type[3] = {0, 0, 0};
  for (int k = 0; k < kKinds; ++k) {
    const SpellData& s = d.spells[static_cast<size_t>(k)];
    const Row& r = kTable[k];
    EXPECT_EQ(s.key, r.key);
    EXPECT_EQ("DES"[static_cast<int>(s.type)], r.type) << r.key;
    EXPECT_EQ(s.copies, r.copies) << r.key;
    EXPECT_EQ(s.mana, r.mana) << r.key;
    EXPECT_EQ(s.strength, r.strength) << r.key;
    EXPECT_EQ(s.forbidden, r.forbidden) << r.key;
    EXPECT_FALSE(s.name.empty());
    EXPECT_FALSE(s.name_zh.empty());
    total += s.copies;
    by_type[static_cast<int>(s.type)] += s.copies;
  }
  EXPECT_EQ(total, 72);
  EXPECT_EQ(by_type[0], 24);
  EXPECT_EQ(by_type[1], 31);
  EXPECT_EQ(by_type[2], 17);
  EXPECT_EQ(d.spells[kind::kFireball].name_zh, "火球");
}

TEST(CheatyMagesCards, CM1_FightersMatchTheReference) {
  const CardData& d = CardData::builtin();
  const int prizes[kNumFighters] = {10, 8, 7, 6, 5, 5, 4, 4, 3, 3};
  for (int f = 0; f < kNumFighters; ++f) {
    const FighterData& x = d.fighters[static_cast<size_t>(f)];
    EXPECT_EQ(x.strength, f + 1) << x.key;
    EXPECT_EQ(x.prize, prizes[f]) << x.key;
    EXPECT_EQ(x.reverses, f == fighter_id::kSkeleton || f == fighter_id::kGhost) << x.key;
    EXPECT_FALSE(x.name_zh.empty());
  }
  EXPECT_EQ(d.fighters[fighter_id::kDragon].name_zh, "龍");
}

TEST(CheatyMagesCards, CM1_JudgesMatchTheReference) {
  register_game();
  auto g = load_game("cheaty-mages", {}, 3);
  const auto& cg = static_cast<const CheatyMagesGame&>(*g);
  struct J {
    int limit;
    Penalty pen;
    bool d, e, s, f;
  };
  const J want[kNumJudges] = {
      {10, Penalty::kEject, false, false, true, true},
      {0, Penalty::kNone, false, false, false, false},
      {0, Penalty::kFlip, false, false, false, false},
      {15, Penalty::kDispel, false, false, false, true},
      {10, Penalty::kDispel, false, false, false, false},
      {12, Penalty::kEject, true, false, false, false},
      {15, Penalty::kEject, false, false, false, false},
      {12, Penalty::kDispel, false, false, true, false},
  };
  for (int j = 0; j < kNumJudges; ++j) {
    const JudgeData& x = cg.judge(j);
    EXPECT_EQ(x.limit, want[j].limit) << x.key;
    EXPECT_EQ(x.penalty, want[j].pen) << x.key;
    EXPECT_EQ(x.bans_direct, want[j].d) << x.key;
    EXPECT_EQ(x.bans_enchant, want[j].e) << x.key;
    EXPECT_EQ(x.bans_support, want[j].s) << x.key;
    EXPECT_EQ(x.bans_forbidden, want[j].f) << x.key;
    EXPECT_FALSE(x.name_zh.empty());
  }
}

TEST(CheatyMagesCards, CM1_BrokenDataFilesAreRefused) {
  EXPECT_THROW(CardData::parse("{", "bad"), Error);
  EXPECT_THROW(CardData::parse("{\"spells\": []}", "bad"), Error);
}

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

INSTANTIATE_TEST_SUITE_P(CheatyMagesCards, StrengthCard,
                         ::testing::Range(0, static_cast<int>(kind::kReflection)),
                         [](const ::testing::TestParamInfo<int>& i) {
                           std::string n = kTable[i.param].key;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(CheatyMagesCards, Reflection) {
  Table t = solo({"reflection", "might"}, "tad");
  t.cast("reflection", 2);
  EXPECT_TRUE(t.s().spell(find_spell(t.s(), 1, kind::kReflection)).face_up);
  EXPECT_EQ(t.s().total_mana(1), 3);
  t.a("cast:might");
  EXPECT_FALSE(t.legal("target:2"));  // CM-9
}

TEST(CheatyMagesCards, DetectMagic_SnapshotAndBlockedByReflection) {
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

TEST(CheatyMagesCards, DispelMagic_FaceDownChosenBlind) {
  Table t = setup(3, {{"might"}, {"dispel-magic"}}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.cast("might", 1);
  t.a("cast:dispel-magic");
  t.a("target:1");
  EXPECT_EQ(t.state->describe_action(t.id("spell:0"), 1),
            "You choose spell #1 (a face-down spell)");
  t.a("spell:0");
  EXPECT_EQ(t.s().num_spells(), 0);
  EXPECT_EQ(t.s().discard_count(kind::kMight), 1);  // now public
  EXPECT_EQ(t.state->view_json(2)["discard"]["might"], 1);
}

TEST(CheatyMagesCards, DispelMagic_ContinuousSpellsAndEmptyTargets) {
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

TEST(CheatyMagesCards, Recall_DrawsThenIsDiscarded) {
  Table t = solo({"recall"}, "tad");
  const int hand = t.s().seat(0).hand_n;
  t.a("cast:recall");
  ASSERT_EQ(t.s().phase(), Phase::kDraw);
  EXPECT_EQ(t.s().discard_count(kind::kRecall), 0);  // resolves before it is discarded
  t.a("deal:blizzard");
  EXPECT_EQ(t.s().seat(0).hand[kind::kBlizzard], 1);
  EXPECT_EQ(t.s().seat(0).hand_n, hand);
  EXPECT_EQ(t.s().discard_count(kind::kRecall), 1);
  EXPECT_EQ(t.state->describe_action(t.id("pass"), 1), "Seat 0 passes");
}

TEST(CheatyMagesCards, Amnesia_ChosenPlayerDiscardsACardOfTheirChoice) {
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
    u.state->apply(u.state->legal_actions()[0] == u.id("discard:amnesia")
                       ? u.state->legal_actions()[1]
                       : u.state->legal_actions()[0]);
    u.a("target:1");
  }
  ASSERT_EQ(u.s().seat(0).hand_n, 1);
  u.a("cast:amnesia");
  EXPECT_FALSE(u.legal("target:player0"));
  EXPECT_TRUE(u.legal("target:player1"));
}

TEST(CheatyMagesCards, Imitation_SwapsABetNotWithASingleBet) {
  Table t = solo({"imitation"}, "tad", {"1,2", "3", "4"});
  EXPECT_TRUE(t.legal("cast:imitation"));
  t.a("cast:imitation");
  EXPECT_FALSE(t.legal("swap:3-1"));
  EXPECT_FALSE(t.legal("swap:1-2"));
  t.a("swap:1-5");
  EXPECT_EQ(t.s().seat(0).bets, 0b10010);
  EXPECT_EQ(t.state->describe_action(t.id("pass"), 0), "You pass");
  Table u = solo({"imitation"}, "tad", {"1", "3", "4"});
  EXPECT_FALSE(u.legal("cast:imitation"));
}

TEST(CheatyMagesCards, DimensionDoor_NewJudgeAndItsBans) {
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

TEST(CheatyMagesCards, Confusion_OnTheJudge) {
  Table t = solo({"confusion"}, "adoth");
  EXPECT_FALSE(t.legal("cast:confusion"));  // Adoth bans Support
  Table u = solo({"confusion"}, "orlair");
  u.a("cast:confusion");
  EXPECT_TRUE(u.s().confused());
  EXPECT_EQ(u.state->view_json(kSpectator)["judge_spells"][0]["spell"], "confusion");
}

TEST(CheatyMagesCards, Invisibility_CastBannedSpellsWithoutBribe) {
  Table t = solo({"invisibility", "fireball"}, "orlair");
  EXPECT_FALSE(t.legal("cast:fireball"));
  t.a("cast:invisibility");
  EXPECT_TRUE(t.legal("cast:fireball"));
  t.cast("fireball", 1);
  EXPECT_EQ(t.s().seat(0).coins, 0);
}

TEST(CheatyMagesCards, PrismaticRay_DirectFaceDownAnnouncedAsDirect) {
  Table t = solo({"prismatic-ray", "fireball"}, "tad");
  EXPECT_FALSE(t.legal("hide:fireball"));
  t.a("cast:prismatic-ray");
  EXPECT_TRUE(t.legal("hide:fireball"));
  EXPECT_EQ(t.state->describe_action(t.id("hide:fireball"), 1),
            "Seat 0 casts a Direct spell face down");
  t.a("hide:fireball");
  t.a("target:2");
  const Spell& s = t.s().spell(find_spell(t.s(), 1, kind::kFireball));
  EXPECT_FALSE(s.face_up);
  EXPECT_EQ(t.state->view_json(1)["fighters"][1]["spells"][0]["type"], "Direct");
  EXPECT_EQ(t.state->view_json(1)["fighters"][1]["spells"][0]["spell"], "unknown");
  EXPECT_EQ(t.s().strength(1), 2 - 4);  // stays Direct
}

TEST(CheatyMagesCards, Metamorphosis_ReplacesAFighterSpellsStay) {
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

TEST(CheatyMagesCards, Alteration_MovesASpellKnowledgeKept) {
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

TEST(CheatyMagesCards, AntiMagicField_DiscardsAllSpellsOnAFighter) {
  Table t = solo({"might", "fireball", "anti-magic-field"}, "tad");
  t.cast("might", 2);
  t.cast("fireball", 2);
  t.cast("anti-magic-field", 2);
  EXPECT_EQ(t.s().num_spells(), 0);
  EXPECT_EQ(t.s().strength(1), 2);
}

TEST(CheatyMagesCards, Duplicate_GoesWithItsSpell) {
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

// Each judge's behaviour (CM-10 table); Tad, Ferine, Zapp, Lawty, Lester in rules_test.cpp too.
TEST(CheatyMagesCards, Judge_AdothEjectsAbove10) {
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

TEST(CheatyMagesCards, Judge_MorlaDispelsAbove12) {
  Table t = solo({"might", "haste", "regeneration"}, "morla");
  t.cast("might", 1);
  t.cast("haste", 1);
  t.cast("regeneration", 1);  // 13
  t.pass_all();
  EXPECT_EQ(t.s().last_match().dispelled, 1);
  EXPECT_EQ(t.s().last_match().ejected, 0);
}

TEST(CheatyMagesCards, Judge_LesterEjectsAbove15) {
  Table t = solo({"power-awakening", "haste", "strengthen"}, "lester");
  t.cast("power-awakening", 2);
  t.cast("haste", 2);
  t.cast("strengthen", 2);  // 16
  t.pass_all();
  EXPECT_EQ(t.s().last_match().ejected, 2);
}

}  // namespace
}  // namespace villainy::cheaty_mages

namespace villainy::cheaty_mages {
namespace {

// Hidden information (reference "Hidden information"; D11): a resampled state keeps every spell
// the viewer knows and re-deals only what they do not, within the announced type and the public
// Forbidden constraint.
TEST(CheatyMagesKnowledge, ResampleKeepsKnownSpellsAndRedealsTheRest) {
  Table t = setup(3, {{"might", "giant-growth"}}, kFive, "zapp");  // Zapp bans Forbidden
  t.bets({"1", "2", "3"});
  t.cast("might", 1);  // seat 0
  t.a("peek");         // seat 1 peeks at position 1
  t.a("discard:cure");
  t.a("target:1");
  t.a("pass");          // seat 2
  t.cast("weaken", 1);  // seat 0, after the peek
  std::set<int> seen_by_2, seen_by_1_second;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng r1(seed), r2(seed);
    auto a = t.state->resample(1, r1);
    auto b = t.state->resample(2, r2);
    const auto& sa = static_cast<const CheatyMagesState&>(*a);
    const auto& sb = static_cast<const CheatyMagesState&>(*b);
    EXPECT_EQ(sa.spell(0).kind, kind::kMight);  // seat 1 peeked: kept
    seen_by_1_second.insert(sa.spell(1).kind);  // added after the peek: re-dealt
    seen_by_2.insert(sb.spell(0).kind);
    for (const auto* s : {&sa, &sb})
      for (int i = 0; i < 2; ++i) {
        const SpellData& d = t.g().spell(s->spell(i).kind);
        EXPECT_EQ(d.type, SpellType::kEnchant);
        EXPECT_FALSE(d.forbidden);  // no bribe under Zapp: not Forbidden
        EXPECT_NE(s->spell(i).kind, kind::kReflection);
      }
    auto c = t.state->resample(0, r1);  // the caster knows both
    EXPECT_EQ(static_cast<const CheatyMagesState&>(*c).spell(1).kind, kind::kWeaken);
    EXPECT_EQ(static_cast<const CheatyMagesState&>(*c).seat(0).hand, t.s().seat(0).hand);
  }
  EXPECT_GT(seen_by_2.size(), 3u);
  EXPECT_GT(seen_by_1_second.size(), 3u);
}

}  // namespace
}  // namespace villainy::cheaty_mages
