// No heap allocation per action, for every registered game (default options; each game's own
// alloc_test covers its options): random playouts with reused buffers allocate nothing.
#include <gtest/gtest.h>

#include "alloc_check.h"
#include "registry_games.h"

namespace villainy::testing {
namespace {

class EveryGameAllocation : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGameAllocation, RandomPlayoutsAllocateNothingPerAction) {
  expect_playouts_allocate_nothing(GetParam(), {{}}, 10, 512);
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryGameAllocation,
                         ::testing::ValuesIn(registered_game_names()),
                         [](const auto& p) { return test_name(p.param); });

}  // namespace
}  // namespace villainy::testing
