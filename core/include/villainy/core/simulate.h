// Many seeded games in parallel, with reports. Game i uses seed derive_seed(seed, i); reporters
// accumulate integers only and are merged in a fixed order, so the output is identical byte for
// byte whatever the number of threads.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "villainy/core/agent.h"
#include "villainy/core/game.h"
#include "villainy/core/stats.h"

namespace villainy {

// Game-specific statistics gathered during simulation (the designer report).
class Reporter {
 public:
  virtual ~Reporter() = default;
  // An empty reporter of the same kind (one per thread).
  virtual std::unique_ptr<Reporter> fresh() const = 0;
  virtual void on_step(const State& /*after*/, Action /*a*/, Player /*actor*/) {}
  virtual void on_game_end(const State& final_state, int num_actions) = 0;
  virtual void merge(const Reporter& other) = 0;
  virtual nlohmann::json to_json() const = 0;
  virtual std::string to_text() const = 0;
};

// The report every game gets: wins by seat and by agent, returns, game length.
class GenericReporter : public Reporter {
 public:
  GenericReporter(int num_players, std::vector<std::string> seat_agents);
  std::unique_ptr<Reporter> fresh() const override;
  void on_game_end(const State& final_state, int num_actions) override;
  void merge(const Reporter& other) override;
  nlohmann::json to_json() const override;
  std::string to_text() const override;

 private:
  int num_players_;
  std::vector<std::string> seat_agents_;
  std::uint64_t games_ = 0;
  std::vector<Proportion> seat_wins_;  // a seat counts as winning when among the winners
  std::vector<Proportion> seat_sole_wins_;
  std::vector<std::int64_t> seat_return_milli_;
  Histogram length_;
  Proportion shared_wins_;
};

using AgentFactory = std::function<std::unique_ptr<Agent>(const std::string& spec, const Game&)>;

struct SimulateConfig {
  std::shared_ptr<const Game> game;
  std::vector<std::string> seats;  // agent spec per seat
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  int threads = 0;          // 0 = all cores
  std::string records_dir;  // when set, one record file per game
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // may be empty
};

struct SimulateResult {
  std::unique_ptr<GenericReporter> generic;
  std::unique_ptr<Reporter> game_report;  // null when the game has none
  std::uint64_t actions = 0;
  nlohmann::json to_json() const;
  std::string to_text() const;
};

// The game report comes from the registry entry's reporter factory.
SimulateResult simulate(const SimulateConfig& cfg, const AgentFactory& make_agent);

}  // namespace villainy
