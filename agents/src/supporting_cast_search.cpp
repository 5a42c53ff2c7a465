// Tribute to the Supporting Cast search settings: the engine's ISMCTS defaults (random rollouts
// to the end of the game within the 60-action cap, 1000 iterations) and no evaluator, so a capped
// rollout scores each seat 1/n. The measurements behind keeping the engine's defaults are in
// docs/bots.md.
#include "villainy/agents/ismcts.h"

namespace villainy {

void register_supporting_cast_search() {
  register_search_settings("supporting-cast", SearchSettings{});
}

}  // namespace villainy
