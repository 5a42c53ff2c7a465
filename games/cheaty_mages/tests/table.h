// Test helper: sets up exact Cheaty Mages! positions by applying forced chance outcomes by name.
#pragma once
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cheaty_mages/cheaty_mages.h"
#include "villainy/core/registry.h"

namespace villainy::cheaty_mages {

// The tests' friend (declared in cheaty_mages.h): sets up positions that play reaches only after
// many moves. No production code calls it.
struct TestAccess {
  static Seat& seat(CheatyMagesState& s, int p) { return s.d_.seats[static_cast<size_t>(p)]; }
  // Empties the deck: its cards go to the discard pile (keep) or out of the game.
  static void empty_deck(CheatyMagesState& s, bool keep) {
    StateData& d = s.d_;
    for (int k = 0; k < kKinds; ++k) {
      const auto i = static_cast<size_t>(k);
      d.discard[i] = static_cast<std::int8_t>(keep ? d.discard[i] + d.deck[i] : 0);
      d.deck[i] = 0;
    }
    d.discard_n = static_cast<std::int16_t>(keep ? d.discard_n + d.deck_n : 0);
    d.deck_n = 0;
  }
};

namespace test {

struct Table {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;

  CheatyMagesState& s() { return static_cast<CheatyMagesState&>(*state); }
  const CheatyMagesGame& g() { return static_cast<const CheatyMagesGame&>(*game); }
  Action id(const std::string& name) {
    auto a = game->action_from_name(name);
    if (!a) throw Error("test: unknown action " + name);
    return *a;
  }
  // Applies an action by name (throws if illegal).
  void a(const std::string& name) { state->apply(id(name)); }
  bool legal(const std::string& name) { return state->is_legal(id(name)); }
  void cast(const std::string& spell, int pos) {
    a("cast:" + spell);
    a("target:" + std::to_string(pos));
  }
  void pass_all() {
    while (s().phase() == CheatyMagesState::Phase::kSpell) a("pass");
  }
  // Places bets for every seat from the start player: "1", "1,2", "1,2,3".
  void bets(const std::vector<std::string>& per_seat_in_order) {
    for (const std::string& b : per_seat_in_order) {
      int count = 0;
      for (char c : b)
        if (c >= '1' && c <= '5') {
          a(std::string("bet:") + c);
          ++count;
        }
      if (count < 3) a("bet-done");
    }
  }
  // Forces the chance outcomes of a match start: fighters in positions 1–5, then the judge.
  void match(const std::vector<std::string>& fighters, const std::string& judge) {
    for (const auto& f : fighters) a("fighter:" + f);
    a("judge:" + judge);
  }
};

inline const char* const kPadding[] = {"magic-missile", "cure",   "healing",      "fireball",
                                       "strengthen",    "weaken", "might",        "cripple",
                                       "slow",          "haste",  "regeneration", "lightning-bolt"};

// A new game: start player `start`, hands dealt seat by seat (CM-2), each padded to the hand size
// with ordinary cards; the match's fighters and judge are forced when given.
inline Table setup(int n, std::vector<std::vector<std::string>> hands,
                   const std::vector<std::string>& fighters = {}, const std::string& judge = "",
                   int start = 0, const std::map<std::string, std::string>& options = {}) {
  register_game();
  Table t;
  t.game = load_game("cheaty-mages", options, n);
  t.state = t.game->new_initial_state();
  t.a("start:" + std::to_string(start));
  hands.resize(static_cast<size_t>(n));
  for (int p = 0; p < n; ++p) {
    int dealt = 0;
    for (const auto& c : hands[static_cast<size_t>(p)]) {
      t.a("deal:" + c);
      ++dealt;
    }
    size_t pad = 0;
    while (dealt < t.g().hand_size()) {
      const std::string name = std::string("deal:") + kPadding[pad % 12];
      if (t.state->is_legal(t.id(name))) {
        t.a(name);
        ++dealt;
      }
      ++pad;
    }
  }
  if (!fighters.empty()) t.match(fighters, judge);
  return t;
}

// Three players, seat 1 starts; seats 1 and 2 bet and pass at once, so seat 0 acts alone in the
// spell phase. `bets` are by seat (0, 1, 2); seat 0 holds `hand` (padded).
inline Table solo(const std::vector<std::string>& hand, const std::string& judge,
                  const std::vector<std::string>& bets = {"1", "2", "3"},
                  const std::map<std::string, std::string>& options = {},
                  const std::vector<std::string>& fighters = {"goblin", "orc", "skeleton",
                                                              "lizardman", "ghost"}) {
  Table t = setup(3, {hand}, fighters, judge, 1, options);
  t.bets({bets[1], bets[2], bets[0]});
  t.a("pass");
  t.a("pass");
  return t;
}

}  // namespace test
}  // namespace villainy::cheaty_mages
