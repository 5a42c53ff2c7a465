// The shared invariant suite: every game runs it over many random games spanning seeds, player
// counts and option combinations (see core/testing/invariants.cpp for the list of checks).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace villainy::testing {

struct InvariantConfig {
  std::string game;
  std::vector<int> player_counts;                                      // empty: all allowed counts
  std::vector<std::map<std::string, std::string>> option_sets = {{}};  // each one is run
  int games_per_config = 50;
  std::uint64_t seed = 1;
  double view_check_rate = 0.01;  // share of steps where views and resampling are checked
};

// Runs all checks; reports failures through GoogleTest with the game, seed and step.
void check_invariants(const InvariantConfig& cfg);

// Every value of every option, one at a time on top of the defaults, for option coverage.
std::vector<std::map<std::string, std::string>> each_option_value(const std::string& game);

// Scales test sizes down under the sanitizers (VILLAINY_SANITIZE builds) or by the environment
// variable VILLAINY_TEST_SCALE (a float, default 1).
int scaled(int n);

}  // namespace villainy::testing
