#include "villainy/games/all.h"

#ifdef VILLAINY_HAVE_SUPPORTING_CAST
#include "supporting_cast/supporting_cast.h"
#endif
#ifdef VILLAINY_HAVE_CHEATY_MAGES
#include "cheaty_mages/cheaty_mages.h"
#endif
#ifdef VILLAINY_HAVE_MWAHAHAHA
#include "mwahahaha/mwahahaha.h"
#endif

namespace villainy {
void register_all_games() {
#ifdef VILLAINY_HAVE_SUPPORTING_CAST
  supporting_cast::register_game();
#endif
#ifdef VILLAINY_HAVE_CHEATY_MAGES
  cheaty_mages::register_game();
#endif
#ifdef VILLAINY_HAVE_MWAHAHAHA
  mwahahaha::register_game();
#endif
}
}  // namespace villainy
