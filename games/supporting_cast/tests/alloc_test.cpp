// No heap allocation per action in the playout loop: this binary counts every operator new and
// checks that random playouts (legal actions into a reused buffer, chance sampling, apply) make
// none after the initial state exists.
#include <gtest/gtest.h>

#include "alloc_check.h"
#include "supporting_cast/supporting_cast.h"

TEST(SupportingCastPerformance, RandomPlayoutsAllocateNothingPerAction) {
  villainy::supporting_cast::register_game();
  villainy::testing::expect_playouts_allocate_nothing(
      "supporting-cast",
      {{}, {{"rival-super-hero", "claim"}, {"ending", "party"}, {"chain", "ends"}}}, 20, 256);
}
