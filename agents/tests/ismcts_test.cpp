// ISMCTS: legal decisions in every game, decisions independent of information hidden from the
// seat, budgets and spec parsing.
#include "villainy/agents/ismcts.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "invariants.h"
#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

namespace villainy {
namespace {

void setup() {
  register_all_games();
  register_all_agents();
}

// Decision states from random games: (state) at a seat's decision with at least 2 legal actions.
std::vector<std::unique_ptr<State>> decision_states(const Game& game, int count,
                                                    std::uint64_t seed) {
  return random_decision_states(game, count, seed, 10, 600);
}

TEST(Ismcts, RegisteredForEveryGameAndPlaysWholeGames) {
  setup();
  for (const GameEntry* e : registered_games()) {
    for (int k = e->info.min_players; k <= e->info.max_players; ++k) {
      auto game = load_game(e->info.name, {}, k);
      std::vector<std::unique_ptr<Agent>> owned;
      std::vector<Agent*> seats;
      for (int p = 0; p < k; ++p) {
        owned.push_back(make_agent(p == 0 ? "ismcts:iterations=40" : "random", *game));
        seats.push_back(owned.back().get());
      }
      RunOptions ro;
      ro.seed = 7 + static_cast<std::uint64_t>(k);
      auto res = run_game(*game, seats, ro);  // throws on an illegal action
      EXPECT_TRUE(res.final_state->is_terminal()) << e->info.name << " " << k;
    }
  }
}

// Same seed, same view, different hidden information: same move.
TEST(Ismcts, DecisionIgnoresHiddenInformation) {
  setup();
  for (const GameEntry* e : registered_games()) {
    for (int k : {e->info.min_players, e->info.max_players}) {
      auto game = load_game(e->info.name, {}, k);
      auto states =
          decision_states(*game, testing::scaled(12), 1000 + static_cast<std::uint64_t>(k));
      Rng hide(55);
      int differing = 0;
      for (size_t i = 0; i < states.size(); ++i) {
        const State& real = *states[i];
        const Player me = real.current_player();
        auto other = real.resample(me, hide);  // hidden information re-dealt
        ASSERT_EQ(real.view_json(me), other->view_json(me)) << e->info.name;
        if (real.fingerprint() != other->fingerprint()) ++differing;
        std::vector<Action> la = real.legal_actions(), lb = other->legal_actions();
        ASSERT_EQ(la, lb);
        // The game's defaults (evaluator, depth, rollout policy) with a smaller budget, full
        // random rollouts, capped heuristic rollouts (resampling at every rollout decision, and
        // deciding on the determinization), opponents keyed by their information states, and
        // root parallelism.
        for (const char* spec :
             {"ismcts:iterations=150", "ismcts:iterations=60:depth=0",
              "ismcts:iterations=40:depth=20:rollout=heuristic",
              "ismcts:iterations=30:depth=20:rollout=heuristic:resample=off",
              "ismcts:iterations=40:observer=multi", "ismcts:iterations=60:trees=3"}) {
          auto a1 = make_agent(spec, *game);
          auto a2 = make_agent(spec, *game);
          DecisionContext c1(real, la), c2(*other, lb);
          Rng r1(derive_seed(9, i)), r2(derive_seed(9, i));
          const Action m1 = a1->act(c1, r1), m2 = a2->act(c2, r2);
          EXPECT_EQ(m1, m2) << e->info.name << " players " << k << " state " << i << " " << spec;
          auto* i1 = dynamic_cast<IsmctsAgent*>(a1.get());
          auto* i2 = dynamic_cast<IsmctsAgent*>(a2.get());
          EXPECT_EQ(i1->root_visits(), i2->root_visits()) << e->info.name << " state " << i;
        }
      }
      // The test means something only if the hidden information actually changed.
      EXPECT_GT(differing, 0) << e->info.name;
    }
  }
}

// Root parallelism: the trees share the iteration budget, the move and the added root visits are
// the same in two runs with the same seed (threads finish in any order), and one tree is the
// plain search.
TEST(Ismcts, RootParallelismIsDeterministicForAnIterationBudget) {
  setup();
  for (const GameEntry* e : registered_games()) {
    const int k = (e->info.min_players + e->info.max_players) / 2;
    auto game = load_game(e->info.name, {}, k);
    auto states = decision_states(*game, 3, 31);
    for (auto& s : states) {
      auto legal = s->legal_actions();
      DecisionContext ctx(*s, legal);
      IsmctsAgent a(*game, parse_ismcts_config(AgentSpec::parse("ismcts:iterations=203:trees=4"),
                                               e->info.name));
      IsmctsAgent b(*game, parse_ismcts_config(AgentSpec::parse("ismcts:iterations=203:trees=4"),
                                               e->info.name));
      Rng r1(8), r2(8);
      const Action m1 = a.act(ctx, r1), m2 = b.act(ctx, r2);
      EXPECT_EQ(m1, m2) << e->info.name;
      EXPECT_EQ(a.root_visits(), b.root_visits()) << e->info.name;
      EXPECT_EQ(a.last_stats().iterations, 203) << e->info.name;
      int visits = 0;
      for (const auto& [act, v] : a.root_visits()) visits += v;
      EXPECT_EQ(visits, 203) << e->info.name;  // every iteration passes one root edge
      IsmctsAgent one(*game, parse_ismcts_config(AgentSpec::parse("ismcts:iterations=50:trees=1"),
                                                 e->info.name));
      IsmctsAgent plain(
          *game, parse_ismcts_config(AgentSpec::parse("ismcts:iterations=50"), e->info.name));
      Rng r3(9), r4(9);
      EXPECT_EQ(one.act(ctx, r3), plain.act(ctx, r4));
      EXPECT_EQ(one.root_visits(), plain.root_visits());
    }
  }
  EXPECT_THROW(parse_ismcts_config(AgentSpec::parse("ismcts:trees=0")), Error);
  EXPECT_THROW(parse_ismcts_config(AgentSpec::parse("ismcts:trees=65")), Error);
  EXPECT_THROW(parse_ismcts_config(AgentSpec::parse("ismcts:observer=both")), Error);
  EXPECT_THROW(parse_ismcts_config(AgentSpec::parse("ismcts:resample=yes")), Error);
}

// observer=multi grows key edges below the opponents' decisions: more nodes than the plain search
// with the same budget, and still only legal moves.
TEST(Ismcts, MultiObserverKeysOpponentNodes) {
  setup();
  auto game = load_game("supporting-cast", {}, 4);
  auto states = decision_states(*game, 3, 41);
  for (auto& s : states) {
    auto legal = s->legal_actions();
    DecisionContext ctx(*s, legal);
    IsmctsAgent so(*game, parse_ismcts_config(AgentSpec::parse("ismcts:iterations=200")));
    IsmctsAgent mo(*game,
                   parse_ismcts_config(AgentSpec::parse("ismcts:iterations=200:observer=multi")));
    Rng r1(4), r2(4);
    (void)so.act(ctx, r1);
    const Action m = mo.act(ctx, r2);
    EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), m));
    EXPECT_GT(mo.last_stats().nodes, so.last_stats().nodes);
  }
}

