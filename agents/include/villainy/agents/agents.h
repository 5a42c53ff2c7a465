// The agents layer: bots that play any registered game from their seat's information only.
// Agents are named by a spec "NAME[:KEY=VALUE]...", e.g. "random", "heuristic",
// "ismcts:iterations=1000".
#pragma once
#include <climits>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "villainy/core/agent.h"

namespace villainy {

struct AgentSpec {
  std::string name;
  std::map<std::string, std::string> params;
  static AgentSpec parse(const std::string& spec);  // throws Error on a malformed spec
  // Typed parameter access; unknown keys are reported by check_only(). A value that is not wholly
  // a number in [lo, hi] is an Error (NaN and infinities never pass).
  int get_int(const std::string& key, int def, int lo = INT_MIN, int hi = INT_MAX) const;
  double get_double(const std::string& key, double def, double lo = -1e300,
                    double hi = 1e300) const;
  std::string get(const std::string& key, const std::string& def) const;
  void check_only(const std::vector<std::string>& allowed) const;
};

using AgentMaker = std::function<std::unique_ptr<Agent>(const AgentSpec&, const Game&)>;

// Registers an agent kind. With a game name, the kind applies to that game only (heuristics).
void register_agent(const std::string& name, const std::string& game, AgentMaker maker,
                    const std::string& description);
// Creates an agent; an unknown name, or one not available for this game, is an Error listing
// the agents that are.
std::unique_ptr<Agent> make_agent(const std::string& spec, const Game& game);
// Agent names (with descriptions) available for a game.
std::vector<std::pair<std::string, std::string>> available_agents(const std::string& game);

// Registers every agent of the project (idempotent): random, the games' heuristics, search bots.
void register_all_agents();

// An agent that can also decide on a state it is handed: a search's rollout may hand it the
// iteration's determinization, which is a sample of the *searcher's* information (nothing hidden
// from the searcher is in it), sparing a resample per rollout decision (ismcts:resample=off;
// issue 15: the resample was half of a Mwahahaha! ISMCTS iteration). As a rollout policy every
// player then decides on the searcher's sample, its true cards included, which measured clearly
// weaker (docs/bots.md), so the default is to resample. Only searches call it, and only with
// their own determinizations; every other caller goes through act(), which samples from the
// seat's information. `act_on(det, legal, rng)` chooses as `act` would on a context whose sample
// is `det` (Cheaty Mages: one sample, `det`).
class DeterminizedAgent {
 public:
  virtual ~DeterminizedAgent() = default;
  // `legal` are det's legal actions for det.current_player().
  virtual Action act_on(const State& det, const std::vector<Action>& legal, Rng& rng) = 0;
};

// Uniformly random among the legal actions.
class RandomAgent : public Agent {
 public:
  Action act(const DecisionContext& ctx, Rng& rng) override {
    const auto& l = ctx.legal_actions();
    return l[rng.below(static_cast<std::uint32_t>(l.size()))];
  }
  std::string name() const override { return "random"; }
};

}  // namespace villainy
