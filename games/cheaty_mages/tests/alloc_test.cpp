// No heap allocation per action in the playout loop: this binary counts every operator new and
// checks that random playouts (legal actions into a reused buffer, chance sampling, apply) make
// none after the initial state exists.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace villainy::cheaty_mages {
namespace {

TEST(CheatyMagesPerformance, RandomPlayoutsAllocateNothingPerAction) {
  register_game();
  for (int n = 3; n <= 6; ++n) {
    for (const auto& opts : std::vector<std::map<std::string, std::string>>{
             {}, {{"bribe", "on"}, {"duplicate", "on"}, {"all-ejected", "no-payout"}}}) {
      auto game = load_game("cheaty-mages", opts, n);
      std::vector<Action> buffer;
      buffer.reserve(256);
      Rng rng(static_cast<std::uint64_t>(n));
      long actions = 0;
      for (int g = 0; g < 20; ++g) {
        auto state = game->new_initial_state();
        const long before = g_allocations.load();
        actions += random_playout(*state, rng, buffer);
        EXPECT_EQ(g_allocations.load() - before, 0)
            << "allocations during a playout of " << n << " players";
      }
      EXPECT_GT(actions, 1000);
    }
  }
}

}  // namespace
}  // namespace villainy::cheaty_mages
