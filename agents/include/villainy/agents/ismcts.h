// Information-set Monte Carlo tree search (ISMCTS) for every registered game.
//
// Variant: single-observer ISMCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012). One tree,
// searched from the acting seat's information set:
//   - every iteration starts from a fresh determinization ctx.sample_state(rng), i.e. the game's
//     own resampling from the seat's information (the bot never sees the true state);
//   - the tree's edges are actions; at a decision node the children not legal in this
//     determinization are ignored, and UCB1 uses the availability count (how often the edge was
//     legal when the node was visited) instead of the parent's visit count;
//   - the player who decides at a node picks by UCB1 on their own return;
//   - chance nodes are sampled with the search's own rng (the determinization fixes the hidden
//     cards; the order of future draws is sampled) and are edges of the tree too, so that nodes
//     after different draws stay different nodes;
//   - one new node per iteration, then a rollout (random, or the game's "heuristic" agent when it
//     has one), optionally truncated after `depth` actions, where the value is that of a registered
//     evaluator for the game, or neutral (each seat 1/n) when the game has none;
//   - the move is the most visited root edge (ties: lowest action id).
// The search has no game-specific code. Each game registers, in agents/src/<game>_search.cpp, its
// SearchSettings (below): evaluator, the agent its heuristic rollouts use and its default
// parameters; Cheaty Mages! and Mwahahaha! use heuristic rollouts with an evaluator, Supporting
// Cast random rollouts with an evaluator at a short cap.
// Option observer=multi (issue 15): below every point where an opponent decides, the tree branches
// on that opponent's information state (State::information_state_key), so its choices are
// learned per what it knows (its own hand) instead of being pooled over every determinization of
// the searcher's information (the "opponents see the determinization" weakness of SO-ISMCTS).
// It is cheaper than full MO-ISMCTS (one tree, no move projection). Option trees=N: root
// parallelism. See docs/bots.md for the measurements.
//
// Decisions are a function of (the seat's information, the rng) only: the search uses
// ctx.sample_state / ctx.legal_actions / ctx.player() and nothing else of the real state.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "villainy/agents/agents.h"
#include "villainy/core/agent.h"

namespace villainy {

// The bounds of the parameters (an Error outside them; NaN and infinities are refused).
inline constexpr int kIsmctsMaxIterations = 100'000'000;
inline constexpr double kIsmctsMaxMs = 3'600'000;  // one hour per decision
inline constexpr double kIsmctsMaxC = 100;
inline constexpr int kIsmctsMaxDepth = 1'000'000;
inline constexpr int kIsmctsMaxTrees = 64;

struct IsmctsConfig {
  int iterations = 1000;     // iteration budget (0 = unlimited; then time_ms must be set)
  double time_ms = 0;        // time budget in milliseconds (0 = none); stops at whichever is first
  double exploration = 0.7;  // UCB1 constant c (returns are in [0, 1])
  int depth = 60;            // rollout cap in actions, chance included (0 = to the end of the game)
  std::string rollout = "random";  // "random" or "heuristic" (the game's heuristic agent, in the
                                   // variant of SearchSettings::rollout_agent)
  bool use_evaluator = true;       // use SearchSettings::evaluator at the rollout cap
  // Heuristic rollouts: true (the default) makes the rollout agent resample at every rollout
  // decision from the deciding seat's information, as an agent in a real game does; false
  // ("resample=off") lets it decide on the iteration's determinization itself
  // (DeterminizedAgent::act_on): about twice as fast in Mwahahaha!, but then every rollout player
  // sees the searcher's sample, the searcher's own true cards included, and it measured clearly
  // weaker in Cheaty Mages! and Mwahahaha! (docs/bots.md), so it is an option only.
  bool rollout_resample = true;
  // Root parallelism: independent trees (each with its share of the iteration budget and a
  // generator of its own), run on up to `trees` threads, root visit counts added. With an
  // iteration budget the move is a function of (information, rng, trees) only, whatever the
  // threads do ("trees=N"; 1: one tree on the calling thread, no thread started).
  int trees = 1;
  // observer=multi: an opponent's decision nodes are kept per information state of that opponent
  // (State::information_state_key), so that it chooses from what it knows rather than from
  // statistics pooled over every determinization of the searcher's information.
  bool multi_observer = false;
};

// A value estimate for a non-terminal state: expected returns per seat, written into `out`
// (size num_players). It is applied to determinizations, never to the real state.
using StateEvaluator = std::function<void(const State&, std::span<double> out)>;

// A game's search settings, registered once per game by its search file
// (agents/src/<game>_search.cpp, one per game of the build list VILLAINY_GAMES).
struct SearchSettings {
  IsmctsConfig defaults;     // "ismcts" parameters a user does not name (checked at registration)
  StateEvaluator evaluator;  // the value at the rollout cap; empty: neutral (each seat 1/n)
  // The agent heuristic rollouts use, e.g. a cheaper variant of the game's heuristic
  // ("heuristic:samples=1"). An unknown agent is an Error when a search is created.
  std::string rollout_agent = "heuristic";
};
// Registers a game's settings. The first registration of a game holds (registering again is
// harmless and changes nothing), and the settings stay at one address for the program's life.
// Invalid defaults or a malformed rollout agent spec are an Error and register nothing.
void register_search_settings(const std::string& game, SearchSettings settings);
// The game's settings, or nullptr when none are registered.
const SearchSettings* find_search_settings(const std::string& game);
// The game's evaluator (nullptr when none).
const StateEvaluator* find_evaluator(const std::string& game);

struct IsmctsStats {
  std::int64_t iterations = 0;
  std::int64_t nodes = 0;
  std::int64_t rollout_actions = 0;
  double seconds = 0;
};

class IsmctsAgent : public Agent {
 public:
  IsmctsAgent(const Game& game, IsmctsConfig cfg);
  ~IsmctsAgent() override;
  Action act(const DecisionContext& ctx, Rng& rng) override;
  std::string name() const override { return "ismcts"; }
  const IsmctsConfig& config() const { return cfg_; }
  // Statistics of the last act() call.
  const IsmctsStats& last_stats() const { return stats_; }
  // Visit counts of the root edges after the last act() (action, visits), for tests and tools.
  const std::vector<std::pair<Action, int>>& root_visits() const { return root_visits_; }

 private:
  struct Impl;
  IsmctsConfig cfg_;
  std::vector<std::unique_ptr<Impl>> trees_;  // one per tree (root parallelism)
  std::vector<int> merged_;                   // per action: root visits added over the trees
  IsmctsStats stats_;
  std::vector<std::pair<Action, int>> root_visits_;
};

// The game's defaults as parameters a user would write, for help and the catalogue: those that
// differ from the engine's (e.g. "iterations=100:depth=20:rollout=heuristic"; "" when none).
std::string ismcts_defaults(const std::string& game);
// The agent a game's heuristic rollouts use ("heuristic" when the game registers none).
std::string rollout_agent(const std::string& game);

// Parses "ismcts[:iterations=N][:ms=T][:c=X][:depth=D][:rollout=random|heuristic][:eval=on|off]
// [:resample=on|off][:trees=N][:observer=single|multi]"
// over the game's registered defaults (none when `game` is empty). A time budget without an
// iteration count means as many iterations as fit in the time.
IsmctsConfig parse_ismcts_config(const AgentSpec& spec, const std::string& game = "");

// Registers "ismcts" for every game (called by register_all_agents()).
void register_search_agents();

}  // namespace villainy
