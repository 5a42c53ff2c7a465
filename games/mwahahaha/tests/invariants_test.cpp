// The shared invariant suite on Mwahahaha!: every player count (2–5), every value of every option,
// and option combinations. Random agents trade, lie with Betrayed and play Dirty Tricks. Games are
// long (thousands of actions), so short round limits and low view-check rates keep the suite quick.
#include "invariants.h"

#include <gtest/gtest.h>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {
namespace {

class MwInvariants : public ::testing::Test {
 protected:
  void SetUp() override { register_game(); }
};

TEST_F(MwInvariants, DefaultsAllPlayerCounts) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  cfg.games_per_config = testing::scaled(3);
  cfg.seed = 100;
  cfg.view_check_rate = 0.004;
  testing::check_invariants(cfg);
}

TEST_F(MwInvariants, ShortGamesManyViewChecks) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  cfg.option_sets = {{{"round-limit", "4"}}};
  cfg.games_per_config = testing::scaled(8);
  cfg.seed = 300;
  cfg.view_check_rate = 0.05;
  testing::check_invariants(cfg);
}

TEST_F(MwInvariants, EveryOptionValue) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  cfg.option_sets = testing::each_option_value("mwahahaha");
  for (auto& o : cfg.option_sets) o["round-limit"] = "8";
  cfg.option_sets.push_back(
      {{"round-limit", "0"}});  // no limit: the game ends by a World threat (or the guard)
  cfg.games_per_config = testing::scaled(3);
  cfg.seed = 2000;
  cfg.view_check_rate = 0.02;
  testing::check_invariants(cfg);
}

TEST_F(MwInvariants, OptionCombinations) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  cfg.option_sets = {
      {{"trade-window", "open"}, {"attacks", "many"}, {"ties", "defender"}, {"round-limit", "6"}},
      {{"phase-tie", "seat"},
       {"sacrifice", "off"},
       {"scientist-deal", "choose"},
       {"round-limit", "6"}},
      {{"trade-window", "open"},
       {"phase-tie", "seat"},
       {"attacks", "many"},
       {"scientist-deal", "choose"},
       {"round-limit", "10"}},
      // The readings of issues 16/17 together (D11, D13, D14, D16, D20, D21).
      {{"trade-window", "open"},
       {"open-trade", "all"},
       {"powers", "ask"},
       {"turn-end", "declared"},
       {"hypnotic-peek", "first"},
       {"grave-robber", "fight-only"},
       {"union-strike", "round"},
       {"round-limit", "8"}},
  };
  cfg.games_per_config = testing::scaled(3);
  cfg.seed = 5000;
  cfg.view_check_rate = 0.02;
  testing::check_invariants(cfg);
}

}  // namespace
}  // namespace villainy::mwahahaha
