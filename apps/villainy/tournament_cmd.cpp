// `villainy tournament GAME --agents A,B,... --games N [--players K] [--option KEY=VALUE]...`
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "commands.h"
#include "villainy/agents/agents.h"
#include "villainy/agents/tournament.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"

namespace villainy::cli {

namespace {
struct TournamentArgs {
  std::string game;
  std::string agents;  // comma-separated (split_list)
  std::uint64_t games = 1000;
  int players = 0;
  std::vector<std::string> options;
  std::uint64_t seed = 1;
  int threads = 0;  // all cores
  bool json = false;
  bool timing = false;
  bool progress = false;     // forced on
  bool no_progress = false;  // forced off (default: on when stderr is a terminal)
};

int run_tournament_command(const TournamentArgs& a) {
  register_all_games();
  register_all_agents();
  const std::map<std::string, std::string> opts = Options::parse_assignments(a.options);

  const std::vector<std::string> agents = split_list(a.agents, "--agents");
  const GameEntry& entry = find_game(a.game);
  int players = a.players;
  if (players == 0) {
    // Default: one seat per listed agent when the game allows it, else the fewest players.
    const int m = static_cast<int>(agents.size());
    players =
        (m >= entry.info.min_players && m <= entry.info.max_players) ? m : entry.info.min_players;
  }
  check_player_count(entry, players);
  TournamentConfig cfg;
  // The command line is the local user's: its options may name data files.
  cfg.game = load_game(a.game, opts, players, OptionSource::kLocalUser);
  cfg.agents = agents;
  cfg.games = a.games;
  cfg.seed = a.seed;
  cfg.threads = a.threads;
  cfg.timing = a.timing;
  // Progress on stderr: by default only on a terminal (a pipe or a file gets the report alone).
  if (a.progress || (!a.no_progress && isatty(STDERR_FILENO))) {
    const auto start = std::chrono::steady_clock::now();
    cfg.progress = [start, last = start](std::uint64_t done, std::uint64_t total) mutable {
      const auto now = std::chrono::steady_clock::now();
      if (done != total && now - last < std::chrono::milliseconds(250)) return;
      last = now;
      const double secs = std::chrono::duration<double>(now - start).count();
      std::cerr << fmt::format("\r{} / {} games ({:.0f}%), {:.1f} s", done, total,
                               100.0 * static_cast<double>(done) / static_cast<double>(total), secs)
                << (done == total ? "\n" : "") << std::flush;
    };
  }
  TournamentResult r = run_tournament(cfg);
  if (a.json)
    std::cout << terminal_safe(r.to_json().dump(2)) << "\n";
  else
    std::cout << terminal_safe(r.to_text());
  return 0;
}
}  // namespace

void add_tournament_command(CLI::App& app) {
  auto args = std::make_shared<TournamentArgs>();
  CLI::App* sub = app.add_subcommand(
      "tournament",
      "agents against each other, seats rotated: win rates (95% CI), head to head, ratings");
  sub->add_option("game", args->game, "game name (see `villainy games`)")->required();
  sub->add_option("--agents", args->agents,
                  "comma-separated agent specs rotated through the seats, e.g. "
                  "ismcts:iterations=1000,heuristic (a name may repeat)")
      ->required();
  sub->add_option("--games", args->games,
                  "number of games (use a multiple of the number of agents)")
      ->capture_default_str()
      ->check(games_in(kMaxTournamentGames));
  sub->add_option(
         "--players", args->players,
         "player count (default: the number of agents if the game allows, else its minimum)")
      ->check(int_in(0, kMaxPlayersFlag));
  sub->add_option("--option", args->options, "game option KEY=VALUE (repeatable)");
  sub->add_option("--seed", args->seed, "seed: game i uses derive_seed(seed, i)")
      ->capture_default_str()
      ->check(uint_in(0, UINT64_MAX));
  sub->add_option("--threads", args->threads,
                  "worker threads (0 = all cores); results do not depend on it")
      ->capture_default_str()
      ->check(int_in(0, kMaxThreads));
  sub->add_flag("--json", args->json, "print the report as JSON");
  sub->add_flag("--timing", args->timing, "also report time per decision (not deterministic)");
  auto* prog = sub->add_flag("--progress", args->progress,
                             "show progress on stderr (default: when stderr is a terminal)");
  sub->add_flag("--no-progress", args->no_progress, "never show progress")->excludes(prog);
  sub->callback([args]() {
    try {
      run_tournament_command(*args);
    } catch (const std::exception& e) {
      std::cerr << "villainy: error: " << e.what() << "\n";
      throw CLI::RuntimeError(2);
    }
  });
}

}  // namespace villainy::cli
