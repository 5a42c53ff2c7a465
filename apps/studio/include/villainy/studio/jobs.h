// The runs behind `villainy simulate`, `compare` and `merge`, shared with the MPI launcher
// (tools/mpi): options, one shard's lossless partial result, and the reports of merged partials.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace villainy::studio {

struct RunArgs {
  std::string game;
  std::uint64_t games = 1000;
  int players = 0;
  std::string seats;
  std::vector<std::string> options;
  std::uint64_t seed = 1;
  int threads = 0;
  std::string records;
  bool decisiveness = false;  // lead changes and decisiveness (games with an evaluator)
  // compare
  std::vector<std::string> variants;
  std::string vary;  // "players=4..7"
  // outputs
  bool json = false;
  std::string html;     // write the HTML report here
  std::string shard;    // "i/k": play shard i of k only
  std::string partial;  // write the shard's partial result here (instead of the reports)
};

// Adds the options of `simulate` (compare = false) or `compare` (true) to a subcommand.
void add_run_options(CLI::App& sub, RunArgs& a, bool compare);
// Parses "i/k"; an Error says what is wrong.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& s);

// Plays shard i/k of the run (every game when k = 1) and returns its partial result.
nlohmann::json run_partial(const RunArgs& a, bool compare, std::uint64_t shard_i,
                           std::uint64_t shard_k,
                           const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

// The reports of the merged partials (simulate or compare partials): the text or JSON report as
// it goes to stdout, and the HTML page when `html` is wanted. One run's reports and the merged
// shards' are the same bytes.
struct Reports {
  std::string stdout_text;
  std::string html;
};
Reports merged_reports(const std::vector<nlohmann::json>& partials,
                       const std::vector<std::string>& names, bool json, bool html);

// The whole command: runs (or the shard of --shard), then prints/writes what was asked.
int run_command(const RunArgs& a, bool compare);

// Reads a partial result file (size-limited; errors name the file).
nlohmann::json read_partial_file(const std::string& path);
void write_text_file(const std::string& path, const std::string& text);

}  // namespace villainy::studio
