#include "villainy/core/signature.h"

#include <cmath>

#include "villainy/core/registry.h"
#include "villainy/core/runner.h"

namespace villainy {

std::uint64_t game_signature(const std::string& name, int games, std::uint64_t seed,
                             const std::map<std::string, std::string>& options) {
  const GameEntry& e = find_game(name);
  std::uint64_t h = kFnvOffset;
  std::vector<Action> buffer;
  for (int i = 0; i < games; ++i) {
    int players = e.info.min_players + i % (e.info.max_players - e.info.min_players + 1);
    auto game = load_game(name, options, players);
    auto state = game->new_initial_state();
    Rng rng(derive_seed(seed, static_cast<std::uint64_t>(i)));
    while (!state->is_terminal()) {
      Action a;
      if (state->is_chance()) {
        a = state->sample_chance(rng);
      } else {
        state->legal_actions(buffer);
        a = buffer[rng.below(static_cast<std::uint32_t>(buffer.size()))];
      }
      h = fnv1a(h, static_cast<std::uint64_t>(a));
      state->apply_unchecked(a);
    }
    for (double r : state->returns())
      h = fnv1a(h, static_cast<std::uint64_t>(std::llround(r * 1e6)));
    h = fnv1a(h, state->fingerprint());
  }
  return h;
}

}  // namespace villainy
