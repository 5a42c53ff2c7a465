#include "villainy/agents/agents.h"
namespace villainy {
void register_supporting_cast_heuristic() {}
}
