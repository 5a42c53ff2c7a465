// The deterministic signature of Cheaty Mages!: a hash over 200 seeded random games (player
// counts 3–6, default options). Any change of behaviour changes it; when a change is on purpose,
// update the value here and say so in the commit message.
#include "villainy/core/signature.h"

#include <gtest/gtest.h>

#include "cheaty_mages/cheaty_mages.h"

namespace villainy::cheaty_mages {
namespace {

constexpr std::uint64_t kSignature200 = 0xab48a1ec6858d979ULL;

TEST(CheatyMagesSignature, PinnedOver200SeededGames) {
  register_game();
  const std::uint64_t sig = game_signature("cheaty-mages", 200);
  EXPECT_EQ(sig, game_signature("cheaty-mages", 200)) << "not deterministic";
  EXPECT_EQ(sig, kSignature200) << std::hex << "signature is now 0x" << sig;
}

}  // namespace
}  // namespace villainy::cheaty_mages
