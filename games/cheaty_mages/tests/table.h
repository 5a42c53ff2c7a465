// Test helper: sets up exact Cheaty Mages! positions by applying forced chance outcomes by name,
// on the core's scripted table (core/testing/scripted_table.h).
#pragma once
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cheaty_mages/cheaty_mages.h"
#include "scripted_table.h"
#include "villainy/core/random.h"
#include "villainy/core/registry.h"

namespace villainy::cheaty_mages {

// The tests' friend (declared in cheaty_mages.h): sets up positions that play reaches only after
// many moves. No production code calls it.
struct TestAccess {
  static Seat& seat(CheatyMagesState& s, int p) { return s.d_.seats[p]; }
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

// The scripted table of core/testing with Cheaty Mages! set-up helpers.
class Table : public villainy::testing::ScriptedTable {
 public:
  using ScriptedTable::ScriptedTable;
  CheatyMagesState& s() { return static_cast<CheatyMagesState&>(*state_); }
  const CheatyMagesGame& g() const { return static_cast<const CheatyMagesGame&>(game()); }
  // Whoever decides next takes the action (by name); a ScriptError if it is illegal.
  void a(const std::string& name) { step(name); }
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

inline const std::vector<std::string> kFive = {"goblin", "orc", "skeleton", "lizardman",
                                               "ghost"};  // positions 1 2 3 4 5

// The index of the first spell of kind k at place loc, or -1.
inline int find_spell(const CheatyMagesState& s, int loc, int k) {
  for (int i = 0; i < s.num_spells(); ++i)
    if (s.spell(i).loc == loc && s.spell(i).kind == k) return i;
  return -1;
}

// Plays on with simple choices (bet on 1, pass, refill) until `stop` holds.
template <class F>
inline void advance(Table& t, Rng& rng, F stop) {
  std::vector<Action> l;
  for (int guard = 0; guard < 100000 && !t.state().is_terminal() && !stop(); ++guard) {
    if (t.state().is_chance()) {
      t.state().apply(t.state().sample_chance(rng));
      continue;
    }
    switch (t.s().phase()) {
      case Phase::kBet:
        t.a(t.s().seat(t.s().current_player()).bet_n == 0 ? "bet:1" : "bet-done");
        break;
      case Phase::kRefill:
        t.a("draw");
        break;
      default:
        if (t.legal("pass"))
          t.a("pass");
        else {
          t.state().legal_actions(l);
          t.state().apply(l[0]);
        }
    }
  }
}

// CM-1: the reference's spell table (type D/E/S, copies, mana, strength, Forbidden).
struct Row {
  const char* key;
  char type;
  int copies, mana, strength;
  bool forbidden;
};
inline constexpr Row kTable[kKinds] = {
    {"cure", 'D', 4, 0, 2, false},
    {"healing", 'D', 4, 1, 4, false},
    {"regeneration", 'D', 2, 3, 3, false},
    {"energy-boost", 'D', 1, 4, 6, false},
    {"refresh", 'D', 1, 6, 10, true},
    {"magic-missile", 'D', 4, 0, -2, false},
    {"fireball", 'D', 4, 1, -4, false},
    {"lightning-bolt", 'D', 2, 3, -3, false},
    {"blizzard", 'D', 1, 4, -6, false},
    {"meteor-strike", 'D', 1, 6, -10, true},
    {"strengthen", 'E', 4, 2, 3, false},
    {"might", 'E', 4, 4, 5, false},
    {"haste", 'E', 2, 6, 4, false},
    {"power-awakening", 'E', 1, 8, 8, false},
    {"giant-growth", 'E', 1, 10, 12, true},
    {"weaken", 'E', 4, 2, -3, false},
    {"cripple", 'E', 4, 4, -5, false},
    {"slow", 'E', 2, 6, -4, false},
    {"paralyze", 'E', 1, 8, -8, false},
    {"shrink", 'E', 1, 10, -12, true},
    {"mana-boost", 'E', 2, 5, 0, false},
    {"mana-seal", 'E', 2, -5, 0, false},
    {"cause-unpopularity", 'E', 2, 3, 0, false},
    {"reflection", 'E', 1, 3, 0, true},
    {"detect-magic", 'S', 2, 0, 0, false},
    {"dispel-magic", 'S', 2, 0, 0, false},
    {"recall", 'S', 2, 0, 0, false},
    {"amnesia", 'S', 2, 0, 0, false},
    {"imitation", 'S', 2, 0, 0, false},
    {"dimension-door", 'S', 1, 0, 0, false},
    {"confusion", 'S', 1, 0, 0, false},
    {"invisibility", 'S', 1, 0, 0, false},
    {"prismatic-ray", 'S', 1, 0, 0, false},
    {"metamorphosis", 'S', 1, 0, 0, true},
    {"alteration", 'S', 1, 0, 0, true},
    {"anti-magic-field", 'S', 1, 0, 0, true},
    {"duplicate", 'S', 0, 0, 0, false},
};

// A new game: start player `start`, hands dealt seat by seat (CM-2), each padded to the hand size
// with ordinary cards; the match's fighters and judge are forced when given.
inline Table setup(int n, std::vector<std::vector<std::string>> hands,
                   const std::vector<std::string>& fighters = {}, const std::string& judge = "",
                   int start = 0, const std::map<std::string, std::string>& options = {}) {
  register_game();
  Table t(load_game("cheaty-mages", options, n, OptionSource::kLocalUser));  // may name files
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
      if (t.legal(name)) {
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
