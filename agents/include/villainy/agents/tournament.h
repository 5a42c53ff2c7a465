// Tournaments: many seeded games between named agents with seats rotated, reporting win rates with
// 95% confidence intervals, head-to-head results and Bradley–Terry ratings (Elo scale).
//
// Seating: with the agent list A_0..A_{m-1} (a name may repeat, e.g. "ismcts,heuristic,heuristic"
// to put one search bot against two heuristics), game i puts A_{(s+i) mod m} in seat s. Over any m
// consecutive games every list entry sits in every seat equally often, so run a multiple of m
// games (the report warns otherwise). Results are pooled by agent name.
//
// Determinism: game i uses seed derive_seed(seed, i) (run_game seeds chance and every seat from
// it); results are kept per game and aggregated in game order, so the report is identical byte for
// byte whatever the number of threads (the optional timing section aside).
//
// Pairwise outcomes: in each game, every seat among the winners beats every seat not among them
// (multi-player: a winner beats each loser); two winners, or two losers, are no comparison.
// Bradley–Terry strengths are fitted to the pairwise wins of different agents by the MM algorithm
// (Hunter 2004) with a prior of one drawn game (half a win each way) per pair, and shown on the Elo
// scale (400·log10 of the strength ratio) relative to the first agent. The ± is 1.96 standard
// errors from the fit's Fisher information; pairs from one game are not independent, so treat it
// as approximate and rely on the win-rate intervals for significance.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "villainy/core/game.h"
#include "villainy/core/stats.h"

namespace villainy {

inline constexpr std::uint64_t kMaxTournamentGames = 1'000'000;  // one result is kept per game

struct TournamentConfig {
  std::shared_ptr<const Game> game;
  std::vector<std::string> agents;  // agent specs, rotated through the seats (names may repeat)
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  int threads = 1;      // 0 = all cores
  bool timing = false;  // measure the time agents take per decision
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // may be empty
};

struct HeadToHead {
  std::uint64_t wins = 0, losses = 0;  // pairwise, from the row agent's point of view
  std::uint64_t games = 0;             // games in which both took part
};

struct TournamentResult {
  std::string game;
  int players = 0;
  std::uint64_t games = 0;
  std::uint64_t seed = 0;
  std::vector<std::string> agents;         // distinct agent names, in order of first mention
  std::vector<int> rotation;               // index into `agents` of each list entry
  std::vector<Proportion> wins;            // per agent: seat-games won / seat-games played
  std::vector<Proportion> sole_wins;       // won alone
  std::vector<std::int64_t> return_milli;  // sum of returns ×1000 per agent
  // Points: a win shared by k seats is worth 1/k to each, so an agent as good as the others gets
  // exactly 1/players. Sums over seat-games (in game order: deterministic).
  std::vector<double> points, points_sq;
  double points_mean(size_t a) const;              // mean points per seat-game
  double points_ci(size_t a) const;                // 1.96 standard errors of that mean
  std::vector<std::vector<Proportion>> seat_wins;  // [agent][seat]
  std::vector<std::vector<HeadToHead>> h2h;        // [a][b]
  std::vector<double> elo, elo_ci;  // Bradley–Terry, Elo scale, first agent = 0; ±1.96 SE
  Histogram length;
  bool balanced = true;  // games is a multiple of the rotation length
  // Timing (only when measured; not deterministic).
  bool timed = false;
  std::vector<std::uint64_t> decisions;
  std::vector<double> seconds, max_seconds;

  nlohmann::json to_json() const;
  std::string to_text() const;
};

TournamentResult run_tournament(const TournamentConfig& cfg);

// Bradley–Terry fit: wins[i][j] = times i beat j. Returns log-strengths (natural log, first = 0)
// and their standard errors (first = 0). `prior` adds prior/2 wins each way to every pair.
void bradley_terry(const std::vector<std::vector<double>>& wins, double prior,
                   std::vector<double>& log_strength, std::vector<double>& std_error);

}  // namespace villainy
