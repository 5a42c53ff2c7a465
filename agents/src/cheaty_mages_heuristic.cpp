#include "villainy/agents/agents.h"
namespace villainy {
void register_cheaty_mages_heuristic() {}
}  // namespace villainy
