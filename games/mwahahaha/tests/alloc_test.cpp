// No heap allocation per action in the playout loop: this binary counts every operator new and
// checks that random playouts (legal actions into a reused buffer, chance sampling, apply) make
// none after the initial state exists — trading, Dirty Trick windows and fights included.
#include <gtest/gtest.h>

#include "alloc_check.h"
#include "mwahahaha/mwahahaha.h"

TEST(MwahahahaPerformance, RandomPlayoutsAllocateNothingPerAction) {
  villainy::mwahahaha::register_game();
  villainy::testing::expect_playouts_allocate_nothing(
      "mwahahaha",
      {{}, {{"trade-window", "open"}, {"attacks", "many"}, {"scientist-deal", "choose"}}}, 20, 512);
}