TEST(Ismcts, SameSeedSameMoveAndBudgets) {
  setup();
  auto game = load_game("supporting-cast", {}, 5);
  auto states = decision_states(*game, 3, 77);
  for (auto& s : states) {
    auto legal = s->legal_actions();
    DecisionContext ctx(*s, legal);
    IsmctsAgent a(*game, parse_ismcts_config(AgentSpec::parse("ismcts:iterations=300")));
    Rng r1(3), r2(3);
    const Action m1 = a.act(ctx, r1);
    EXPECT_EQ(a.last_stats().iterations, 300);
    EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), m1));
    EXPECT_EQ(m1, a.act(ctx, r2));
    IsmctsAgent timed(*game, parse_ismcts_config(AgentSpec::parse("ismcts:ms=20")));
    Rng r3(4);
    timed.act(ctx, r3);
    EXPECT_GT(timed.last_stats().iterations, 0);
    EXPECT_LT(timed.last_stats().seconds, 0.5);
  }
}

TEST(Ismcts, GameDefaultsUnderTheUsersParameters) {
  setup();
  SearchSettings settings;
  settings.defaults.iterations = 77;
  settings.defaults.depth = 5;
  settings.defaults.rollout = "heuristic";
  register_search_settings("test-defaults", settings);
  const SearchSettings* registered = find_search_settings("test-defaults");
  ASSERT_NE(registered, nullptr);
  EXPECT_EQ(ismcts_defaults("test-defaults"), "iterations=77:depth=5:rollout=heuristic");
  EXPECT_EQ(ismcts_defaults("no-such-game"), "");
  EXPECT_EQ(find_search_settings("no-such-game"), nullptr);
  IsmctsConfig d = parse_ismcts_config(AgentSpec::parse("ismcts"), "test-defaults");
  EXPECT_EQ(d.iterations, 77);
  EXPECT_EQ(d.depth, 5);
  EXPECT_EQ(d.rollout, "heuristic");
  IsmctsConfig u = parse_ismcts_config(AgentSpec::parse("ismcts:depth=9"), "test-defaults");
  EXPECT_EQ(u.iterations, 77);
  EXPECT_EQ(u.depth, 9);
  // A time budget alone replaces the default iteration count.
  IsmctsConfig t = parse_ismcts_config(AgentSpec::parse("ismcts:ms=10"), "test-defaults");
  EXPECT_EQ(t.iterations, 0);
  EXPECT_EQ(t.time_ms, 10);
  IsmctsConfig both =
      parse_ismcts_config(AgentSpec::parse("ismcts:ms=10:iterations=5"), "test-defaults");
  EXPECT_EQ(both.iterations, 5);
  // Without a game (or with none registered) the engine's defaults hold.
  EXPECT_EQ(parse_ismcts_config(AgentSpec::parse("ismcts")).depth, IsmctsConfig{}.depth);
  // Invalid settings are refused and register nothing; a second registration changes nothing,
  // and the first one stays where it was (the registry's storage is stable).
  SearchSettings bad;
  bad.defaults.depth = -1;
  EXPECT_THROW(register_search_settings("test-bad", bad), Error);
  EXPECT_EQ(find_search_settings("test-bad"), nullptr);
  SearchSettings bad_agent;
  bad_agent.rollout_agent = "heuristic:samples";
  EXPECT_THROW(register_search_settings("test-bad", bad_agent), Error);
  SearchSettings other;
  other.defaults.depth = 9;
  register_search_settings("test-defaults", other);
  const SearchSettings plain;
  for (int i = 0; i < 100; ++i) register_search_settings("test-more-" + std::to_string(i), plain);
  EXPECT_EQ(find_search_settings("test-defaults"), registered);
  EXPECT_EQ(registered->defaults.depth, 5);
  EXPECT_EQ(ismcts_defaults("test-defaults"), "iterations=77:depth=5:rollout=heuristic");
}

TEST(Ismcts, SpecErrors) {
  setup();
  auto game = load_game("supporting-cast", {}, 4);
  EXPECT_THROW(make_agent("ismcts:iterations=x", *game), Error);
  EXPECT_THROW(make_agent("ismcts:bogus=1", *game), Error);
  EXPECT_THROW(make_agent("ismcts:rollout=smart", *game), Error);
  EXPECT_THROW(make_agent("ismcts:iterations=0", *game), Error);
  EXPECT_THROW(make_agent("ismcts:eval=maybe", *game), Error);
  EXPECT_NO_THROW(make_agent("ismcts:iterations=10:ms=5:c=1.2:depth=0", *game));
}

}  // namespace
}  // namespace villainy
