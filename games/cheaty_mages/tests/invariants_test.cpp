// The shared invariant suite on Cheaty Mages!: every player count (3–6), every value of every
// option, and combinations.
#include "invariants.h"

#include <gtest/gtest.h>

#include <set>

#include "cheaty_mages/cheaty_mages.h"
#include "table.h"

namespace villainy::cheaty_mages {
namespace {

class CmInvariants : public ::testing::Test {
 protected:
  void SetUp() override { register_game(); }
};

TEST_F(CmInvariants, DefaultsAllPlayerCounts) {
  testing::InvariantConfig cfg;
  cfg.game = "cheaty-mages";
  cfg.games_per_config = testing::scaled(40);
  cfg.seed = 100;
  cfg.view_check_rate = 0.05;
  cfg.noninterference_rate = 0.05;
  testing::check_invariants(cfg);
}

TEST_F(CmInvariants, EveryOptionValue) {
  testing::InvariantConfig cfg;
  cfg.game = "cheaty-mages";
  cfg.option_sets = testing::each_option_value("cheaty-mages");
  cfg.games_per_config = testing::scaled(15);
  cfg.seed = 2000;
  cfg.view_check_rate = 0.05;
  cfg.noninterference_rate = 0.05;
  testing::check_invariants(cfg);
}

TEST_F(CmInvariants, OptionCombinations) {
  testing::InvariantConfig cfg;
  cfg.game = "cheaty-mages";
  cfg.option_sets = {
      {{"peek", "off"}, {"bribe", "on"}, {"duplicate", "on"}},
      {{"all-ejected", "no-payout"}, {"bribe", "last-match"}, {"lawty-limit", "12"}},
      {{"duplicate", "on"}, {"bribe", "on"}, {"all-ejected", "no-payout"}, {"lawty-limit", "12"}},
  };
  cfg.games_per_config = testing::scaled(15);
  cfg.seed = 5000;
  cfg.view_check_rate = 0.05;
  cfg.noninterference_rate = 0.05;
  testing::check_invariants(cfg);
}

// Every step checked, with agents that prefer hidden choices: face-down spells, bets, Imitation
// swaps, peeks, and choosing among a position's spells (CM-9, CM-11).
TEST_F(CmInvariants, NonInterferenceInHiddenBetsAndSpells) {
  testing::InvariantConfig cfg;
  cfg.game = "cheaty-mages";
  cfg.option_sets = {{}, {{"duplicate", "on"}, {"bribe", "on"}}, {{"peek", "off"}}};
  cfg.games_per_config = testing::scaled(3);
  cfg.seed = 7000;
  cfg.view_check_rate = 0.05;
  cfg.noninterference_rate = 1.0;
  cfg.noninterference_pairs = 2;
  cfg.policy = testing::prefer_actions({"hide:", "swap:", "spell:", "peek", "bet:"}, 0.6);
  testing::check_invariants(cfg);
}

// Hidden information (reference "Hidden information"; D11): a resampled state keeps every spell
// the viewer knows and re-deals only what they do not, within the announced type and the public
// Forbidden constraint.
TEST(CheatyMagesKnowledge, ResampleKeepsKnownSpellsAndRedealsTheRest) {
  test::Table t =
      test::setup(3, {{"might", "giant-growth"}}, test::kFive, "zapp");  // Zapp bans Forbidden
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
    auto a = t.state().resample(1, r1);
    auto b = t.state().resample(2, r2);
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
    auto c = t.state().resample(0, r1);  // the caster knows both
    EXPECT_EQ(static_cast<const CheatyMagesState&>(*c).spell(1).kind, kind::kWeaken);
    EXPECT_EQ(static_cast<const CheatyMagesState&>(*c).seat(0).hand, t.s().seat(0).hand);
  }
  EXPECT_GT(seen_by_2.size(), 3u);
  EXPECT_GT(seen_by_1_second.size(), 3u);
}

}  // namespace
}  // namespace villainy::cheaty_mages
