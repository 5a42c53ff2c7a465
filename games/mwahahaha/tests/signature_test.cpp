// The deterministic signatures of Mwahahaha!: hashes over 100 seeded random games (player counts
// 2–5). Any change of behaviour changes them; when a change is on purpose, update the value here
// and say so in the commit message.
//   kSignature100: every action, the returns and the final state's fingerprint (a byte hash of
//     the whole state), with default options.
//   kPlaySignature100: every action and the returns only, so it is independent of how the state
//     is laid out in memory (a restructure that keeps the play keeps it); default options and a
//     second run with the optional rules that add flows (open trade, many attacks, chosen
//     scientists, powers asked for, declared turn ends).
#include "villainy/core/signature.h"

#include <gtest/gtest.h>

#include <cmath>

#include "mwahahaha/mwahahaha.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"

namespace villainy::mwahahaha {
namespace {

constexpr std::uint64_t kSignature100 = 0x6ad21ea493b7031fULL;
constexpr std::uint64_t kPlaySignature100 = 0x28fef6e69891b0dcULL;
constexpr std::uint64_t kPlaySignatureOptions100 = 0x1a709cd6cc6056feULL;

std::uint64_t play_signature(const std::map<std::string, std::string>& options) {
  register_game();
  const GameEntry& e = find_game("mwahahaha");
  std::uint64_t h = kFnvOffset;
  std::vector<Action> buffer;
  for (int i = 0; i < 100; ++i) {
    const int players = e.info.min_players + i % (e.info.max_players - e.info.min_players + 1);
    auto game = load_game("mwahahaha", options, players);
    auto state = game->new_initial_state();
    Rng rng(derive_seed(20261129, static_cast<std::uint64_t>(i)));
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
  }
  return h;
}

TEST(MwahahahaSignature, PinnedOver100SeededGames) {
  register_game();
  const std::uint64_t sig = game_signature("mwahahaha", 100);
  EXPECT_EQ(sig, game_signature("mwahahaha", 100)) << "not deterministic";
  EXPECT_EQ(sig, kSignature100) << std::hex << "signature is now 0x" << sig;
}

TEST(MwahahahaSignature, PlayPinnedOver100SeededGames) {
  const std::uint64_t sig = play_signature({});
  EXPECT_EQ(sig, kPlaySignature100) << std::hex << "play signature is now 0x" << sig;
  const std::uint64_t opt = play_signature({{"trade-window", "open"},
                                            {"attacks", "many"},
                                            {"scientist-deal", "choose"},
                                            {"powers", "ask"},
                                            {"turn-end", "declared"},
                                            {"open-trade", "all"},
                                            {"grave-robber", "fight-only"},
                                            {"union-strike", "round"},
                                            {"ties", "defender"},
                                            {"phase-tie", "seat"}});
  EXPECT_EQ(opt, kPlaySignatureOptions100) << std::hex << "play signature is now 0x" << opt;
}

}  // namespace
}  // namespace villainy::mwahahaha
