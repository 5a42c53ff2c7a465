// Runs one game with agents in the seats and a seeded chance generator.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "villainy/core/agent.h"
#include "villainy/core/game.h"

namespace villainy {

struct RunOptions {
  std::uint64_t seed = 0;
  bool keep_actions = false;  // fill RunResult::actions (for records)
};

struct RunResult {
  std::unique_ptr<State> final_state;
  std::vector<Action> actions;
  int num_actions = 0;
};

// Observer called after every applied action (state after, the action, who took it).
using StepObserver = std::function<void(const State& after, Action a, Player actor)>;

// Chance is sampled from Rng(derive_seed(seed, 0)); seat k's agent uses Rng(derive_seed(seed,
// k + 1)). Throws Error if the game exceeds its declared maximum length or an agent returns an
// illegal action.
RunResult run_game(const Game& game, const std::vector<Agent*>& seats, const RunOptions& opts,
                   const StepObserver& observer = {});

// Random playout from `state` to the end (uniform random actions, chance sampled); returns the
// number of actions. Uses `buffer` for legal actions so that it allocates nothing per action.
int random_playout(State& state, Rng& rng, std::vector<Action>& buffer);

// Positions for benchmarks and tests: `count` states at a seat's decision with at least two legal
// actions, each reached by min_steps + below(extra_steps) random actions from a new game.
std::vector<std::unique_ptr<State>> random_decision_states(const Game& game, int count,
                                                           std::uint64_t seed, int min_steps,
                                                           int extra_steps);

}  // namespace villainy
