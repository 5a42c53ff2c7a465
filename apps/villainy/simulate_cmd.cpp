// The designer's commands: `villainy simulate`, `compare`, `merge` and `ladder` (the work is in
// apps/studio; docs/designer.md walks through them).
#include <fmt/format.h>

#include <iostream>
#include <memory>

#include "commands.h"
#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/studio/jobs.h"
#include "villainy/studio/studio.h"

namespace villainy::cli {
namespace {

// Errors from a subcommand's callback: printed like main's, exit status 2.
template <class F>
std::function<void()> guarded(F f) {
  return [f]() {
    try {
      f();
    } catch (const std::exception& e) {
      fmt::print(stderr, "villainy: error: {}\n", e.what());
      throw CLI::RuntimeError(2);
    }
  };
}

struct MergeArgs {
  std::vector<std::string> files;
  bool json = false;
  std::string html;
};

struct LadderArgs {
  std::string game, opponent = "heuristic";
  std::string budgets = "10,100";  // comma-separated (split_list)
  std::uint64_t games = 100, seed = 1;
  int players = 0, threads = 0;
  std::vector<std::string> options;
  bool json = false, decisiveness = false;
  std::string html;
};

}  // namespace

void add_designer_commands(CLI::App& app) {
  auto sim = std::make_shared<studio::RunArgs>();
  CLI::App* s = app.add_subcommand(
      "simulate", "simulate many games and print the designer report (--html for charts)");
  studio::add_run_options(*s, *sim, false);
  s->callback(guarded([sim] { studio::run_command(*sim, false); }));

  auto cmp = std::make_shared<studio::RunArgs>();
  CLI::App* c = app.add_subcommand(
      "compare", "the defaults against each --variant on paired seeds: differences with 95% CIs");
  studio::add_run_options(*c, *cmp, true);
  c->callback(guarded([cmp] { studio::run_command(*cmp, true); }));

  auto mrg = std::make_shared<MergeArgs>();
  CLI::App* m = app.add_subcommand(
      "merge", "merge the --partial results of all shards into the report of the whole run");
  m->add_option("files", mrg->files, "partial result files (every shard i/k once)")->required();
  m->add_flag("--json", mrg->json, "print the report as JSON");
  m->add_option("--html", mrg->html, "also write the HTML report");
  m->callback(guarded([mrg] {
    std::vector<nlohmann::json> parts;
    for (const auto& f : mrg->files) parts.push_back(studio::read_partial_file(f));
    const auto r = studio::merged_reports(parts, mrg->files, mrg->json, !mrg->html.empty());
    fmt::print("{}", terminal_safe(r.stdout_text));
    if (!mrg->html.empty()) studio::write_text_file(mrg->html, r.html);
  }));

  auto lad = std::make_shared<LadderArgs>();
  CLI::App* l = app.add_subcommand(
      "ladder", "skill ladder: ismcts win rate against its iteration budget (and decisiveness)");
  l->add_option("game", lad->game, "game name")->required();
  l->add_option("--budgets", lad->budgets, "ismcts iteration budgets, e.g. 10,100,1000")
      ->capture_default_str();
  l->add_option("--opponent", lad->opponent, "the agent in the other seats")->capture_default_str();
  l->add_option("--games", lad->games, "games per budget (split over the seats)")
      ->check(uint_in(1, 10'000'000))
      ->capture_default_str();
  l->add_option("--players", lad->players, "number of players")->check(int_in(0, kMaxPlayersFlag));
  l->add_option("--option", lad->options, "rule option NAME=VALUE (repeatable)");
  l->add_option("--seed", lad->seed, "random seed")->check(uint_in(0, UINT64_MAX));
  l->add_option("--threads", lad->threads, "threads (default: all cores)")
      ->check(int_in(0, kMaxThreads));
  l->add_flag("--decisiveness", lad->decisiveness,
              "also lead changes and decisiveness per budget (games with an evaluator)");
  l->add_flag("--json", lad->json, "print as JSON");
  l->add_option("--html", lad->html, "also write the ladder as HTML");
  l->callback(guarded([lad] {
    std::vector<int> budgets;
    for (const std::string& b : split_list(lad->budgets, "--budgets"))
      budgets.push_back(static_cast<int>(parse_int_in(b, 1, 1'000'000, "--budgets: a budget")));
    const GameEntry& e = find_game(lad->game);
    const int players = lad->players > 0 ? lad->players : e.info.min_players;
    check_player_count(e, players);
    auto game = load_game(lad->game, Options::parse_assignments(lad->options), players,
                          OptionSource::kLocalUser);
    make_agent(lad->opponent, *game);  // a bad name fails before any game
    const auto ladder = studio::run_ladder(game, budgets, lad->opponent, lad->games, lad->seed,
                                           lad->threads, lad->decisiveness);
    fmt::print("{}", terminal_safe(lad->json ? studio::ladder_json(ladder).dump(2) + "\n"
                                             : studio::ladder_text(ladder)));
    if (!lad->html.empty()) studio::write_text_file(lad->html, studio::ladder_html(ladder));
  }));

  add_print_command(app);
}

}  // namespace villainy::cli
