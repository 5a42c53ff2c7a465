// The rule tests' table (Mwahahaha!): a game driven through its public API. Positions are set up by
// forcing chance outcomes (scientists, devices, draws, dice) through apply(); helpers then place
// tokens, Minions or Empires directly on the table (documented at each call) to reach a phase.
#pragma once
#include <fmt/format.h>

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "mwahahaha/mwahahaha.h"
#include "scripted_table.h"
#include "villainy/core/registry.h"

namespace villainy::mwahahaha {

// The rule tests' only way to write a state (the class has no test hooks of its own).
struct MwahahahaTestAccess {
  static Core& core(MwahahahaState& s) { return s.s_; }
};

namespace testing_table {

// The core's scripted table (core/testing/scripted_table.h) with Mwahahaha! set-up helpers.
class Table : public villainy::testing::ScriptedTable {
 public:
  explicit Table(int n, const std::map<std::string, std::string>& opts = {})
      : ScriptedTable(registered(), n, opts) {}
  MwahahahaState& s() { return static_cast<MwahahahaState&>(*state_); }
  std::unique_ptr<State>& st() { return state_; }
  const std::shared_ptr<const Game>& g() const { return game_; }
  Core& c() { return MwahahahaTestAccess::core(s()); }
  const CardData& d() { return s().data(); }
  // Whoever decides next takes `name`; a ScriptError (naming the step, who was to move and the
  // last steps) if it is illegal.
  void act(const std::string& name) { step(name); }
  bool can(const std::string& name) const { return state_->is_legal(id(name)); }
  std::vector<ChanceOutcome> outcomes() const {
    std::vector<ChanceOutcome> out;
    state_->chance_outcomes(out);
    return out;
  }
  std::set<std::string> legal() const { return legal_set(); }
  int minion(const std::string& key) { return id("send:" + key) - act::kSend; }
  int empire(const std::string& key) { return id("cash-in:" + key) - act::kCashIn; }
  int trick(const std::string& key) { return id("play:" + key) - act::kPlay; }
  // MW-2/MW-2a: scientists by chance in seat order, then 3 devices per seat (the first is kept),
  // then round 1 (MW-4): one Dirty Trick per seat; the phase tie is broken for seat 0, who goes
  // first.
  void setup(const std::vector<std::string>& sci, const std::vector<std::vector<std::string>>& devs,
             const std::vector<std::string>& tricks) {
    for (auto& k : sci) act("scientist:" + k);
    for (auto& dv : devs) {
      for (auto& k : dv) act("device:" + k);
      act("keep-device:" + dv[0]);
    }
    for (auto& t : tricks) act("trick:" + t);
    if (state_->is_chance()) act("tie:0");
    act("go-first");
  }
  // Removes every Dirty Trick from the hands (back to the deck) so no window asks anyone.
  void clear_tricks() {
    for (int p = 0; p < game_->num_players(); ++p)
      for (int t = 0; t < kNumTricks; ++t) {
        c().trick_deck[static_cast<size_t>(t)] +=
            c().seats[static_cast<size_t>(p)].tricks[static_cast<size_t>(t)];
        c().seats[static_cast<size_t>(p)].tricks[static_cast<size_t>(t)] = 0;
      }
  }
  void give_trick(int p, const std::string& key) {
    const int t = trick(key);
    c().trick_deck[static_cast<size_t>(t)]--;
    c().seats[static_cast<size_t>(p)].tricks[static_cast<size_t>(t)]++;
  }
  void give_minion(int p, const std::string& key, bool face_up = false) {
    const int m = minion(key);
    c().min_deck &= ~(1ULL << m);
    c().seats[static_cast<size_t>(p)].minions |= 1ULL << m;
    c().min_known[static_cast<size_t>(m)] = static_cast<std::uint8_t>(1 << p);
    if (face_up) c().face_up |= 1ULL << m;
  }
  void give_empire(int p, const std::string& key) {
    const int e = empire(key);
    c().emp_deck &= ~(1ULL << e);
    c().seats[static_cast<size_t>(p)].empires |= 1ULL << e;
  }
  void phase(Phase ph, int p) {
    c().phase = ph;
    c().stage = ph == Phase::kCreation  ? Stage::kCreation
                : ph == Phase::kRivalry ? Stage::kRivalry
                                        : Stage::kDomination;
    c().actor = static_cast<std::uint8_t>(p);
    c().turn = static_cast<std::uint8_t>(p);
    for (int i = 0; i < game_->num_players(); ++i)
      c().order[static_cast<size_t>(i)] = static_cast<std::int8_t>((p + i) % game_->num_players());
    c().order_pos = 0;
  }
  void dice(const std::vector<int>& v) {
    for (int x : v) act(fmt::format("die:{}", x));
  }
  void pass_windows() {
    while (s().stage() == Stage::kWindow) act("pass");
  }

 private:
  static std::string registered() {
    register_game();
    return "mwahahaha";
  }
};

// A standard 2-player table: Herr Ubervoldt (E3 M2 S2 Eu0) and Baron Morbidodictus (E2 M3 S0 Eu2).
inline Table two(std::map<std::string, std::string> opts = {}) {
  Table t(2, std::move(opts));
  t.setup({"herr-ubervoldt", "baron-morbidodictus"},
          {{"man-eating-plants", "orbital-laser", "freeze-ray"},
           {"giant-robot", "shrink-ray", "weather-machine"}},
          {"embezzlement", "brilliant-idea"});
  return t;
}

inline Table creation_two(std::vector<std::string> hand,
                          std::map<std::string, std::string> opts = {}) {
  Table t = two(std::move(opts));
  for (auto& k : hand) t.act("raw:" + k);
  t.pass_windows();
  return t;
}

inline Table domination_two(std::array<std::uint8_t, 4> dev_tokens,
                            std::vector<std::string> tricks1 = {}) {
  Table t = two();
  t.clear_tricks();
  for (auto& k : tricks1) t.give_trick(1, k);
  t.phase(Phase::kDomination, 0);
  t.c().seats[0].dev = dev_tokens;
  return t;
}

inline Table with(const std::string& sci0, const std::string& sci1,
                  std::map<std::string, std::string> opts = {}) {
  Table t(2, std::move(opts));
  t.setup({sci0, sci1},
          {{"man-eating-plants", "orbital-laser", "freeze-ray"},
           {"giant-robot", "shrink-ray", "weather-machine"}},
          {"embezzlement", "brilliant-idea"});
  return t;
}

}  // namespace testing_table
}  // namespace villainy::mwahahaha
