// The deterministic signature of Mwahahaha!: a hash over 100 seeded random games (player counts
// 2–5, default options). Any change of behaviour changes it; when a change is on purpose, update
// the value here and say so in the commit message.
#include "villainy/core/signature.h"

#include <gtest/gtest.h>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mwahahaha {
namespace {

constexpr std::uint64_t kSignature100 = 0x2885451f7dfa9535ULL;

TEST(MwahahahaSignature, PinnedOver100SeededGames) {
  register_game();
  const std::uint64_t sig = game_signature("mwahahaha", 100);
  EXPECT_EQ(sig, game_signature("mwahahaha", 100)) << "not deterministic";
  EXPECT_EQ(sig, kSignature100) << std::hex << "signature is now 0x" << sig;
}

}  // namespace
}  // namespace villainy::mwahahaha
