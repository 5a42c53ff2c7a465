// The registry-driven suite: for every registered game, by name only, the shared invariant suite
// (every player count, default options; each game's own invariants_test covers its options), and
// a pinned signature. The per-game pins are listed here, one line per game.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>

#include "invariants.h"
#include "registry_games.h"
#include "villainy/core/signature.h"

namespace villainy::testing {
namespace {

// game_signature(game, kSignatureGames) per game. A behaviour change changes it: pin the new value
// and name old → new and why in the commit (the game's own signature_test pins a longer run).
constexpr int kSignatureGames = 20;
const std::map<std::string, std::uint64_t> kPinnedSignatures = {
    {"supporting-cast", 0xc7a67ce2060a40dbULL},
    {"cheaty-mages", 0xdb7c9bcb33b5345eULL},
    {"mwahahaha", 0x785df09770b32fcdULL},
};

class EveryGame : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryGame, InvariantSuite) {
  InvariantConfig cfg;
  cfg.game = GetParam();
  cfg.games_per_config = scaled(6);
  cfg.view_check_rate = 0.05;
  cfg.noninterference_rate = 0.2;
  // Whether every seat's resample varied is each game's own invariants_test's business (it
  // chooses policies that reach its hidden choices); here the remaining checks all run.
  cfg.hidden_information = false;
  const InvariantResult r = run_invariants(cfg);
  EXPECT_TRUE(r.ok()) << r.summary();
  EXPECT_GT(r.view_checks, 0) << r.summary();
  EXPECT_GT(r.key_checks, 0) << r.summary();
}

TEST_P(EveryGame, PinnedSignature) {
  const std::string& game = GetParam();
  const std::uint64_t sig = game_signature(game, kSignatureGames);
  EXPECT_EQ(sig, game_signature(game, kSignatureGames)) << "not deterministic";
  const auto pin = kPinnedSignatures.find(game);
  ASSERT_NE(pin, kPinnedSignatures.end())
      << game << " has no pinned signature: add {\"" << game << "\", 0x" << std::hex << sig
      << "ULL} to kPinnedSignatures";
  EXPECT_EQ(sig, pin->second) << std::hex << game << ": signature is now 0x" << sig;
}

TEST_P(EveryGame, InformationStateKeysAndObservationsAreDefined) {
  auto game = load_game(GetParam(), {}, find_game(GetParam()).info.min_players);
  auto s = game->new_initial_state();
  Rng rng(5);
  std::vector<Action> legal;
  for (int step = 0; step < 60 && !s->is_terminal(); ++step) {
    s->legal_actions(legal);
    const Action a = s->is_chance() ? s->sample_chance(rng)
                                    : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    for (Player v = 0; v < game->num_players(); ++v) {
      EXPECT_FALSE(s->action_observation(a, v).empty());
      EXPECT_EQ(s->information_state_key(v), s->clone()->information_state_key(v));
    }
    s->apply(a);
  }
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryGame, ::testing::ValuesIn(registered_game_names()),
                         [](const auto& p) { return test_name(p.param); });

TEST(Registry, EveryPinnedGameIsRegistered) {
  const auto names = registered_game_names();
  for (const auto& [game, sig] : kPinnedSignatures)
    EXPECT_NE(std::find(names.begin(), names.end(), game), names.end())
        << game << " is pinned but not in the build";
  EXPECT_EQ(names.size(), kPinnedSignatures.size());
}

}  // namespace
}  // namespace villainy::testing
