// The compiled core of the Python package `villainy` (villainy/_core): games, the registry, the
// generator, errors. States, agents and the batched environment are bound in their own files.
#include <fmt/format.h>

#include "common.h"
#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"

namespace villainy::python {

Player viewer_arg(const State& s, const py::object& p) {
  if (p.is_none()) {
    const Player cp = s.current_player();
    return cp >= 0 ? cp : kSpectator;
  }
  const int v = p.cast<int>();
  if (v == kPySpectator || (v >= 0 && v < s.num_players())) return v;
  throw Error(
      fmt::format("viewer {} is not a seat (0..{}) or SPECTATOR (-3)", v, s.num_players() - 1));
}

py::array_t<float> tensor_array(const State& s, Player viewer, const py::object& out) {
  const auto size = static_cast<py::ssize_t>(s.game().tensor_size());
  py::array_t<float> arr;
  if (out.is_none()) {
    arr = py::array_t<float>(size);
  } else {
    if (!py::isinstance<py::array_t<float>>(out))
      throw Error("out: expected a float32 numpy array");
    arr = py::reinterpret_borrow<py::array_t<float>>(out);
    if (arr.ndim() != 1 || arr.shape(0) != size || !(arr.flags() & py::array::c_style) ||
        !arr.writeable())
      throw Error(
          fmt::format("out: expected a writable contiguous float32 array of shape ({},)", size));
  }
  s.view_tensor(viewer, std::span<float>(arr.mutable_data(), static_cast<size_t>(size)));
  return arr;
}

py::array_t<std::int8_t> mask_array(const State& s, std::vector<Action>& buffer) {
  py::array_t<std::int8_t> arr(static_cast<py::ssize_t>(s.game().num_distinct_actions()));
  std::int8_t* d = arr.mutable_data();
  std::fill(d, d + arr.shape(0), std::int8_t{0});
  if (s.is_terminal()) return arr;
  s.legal_actions(buffer);
  for (Action a : buffer) d[a] = 1;
  return arr;
}

py::object json_to_py(const nlohmann::json& j) {
  // Leaked on purpose: a static py::object would be destroyed after the interpreter.
  static auto* loads = new py::object(py::module_::import("json").attr("loads"));
  return (*loads)(j.dump());
}

nlohmann::json py_to_json(const py::handle& h) {
  static auto* dumps = new py::object(py::module_::import("json").attr("dumps"));
  return nlohmann::json::parse((*dumps)(h).cast<std::string>());
}

PyState state_from_record(const py::object& record) {
  nlohmann::json j = py::isinstance<py::str>(record)
                         ? nlohmann::json::parse(record.cast<std::string>())
                         : py_to_json(record);
  Record r = record_from_json(j);
  ReplayResult res = replay_record(r);
  PyState s;
  s.state = std::move(res.state);
  s.history = std::move(res.actions);
  s.seed = r.seed;
  return s;
}

py::dict record_of(const PyState& s, const std::vector<std::string>& seats) {
  if (!s.has_history)
    throw Error("a resampled state has no record: its hidden history was re-dealt, not played");
  std::vector<std::string> names = seats;
  if (names.empty()) names.assign(static_cast<size_t>(s.state->num_players()), "python");
  if (static_cast<int>(names.size()) != s.state->num_players())
    throw Error(
        fmt::format("record: {} seat names for {} players", names.size(), s.state->num_players()));
  const Record r = make_record(s.state->game(), s.history, s.seed, names,
                               s.state->is_terminal() ? s.state.get() : nullptr);
  return json_to_py(record_to_json(r)).cast<py::dict>();
}

namespace {

std::shared_ptr<const Game> load(const std::string& name, const py::object& players,
                                 const py::kwargs& options) {
  std::map<std::string, std::string> opts;
  for (auto [k, v] : options) {
    std::string value;
    if (py::isinstance<py::bool_>(v))
      value = v.cast<bool>() ? "on" : "off";
    else
      value = py::str(v).cast<std::string>();
    opts[k.cast<std::string>()] = value;
  }
  const GameEntry& e = find_game(name);
  const int n = players.is_none() ? e.info.min_players : players.cast<int>();
  // Python runs as the local user, so a data-file option (e.g. cast=PATH) may name a file.
  return load_game(name, opts, n, OptionSource::kLocalUser);
}

py::dict game_info(const GameInfo& info) {
  py::dict d;
  d["name"] = info.name;
  d["title"] = info.title;
  d["min_players"] = info.min_players;
  d["max_players"] = info.max_players;
  d["summary"] = info.summary;
  py::list options;
  for (const auto& o : info.options) {
    py::dict od;
    od["name"] = o.name;
    od["default"] = o.default_value;
    od["allowed"] = o.allowed;
    od["description"] = o.description;
    options.append(od);
  }
  d["options"] = options;
  return d;
}

}  // namespace

}  // namespace villainy::python

