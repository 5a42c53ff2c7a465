// Unit tests of the designer studio's pieces through their public interfaces: lossless partial
// results (Fields), the intervals compare uses, the agents line, shards, the HTML escaping.
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>

#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"
#include "villainy/studio/jobs.h"
#include "villainy/studio/studio.h"

namespace villainy {
namespace {

struct Registered {
  Registered() {
    register_all_games();
    register_all_agents();
  }
};
const Registered registered;

TEST(Fields, SaveLoadMergeIsLossless) {
  std::uint64_t games = 3;
  std::int64_t sum = -7;
  Proportion p{2, 5};
  Histogram h;
  h.add(4, 2);
  h.add(-1);
  std::array<Proportion, 2> arr{Proportion{1, 1}, Proportion{0, 3}};
  Fields f;
  f("games", games)("sum", sum)("p", p)("h", h)("arr", arr);
  const nlohmann::json saved = f.save();

  std::uint64_t games2 = 0;
  std::int64_t sum2 = 0;
  Proportion p2;
  Histogram h2;
  std::array<Proportion, 2> arr2{};
  Fields g;
  g("games", games2)("sum", sum2)("p", p2)("h", h2)("arr", arr2);
  g.load(saved, "test");
  EXPECT_EQ(games2, 3u);
  EXPECT_EQ(sum2, -7);
  EXPECT_EQ(p2.k, 2u);
  EXPECT_EQ(p2.n, 5u);
  EXPECT_EQ(h2.bins(), h.bins());
  EXPECT_EQ(h2.count(), 3u);
  EXPECT_DOUBLE_EQ(h2.mean(), h.mean());
  EXPECT_EQ(arr2[1].n, 3u);

  Fields::merge(g, f);  // g += f
  EXPECT_EQ(games2, 6u);
  EXPECT_EQ(sum2, -14);
  EXPECT_EQ(p2.k, 4u);
  EXPECT_EQ(h2.count(), 6u);
  EXPECT_EQ(h2.bins().at(4), 4u);
}

TEST(Fields, LoadNamesTheBrokenField) {
  Proportion p;
  Fields f;
  f("wins", p);
  try {
    f.load(nlohmann::json{{"wins", {5, 2}}}, "part-1.json");  // k > n
    FAIL() << "k > n was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("part-1.json: field 'wins'"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(f.load(nlohmann::json::object(), "x"), Error);  // missing
  EXPECT_EQ(p.n, 0u);
}

TEST(Intervals, NewcombeDifferenceOfRates) {
  // Newcombe (1998), example: 56/70 vs 48/80 → difference −0.2 [−0.3339, −0.0524] for b − a.
  const Interval ci = diff_ci95(Proportion{56, 70}, Proportion{48, 80});
  EXPECT_NEAR(ci.low, -0.3339, 5e-4);
  EXPECT_NEAR(ci.high, -0.0524, 5e-4);
  const Interval same = diff_ci95(Proportion{30, 100}, Proportion{30, 100});
  EXPECT_LT(same.low, 0);
  EXPECT_GT(same.high, 0);
}

TEST(Intervals, WelchDifferenceOfMeans) {
  Histogram a, b;
  for (int i = 0; i < 100; ++i) {
    a.add(i % 10);
    b.add(i % 10 + 3);
  }
  const Interval ci = mean_diff_ci95(a, b);
  EXPECT_LT(ci.low, 3);
  EXPECT_GT(ci.high, 3);
  EXPECT_GT(ci.low, 2);  // clearly different
  EXPECT_NEAR(variance(a), 8.3333, 1e-3);
}

TEST(AgentsLine, GroupsSeatsOneBased) {
  EXPECT_EQ(agents_line({"random", "random", "random", "random"}), "Agents: random (seats 1–4)");
  EXPECT_EQ(agents_line({"heuristic", "random", "heuristic"}),
            "Agents: heuristic (seats 1, 3), random (seat 2)");
  EXPECT_TRUE(all_random({"random", "random"}));
  EXPECT_FALSE(all_random({"random", "heuristic"}));
}

SimulateResult run_shard(std::uint64_t i, std::uint64_t k) {
  SimulateConfig cfg;
  cfg.game = load_game("cheaty-mages", {}, 3);
  cfg.seats = {"random", "random", "random"};
  cfg.games = 10;
  cfg.seed = 5;
  cfg.threads = 1;
  cfg.shard_index = i;
  cfg.shard_count = k;
  return simulate(cfg, [](const std::string& s, const Game& g) { return make_agent(s, g); });
}

TEST(Shards, PartitionTheGamesAndMergeToTheWholeRun) {
  const SimulateResult whole = run_shard(1, 1);
  std::vector<nlohmann::json> parts;
  std::uint64_t games = 0;
  for (std::uint64_t i = 1; i <= 4; ++i) {  // 10 games in 4 shards: 2, 3, 2, 3
    SimulateResult r = run_shard(i, 4);
    games += r.generic->games();
    parts.push_back(r.save_partial());
  }
  EXPECT_EQ(games, 10u);
  const SimulateResult merged = merge_partials(parts, {"a", "b", "c", "d"});
  EXPECT_EQ(merged.report_text(), whole.report_text());
  EXPECT_EQ(merged.report_json(), whole.report_json());
  EXPECT_EQ(studio::html_report(merged), studio::html_report(whole));
  parts.pop_back();
  EXPECT_THROW(merge_partials(parts, {"a", "b", "c"}), Error);  // shard 4/4 missing
  EXPECT_THROW(run_shard(5, 4), Error);
}

// Issue 30 (5): merge adds with checked arithmetic and checks each shard's counts against each
// other; a doctored shard is refused with a message naming it.
TEST(Shards, MergeRefusesADoctoredShardNamingIt) {
  std::vector<nlohmann::json> parts;
  for (std::uint64_t i = 1; i <= 2; ++i) parts.push_back(run_shard(i, 2).save_partial());
  const std::vector<std::string> names{"a.json", "b.json"};
  ASSERT_NO_THROW(merge_partials(parts, names));
  auto refused = [&](const std::function<void(nlohmann::json&)>& doctor, const char* want) {
    std::vector<nlohmann::json> bad = parts;
    doctor(bad[1]);
    try {
      merge_partials(bad, names);
    } catch (const Error& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("b.json"), std::string::npos) << m;
      EXPECT_NE(m.find(want), std::string::npos) << m;
      return;
    }
    ADD_FAILURE() << "a doctored shard was merged (" << want << ")";
  };
  // A histogram count of 2^64 - 1 (the sum wrapped: "mean 920395441151402835968.00").
  refused([](nlohmann::json& p) { p["generic"]["length"][0][1] = UINT64_MAX; }, "length");
  // generic.games = 100 in a 5-game shard (the header said 10 games, the body 105).
  refused([](nlohmann::json& p) { p["generic"]["games"] = 100u; }, "generic.games is 100");
  // The top-level actions field against the games' lengths.
  refused([](nlohmann::json& p) { p["actions"] = p["actions"].get<std::uint64_t>() + 1; },
          "'actions'");
  // A seat's wins counting other games than the shard's.
  refused([](nlohmann::json& p) { p["generic"]["seat_wins.0"][1] = 99u; }, "seat_wins.0");
  // The game's own report counting other games.
  refused([](nlohmann::json& p) { p["game_report"]["games"] = 7u; }, "game_report.games");
  // Two sums that together pass the 64-bit range.
  std::vector<nlohmann::json> big = parts;
  for (auto& p : big) p["generic"]["seat_return_milli.0"] = INT64_MAX;
  try {
    merge_partials(big, names);
    ADD_FAILURE() << "a sum past the 64-bit range was merged";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("b.json: generic: field 'seat_return_milli.0': overflows"),
              std::string::npos)
        << e.what();
  }
}

TEST(Studio, HtmlEscapesAndVariantsSplit) {
  EXPECT_EQ(studio::html_escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
  EXPECT_EQ(studio::variant_assignments("a=1, b=2"), (std::vector<std::string>{"a=1", "b=2"}));
  EXPECT_THROW(studio::variant_assignments(" , "), Error);
  EXPECT_EQ(studio::parse_shard("3/8"), (std::pair<std::uint64_t, std::uint64_t>{3, 8}));
  EXPECT_THROW(studio::parse_shard("0/8"), Error);
  EXPECT_THROW(studio::parse_shard("9/8"), Error);
  EXPECT_THROW(studio::parse_shard("3"), Error);
}

// Decisiveness needs the game's evaluator: every game has one since Supporting Cast's (issue 15);
// a game without one gets no reporter.
TEST(Studio, DecisivenessOnlyWithAnEvaluator) {
  for (const char* game : {"cheaty-mages", "mwahahaha", "supporting-cast"}) {
    EXPECT_TRUE(studio::has_evaluator(game)) << game;
    auto g = load_game(game, {}, 4);
    EXPECT_NE(studio::make_decisiveness_reporter(*g), nullptr) << game;
  }
  EXPECT_FALSE(studio::has_evaluator("no-such-game"));
}

}  // namespace
}  // namespace villainy
