// No heap allocation per action: a test binary that links villainy_alloc_testing counts every
// operator new (this library replaces it) and checks that random playouts — legal actions into a
// reused buffer, chance sampling, apply — make none once the initial state exists.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace villainy::testing {

// Plays `games` random playouts for every allowed player count and option set of `game` and
// expects zero allocations during each playout.
void expect_playouts_allocate_nothing(
    const std::string& game, const std::vector<std::map<std::string, std::string>>& option_sets,
    int games = 20, int buffer_reserve = 512);

// Heap allocations (operator new calls) so far in this process; differences measure a region.
long allocation_count();

}  // namespace villainy::testing
