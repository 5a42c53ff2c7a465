// The shared invariant suite: every game runs it over many random games spanning seeds, player
// counts and option combinations (see core/testing/invariants.cpp for the list of checks).
//
// run_invariants() returns what failed (and how often each check ran), so a test can show that
// the suite catches a defect (core/tests/invariants_test.cpp runs it on a deliberately leaky toy
// game); check_invariants() reports the same result through GoogleTest.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy::testing {

// Chooses the playout's next action at a seat's decision (chance is always sampled).
using Policy = std::function<Action(const State&, const std::vector<Action>& legal, Rng&)>;

struct InvariantConfig {
  std::string game;
  std::vector<int> player_counts;                                      // empty: all allowed counts
  std::vector<std::map<std::string, std::string>> option_sets = {{}};  // each one is run
  int games_per_config = 50;
  std::uint64_t seed = 1;
  double view_check_rate = 0.01;  // share of steps where views and resampling are checked
  // Non-interference: share of steps where it runs; at each, up to `noninterference_pairs`
  // pairs of actions that look the same to some viewer are applied to two clones, which are then
  // compared for that viewer, and followed for `noninterference_depth` further steps that look
  // the same to the viewer.
  double noninterference_rate = 1.0;
  int noninterference_pairs = 1;
  int noninterference_depth = 3;
  // At the view checks: two legal actions observed alike (action_observation) must leave results
  // the viewer cannot tell apart (equal information_state_key).
  bool observation_checks = true;
  // Also the converse: two actions observed differently leave results the viewer tells apart, i.e.
  // the views recall everything the observations showed (perfect recall). Off by default: the
  // three games' views do not yet recall every detail their action lines show (docs/engine.md).
  bool observations_recalled = false;
  // The playout's choices at seats' decisions (empty: uniform). Games bias it toward their
  // hidden choices (trades, bluffs, hidden bets) so the checks above see many of them.
  Policy policy;
  // The game hides information: some pair of same-looking actions must have been compared and
  // every seat's resample must have changed something at least once (no silent skip).
  bool hidden_information = true;
};

struct InvariantResult {
  std::vector<std::string> failures;  // the first failure of each failing game (at most 20)
  int games = 0, steps = 0;
  int view_checks = 0;            // steps with the view and resampling checks
  int noninterference_steps = 0;  // steps with the non-interference check
  int pairs = 0;                  // same-looking action pairs compared
  int followed = 0;               // further same-looking steps compared after a pair
  int key_checks = 0;             // pairs of states told apart whose information keys were compared
  int observation_checks = 0;     // pairs of actions whose observations were compared
  std::map<Player, int> resample_varied;  // per seat: resamples that changed the state
  int max_seats = 0;                      // largest player count run
  bool ok() const { return failures.empty(); }
  std::string summary() const;  // counts and the failures, for test output
};

// Runs all checks and returns the failures (never throws for a game's defect).
InvariantResult run_invariants(const InvariantConfig& cfg);

// Runs all checks; reports failures through GoogleTest with the game, seed and step.
void check_invariants(const InvariantConfig& cfg);

// A policy that, with probability `share`, picks uniformly among the legal actions whose names
// start with the first listed prefix that matches any (so earlier prefixes are preferred), and
// otherwise uniformly among all legal actions.
Policy prefer_actions(std::vector<std::string> prefixes, double share = 0.8);

// Every value of every option, one at a time on top of the defaults, for option coverage.
std::vector<std::map<std::string, std::string>> each_option_value(const std::string& game);

// Scales test sizes down under the sanitizers (VILLAINY_SANITIZE builds) or by the environment
// variable VILLAINY_TEST_SCALE (a float, default 1).
int scaled(int n);

}  // namespace villainy::testing
