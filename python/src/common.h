// Shared pieces of the Python bindings: the wrapped game and state, player conventions
// (OpenSpiel's: chance -1, terminal -4), tensors written straight into numpy arrays, JSON <->
// Python.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "villainy/core/game.h"
#include "villainy/core/random.h"

namespace villainy::python {
namespace py = pybind11;

inline constexpr int kPyChance = -1;     // OpenSpiel's kChancePlayerId
inline constexpr int kPyTerminal = -4;   // OpenSpiel's kTerminalPlayerId
inline constexpr int kPySpectator = -3;  // villainy's kSpectator (a viewer without a seat)

inline int to_py_player(Player p) {
  if (p == kTerminalPlayer) return kPyTerminal;
  return p;  // seats, kChancePlayer (-1) and kSpectator (-3) keep their values
}

struct PyGame {
  std::shared_ptr<const Game> game;
};

struct PyState {
  std::unique_ptr<State> state;
  std::vector<Action> history;  // every action applied, chance included
  bool has_history = true;      // false for a resampled state (its hidden history is unknown)
  std::uint64_t seed = 0;       // informative, stored in records
  std::vector<Action> legal;    // reused buffer
};

// A viewer argument: a seat, None (the current player, or the spectator when nobody decides) or
// SPECTATOR (-3). Anything else is an Error naming the allowed values.
Player viewer_arg(const State& s, const py::object& p);
// The view tensor of `viewer`, written straight into a new float32 array, or into `out` when
// given (a writable contiguous float32 array of the tensor's size: no allocation, no copy).
py::array_t<float> tensor_array(const State& s, Player viewer, const py::object& out);
py::array_t<std::int8_t> mask_array(const State& s, std::vector<Action>& buffer);

// An action id from Python: a Python int or a numpy integer in [0, num_distinct_actions). A bool,
// a float, a string or an array is a TypeError and an int outside the range a villainy.Error
// (ValueError); both messages give the range. (State.apply_action also takes action names.)
Action action_id(const Game& g, const py::handle& a);
// A player id from Python: an int or numpy integer (not a bool); anything else a TypeError.
int player_id(const py::handle& p);

py::object json_to_py(const nlohmann::json& j);
nlohmann::json py_to_json(const py::handle& h);

// Replays a record (a dict, or its JSON text) into a state with its history.
PyState state_from_record(const py::object& record);
py::dict record_of(const PyState& s, const std::vector<std::string>& seats);
// The record's JSON text (State.serialize).
std::string record_text(const PyState& s);

void bind_state(py::module_& m);
void bind_agents(py::module_& m);
void bind_vector_env(py::module_& m);

}  // namespace villainy::python
