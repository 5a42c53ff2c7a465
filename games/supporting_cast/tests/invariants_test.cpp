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
  cfg.noninterference_rate = 0.01;
  testing::check_invariants(cfg);
}

TEST_F(ScInvariants, EveryOptionValue) {
  testing::InvariantConfig cfg;
  cfg.game = "supporting-cast";
  cfg.option_sets = testing::each_option_value("supporting-cast");
  cfg.games_per_config = testing::scaled(12);
  cfg.seed = 2000;
  cfg.noninterference_rate = 0.01;
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
  cfg.noninterference_rate = 0.01;
  testing::check_invariants(cfg);
}

// Every step checked, with agents that prefer hidden choices: the face-down bad-luck marker
// (SC-11), claims (SC-20) and plays from a hidden hand.
TEST_F(ScInvariants, NonInterferenceInHiddenCards) {
  testing::InvariantConfig cfg;
  cfg.game = "supporting-cast";
  cfg.option_sets = {{}, {{"rival-super-hero", "claim"}, {"skip", "rest-of-round"}}};
  cfg.games_per_config = testing::scaled(2);
  cfg.seed = 7000;
  cfg.noninterference_rate = 0.25;
  cfg.policy = testing::prefer_actions({"marker:", "claim:", "play:"}, 0.5);
  testing::check_invariants(cfg);
}

}  // namespace
}  // namespace villainy::supporting_cast
