// ScriptedTable: the one test helper for every game's rule tests. It builds a game by name
// (options, player count), plays seats' actions and forces chance outcomes by their readable
// names, and checks legality through the public API only:
//
//   ScriptedTable t("mwahahaha", 2, {{"sacrifice", "off"}});
//   t.force("scientist:herr-ubervoldt").force("scientist:baron-morbidodictus");
//   t.play("go-first");                       // the seat to move; throws ScriptError if illegal
//   EXPECT_TRUE(t.expect_illegal("raw:x"));   // refused: apply throws Error, nothing changes
//   EXPECT_EQ(t.view(1)["phase"], "creation");
//
// A failed step throws ScriptError, whose message says the step number, the action, who was to
// move and what was legal (names), so a test stops at the first wrong step with a clear reason.
// A game's own table derives from ScriptedTable to add its set-up helpers (deal these hands…);
// it reads its game's state through a friend test accessor or the public accessors, never a
// test hook on the production class.
#pragma once
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "villainy/core/game.h"

namespace villainy::testing {

// A scripted step that could not be taken (a test's mistake or the rule under test failing).
class ScriptError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class ScriptedTable {
 public:
  // A new game of the registered game `game` (registered by the caller or the build's game list).
  ScriptedTable(const std::string& game, int num_players,
                const std::map<std::string, std::string>& options = {});
  explicit ScriptedTable(std::shared_ptr<const Game> game);
  virtual ~ScriptedTable() = default;
  ScriptedTable(ScriptedTable&&) = default;
  ScriptedTable& operator=(ScriptedTable&&) = default;

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  State& state() { return *state_; }
  const State& state() const { return *state_; }
  // The state as the game's own type (a checked downcast).
  template <class S>
  const S& as() const {
    const auto* s = dynamic_cast<const S*>(state_.get());
    if (s == nullptr) throw ScriptError("ScriptedTable::as: the state is not of that type");
    return *s;
  }
  int num_players() const { return game_->num_players(); }
  Player to_move() const { return state_->current_player(); }
  bool is_chance() const { return state_->is_chance(); }
  bool is_terminal() const { return state_->is_terminal(); }

  // The action id of a name; an unknown name is a ScriptError listing similar names.
  Action id(std::string_view name) const;
  std::string name(Action a) const { return game_->action_name(a); }

  // The seat to move takes `action` (by name); it must be a seat's decision and legal.
  ScriptedTable& play(std::string_view action);
  // Chance takes `outcome` (by name); it must be a chance node and the outcome possible.
  ScriptedTable& force(std::string_view outcome);
  // Whichever decides next (a seat or chance) takes `action`; it must be legal.
  ScriptedTable& step(std::string_view action);
  // step() for each name in order.
  ScriptedTable& steps(const std::vector<std::string>& actions);
  // Forces chance outcomes while the next decision is chance, each the first of `preferred` that
  // is possible, else the first possible outcome (ascending id). Returns how many were forced.
  int settle_chance(const std::vector<std::string>& preferred = {});

  bool legal(std::string_view action) const { return state_->is_legal(id(action)); }
  // The legal actions' names (a seat's, or chance's outcomes), in id order.
  std::vector<std::string> legal_names() const;
  std::set<std::string> legal_set() const;

  // Passes when `action` is legal now.
  ::testing::AssertionResult expect_legal(std::string_view action) const;
  // Passes when `action` is illegal now AND applying it throws villainy::Error AND the state is
  // unchanged (fingerprint, and every seat's and the spectator's view).
  ::testing::AssertionResult expect_illegal(std::string_view action);

  // What `seat` (or kSpectator) sees now.
  nlohmann::json view(Player seat) const { return state_->view_json(seat); }
  std::string text(Player seat) const { return state_->view_text(seat); }
  // The names of the actions taken so far (chance included), for messages.
  const std::vector<std::string>& history() const { return history_; }
  // The last few steps and who is to move, for failure messages.
  std::string where() const;

 protected:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<std::string> history_;

 private:
  void take(std::string_view action, Action a);
};

}  // namespace villainy::testing
