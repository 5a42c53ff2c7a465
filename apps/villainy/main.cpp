// The `villainy` command: games, rules, play, simulate, replay, signature, serve, client
// (and tournament).
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "terminal.h"
#include "ui_text.h"
#include "villainy/agents/agents.h"
#include "villainy/agents/ismcts.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "villainy/core/signature.h"
#include "villainy/core/simulate.h"
#include "villainy/games/all.h"
#include "voice.h"

namespace villainy::cli {
namespace {

int cmd_games() {
  for (const GameEntry* e : registered_games())
    fmt::print("{:<18} {}–{} players  {}\n", e->info.name, e->info.min_players, e->info.max_players,
               e->info.title);
  return 0;
}

// The view tensor's named fields (the layout does not depend on the player count or options).
int cmd_rules_tensor(const std::string& name) {
  const GameEntry& e = find_game(name);
  auto game = load_game(name, {}, e.info.min_players);
  fmt::print("{} view tensor (State::view_tensor; seats relative to the viewer):\n{}", e.info.title,
             game->tensor_layout().to_text());
  return 0;
}

int cmd_rules(const std::string& name) {
  const GameEntry& e = find_game(name);
  fmt::print("{} — {} to {} players\n{}\n\nOptions (--option NAME=VALUE):\n", e.info.title,
             e.info.min_players, e.info.max_players, e.info.summary);
  for (const auto& o : e.info.options)
    fmt::print("  {:<18} default {:<10} allowed: {:<28} {}\n", o.name, o.default_value,
               o.kind == OptionKind::kInt    ? o.allowed_text()
               : o.allowed.empty()           ? std::string("(any text)")
               : o.kind == OptionKind::kPath ? fmt::format("{}|FILE", fmt::join(o.allowed, "|"))
                                             : fmt::format("{}", fmt::join(o.allowed, "|")),
               o.description);
  fmt::print("\nAgents (--seats):\n  human                a person at this terminal\n");
  for (auto& [n, d] : available_agents(name)) {
    std::string desc = d;
    if (n == "ismcts" && !ismcts_defaults(name).empty())
      desc += fmt::format("; this game's defaults: {}", ismcts_defaults(name));
    fmt::print("  {:<20} {}\n", n, desc);
  }
  return 0;
}

// `have_view`: --view was given (an empty --view '' is an error, not "no view").
int cmd_replay(const std::string& path, bool json_out, bool have_view, const std::string& view,
               const std::string& lang_arg) {
  Record r = read_record_file(path);
  ReplayResult res = replay_record(r);
  const State& s = *res.state;
  Player viewer = kSpectator;
  if (have_view && view != "spectator") {
    viewer = static_cast<Player>(
        parse_int_in(view, 0, s.num_players() - 1,
                     fmt::format("--view (a seat 0–{} or 'spectator')", s.num_players() - 1)));
  }
  if (json_out) {
    nlohmann::json j;
    j["game"] = r.game;
    j["players"] = r.players;
    j["actions"] = res.actions.size();
    j["terminal"] = s.is_terminal();
    if (s.is_terminal()) {
      j["returns"] = s.returns();
      j["winners"] = s.winners();
      j["outcome"] = s.outcome();
    }
    if (have_view) j["view"] = s.view_json(viewer);
    fmt::print("{}\n", terminal_safe(j.dump(2)));
    return 0;
  }
  Screen scr(stdout, Screen::colour_wanted(STDOUT_FILENO));
  Voice voice(*res.game, resolve_language(lang_arg), scr, &s);
  const std::string& lang = voice.lang();
  scr.line(ui(lang, "record-ok", fmt::arg("game", r.game), fmt::arg("players", r.players),
              fmt::arg("actions", res.actions.size())));
  if (have_view) {
    // The viewer's log and final view: every event built for that viewer only.
    auto replay = res.game->new_initial_state();
    scr.line(ui(lang, "log-for",
                fmt::arg("viewer", viewer == kSpectator ? std::string(ui_text(lang, "a-spectator"))
                                                        : voice.seat(viewer))));
    for (Action a : res.actions)
      for (const Event& e : replay->apply_narrated(a, viewer))
        if (std::string line = voice.render(e, viewer); !line.empty()) scr.line(line, "", "  ");
    scr.line(ui(lang, "final-view"));
    scr.block(s.view_text_for(voice.context(viewer)));
  }
  if (s.is_terminal()) {
    // How it ended, as the table saw it (the last action's events for the viewer), then the
    // winners and returns with seats as on screen (Seat 1…); --json has the raw outcome.
    if (!have_view && !res.actions.empty()) {
      auto before = res.game->new_initial_state();
      for (size_t i = 0; i + 1 < res.actions.size(); ++i) before->apply(res.actions[i]);
      scr.line(ui(lang, "how-it-ended"));
      for (const Event& e : before->apply_narrated(res.actions.back(), viewer))
        if (std::string line = voice.render(e, viewer); !line.empty()) scr.line(line, "  ", "    ");
    }
    const std::string sep(ui_text(lang, "list-sep"));
    std::string winners, returns;
    for (Player w : s.winners()) winners += (winners.empty() ? "" : sep) + voice.seat(w);
    const std::vector<double> rs = s.returns();
    for (size_t p = 0; p < rs.size(); ++p)
      returns += (p ? sep : std::string()) +
                 ui(lang, "seat-return", fmt::arg("seat", voice.seat(static_cast<Player>(p))),
                    fmt::arg("value", fmt::format("{:g}", rs[p])));
    scr.line(ui(lang, "winners", fmt::arg("seats", winners)));
    scr.line(ui(lang, "returns", fmt::arg("list", returns)));
  } else {
    scr.line(ui(lang, "not-over"));
  }
  return 0;
}

// `villainy rules GAME --text`: the game explained for a player, in the language.
// The text's paragraphs are wrapped here, once, to `width` display columns.
int cmd_rules_text(const std::string& name, const std::string& lang, int width) {
  const GameEntry& e = find_game(name);
  auto game = load_game(name, {}, e.info.min_players);
  Screen scr(stdout, false);
  Voice voice(*game, resolve_language(lang), scr);
  std::fputs(wrap_block(voice.rules_text(), width, 0).c_str(), stdout);
  return 0;
}

// How a CLI11 exception ends the program: --help and --version print and exit 0; a command's own
// error (CLI::RuntimeError thrown by a callback, already printed with "villainy: error:") keeps
// its status; every other one is bad input: printed like every error, status 2 (docs: bad input
// exits 2), never CLI11's own 104–114.
int parse_error_exit(const CLI::App& app, const CLI::ParseError& e) {
  if (e.get_exit_code() == 0) return app.exit(e);
  if (dynamic_cast<const CLI::RuntimeError*>(&e) != nullptr) return e.get_exit_code();
  fmt::print(stderr, "villainy: error: {}\nRun with --help for more information.\n",
             terminal_safe(e.what()));
  return 2;
}

int cmd_signature(const std::string& name, int games) {
  std::vector<std::string> names;
  if (!name.empty())
    names.push_back(name);
  else
    for (const GameEntry* e : registered_games()) names.push_back(e->info.name);
  for (const auto& n : names)
    fmt::print("{:<18} {:016x}  ({} games)\n", n, game_signature(n, games), games);
  return 0;
}

}  // namespace
}  // namespace villainy::cli

