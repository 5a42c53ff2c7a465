// Rule tests for Cheaty Mages!: each rule id CM-1…CM-22 has a test citing it. Positions are set
// up by applying forced chance outcomes (see table.h).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "table.h"

namespace villainy::cheaty_mages {
namespace {
using test::setup;
using test::solo;
using test::Table;
using Phase = CheatyMagesState::Phase;

const std::vector<std::string> kFive = {"goblin", "orc", "skeleton", "lizardman",
                                        "ghost"};  // 1 2 3 4 5

int find_spell(CheatyMagesState& s, int loc, int kind) {
  for (int i = 0; i < s.num_spells(); ++i)
    if (s.spell(i).loc == loc && s.spell(i).kind == kind) return i;
  return -1;
}

// Plays on with simple choices (bet on 1, pass, refill) until `stop` holds.
template <class F>
void advance(Table& t, Rng& rng, F stop) {
  std::vector<Action> l;
  for (int guard = 0; guard < 100000 && !t.state->is_terminal() && !stop(); ++guard) {
    if (t.state->is_chance()) {
      t.state->apply(t.state->sample_chance(rng));
      continue;
    }
    switch (t.s().phase()) {
      case Phase::kBet:
        t.a(t.s().seat(t.s().current_player()).bet_n == 0 ? "bet:1" : "bet-done");
        break;
      case Phase::kRefill:
        t.a("draw");
        break;
      default:
        if (t.legal("pass"))
          t.a("pass");
        else {
          t.state->legal_actions(l);
          t.state->apply(l[0]);
        }
    }
  }
}

TEST(CheatyMagesRules, CM2_HandSizesByPlayerCount) {
  for (int n = 3; n <= 6; ++n) {
    Table t = setup(n, {}, kFive, "tad");
    const int expect = n <= 4 ? 8 : (n == 5 ? 6 : 5);
    for (int p = 0; p < n; ++p) EXPECT_EQ(t.s().seat(p).hand_n, expect) << n;
    EXPECT_EQ(t.s().deck_size(), 72 - n * expect);
  }
}

TEST(CheatyMagesRules, CM3_StartingCoins) {
  EXPECT_EQ(setup(3, {}).s().seat(0).coins, 0);
  EXPECT_EQ(setup(3, {}, {}, "", 0, {{"bribe", "on"}}).s().seat(1).coins, 2);
  EXPECT_EQ(setup(3, {}, {}, "", 0, {{"bribe", "last-match"}}).s().seat(2).coins, 2);
}

TEST(CheatyMagesRules, CM4_RandomFirstStartPlayerAndThreeMatches) {
  register_game();
  auto g = load_game("cheaty-mages", {}, 4);
  auto s = g->new_initial_state();
  EXPECT_TRUE(s->is_chance());
  EXPECT_EQ(s->legal_actions().size(), 4u);  // start:0..3
  Table t = setup(4, {}, {}, "", 2);
  EXPECT_EQ(t.s().start_player(), 2);
  Rng rng(7);
  advance(t, rng, [] { return false; });
  ASSERT_TRUE(t.state->is_terminal());
  EXPECT_EQ(t.s().matches_counted(), 3);
}

TEST(CheatyMagesRules, CM5_FiveFightersAndAJudge) {
  Table t = setup(3, {}, kFive, "zapp");
  for (int pos = 0; pos < 5; ++pos) EXPECT_GE(t.s().fighter_at(pos), 0);
  EXPECT_EQ(t.s().fighter_at(2), fighter_id::kSkeleton);
  EXPECT_EQ(t.s().judge(), judge_id::kZapp);
  EXPECT_EQ(t.s().phase(), Phase::kBet);
  EXPECT_EQ(t.s().current_player(), 0);
}

TEST(CheatyMagesRules, CM6_BetsHiddenThenPaid_ThreeCardsRoundUp) {
  // Skeleton (prize 7) wins: one card pays 14, two cards 7, three cards 7/2 rounded up = 4.
  Table t = setup(3, {{"fireball"}}, {"skeleton", "goblin", "orc", "lizardman", "ghost"}, "tad");
  t.a("bet:1");
  t.a("bet:2");
  t.a("bet:3");  // three cards: betting ends by itself
  EXPECT_EQ(t.s().current_player(), 1);
  EXPECT_TRUE(t.state->view_json(1)["seats"][0].contains("bet_cards"));
  EXPECT_FALSE(t.state->view_json(1)["seats"][0].contains("bets"));  // hidden (CM-6)
  EXPECT_TRUE(t.state->view_json(0)["seats"][0].contains("bets"));
  EXPECT_FALSE(t.legal("bet-done"));  // at least one card
  t.bets({"1", "1,2"});
  t.cast("fireball", 1);  // Skeleton reverses: 3 + 4 = 7 > Ghost 5
  t.pass_all();
  const MatchSummary& m = t.s().last_match();
  EXPECT_EQ(m.winner_pos, 0);
  EXPECT_EQ(m.prize, 7);
  EXPECT_EQ(t.s().seat(0).coins, 4);
  EXPECT_EQ(t.s().seat(1).coins, 14);
  EXPECT_EQ(t.s().seat(2).coins, 7);
  EXPECT_TRUE(t.state->view_json(1)["seats"][0].contains("bets"));  // revealed at the match end
}

TEST(CheatyMagesRules, CM7_PassIsFinalAndEmptyHandsPassAutomatically) {
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
    t.a("peek"), t.state->apply(t.state->legal_actions()[0]), t.a("target:1");
  ASSERT_EQ(t.s().seat(1).hand_n, 1);
  t.a("peek");
  t.state->apply(t.state->legal_actions()[0]);
  t.a("target:1");
  EXPECT_NE(t.s().phase(), Phase::kSpell);
  EXPECT_EQ(t.s().last_match().number, 1);
}

TEST(CheatyMagesRules, CM7_PeekIsASnapshotAndEmptyTargetsAreLegal) {
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
  EXPECT_EQ(t.state->view_json(1)["fighters"][0]["spells"][1]["spell"], "unknown");
  EXPECT_EQ(t.state->view_json(1)["fighters"][0]["spells"][0]["spell"], "might");
}

TEST(CheatyMagesRules, CM7_PeekOptionOff) {
  Table t = setup(3, {}, kFive, "tad", 0, {{"peek", "off"}});
  t.bets({"1", "2", "3"});
  EXPECT_FALSE(t.legal("peek"));
}

TEST(CheatyMagesRules, CM8_EnchantFaceDownDirectFaceUpSupportDiscarded) {
  Table t = setup(3, {{"might", "fireball", "recall"}}, kFive, "tad");
  t.bets({"1", "2", "3"});
  t.cast("might", 2);
  const Spell& m = t.s().spell(find_spell(t.s(), 1, kind::kMight));
  EXPECT_FALSE(m.face_up);
  EXPECT_EQ(m.known, 1u);  // its caster
  EXPECT_EQ(t.state->view_json(2)["fighters"][1]["spells"][0]["type"], "Enchant");
  t.a("pass");
  t.a("pass");
  t.cast("fireball", 2);
  EXPECT_TRUE(t.s().spell(find_spell(t.s(), 1, kind::kFireball)).face_up);
  EXPECT_EQ(t.state->view_json(2)["fighters"][1]["spells"][1]["spell"], "fireball");
  t.a("cast:recall");
  t.a("deal:blizzard");
  EXPECT_EQ(t.s().discard_count(kind::kRecall), 1);
}

TEST(CheatyMagesRules, CM8_JudgesBanTypesAndForbidden) {
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

TEST(CheatyMagesRules, CM9_ReflectionBlocksTargetingButNotAntiMagicFieldOrPeek) {
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

TEST(CheatyMagesRules, CM9_AntiMagicFieldIgnoresReflection) {
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

TEST(CheatyMagesRules, CM10_ManaExactlyAtTheLimitIsSafe) {
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

TEST(CheatyMagesRules, CM10_OverTheLimitIsDispelledOrEjected) {
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

TEST(CheatyMagesRules, CM10_EjectionByOrlairAndManaSeal) {
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

TEST(CheatyMagesRules, CM10_TadNeverJudgesAndConfusionSkipsJudgement) {
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

TEST(CheatyMagesRules, CM10_FerineTurnsTheTopSpell) {
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

TEST(CheatyMagesRules, CM10_LesterLowManaDispel_AndConfusionSwitchesItOff) {
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

TEST(CheatyMagesRules, CM11_TieGoesToHigherPrintedStrength) {
  Table t = solo({"healing"}, "tad", {"1", "5", "3"});
  t.cast("healing", 1);  // Goblin 1 + 4 = 5 = Ghost 5
  EXPECT_EQ(t.s().strength(0), t.s().strength(4));
  t.pass_all();
  EXPECT_EQ(t.s().last_match().winner_pos, 4);
  EXPECT_EQ(t.s().seat(1).coins, 10);
}

TEST(CheatyMagesRules, CM11_SkeletonAndGhostReverseStrengthNotManaOrPrize) {
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

TEST(CheatyMagesRules, CM11_CauseUnpopularityDoublesEachTime_DispelledFighterLosesIt) {
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

TEST(CheatyMagesRules, CM12_AllFightersEjected_Replay) {
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

TEST(CheatyMagesRules, CM12_AllFightersEjected_NoPayout) {
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

TEST(CheatyMagesRules, CM13_RefillDiscardThenDrawUpToTheLimit) {
  Table t = setup(3, {{"might", "haste", "fireball"}}, kFive, "tad", 1);
  t.bets({"1", "2", "3"});  // seats 1, 2, 0
  t.a("pass");              // seat 1
  t.a("pass");              // seat 2
  t.cast("might", 1);
  t.cast("haste", 1);
  t.cast("fireball", 2);
  t.a("pass");
  ASSERT_EQ(t.s().phase(), Phase::kRefill);
  EXPECT_EQ(t.s().current_player(), 1);  // clockwise from the start player
  t.a("discard:magic-missile");
  EXPECT_EQ(t.s().seat(1).hand_n, 7);
  t.a("draw");
  Rng rng(3);
  while (t.state->is_chance()) t.state->apply(t.state->sample_chance(rng));
  EXPECT_EQ(t.s().seat(1).hand_n, 8);  // 7 + 4 capped at 8
  EXPECT_EQ(t.s().current_player(), 2);
  t.a("draw");  // full hand: draws nothing
  EXPECT_EQ(t.s().seat(2).hand_n, 8);
  t.a("draw");
  for (int i = 0; i < 3; ++i) t.state->apply(t.state->sample_chance(rng));
  EXPECT_EQ(t.s().seat(0).hand_n, 8);  // 5 + 3
}

TEST(CheatyMagesRules, CM13_EmptyDeckReshufflesTheDiscardPile) {
  Table t = solo({"recall", "recall"}, "tad");
  TestAccess::empty_deck(t.s(), true);  // every deck card to the discard pile
  const int discards = t.s().discard_size();
  ASSERT_EQ(t.s().deck_size(), 0);
  t.a("cast:recall");
  ASSERT_EQ(t.s().phase(), Phase::kDraw);  // reshuffled
  EXPECT_EQ(t.s().deck_size(), discards);
  EXPECT_EQ(t.s().discard_size(), 0);
  t.a("deal:blizzard");
  EXPECT_EQ(t.s().discard_size(), 1);  // the Recall, after it resolved
  // Nothing to reshuffle: nothing is drawn, and Ferine does not judge.
  Table u = solo({"recall", "haste", "slow"}, "ferine");
  TestAccess::empty_deck(u.s(), false);
  u.cast("haste", 1);
  u.cast("slow", 1);
  const int hand = u.s().seat(0).hand_n;
  u.a("cast:recall");
  EXPECT_EQ(u.s().seat(0).hand_n, hand - 1);
  EXPECT_EQ(u.s().discard_size(), 1);
  TestAccess::empty_deck(u.s(), false);
  u.pass_all();
  EXPECT_FALSE(u.s().last_match().judged);
  EXPECT_EQ(u.s().last_match().dispelled | u.s().last_match().ejected, 0);
}

TEST(CheatyMagesRules, CM14_CleanupDiscardsSpellsAndJudge_CM15_RichestStarts) {
  Table t = solo({"might", "fireball"}, "tad");
  t.cast("might", 1);
  t.cast("fireball", 2);
  t.pass_all();
  EXPECT_EQ(t.s().seat(0).coins, 20);
  for (int p = 0; p < 3; ++p)
    t.a("draw"), [&] {
      Rng rng(p);
      while (t.state->is_chance() && t.s().phase() == Phase::kDraw)
        t.state->apply(t.state->sample_chance(rng));
    }();
  EXPECT_EQ(t.s().num_spells(), 0);
  EXPECT_GE(t.s().discard_count(kind::kMight), 1);
  EXPECT_GE(t.s().discard_count(kind::kFireball), 1);
  EXPECT_EQ(t.s().judge(), -1);
  EXPECT_EQ(t.s().phase(), Phase::kDealFighter);
  EXPECT_EQ(t.s().start_player(), 0);  // most coins (seat 1 started the first match)
  t.match(kFive, "lawty");
  EXPECT_FALSE(t.legal("judge:tad"));  // a used judge stays out
}

TEST(CheatyMagesRules, CM15_TiedRichestStartAtRandom) {
  Table t = setup(3, {}, kFive, "tad");
  t.bets({"1", "1", "2"});
  t.pass_all();  // Goblin 1 … Ghost 5 wins: nobody paid
  for (int p = 0; p < 3; ++p)
    t.a("draw"), [&] {
      Rng rng(p);
      while (t.state->is_chance() && t.s().phase() == Phase::kDraw)
        t.state->apply(t.state->sample_chance(rng));
    }();
  EXPECT_EQ(t.s().phase(), Phase::kStartPlayer);
  EXPECT_EQ(t.state->legal_actions().size(), 3u);
}

TEST(CheatyMagesRules, CM16_MostCoinsThenMostCardsWin) {
  register_game();
  for (int n = 3; n <= 6; ++n) {
    auto g = load_game("cheaty-mages", {}, n);
    Rng rng(static_cast<std::uint64_t>(n));
    for (int game = 0; game < 20; ++game) {
      auto s = g->new_initial_state();
      std::vector<Action> l;
      while (!s->is_terminal()) {
        if (s->is_chance())
          s->apply(s->sample_chance(rng));
        else {
          s->legal_actions(l);
          s->apply(l[rng.below(static_cast<std::uint32_t>(l.size()))]);
        }
      }
      const auto& c = static_cast<const CheatyMagesState&>(*s);
      int best = -1;
      for (int p = 0; p < n; ++p) best = std::max<int>(best, c.seat(p).coins);
      int cards = -1;
      for (int p = 0; p < n; ++p)
        if (c.seat(p).coins == best) cards = std::max<int>(cards, c.seat(p).hand_n);
      for (int p = 0; p < n; ++p) {
        const bool should = c.seat(p).coins == best && c.seat(p).hand_n == cards;
        EXPECT_EQ(((c.winners_mask() >> p) & 1) != 0, should);
      }
    }
  }
}

TEST(CheatyMagesRules, CM20_BribeOn) {
  Table t = solo({"fireball", "blizzard"}, "orlair", {"1", "2", "3"}, {{"bribe", "on"}});
  EXPECT_TRUE(t.legal("cast:fireball"));
  t.cast("fireball", 2);
  EXPECT_EQ(t.s().seat(0).coins, 0);
  EXPECT_FALSE(t.legal("cast:blizzard"));  // no coins left
  Table off = solo({"fireball"}, "orlair");
  EXPECT_FALSE(off.legal("cast:fireball"));
}

TEST(CheatyMagesRules, CM20_BribeLastMatchOnly) {
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

TEST(CheatyMagesRules, CM21_LawtyLimit12) {
  Table t = solo({"might", "haste", "healing"}, "lawty", {"1", "2", "3"}, {{"lawty-limit", "12"}});
  t.cast("might", 1);
  t.cast("haste", 1);
  t.cast("healing", 1);  // 11 <= 12
  t.pass_all();
  EXPECT_EQ(t.s().last_match().dispelled, 0);
  EXPECT_EQ(t.s().last_match().winner_pos, 0);
}

TEST(CheatyMagesRules, CM22_DuplicateDoublesStrengthNotMana) {
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

TEST(CheatyMagesRules, CM9_CM22_DuplicateMayTargetTheReflectionOnAReflectedFighter) {
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

TEST(CheatyMagesRules, CM1_DuplicateAbsentByDefault) {
  Table t = setup(3, {});
  EXPECT_EQ(t.g().copies(kind::kDuplicate), 0);
  EXPECT_EQ(t.g().copies(kind::kDetectMagic), 2);
  EXPECT_FALSE(t.legal("deal:duplicate"));
}

}  // namespace
}  // namespace villainy::cheaty_mages
