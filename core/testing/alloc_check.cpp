#include "alloc_check.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

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

namespace villainy::testing {

long allocation_count() {
  return g_allocations.load(std::memory_order_relaxed);
}

void expect_playouts_allocate_nothing(
    const std::string& name, const std::vector<std::map<std::string, std::string>>& option_sets,
    int games, int buffer_reserve) {
  {  // The counting operator new is the one linked in.
    const long probe = g_allocations.load();
    int* volatile x = new int(1);
    delete x;
    ASSERT_GT(g_allocations.load(), probe) << "operator new is not being counted";
  }
  const GameEntry& e = find_game(name);
  for (int n = e.info.min_players; n <= e.info.max_players; ++n) {
    for (const auto& opts : option_sets) {
      auto game = load_game(name, opts, n);
      std::vector<Action> buffer;
      buffer.reserve(static_cast<size_t>(buffer_reserve));
      Rng rng(static_cast<std::uint64_t>(n));
      long actions = 0;
      for (int g = 0; g < games; ++g) {
        auto state = game->new_initial_state();
        const long before = g_allocations.load();
        actions += random_playout(*state, rng, buffer);
        EXPECT_EQ(g_allocations.load() - before, 0)
            << name << ": allocations during a playout of " << n << " players";
      }
      EXPECT_GT(actions, games) << name;
    }
  }
}

}  // namespace villainy::testing
