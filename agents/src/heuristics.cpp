#include "villainy/agents/heuristics.h"

namespace villainy {
void register_supporting_cast_heuristic();
void register_cheaty_mages_heuristic();
void register_mwahahaha_heuristic();
void register_search_agents();
void register_supporting_cast_search();
void register_cheaty_mages_search();
void register_mwahahaha_search();

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
#if defined(VILLAINY_HAVE_SUPPORTING_CAST_SEARCH)
  register_supporting_cast_search();
#endif
#if defined(VILLAINY_HAVE_CHEATY_MAGES_SEARCH)
  register_cheaty_mages_search();
#endif
#if defined(VILLAINY_HAVE_MWAHAHAHA_SEARCH)
  register_mwahahaha_search();
#endif
#endif
}
}  // namespace villainy
