// Subcommands of the `villainy` program that live in their own files.
#pragma once
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "villainy/core/json_input.h"

namespace villainy::cli {
// The largest counts the commands accept; checked before anything is allocated.
inline constexpr std::uint64_t kMaxSimulateGames = 100'000'000;
inline constexpr std::int64_t kMaxThreads = 256;
inline constexpr std::int64_t kMaxPlayersFlag = 64;  // then the game's own range is checked

// Validators for numeric flags: the whole text must be an integer in [lo, hi] (CLI11's own
// conversion saturates or wraps some out-of-range values, e.g. 18446744073709551616).
inline CLI::Validator int_in(std::int64_t lo, std::int64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        try {
          parse_int_in(s, lo, hi, "the value");
          return "";
        } catch (const Error& e) {
          return e.what();
        }
      },
      fmt::format("INT in [{}, {}]", lo, hi));
}
inline CLI::Validator uint_in(std::uint64_t lo, std::uint64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        try {
          parse_uint_in(s, lo, hi, "the value");
          return "";
        } catch (const Error& e) {
          return e.what();
        }
      },
      fmt::format("UINT in [{}, {}]", lo, hi));
}

// The validator for --games: as uint_in(1, hi), but 0 gets a plain sentence.
inline CLI::Validator games_in(std::uint64_t hi) {
  return CLI::Validator(
      [hi](std::string& s) -> std::string {
        if (s == "0") return "0 games is nothing to do: give 1 or more";
        try {
          parse_uint_in(s, 1, hi, "the value");
          return "";
        } catch (const Error& e) {
          return e.what();
        }
      },
      fmt::format("UINT in [1, {}]", hi));
}

// A comma-separated list flag (--seats, --agents, --budgets): every item, none of them empty
// ("random,,random" is refused, naming the flag and the item).
inline std::vector<std::string> split_list(const std::string& s, std::string_view flag) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t c = s.find(',', start);
    out.push_back(s.substr(start, c == std::string::npos ? std::string::npos : c - start));
    if (out.back().empty())
      throw Error(fmt::format("{}: item {} of '{}' is empty (one item between commas)", flag,
                              out.size(), cut_for_message(s)));
    if (c == std::string::npos) break;
    start = c + 1;
  }
  return out;
}

// `villainy tournament ...` (tournament_cmd.cpp, when present). Adds the subcommand to `app`;
// the subcommand runs from its own callback.
void add_tournament_command(CLI::App& app);
// `villainy serve ...` (serve_cmd.cpp): the online server.
void add_serve_command(CLI::App& app);
// `villainy client ...` (client_cmd.cpp): the headless client of the online protocol.
void add_client_command(CLI::App& app);
// `villainy simulate|compare|merge|ladder|print ...` (simulate_cmd.cpp): the designer's commands.
void add_designer_commands(CLI::App& app);
// `villainy print ...` (print_cmd.cpp): print sheets.
void add_print_command(CLI::App& app);
// `villainy play ...` (play.cpp).
struct PlayOptions {
  std::string game;
  std::vector<std::string> seats;  // one agent spec (or "human") per seat; empty: the default
  std::vector<std::string> options;
  std::uint64_t seed = 0;
  int players = 0;
  std::string record;       // save the record here after every action ("" = none)
  std::string resume;       // continue the unfinished game of this record ("" = a new game)
  std::string lang;         // "en" or "zh-TW" ("" = from the locale)
  bool ask_always = false;  // ask even when a decision has a single choice
};
int run_play(const PlayOptions& opts);

}  // namespace villainy::cli
