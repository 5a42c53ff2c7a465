// The game-agnostic engine interface: an immutable Game (static facts, options, action names)
// and a mutable State (who decides, legal actions, chance, views, resampling, results).
//
// Conventions every game follows (the shared invariant suite checks them):
// - Every decision point has a small finite set of legal actions; composite decisions (choose
//   several cards, a target then a card) are sequences of such decisions.
// - Chance is explicit: shuffles, draws and dice are chance decisions whose outcomes are actions
//   with probabilities. A draw is a chance decision over the cards still in the pile.
// - apply() of an illegal action throws Error and leaves the state unchanged.
// - Views are built for one viewer and hold only what that viewer knows (with perfect recall).
// - resample(viewer, rng) returns a state that the viewer cannot tell from this one, with the
//   hidden information re-dealt; it is a function of the viewer's information and rng only.
// - Non-interference: two states that differ only in what a viewer cannot see give that viewer
//   the same views, resamples (same rng) and descriptions. describe_action() is complete: two
//   actions described alike to a viewer leave that viewer's views alike (what the viewer sees
//   happen, e.g. cards discarded face up, is in the line).
#pragma once
#include <algorithm>
#include <memory>
#include <mutex>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "villainy/core/narration.h"
#include "villainy/core/options.h"
#include "villainy/core/random.h"
#include "villainy/core/tensor.h"
#include "villainy/core/types.h"

namespace villainy {

class State;

struct ChanceOutcome {
  Action action;
  double probability;
};

struct GameInfo {
  std::string name;   // registry name, e.g. "supporting-cast"
  std::string title;  // display name
  int min_players = 0;
  int max_players = 0;
  std::vector<OptionSpec> options;
  std::string summary;  // one paragraph for `villainy games` and `help`
};

class Game : public std::enable_shared_from_this<Game> {
 public:
  Game(const GameInfo& info, Options options, int num_players);
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const GameInfo& info() const { return info_; }
  const std::string& name() const { return info_.name; }
  const Options& options() const { return options_; }
  int num_players() const { return num_players_; }

  virtual std::unique_ptr<State> new_initial_state() const = 0;
  // Size of the action space: every action id is in [0, num_distinct_actions()).
  virtual int num_distinct_actions() const = 0;
  // Stable readable name of an action id (chance outcomes included); unique per game config.
  virtual std::string action_name(Action a) const = 0;
  // Inverse of action_name; nullopt for an unknown name.
  std::optional<Action> action_from_name(std::string_view name) const;
  // Every game ends within this many actions (chance included).
  virtual int max_game_length() const = 0;
  // Size of the numeric view tensor (State::view_tensor).
  virtual int tensor_size() const = 0;
  // The tensor's named fields (sum of sizes == tensor_size()). A game without one gets a single
  // field "tensor".
  virtual const TensorLayout& tensor_layout() const;
  // Rules text for `help` in terminal play.
  virtual std::string rules_help() const { return info_.summary; }
  // The message catalogue (docs/narration.md): the core messages, the game's messages and its
  // cards' names and texts, in every language. A narrating game returns its own.
  virtual const Catalogue& catalogue() const { return Catalogue::core(); }

 private:
  GameInfo info_;
  Options options_;
  int num_players_;
  mutable std::once_flag names_once_, layout_once_;
  mutable TensorLayout default_layout_;
  mutable std::unordered_map<std::string, Action> names_;
};

class State {
 public:
  explicit State(std::shared_ptr<const Game> game) : game_(std::move(game)) {}
  virtual ~State() = default;

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  int num_players() const { return game_->num_players(); }

  // Who decides next: a seat, kChancePlayer or kTerminalPlayer.
  virtual Player current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminalPlayer; }
  bool is_chance() const { return current_player() == kChancePlayer; }

  // The legal actions at a decision point (a seat's or chance's), ascending, into `out`
  // (cleared first; reusing the buffer allocates nothing in steady state).
  virtual void legal_actions(std::vector<Action>& out) const = 0;
  std::vector<Action> legal_actions() const;
  // Outcomes and probabilities at a chance node, into `out` (cleared first).
  virtual void chance_outcomes(std::vector<ChanceOutcome>& out) const = 0;
  // Samples one chance outcome; games override this with a fast path.
  virtual Action sample_chance(Rng& rng) const;
  virtual bool is_legal(Action a) const;

  // Applies a legal action; an illegal one throws Error naming it and leaves the state unchanged.
  void apply(Action a);
  // Applies an action the caller knows to be legal (playout fast path; no check).
  virtual void apply_unchecked(Action a) = 0;

  virtual std::unique_ptr<State> clone() const = 0;
  // A full state consistent with everything `viewer` knows, hidden information re-dealt with
  // `rng` (never the game's own stream). Depends only on the viewer's information and rng.
  virtual std::unique_ptr<State> resample(Player viewer, Rng& rng) const = 0;
  // The same as `out = resample(viewer, rng)` (same state, same draws from rng), but a game may
  // reuse *out when it already holds a state of its type, so that a search or heuristic that
  // keeps one slot per determinization allocates nothing per sample (the games here do).
  virtual void resample_into(Player viewer, Rng& rng, std::unique_ptr<State>& out) const {
    out = resample(viewer, rng);
  }

