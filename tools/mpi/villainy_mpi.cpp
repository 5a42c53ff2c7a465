// villainy-mpi: `villainy simulate|compare` across MPI ranks. Rank r plays shard r+1 of the
// communicator's size (game i keeps seed derive_seed(seed, i)), the lossless partial results are
// gathered in rank 0, merged, and rank 0 prints the report (and writes --html): the same bytes as
// one process. Usage: mpiexec -n 64 villainy-mpi simulate supporting-cast --games 1000000 …
#include <fmt/format.h>
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <climits>
#include <string>
#include <vector>

#include "villainy/agents/agents.h"
#include "villainy/games/all.h"
#include "villainy/studio/jobs.h"

namespace {

// Gathers each rank's text in rank 0 (sizes first, then the bytes).
std::vector<std::string> gather(const std::string& mine, int rank, int size) {
  if (mine.size() > static_cast<size_t>(INT_MAX))
    throw std::runtime_error("partial result too large");
  int len = static_cast<int>(mine.size());
  std::vector<int> lens(rank == 0 ? static_cast<size_t>(size) : 0);
  MPI_Gather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> displs;
  std::vector<char> all;
  if (rank == 0) {
    long long total = 0;
    for (int l : lens) {
      displs.push_back(static_cast<int>(total));
      total += l;
    }
    if (total > INT_MAX) throw std::runtime_error("partial results too large to gather");
    all.resize(static_cast<size_t>(total));
  }
  MPI_Gatherv(mine.data(), len, MPI_CHAR, all.data(), lens.data(), displs.data(), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  std::vector<std::string> out;
  if (rank == 0)
    for (int r = 0; r < size; ++r)
      out.emplace_back(all.data() + displs[static_cast<size_t>(r)],
                       static_cast<size_t>(lens[static_cast<size_t>(r)]));
  return out;
}

int run(int argc, char** argv, int rank, int size) {
  using namespace villainy;
  register_all_games();
  register_all_agents();
  CLI::App app{"villainy-mpi — villainy simulate/compare with shards as MPI ranks"};
  app.require_subcommand(1);
  studio::RunArgs sim, cmp;
  sim.threads = cmp.threads = 1;  // one thread per rank unless --threads says otherwise
  CLI::App* s = app.add_subcommand("simulate", "villainy simulate, one shard per rank");
  studio::add_run_options(*s, sim, false);
  CLI::App* c = app.add_subcommand("compare", "villainy compare, one shard per rank");
  studio::add_run_options(*c, cmp, true);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return rank == 0 ? app.exit(e) : (e.get_exit_code() == 0 ? 0 : 1);
  }
  const bool compare = c->parsed();
  const studio::RunArgs& a = compare ? cmp : sim;
  std::string mine;
  try {
    if (!a.shard.empty() || !a.partial.empty())
      throw Error("villainy-mpi makes the shards itself (one per rank): no --shard or --partial");
    mine = studio::run_partial(a, compare, static_cast<std::uint64_t>(rank) + 1,
                               static_cast<std::uint64_t>(size))
               .dump();
  } catch (const std::exception& e) {
    mine = std::string("\x01") + e.what();  // an error, not a partial result
  }
  const auto all = gather(mine, rank, size);
  if (rank != 0) return 0;
  std::vector<nlohmann::json> partials;
  std::vector<std::string> names;
  for (int r = 0; r < size; ++r) {
    const std::string& t = all[static_cast<size_t>(r)];
    if (!t.empty() && t[0] == '\x01') {
      fmt::print(stderr, "villainy-mpi: error: rank {}: {}\n", r, t.substr(1));
      return 2;
    }
    names.push_back(fmt::format("rank {}", r));
    partials.push_back(nlohmann::json::parse(t));
  }
  try {
    const auto reports = studio::merged_reports(partials, names, a.json, !a.html.empty());
    fmt::print("{}", reports.stdout_text);
    if (!a.html.empty()) studio::write_text_file(a.html, reports.html);
  } catch (const std::exception& e) {
    fmt::print(stderr, "villainy-mpi: error: {}\n", e.what());
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rc = 0;
  try {
    rc = run(argc, argv, rank, size);
  } catch (const std::exception& e) {
    fmt::print(stderr, "villainy-mpi: error: rank {}: {}\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Finalize();
  return rc;
}
