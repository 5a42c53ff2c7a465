#include "villainy/agents/agents.h"
#include "villainy/agents/heuristics.h"

namespace villainy {

void register_all_agents() {
  register_agent(
      "random", "",
      [](const AgentSpec& s, const Game&) -> std::unique_ptr<Agent> {
        s.check_only({});
        return std::make_unique<RandomAgent>();
      },
      "uniformly random among the legal actions");
  register_heuristics();
}

}  // namespace villainy
