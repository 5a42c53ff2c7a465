// The shared invariant suite on Mwahahaha!: every player count (2–5), every value of every option,
// and option combinations. Random agents trade, lie with Betrayed and play Dirty Tricks. Games are
// long (thousands of actions), so short round limits and low check rates keep the suite quick; the
// non-interference tests at the end bias the random agents toward trades and Betrayed bluffs
// (MW-15a, D5, D15) and check every step.
#include "invariants.h"

#include <gtest/gtest.h>

#include "mwahahaha/mwahahaha.h"
#include "villainy/core/registry.h"

namespace villainy::mwahahaha {
namespace {

class MwInvariants : public ::testing::Test {
 protected:
  void SetUp() override { register_game(); }
};

TEST_F(MwInvariants, DefaultsAllPlayerCounts) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  cfg.games_per_config = testing::scaled(3);
  cfg.seed = 100;
  cfg.view_check_rate = 0.004;
  cfg.noninterference_rate = 0.005;
  testing::check_invariants(cfg);
}

TEST_F(MwInvariants, ShortGamesManyViewChecks) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  cfg.option_sets = {{{"round-limit", "4"}}};
  cfg.games_per_config = testing::scaled(8);
  cfg.seed = 300;
  cfg.view_check_rate = 0.05;
  cfg.noninterference_rate = 0.05;
  testing::check_invariants(cfg);
}

TEST_F(MwInvariants, EveryOptionValue) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  cfg.option_sets = testing::each_option_value("mwahahaha");
  for (auto& o : cfg.option_sets) o["round-limit"] = "8";
  cfg.option_sets.push_back(
      {{"round-limit", "0"}});  // no limit: the game ends by a World threat (or the guard)
  cfg.games_per_config = testing::scaled(3);
  cfg.seed = 2000;
  cfg.view_check_rate = 0.02;
  cfg.noninterference_rate = 0.02;
  testing::check_invariants(cfg);
}

TEST_F(MwInvariants, OptionCombinations) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  cfg.option_sets = {
      {{"trade-window", "open"}, {"attacks", "many"}, {"ties", "defender"}, {"round-limit", "6"}},
      {{"phase-tie", "seat"},
       {"sacrifice", "off"},
       {"scientist-deal", "choose"},
       {"round-limit", "6"}},
      {{"trade-window", "open"},
       {"phase-tie", "seat"},
       {"attacks", "many"},
       {"scientist-deal", "choose"},
       {"round-limit", "10"}},
      // The readings of issues 16/17 together (D11, D13, D14, D16, D20, D21).
      {{"trade-window", "open"},
       {"open-trade", "all"},
       {"powers", "ask"},
       {"turn-end", "declared"},
       {"hypnotic-peek", "first"},
       {"grave-robber", "fight-only"},
       {"union-strike", "round"},
       {"round-limit", "8"}},
  };
  cfg.games_per_config = testing::scaled(3);
  cfg.seed = 5000;
  cfg.view_check_rate = 0.02;
  cfg.noninterference_rate = 0.02;
  testing::check_invariants(cfg);
}

// Random agents that seek trades: propose them, offer and ask for raw cards, describe a Betrayed as
// something else, accept, and hand over a Betrayed for a request; Espionage shows them hands.
testing::InvariantConfig trade_config(std::map<std::string, std::string> opts, std::uint64_t seed) {
  testing::InvariantConfig cfg;
  cfg.game = "mwahahaha";
  opts["round-limit"] = "3";
  cfg.option_sets = {opts};
  cfg.games_per_config = testing::scaled(3);
  cfg.seed = seed;
  cfg.view_check_rate = 0.02;
  cfg.noninterference_rate = 1.0;
  cfg.noninterference_pairs = 2;
  cfg.policy =
      testing::prefer_actions({"offer-raw:betrayed", "give-raw:betrayed",
                               "describe-as:", "trade-with:", "offer-raw:", "ask-raw:", "accept",
                               "peek", "propose", "play:espionage", "target:"},
                              0.7);
  return cfg;
}

TEST_F(MwInvariants, NonInterferenceInTradesAndBluffs) {
  testing::check_invariants(trade_config({}, 7000));
}

TEST_F(MwInvariants, NonInterferenceInOpenTrades) {
  testing::check_invariants(trade_config({{"trade-window", "open"}}, 7100));
}

// The continuation stack (FrameStack): every sub-flow pops what it pushed, so at a turn's main
// decision (and between turns) no frame is left, and nesting stays within kMaxFrames (a push past
// it throws). Random play biased toward Dirty Tricks, Evil Laugh's nested windows included (D4).
TEST_F(MwInvariants, ContinuationsAreBalanced) {
  const std::vector<std::map<std::string, std::string>> option_sets = {{{"round-limit", "12"}},
                                                                       {{"round-limit", "12"},
                                                                        {"trade-window", "open"},
                                                                        {"attacks", "many"},
                                                                        {"powers", "ask"},
                                                                        {"turn-end", "declared"}}};
  int checked = 0, deepest = 0;
  for (size_t o = 0; o < option_sets.size(); ++o)
    for (int players = 2; players <= 5; ++players)
      for (int g = 0; g < 3; ++g) {
        auto game = load_game("mwahahaha", option_sets[o], players);
        auto st = game->new_initial_state();
        Rng rng(derive_seed(900 + o, static_cast<std::uint64_t>(players * 10 + g)));
        std::vector<Action> legal;
        while (!st->is_terminal()) {
          const auto& s = static_cast<const MwahahahaState&>(*st);
          const int depth = s.core().frames.size;
          deepest = std::max(deepest, depth);
          const Stage stage = s.stage();
          if (stage == Stage::kCreation || stage == Stage::kRivalry ||
              stage == Stage::kDomination || stage == Stage::kFirstLast ||
              stage == Stage::kOpenTrade) {
            ASSERT_EQ(depth, 0) << "a frame left at a main decision, round " << s.round();
            ++checked;
          }
          Action a;
          if (st->is_chance()) {
            a = st->sample_chance(rng);
          } else {
            st->legal_actions(legal);
            a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
            for (Action b : legal)  // prefer playing a card when one is playable
              if (b >= act::kPlay && b < act::kPlay + kNumTricks && rng.below(2)) a = b;
          }
          st->apply_unchecked(a);
        }
      }
  EXPECT_GT(checked, 1000);
  EXPECT_GE(deepest, 3);  // windows, tricks and draws nest
  EXPECT_LE(deepest, kMaxFrames);
}

}  // namespace
}  // namespace villainy::mwahahaha