PYBIND11_MODULE(_core, m) {
  using namespace villainy;
  using namespace villainy::python;
  m.doc() = "villainy: three tabletop games of villainy (compiled core; see docs/python.md)";
  register_all_games();
  register_all_agents();

  py::register_exception<Error>(m, "Error", PyExc_ValueError);

  m.attr("CHANCE_PLAYER") = kPyChance;
  m.attr("TERMINAL_PLAYER") = kPyTerminal;
  m.attr("SPECTATOR") = kPySpectator;

  py::class_<Rng>(m, "Rng", "xoshiro256** generator (the engine's; same stream everywhere)")
      .def(py::init<std::uint64_t>(), py::arg("seed") = 0)
      .def("next", &Rng::next, "next 64-bit value")
      .def("below", &Rng::below, py::arg("n"), "uniform integer in [0, n)")
      .def("uniform", &Rng::uniform, "uniform float in [0, 1)");
  m.def("derive_seed", &derive_seed, py::arg("seed"), py::arg("stream"),
        "the engine's seed derivation: an independent seed for stream `stream` of `seed`");

  m.def(
      "games",
      [] {
        std::vector<std::string> names;
        for (const GameEntry* e : registered_games()) names.push_back(e->info.name);
        return names;
      },
      "names of the registered games");
  m.def(
      "game_info", [](const std::string& name) { return game_info(find_game(name).info); },
      py::arg("name"), "a game's title, player counts, summary and options");

  py::class_<PyGame>(m, "Game")
      .def("name", [](const PyGame& g) { return g.game->name(); })
      .def("title", [](const PyGame& g) { return g.game->info().title; })
      .def("info", [](const PyGame& g) { return game_info(g.game->info()); })
      .def("num_players", [](const PyGame& g) { return g.game->num_players(); })
      .def("num_distinct_actions", [](const PyGame& g) { return g.game->num_distinct_actions(); })
      .def("max_game_length", [](const PyGame& g) { return g.game->max_game_length(); })
      .def("tensor_size", [](const PyGame& g) { return g.game->tensor_size(); })
      .def("tensor_shape", [](const PyGame& g) { return py::make_tuple(g.game->tensor_size()); })
      .def("information_state_tensor_shape",
           [](const PyGame& g) { return std::vector<int>{g.game->tensor_size()}; })
      .def("observation_tensor_shape",
           [](const PyGame& g) { return std::vector<int>{g.game->tensor_size()}; })
      .def(
          "tensor_layout",
          [](const PyGame& g) { return json_to_py(g.game->tensor_layout().to_json()); },
          "the tensor's named fields: [{name, offset, size, description}]")
      .def("options", [](const PyGame& g) { return g.game->options().values(); })
      .def("get_parameters",
           [](const PyGame& g) {
             py::dict d;
             for (const auto& [k, v] : g.game->options().values()) d[py::str(k)] = v;
             d["players"] = g.game->num_players();
             return d;
           })
      .def("action_to_string", [](const PyGame& g, Action a) { return g.game->action_name(a); })
      .def("string_to_action",
           [](const PyGame& g, const std::string& s) {
             auto a = g.game->action_from_name(s);
             if (!a) throw Error(fmt::format("{}: no action named '{}'", g.game->name(), s));
             return *a;
           })
      .def("new_initial_state",
           [](const PyGame& g) {
             PyState s;
             s.state = g.game->new_initial_state();
             return s;
           })
      .def("__eq__",
           [](const PyGame& a, const PyGame& b) {
             return a.game->name() == b.game->name() &&
                    a.game->num_players() == b.game->num_players() &&
                    a.game->options().values() == b.game->options().values();
           })
      .def("__repr__",
           [](const PyGame& g) {
             std::string o;
             for (const auto& [k, v] : g.game->options().values())
               o += fmt::format(", {}={}", k, v);
             return fmt::format("villainy.load_game('{}', players={}{})", g.game->name(),
                                g.game->num_players(), o);
           })
      .def(py::pickle(
          [](const PyGame& g) {
            return py::make_tuple(g.game->name(), g.game->num_players(),
                                  g.game->options().values());
          },
          [](const py::tuple& t) {
            return PyGame{load_game(t[0].cast<std::string>(),
                                    t[2].cast<std::map<std::string, std::string>>(),
                                    t[1].cast<int>())};
          }));

  m.def(
      "load_game",
      [](const std::string& name, const py::object& players, const py::kwargs& options) {
        return PyGame{load(name, players, options)};
      },
      py::arg("name"), py::arg("players") = py::none(),
      "load_game(name, players=None, **options): players defaults to the game's minimum; option "
      "values are strings (True/False become on/off)");
  m.def(
      "from_record", [](const py::object& r) { return state_from_record(r); }, py::arg("record"),
      "replays a record (dict or JSON text) into its final state, history included");

  bind_state(m);
  bind_agents(m);
  bind_vector_env(m);
}
