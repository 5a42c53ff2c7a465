#include "villainy/agents/heuristics.h"

namespace villainy {
void register_supporting_cast_heuristic();
void register_cheaty_mages_heuristic();
void register_mwahahaha_heuristic();
void register_search_agents();

void register_heuristics() {
#ifdef VILLAINY_HAVE_SUPPORTING_CAST
  register_supporting_cast_heuristic();
#endif
#ifdef VILLAINY_HAVE_CHEATY_MAGES
  register_cheaty_mages_heuristic();
#endif
#ifdef VILLAINY_HAVE_MWAHAHAHA
  register_mwahahaha_heuristic();
#endif
#ifdef VILLAINY_HAVE_ISMCTS
  register_search_agents();
#endif
}
}  // namespace villainy
