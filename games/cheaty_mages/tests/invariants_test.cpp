// The shared invariant suite on Cheaty Mages!: every player count (3–6), every value of every
// option, and combinations.
#include "invariants.h"

#include <gtest/gtest.h>

#include "cheaty_mages/cheaty_mages.h"

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

}  // namespace
}  // namespace villainy::cheaty_mages
