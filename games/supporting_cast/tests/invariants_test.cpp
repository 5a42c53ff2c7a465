// The shared invariant suite on Tribute to the Supporting Cast: every player count (4–7), every
// value of every option, and the option sets the designer compares.
#include "invariants.h"

#include <gtest/gtest.h>

#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {
namespace {

class ScInvariants : public ::testing::Test {
 protected:
  void SetUp() override { register_game(); }
};

TEST_F(ScInvariants, DefaultsAllPlayerCounts) {
  testing::InvariantConfig cfg;
  cfg.game = "supporting-cast";
  cfg.games_per_config = testing::scaled(40);
  cfg.seed = 100;
  testing::check_invariants(cfg);
}

TEST_F(ScInvariants, EveryOptionValue) {
  testing::InvariantConfig cfg;
  cfg.game = "supporting-cast";
  cfg.option_sets = testing::each_option_value("supporting-cast");
  cfg.games_per_config = testing::scaled(12);
  cfg.seed = 2000;
  testing::check_invariants(cfg);
}

TEST_F(ScInvariants, OptionCombinations) {
  testing::InvariantConfig cfg;
  cfg.game = "supporting-cast";
  cfg.option_sets = {
      {{"chain", "ends"}, {"skip", "rest-of-round"}, {"bad-luck-retry", "yes"}},
      {{"rival-super-hero", "claim"}, {"ending", "party"}, {"reserve", "forced"}},
      {{"rival-super-hero", "claim"},
       {"unowned-villains", "removed"},
       {"bad-luck-retry", "yes"},
       {"chain", "ends"}},
      {{"unowned-chains", "closed"},
       {"skip", "rest-of-round"},
       {"ending", "party"},
       {"rival-super-hero", "claim"}},
  };
  cfg.games_per_config = testing::scaled(15);
  cfg.seed = 5000;
  testing::check_invariants(cfg);
}

}  // namespace
}  // namespace villainy::supporting_cast
