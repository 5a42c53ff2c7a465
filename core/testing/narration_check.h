// Checks of narration (issue 11, docs/narration.md) for the invariant suite and for tests:
//
// - Non-interference of events: two states a viewer cannot tell apart give that viewer the same
//   events for the same action (the action's own event, and what the game narrates while
//   applying it), unless the action's effect shows the states apart anyway (the viewer's views
//   afterwards differ) — the same rule as for describe_action. Events are compared whole, so a
//   hidden card in an argument that no template prints is caught too (the browser client gets
//   the arguments).
// - The catalogue: every event renders in every language (a template for its id, the parameters
//   the template uses, known cards), and every message and card has every language.
//
// The invariant runner calls narration_difference() wherever it compares two states a viewer
// cannot tell apart (core/testing/invariants.cpp); check_narration_games() plays whole games with
// every viewer listening, for tests of one game's catalogue.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "villainy/core/game.h"

namespace villainy::testing {

// What viewer v can tell apart between two states through the events, when a and b look the same
// to v ("" when nothing). `views_differ(x, y, v)` says what v can tell apart in the views of two
// states ("" when nothing). Compares the action events of every action legal in both and, for a
// few of them (picked with `seed`), what applying them narrates; renders every event built in
// every language. A game that does not narrate is told through describe_action, which the runner
// checks already: "" at once.
std::string narration_difference(
    const State& a, const State& b, Player v, std::uint64_t seed,
    const std::function<std::string(const State&, const State&, Player)>& views_differ);

// What does not render: "" when the event renders in every language for `viewer`, else the
// reason (the id, the language and the template error).
std::string render_problem(const Catalogue& cat, const Event& e, Player viewer);

// The catalogue's missing translations plus, over `games` seeded random games of `game` (every
// seat and the spectator listening at every step), every event that does not render in some
// language and every event id with no template in some language. At most 20 problems.
struct NarrationReport {
  std::vector<std::string> problems;
  int games = 0, steps = 0, events = 0;
  std::vector<std::string> ids;  // the distinct event ids seen
};
NarrationReport check_narration_games(const std::shared_ptr<const Game>& game, int games,
                                      std::uint64_t seed);

}  // namespace villainy::testing
