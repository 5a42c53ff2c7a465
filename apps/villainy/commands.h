// Subcommands of the `villainy` program that live in their own files.
#pragma once
#include <CLI/CLI.hpp>

namespace villainy::cli {
// `villainy tournament ...` (tournament_cmd.cpp, when present). Adds the subcommand to `app`;
// the subcommand runs from its own callback.
void add_tournament_command(CLI::App& app);
// `villainy serve ...` (serve_cmd.cpp): the online server.
void add_serve_command(CLI::App& app);
// `villainy client ...` (client_cmd.cpp): the headless client of the online protocol.
void add_client_command(CLI::App& app);
// `villainy play ...` (play.cpp).
int run_play(const std::string& game, const std::vector<std::string>& seats,
             const std::vector<std::string>& options, std::uint64_t seed, bool seed_given,
             int players, const std::string& record_path);
}  // namespace villainy::cli