  // Views for one viewer (a seat or kSpectator): exactly what that viewer knows now.
  virtual nlohmann::json view_json(Player viewer) const = 0;
  virtual std::string view_text(Player viewer) const = 0;
  // Fixed-size numeric view; out.size() == game().tensor_size().
  virtual void view_tensor(Player viewer, std::span<float> out) const = 0;
  // How action `a`, about to be applied here, looks to `viewer` (a log line built for them). A
  // narrating game's default is the English rendering of action_event(a, viewer).
  virtual std::string describe_action(Action a, Player viewer) const;

  // --- Information states (for search and learning) ---
  // The viewer's information state as text: equal for two states exactly when `viewer` cannot
  // tell them apart. Default: the viewer's perfect-recall view_json, canonical JSON.
  virtual std::string information_state_string(Player viewer) const;
  // A hash of the viewer's information state: equal exactly when `viewer` cannot tell two states
  // apart (so a search can key the nodes of any seat by what that seat knows). Default: a hash of
  // who is to act and information_state_string(viewer). The invariant suite checks it against
  // the views and resampling: a resample keeps it; states the viewer tells apart differ in it.
  virtual std::uint64_t information_state_key(Player viewer) const;
  // What action `a`, about to be applied here, looks like to `viewer`: equal for two actions
  // exactly when the viewer cannot tell them apart (another seat's hidden discard, a face-down
  // deal). Default: describe_action(a, viewer), or "(nothing seen)" when the action tells the
  // viewer nothing by itself (e.g. one card of another seat's refill, told when it is done).
  virtual std::string action_observation(Action a, Player viewer) const {
    std::string d = describe_action(a, viewer);
    return d.empty() ? std::string("(nothing seen)") : d;
  }

  // --- Narration (docs/narration.md) ---
  // True when the game narrates through events (action_event + narrate() in its apply code).
  // Otherwise apply_narrated reports describe_action's text as a "core.text" event.
  virtual bool narrates() const { return false; }
  // Action `a`, about to be applied here, as an event for `viewer`; also the choice label when
  // the viewer decides. An empty id means "nothing to tell" (e.g. one deal of many that the game
  // summarises in one event later). A narrating game must override it.
  virtual Event action_event(Action a, Player viewer) const;
  // Applies a legal action exactly as apply() does (same checks, same result) and returns, per
  // viewer in `viewers` (seats or kSpectator), what that viewer sees happen: action_event(a, v),
  // then every event the game narrated during the action (automatic consequences).
  std::vector<std::vector<Event>> apply_narrated(Action a, std::span<const Player> viewers);
  std::vector<Event> apply_narrated(Action a, Player viewer);
  // True when `a` ends the acting seat's turn while other actions are still possible, so that a
  // client never makes it the default and asks for confirmation.
  virtual bool ends_turn(Action /*a*/) const { return false; }
  // The table in plain words for ctx.viewer in ctx.lang (ctx.seat_names for display names).
  // Defaults to view_text(ctx.viewer).
  virtual std::string view_text_for(const RenderContext& ctx) const {
    return view_text(ctx.viewer);
  }

  // Results, valid when terminal: per-seat returns, the winners, and game-specific details.
  virtual std::vector<double> returns() const = 0;
  // The same returns into out (size num_players()); games override it to allocate nothing (a
  // search reads the returns of every rollout that ends the game).
  virtual void returns_into(std::span<double> out) const {
    const auto r = returns();
    std::copy(r.begin(), r.end(), out.begin());
  }
  virtual std::vector<Player> winners() const = 0;
  virtual nlohmann::json outcome() const = 0;

  // A compact fingerprint of the full state (for tests and signatures).
  virtual std::uint64_t fingerprint() const = 0;

 protected:
  // A copy never inherits the listeners of an apply_narrated in progress.
  State(const State& o) : game_(o.game_) {}
  State& operator=(const State& o) {
    if (this != &o) game_ = o.game_;
    return *this;
  }
  // Tells every listening viewer what happened: calls f(Narrator&) once per viewer of the
  // apply_narrated in progress, and not at all otherwise (playouts pay one pointer test).
  template <class F>
  void narrate(F&& f) const {
    if (narrators_ != nullptr)
      for (Narrator& n : *narrators_) f(n);
  }
  bool narrating() const { return narrators_ != nullptr; }

 private:
  std::shared_ptr<const Game> game_;
  std::vector<Narrator>* narrators_ = nullptr;
};

// The decision as offered to `viewer` for views: [{id, name, text}] of the legal actions when the
// viewer is the one to decide, else an empty array (another seat's options are never shown). A
// narrating game adds "event" (action_event as JSON) and "ends_turn" (when true) to each.
nlohmann::json decision_options_json(const State& state, Player viewer);

// The mask form of the legal actions: 1 for legal, 0 otherwise, size num_distinct_actions().
void legal_action_mask(const State& state, std::span<float> out);

}  // namespace villainy
