// No heap allocation per action in the playout loop: this binary counts every operator new and
// checks that random playouts (legal actions into a reused buffer, chance sampling, apply) make
// none after the initial state exists.
#include <gtest/gtest.h>

#include "alloc_check.h"
#include "cheaty_mages/cheaty_mages.h"

TEST(CheatyMagesPerformance, RandomPlayoutsAllocateNothingPerAction) {
  villainy::cheaty_mages::register_game();
  villainy::testing::expect_playouts_allocate_nothing(
      "cheaty-mages", {{}, {{"bribe", "on"}, {"duplicate", "on"}, {"all-ejected", "no-payout"}}},
      20, 256);
}
