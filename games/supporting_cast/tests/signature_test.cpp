// The deterministic signature of Tribute to the Supporting Cast: a hash over 200 seeded random
// games (player counts 4–7, default options). Any change of behaviour changes it; when a change
// is on purpose, update the value here and say so in the commit message.
#include "villainy/core/signature.h"

#include <gtest/gtest.h>

#include "supporting_cast/supporting_cast.h"

namespace villainy::supporting_cast {
namespace {

constexpr std::uint64_t kSignature200 = 0x23220a596f319c18ULL;

TEST(SupportingCastSignature, PinnedOver200SeededGames) {
  register_game();
  const std::uint64_t sig = game_signature("supporting-cast", 200);
  EXPECT_EQ(sig, game_signature("supporting-cast", 200)) << "not deterministic";
  EXPECT_EQ(sig, kSignature200) << std::hex << "signature is now 0x" << sig;
}

}  // namespace
}  // namespace villainy::supporting_cast
