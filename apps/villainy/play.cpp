// `villainy play`: terminal play for any mix of people and bots. Every line a person sees is built
// for their seat: their view, and the narration of each action as that seat perceives it. With
// several people (hot-seat), the screen is cleared and the next person is called before their
// hand is shown, and each person is shown only their own log.
#include <fmt/format.h>

#include <iostream>
#include <map>

#include "commands.h"
#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"

namespace villainy::cli {

namespace {
bool read_line(std::string& line) {
  if (!std::getline(std::cin, line)) return false;
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  while (!line.empty() && line.front() == ' ') line.erase(line.begin());
  return true;
}
}  // namespace

int run_play(const std::string& game_name, const std::vector<std::string>& seats_in,
             const std::vector<std::string>& options, std::uint64_t seed, bool /*seed_given*/,
             int players, const std::string& record_path) {
  std::vector<std::string> seats = seats_in;
  const GameEntry& entry = find_game(game_name);
  if (players > 0) check_player_count(entry, players);  // before allocating a seat per player
  check_player_count(entry, static_cast<std::int64_t>(seats.size()));
  if (players > 0 && static_cast<int>(seats.size()) != players) {
    if (seats.size() == 1)
      seats.assign(static_cast<size_t>(players), seats[0]);
    else
      throw Error(fmt::format("--seats names {} seats but --players is {}", seats.size(), players));
  }
  // The command line is the local user's: its options may name data files.
  auto game = load_game(game_name, Options::parse_assignments(options),
                        static_cast<int>(seats.size()), OptionSource::kLocalUser);
  const int n = game->num_players();
  std::vector<std::unique_ptr<Agent>> bots(static_cast<size_t>(n));
  std::vector<int> humans;
  for (int p = 0; p < n; ++p) {
    if (seats[static_cast<size_t>(p)] == "human")
      humans.push_back(p);
    else
      bots[static_cast<size_t>(p)] = make_agent(seats[static_cast<size_t>(p)], *game);
  }
  const bool hot_seat = humans.size() > 1;
  fmt::print("{} — {} players, seed {}\n", game->info().title, n, seed);
  for (int p = 0; p < n; ++p) fmt::print("  seat {}: {}\n", p, seats[static_cast<size_t>(p)]);
  fmt::print("Type 'help' at any prompt for the rules.\n\n");

  auto state = game->new_initial_state();
  Rng chance(derive_seed(seed, 0));
  std::vector<Rng> seat_rng;
  for (int p = 0; p < n; ++p)
    seat_rng.emplace_back(derive_seed(seed, static_cast<std::uint64_t>(p) + 1));
  std::vector<Action> history, legal;
  // Unseen narration per person (hot-seat), or printed at once for a single person / spectators.
  std::map<int, std::vector<std::string>> pending;
  std::map<int, std::vector<std::string>> full_log;
  const Player narrator = humans.empty() ? kSpectator : humans[0];
  int last_human = -1;
  bool quit = false;

  while (!state->is_terminal() && !quit) {
    const Player p = state->current_player();
    Action a;
    if (p == kChancePlayer) {
      a = state->sample_chance(chance);
    } else {
      state->legal_actions(legal);
      if (bots[static_cast<size_t>(p)]) {
        DecisionContext ctx(*state, legal);
        a = bots[static_cast<size_t>(p)]->act(ctx, seat_rng[static_cast<size_t>(p)]);
      } else {
        if (hot_seat && last_human != p) {
          fmt::print("\033[2J\033[H");
          fmt::print("Pass the terminal to seat {} and press Enter.", p);
          std::fflush(stdout);
          std::string dummy;
          if (!read_line(dummy)) {
            quit = true;
            break;
          }
          fmt::print("\033[2J\033[H");
        }
        last_human = p;
        if (hot_seat) {
          for (const auto& line : pending[p]) fmt::print("  {}\n", line);
          pending[p].clear();
        }
        fmt::print("\n{}", state->view_text(p));
        for (;;) {
          fmt::print("Seat {} — your choice:\n", p);
          for (size_t i = 0; i < legal.size(); ++i)
            fmt::print("  {:>2}. {}\n", i + 1, state->describe_action(legal[i], p));
          fmt::print("> ");
          std::fflush(stdout);
          std::string line;
          if (!read_line(line)) {
            quit = true;
            break;
          }
          if (line == "help" || line == "?") {
            fmt::print("{}\n", game->rules_help());
            continue;
          }
          if (line == "view") {
            fmt::print("{}", state->view_text(p));
            continue;
          }
          if (line == "log") {
            auto& lg = full_log[p];
            for (size_t i = lg.size() > 40 ? lg.size() - 40 : 0; i < lg.size(); ++i)
              fmt::print("  {}\n", lg[i]);
            continue;
          }
          if (line == "quit" || line == "q") {
            quit = true;
            break;
          }
          int k = 0;
          try {
            size_t used = 0;
            k = std::stoi(line, &used);
            if (used != line.size()) k = 0;
          } catch (const std::exception&) {
            k = 0;
          }
          if (k >= 1 && k <= static_cast<int>(legal.size())) {
            a = legal[static_cast<size_t>(k - 1)];
            break;
          }
          // Also accept an action's name.
          auto named = game->action_from_name(line);
          if (named && std::binary_search(legal.begin(), legal.end(), *named)) {
            a = *named;
            break;
          }
          fmt::print(
              "'{}' is not a choice: type a number from 1 to {}, or help, view, log, quit.\n", line,
              legal.size());
        }
        if (quit) break;
      }
    }
    // Narrate the action, built for each person (or the spectator when only bots play).
    if (humans.empty()) {
      if (p != kChancePlayer) fmt::print("{}\n", state->describe_action(a, kSpectator));
    } else {
      for (int h : humans) {
        std::string line = state->describe_action(a, h);
        full_log[h].push_back(line);
        if (hot_seat)
          pending[h].push_back(line);
        else if (h == narrator && (p != h))
          fmt::print("  {}\n", line);
      }
    }
    state->apply_unchecked(a);
    history.push_back(a);
  }
  if (quit) fmt::print("\nGame abandoned.\n");
  if (state->is_terminal()) {
    if (hot_seat) fmt::print("\033[2J\033[H");
    fmt::print("\n{}", state->view_text(humans.size() == 1 ? humans[0] : kSpectator));
    fmt::print("Winners:");
    for (Player w : state->winners()) fmt::print(" seat {} ({})", w, seats[static_cast<size_t>(w)]);
    fmt::print("\n");
  }
  if (!record_path.empty()) {
    write_record_file(make_record(*game, history, seed, seats, state.get()), record_path);
    fmt::print("Record written to {}\n", record_path);
  }
  return 0;
}

}  // namespace villainy::cli
