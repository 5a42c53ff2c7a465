// A deterministic signature: a hash over N seeded random games (every action, chance included,
// and the results). Any change of behaviour changes it; tests pin it, so changes are on purpose.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy {

inline std::uint64_t fnv1a(std::uint64_t h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xff;
    h *= 0x100000001b3ULL;
  }
  return h;
}
inline constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ULL;

// Plays `games` random games of `name` (player counts cycling from min to max, default options
// unless given), game i seeded with derive_seed(seed, i), and hashes them.
std::uint64_t game_signature(const std::string& name, int games, std::uint64_t seed = 20261129,
                             const std::map<std::string, std::string>& options = {});

}  // namespace villainy
