// libFuzzer target: card files played (issue 30). A card file the game's reader accepts must
// give games that play to their end and whose records replay exactly; a file that does not work
// must be refused by the reader (a named field), never fail in play. Built once per game
// (VILLAINY_FUZZ_GAME = "supporting-cast", "cheaty-mages", "mwahahaha"; the option naming the
// file is VILLAINY_FUZZ_OPTION): fuzz_sc_games, fuzz_cm_games, fuzz_mw_games.
//
// Input: one byte (the player count, from the game's range, and the seed), then the file's text.
// For an accepted file: two games of random agents (one at the chosen count, one at the game's
// largest), each written as a record, read back as untrusted text and replayed: the same actions,
// the same final state (fingerprint) and returns; every seat's and the spectator's view of the
// final state. Anything but a refusal by the reader (an Error from load_game) aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

#ifndef VILLAINY_FUZZ_GAME
#error "VILLAINY_FUZZ_GAME names the game (fuzz/CMakeLists.txt)"
#endif

namespace {
using namespace villainy;

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "fuzz_card_games (%s): %s\n", VILLAINY_FUZZ_GAME, what.c_str());
  std::abort();
}

void play_and_replay(const std::shared_ptr<const Game>& game, std::uint64_t seed) {
  const int n = game->num_players();
  std::vector<std::unique_ptr<Agent>> owned;
  std::vector<Agent*> seats;
  const std::vector<std::string> specs(static_cast<size_t>(n), "random");
  for (const auto& s : specs) {
    owned.push_back(make_agent(s, *game));
    seats.push_back(owned.back().get());
  }
  RunOptions ro;
  ro.seed = seed;
  ro.keep_actions = true;
  RunResult rr;
  try {
    rr = run_game(*game, seats, ro);
  } catch (const Error& e) {
    finding(std::string("an accepted card file's game failed: ") + e.what());
  }
  const Record rec = make_record(*game, rr.actions, seed, specs, rr.final_state.get());
  const std::string text = record_to_json(rec).dump(1);
  ReplayResult rep;
  try {
    rep = replay_record(record_from_text(text, "fuzz record"));
  } catch (const Error& e) {
    finding(std::string("the record of an accepted card file's game does not replay: ") + e.what());
  }
  if (rep.actions != rr.actions) finding("the replay's actions differ");
  if (rep.state->fingerprint() != rr.final_state->fingerprint())
    finding("the replay's final state differs");
  if (rep.state->is_terminal() != rr.final_state->is_terminal() ||
      (rep.state->is_terminal() && rep.state->returns() != rr.final_state->returns()))
    finding("the replay's result differs");
  for (Player p = -1; p < n; ++p) {
    const Player viewer = p < 0 ? kSpectator : p;
    (void)rep.state->view_json(viewer).dump();
    (void)rep.state->view_text(viewer);
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool registered = [] {
    register_all_games();
    register_all_agents();
    return true;
  }();
  (void)registered;
  if (size == 0) return 0;
  const GameEntry& entry = find_game(VILLAINY_FUZZ_GAME);
  const int range = entry.info.max_players - entry.info.min_players + 1;
  const int players = entry.info.min_players + data[0] % range;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  // As a record carries a card file: the option's value names it, the content comes with it.
  const std::map<std::string, std::string> options{{VILLAINY_FUZZ_OPTION, "fuzz.json"}};
  const std::map<std::string, std::string> contents{{VILLAINY_FUZZ_OPTION, text}};
  std::shared_ptr<const Game> game, largest;
  try {
    game = load_game(VILLAINY_FUZZ_GAME, options, players, OptionSource::kUntrusted, contents);
    largest = load_game(VILLAINY_FUZZ_GAME, options, entry.info.max_players,
                        OptionSource::kUntrusted, contents);
  } catch (const Error&) {
    return 0;  // refused by the reader, with a message: the expected outcome for a bad file
  }
  play_and_replay(game, data[0]);
  play_and_replay(largest, data[0] + 1000u);
  return 0;
}
