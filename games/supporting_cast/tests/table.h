// The rule tests' table: a game of Tribute to the Supporting Cast on the core's scripted table
// (core/testing/scripted_table.h), whose chance outcomes (villains, chain starts, deals, draws)
// are forced by name, so a test sets up exactly the position a rule needs.
#pragma once
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "scripted_table.h"
#include "supporting_cast/supporting_cast.h"
#include "test_access.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"

namespace villainy::supporting_cast::test_table {

// Data order of the default cast: wolf 0, queen 1, stepmother 2, witch 3, snowqueen 4, rumpel 5,
// westwitch 6.
class Table : public villainy::testing::ScriptedTable {
 public:
  explicit Table(int n, const std::map<std::string, std::string>& opts = {})
      : ScriptedTable(registered(), n, opts) {}
  SupportingCastState& s() { return static_cast<SupportingCastState&>(*state_); }
  std::unique_ptr<State>& st() { return state_; }
  const std::shared_ptr<const Game>& g() const { return game_; }
  // Whoever decides next takes `name`; a ScriptError (naming the step) if it is illegal.
  void act(const std::string& name) { step(name); }
  bool can(const std::string& name) const { return state_->is_legal(id(name)); }
  int card(const std::string& key) const { return id("play:" + key) - act::kPlay; }
  std::set<std::string> legal() const { return legal_set(); }
  // Deals villains (keys per seat), chain starts (default event 1) and hands: given cards first,
  // then dead fillers for seats whose hand is given, any pile card for the others.
  void setup(const std::vector<std::string>& villains, std::map<std::string, int> starts,
             std::vector<std::vector<std::string>> hands) {
    for (const auto& v : villains) act("villain:" + v);
    const auto& cast = static_cast<const SupportingCastGame&>(*game_).cast();
    for (int v = 0; v < kVillains; ++v) {
      if (!s().chain(v).on_table) continue;
      const std::string& key = cast.villains[static_cast<size_t>(v)].key;
      act(fmt::format("deal:{}.e{}", key, starts.count(key) ? starts[key] : 1));
    }
    const int n = game_->num_players();
    const int h = n >= 6 ? 4 : (n == 5 ? 5 : 6);
    const size_t given = hands.size();  // seats whose hand is given get dead fillers
    hands.resize(static_cast<size_t>(n));
    std::set<int> used;
    for (auto& hand : hands)
      for (auto& c : hand) used.insert(card(c));
    std::vector<int> dead, other;
    std::vector<int> order;  // villains nobody plays first: their cards are the safest fillers
    for (int v = 0; v < kVillains; ++v)
      if (s().chain(v).owner < 0) order.push_back(v);
    for (int v = 0; v < kVillains; ++v)
      if (s().chain(v).owner >= 0) order.push_back(v);
    for (int v : order) {
      if (!s().chain(v).on_table) continue;
      int start = s().chain(v).first;
      for (int k = 1; k <= 7; ++k) {
        int c = make_card(v, k);
        if (used.count(c) || k == start) continue;
        int d = std::min((k - start + 7) % 7, (start - k + 7) % 7);
        (d >= 2 ? dead : other).push_back(c);
      }
      for (int k = 8; k <= 12; ++k)
        if (!used.count(make_card(v, k))) other.push_back(make_card(v, k));
    }
    std::vector<std::vector<int>> final_hands(static_cast<size_t>(n));
    for (int p = 0; p < n; ++p) {
      auto& fh = final_hands[static_cast<size_t>(p)];
      for (auto& c : hands[static_cast<size_t>(p)]) fh.push_back(card(c));
    }
    auto fill = [&](int p, std::vector<int>& first, std::vector<int>& second) {
      auto& fh = final_hands[static_cast<size_t>(p)];
      while (static_cast<int>(fh.size()) < h) {
        auto& src = !first.empty() ? first : second;
        fh.push_back(src.front());
        src.erase(src.begin());
      }
    };
    for (int p = 0; p < n; ++p)
      if (static_cast<size_t>(p) < given) fill(p, dead, other);
    for (int p = 0; p < n; ++p)
      if (static_cast<size_t>(p) >= given) fill(p, other, dead);
    for (int p = 0; p < n; ++p)
      for (int c : final_hands[static_cast<size_t>(p)]) step(name(act::kDeal + c));
    dead_left = dead;
  }
  // A card nobody will be able to play soon, for forced draws.
  std::string dead_card() {
    const auto& gg = static_cast<const SupportingCastGame&>(*game_);
    for (size_t i = 0; i < dead_left.size(); ++i)
      if (s().pile().test(dead_left[i])) {
        int c = dead_left[i];
        dead_left.erase(dead_left.begin() + static_cast<long>(i));
        return gg.card_key(c);
      }
    throw std::runtime_error("no dead card left in the pile");
  }
  void draw(const std::string& key) { act("deal:" + key); }
  void draw_dead() { draw(dead_card()); }
  // The player to move plays `key` and draws a dead card.
  void play_draw(const std::string& key) {
    act("play:" + key);
    if (state_->is_chance()) draw_dead();
  }
  int seat_to_move() const { return state_->current_player(); }

  std::vector<int> dead_left;

 private:
  static std::string registered() {
    register_game();
    return "supporting-cast";
  }
};

// Seats 1–3 hold their own heroes (always playable, no effect): a quiet table for seat 0.
inline const std::vector<std::string> kVillains4 = {"wolf", "queen", "stepmother", "witch"};
inline std::vector<std::vector<std::string>> quiet(std::vector<std::string> seat0) {
  std::vector<std::vector<std::string>> h = {
      seat0,
      {"queen.h1", "queen.h2", "queen.h3", "queen.h4"},
      {"stepmother.h1", "stepmother.h2", "stepmother.h3", "stepmother.h4"},
      {"witch.h1", "witch.h2", "witch.h3", "witch.h4"}};
  for (size_t p = 1; p < h.size(); ++p)  // seat 0's cards are not dealt twice
    std::erase_if(h[p], [&](const std::string& c) {
      return std::find(seat0.begin(), seat0.end(), c) != seat0.end();
    });
  return h;
}
// Seats 1, 2, 3 each play their next own hero (h1, h2, … in turn) and draw a dead card.
inline void others_pass(Table& t, int round) {
  for (const char* v : {"queen", "stepmother", "witch"}) {
    ASSERT_NE(t.seat_to_move(), 0);
    t.play_draw(fmt::format("{}.h{}", v, round));
  }
}

}  // namespace villainy::supporting_cast::test_table
