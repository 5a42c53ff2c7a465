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
  // Every accumulator, named, in a fixed order (not the per-game scratch state): merge, save and
  // load work through it, so a partial result (a shard's) is lossless.
  virtual void fields(Fields& f) = 0;
  // Adds another reporter of the same kind (the default goes through fields()).
  virtual void merge(const Reporter& other);
  nlohmann::json save() const;
  void load(const nlohmann::json& saved, const std::string& where);
  virtual nlohmann::json to_json() const = 0;
  virtual std::string to_text() const = 0;
  // The report's figures for the HTML report and `compare` (none by default).
  virtual void figures(std::vector<Figure>& /*out*/) const {}
};

// The report every game gets: wins by seat and by agent, returns, game length.
class GenericReporter : public Reporter {
 public:
  GenericReporter(int num_players, std::vector<std::string> seat_agents);
  std::unique_ptr<Reporter> fresh() const override;
  void on_step(const State& after, Action a, Player actor) override;
  void on_game_end(const State& final_state, int num_actions) override;
  void fields(Fields& f) override;
  nlohmann::json to_json() const override;
  std::string to_text() const override;
  void figures(std::vector<Figure>& out) const override;
  std::uint64_t games() const { return games_; }
  const std::vector<Proportion>& seat_wins() const { return seat_wins_; }
  // A loaded report (a shard's, untrusted) agrees with itself and with its partial result: it
  // counts `games` games, every per-game figure (seat wins, lengths, winners per game) counts
  // each of them once, and the lengths add up to `actions`. Else an Error naming `where`.
  void check_totals(std::uint64_t games, std::uint64_t actions, const std::string& where) const;

 private:
  int num_players_;
  std::vector<std::string> seat_agents_;
  std::uint64_t games_ = 0;
  std::vector<Proportion> seat_wins_;  // a seat counts as winning when among the winners
  std::vector<Proportion> seat_sole_wins_;
  std::vector<std::int64_t> seat_return_milli_;
  Histogram length_;
  Proportion shared_wins_;
  Proportion first_mover_wins_;  // the seat that made the game's first decision
  Histogram winners_per_game_;
  Player first_actor_ = -1;  // scratch (this game)
};

// "Agents: heuristic (seat 1), random (seats 2–4)"; 1-based seats as shown to people.
std::string agents_line(const std::vector<std::string>& seats);
// True when every seat is the random agent (the report then says what random play answers).
bool all_random(const std::vector<std::string>& seats);
// The one line the reports print when every seat is random.
extern const char* const kRandomPlayNote;

using AgentFactory = std::function<std::unique_ptr<Agent>(const std::string& spec, const Game&)>;

struct SimulateConfig {
  std::shared_ptr<const Game> game;
  std::vector<std::string> seats;  // agent spec per seat
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  int threads = 0;          // 0 = all cores
  std::string records_dir;  // when set, one record file per game
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // may be empty
  // Shard `shard_index` of `shard_count` (1-based) plays only games [games·(i−1)/k, games·i/k);
  // game i still uses seed derive_seed(seed, i), so the merged shards are the whole run.
  std::uint64_t shard_index = 1, shard_count = 1;
  // The game's own report (with its card figures); off only to measure what it costs.
  bool game_report = true;
  // An extra report built by the caller (e.g. decisiveness with an agents-layer evaluator).
  std::function<std::unique_ptr<Reporter>(const Game&)> extra_reporter;
};

struct SimulateResult {
  std::unique_ptr<GenericReporter> generic;
  std::unique_ptr<Reporter> game_report;  // null when the game has none
  std::unique_ptr<Reporter> extra;        // null unless SimulateConfig::extra_reporter
  std::uint64_t actions = 0;
  // What was run (the whole run's size and seed, also for a shard).
  std::shared_ptr<const Game> game;
  std::vector<std::string> seats;
  std::uint64_t games = 0, seed = 0;
  std::uint64_t shard_index = 1, shard_count = 1;

  nlohmann::json to_json() const;
  std::string to_text() const;
  // The complete reports `villainy simulate` prints (header, agents line, reports).
  std::string report_text() const;
  nlohmann::json report_json() const;
  // Every figure: the generic report's, the game's, the extra report's.
  std::vector<Figure> figures() const;
  // A lossless partial result (a shard's): `villainy merge` adds partials into the whole run.
  nlohmann::json save_partial() const;
};

// The game report comes from the registry entry's reporter factory.
SimulateResult simulate(const SimulateConfig& cfg, const AgentFactory& make_agent);

// Merges the partial results of all k shards of one run (any order) into the result of the
// whole run: byte-identical reports to one process. Errors name the file (`names[i]`) and say
// which shard is missing, repeated or from another run. `extra_reporter` rebuilds the extra
// report when the partials carry one.
SimulateResult merge_partials(
    const std::vector<nlohmann::json>& partials, const std::vector<std::string>& names,
    const std::function<std::unique_ptr<Reporter>(const Game&)>& extra_reporter = {});

}  // namespace villainy