int main(int argc, char** argv) {
  using namespace villainy;
  using namespace villainy::cli;
  register_all_games();
  register_all_agents();

  // Named, so that usage lines say `villainy`, not the path the program was started from.
  CLI::App app{"villainy — three tabletop games of villainy: play, simulate, replay", "villainy"};
  app.require_subcommand(1);

  app.add_subcommand("games", "list the games and their player counts");

  auto* rules =
      app.add_subcommand("rules", "a game's options (defaults, allowed values) and agents");
  std::string rules_game;
  rules->add_option("game", rules_game, "game name")->required();
  bool rules_tensor = false, rules_text = false;
  std::string rules_lang;
  auto* tensor_flag =
      rules->add_flag("--tensor", rules_tensor, "print the view tensor's named layout instead");
  rules->add_flag("--text", rules_text, "explain the game for a player (a page, no rule ids)")
      ->excludes(tensor_flag);
  rules->add_option("--lang", rules_lang, "language of --text: en or zh-TW (default: the locale)");
  int rules_width = kScreenWidth;
  rules->add_option("--width", rules_width, "columns --text is wrapped to (default 80)")
      ->check(CLI::Range(20, 1000));

  auto* play = app.add_subcommand("play", "play in the terminal against bots (or hot-seat)");
  PlayOptions play_opts;
  std::string play_seats;
  play->add_option("game", play_opts.game, "game name (not with --resume)");

  play->add_option("--seats", play_seats, "comma-separated seats: human, heuristic, random, …");
  auto* players_opt =
      play->add_option("--players", play_opts.players,
                       "number of players (default: as many as --seats, else the minimum)")
          ->check(int_in(0, kMaxPlayersFlag));
  auto* options_opt =
      play->add_option("--option", play_opts.options, "rule option NAME=VALUE (repeatable)");
  auto* seed_opt =
      play->add_option("--seed", play_opts.seed, "random seed (default: from the clock)")
          ->check(uint_in(0, UINT64_MAX));
  play->add_option("--record", play_opts.record,
                   "save the game's record in this file after every action");
  auto* resume_opt = play->add_option(
      "--resume", play_opts.resume,
      "continue the unfinished game of this record (saving into it unless --record)");
  // --seats with --resume: the local user names who plays on (a record's own agents run only
  // within a budget cap, play.cpp).
  resume_opt->excludes(players_opt)->excludes(options_opt)->excludes(seed_opt);
  play->add_option("--lang", play_opts.lang, "language: en or zh-TW (default: from the locale)");
  play->add_flag("--ask-always", play_opts.ask_always,
                 "ask even when a decision has a single choice");

  add_designer_commands(app);  // simulate, compare, merge, ladder, print (simulate_cmd.cpp)

  auto* rep = app.add_subcommand("replay", "replay and check a game record");
  std::string rep_path, rep_view, rep_lang;
  bool rep_json = false;
  rep->add_option("record", rep_path, "record file (JSON)")->required();
  rep->add_flag("--json", rep_json, "print the result as JSON");
  auto* view_opt =
      rep->add_option("--view", rep_view, "print this seat's (or 'spectator') log and final view");
  rep->add_option("--lang", rep_lang, "language of the log: en or zh-TW (default: the locale)");

  auto* sig = app.add_subcommand("signature", "deterministic signature over N seeded random games");
  std::string sig_game;
  int sig_games = 200;
  sig->add_option("game", sig_game, "game name (default: all)");
  sig->add_option("--games", sig_games, "number of games")->check(games_in(10'000'000));

  add_tournament_command(app);
  add_serve_command(app);
  add_client_command(app);

  // An unknown command is named in the error (CLI11 alone says only that one is required).
  if (argc > 1 && argv[1][0] != '-') {
    std::vector<std::string> names;
    bool known = false;
    for (CLI::App* sub : app.get_subcommands({})) {
      names.push_back(sub->get_name());
      known = known || sub->check_name(argv[1]);
    }
    if (!known) {
      fmt::print(stderr, "villainy: error: unknown command '{}'; the commands are: {}\n",
                 terminal_safe(cut_for_message(argv[1])), fmt::join(names, ", "));
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return parse_error_exit(app, e);
  }
  try {
    if (app.got_subcommand("games")) return cmd_games();
    if (rules->parsed()) {
      if (rules_text) return cmd_rules_text(rules_game, rules_lang, rules_width);
      return rules_tensor ? cmd_rules_tensor(rules_game) : cmd_rules(rules_game);
    }
    if (play->parsed()) {
      if (play_opts.resume.empty() == play_opts.game.empty())
        throw Error(play_opts.resume.empty()
                        ? "play needs a game (see villainy games) or --resume RECORD"
                        : "play --resume continues the record's own game: name no game");
      if (seed_opt->count() == 0)
        play_opts.seed =
            static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
      if (!play_seats.empty()) play_opts.seats = split_list(play_seats, "--seats");
      return run_play(play_opts);
    }
    if (rep->parsed())
      return cmd_replay(rep_path, rep_json, view_opt->count() > 0, rep_view, rep_lang);
    if (sig->parsed()) return cmd_signature(sig_game, sig_games);
  } catch (const villainy::Error& e) {
    fmt::print(stderr, "villainy: error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "villainy: error: {}\n", e.what());
    return 2;
  }
  return 0;
}
