// The compiled core of the Python package `villainy` (villainy/_core): games, the registry, the
// generator, errors. States, agents and the batched environment are bound in their own files.
#include <fmt/format.h>

#include <cstring>
#include <type_traits>

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
  const int v = player_id(p);
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

namespace {

bool is_integer(const py::handle& h) {
  if (PyLong_CheckExact(h.ptr())) return true;
  if (PyBool_Check(h.ptr())) return false;
  if (PyLong_Check(h.ptr())) return true;
  // Leaked on purpose: a static py::object would be destroyed after the interpreter.
  static auto* np_integer = new py::object(py::module_::import("numpy").attr("integer"));
  return py::isinstance(h, *np_integer);
}

std::string type_name(const py::handle& h) {
  return py::str(py::type::handle_of(h).attr("__name__")).cast<std::string>();
}

std::string short_repr(const py::handle& h) {
  std::string r = py::repr(h).cast<std::string>();
  if (r.size() > 40) r = r.substr(0, 37) + "...";
  return r;
}

// The value of an integer (is_integer(h)); `fits` false when it does not fit in a long long.
long long index_value(const py::handle& h, bool& fits) {
  int overflow = 0;
  if (PyLong_CheckExact(h.ptr())) {  // the common case: a Python int, no conversion
    const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
    fits = overflow == 0;
    return v;
  }
  const auto i = py::reinterpret_steal<py::object>(PyNumber_Index(h.ptr()));
  if (!i) throw py::error_already_set();
  const long long v = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  fits = overflow == 0;
  return v;
}

}  // namespace

Action action_id(const Game& g, const py::handle& a) {
  const int n = g.num_distinct_actions();
  if (!is_integer(a))
    throw py::type_error(
        fmt::format("action must be an int or a numpy integer in [0, {}) (an action id), got {} {}",
                    n, type_name(a), short_repr(a)));
  bool fits = true;
  const long long v = index_value(a, fits);
  if (!fits || v < 0 || v >= n)
    throw Error(fmt::format("action {} is outside [0, {}) (the action ids of {})", short_repr(a), n,
                            g.name()));
  return static_cast<Action>(v);
}

int player_id(const py::handle& p) {
  if (!is_integer(p))
    throw py::type_error(
        fmt::format("player must be an int (a seat, or a pyspiel PlayerId), got {} {}",
                    type_name(p), short_repr(p)));
  bool fits = true;
  const long long v = index_value(p, fits);
  if (!fits || v < -1000 || v > 1000)
    throw Error(fmt::format("player {} is not a seat", short_repr(p)));
  return static_cast<int>(v);
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
  // JSON text goes through the engine's strict reader (an Error naming the place); a dict
  // through json.dumps (a TypeError for what JSON cannot hold).
  if (!py::isinstance<py::str>(record) && !py::isinstance<py::dict>(record))
    throw py::type_error(
        fmt::format("record: expected a dict or its JSON text, got {}", type_name(record)));
  Record r = py::isinstance<py::str>(record) ? record_from_text(record.cast<std::string>())
                                             : record_from_json(py_to_json(record));
  ReplayResult res = replay_record(r);
  PyState s;
  s.state = std::move(res.state);
  s.history = std::move(res.actions);
  s.seed = r.seed;
  return s;
}

namespace {

Record record_struct(const PyState& s, const std::vector<std::string>& seats) {
  if (!s.has_history)
    throw Error("a resampled state has no record: its hidden history was re-dealt, not played");
  std::vector<std::string> names = seats;
  if (names.empty()) names.assign(static_cast<size_t>(s.state->num_players()), "python");
  if (static_cast<int>(names.size()) != s.state->num_players())
    throw Error(
        fmt::format("record: {} seat names for {} players", names.size(), s.state->num_players()));
  return make_record(s.state->game(), s.history, s.seed, names,
                     s.state->is_terminal() ? s.state.get() : nullptr);
}

}  // namespace

py::dict record_of(const PyState& s, const std::vector<std::string>& seats) {
  return json_to_py(record_to_json(record_struct(s, seats))).cast<py::dict>();
}

std::string record_text(const PyState& s) {
  return record_to_json(record_struct(s, {})).dump();
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
  const int n = players.is_none() ? e.info.min_players : player_id(players);
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
  // A value of the wrong type for an argument is a TypeError (pybind11 says RuntimeError).
  // pybind11's translator type takes the exception_ptr by value.
  // NOLINTNEXTLINE(performance-unnecessary-value-param)
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const py::cast_error& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    }
  });

  m.attr("CHANCE_PLAYER") = kPyChance;
  m.attr("TERMINAL_PLAYER") = kPyTerminal;
  m.attr("SPECTATOR") = kPySpectator;

  py::class_<Rng>(m, "Rng", "xoshiro256** generator (the engine's; same stream everywhere)")
      .def(py::init<std::uint64_t>(), py::arg("seed") = 0)
      .def("next", &Rng::next, "next 64-bit value")
      .def("below", &Rng::below, py::arg("n"), "uniform integer in [0, n)")
      .def("uniform", &Rng::uniform, "uniform float in [0, 1)")
      .def("__copy__", [](const Rng& r) { return r; })
      .def("__deepcopy__", [](const Rng& r, const py::object&) { return r; })
      // Pickles as its state's bytes (so a pickled environment keeps its place in the stream).
      .def(py::pickle(
          [](const Rng& r) {
            static_assert(std::is_trivially_copyable_v<Rng>);
            std::string bytes(sizeof(Rng), '\0');
            std::memcpy(bytes.data(), &r, sizeof(Rng));
            return py::bytes(bytes);
          },
          [](const py::bytes& b) {
            const std::string bytes = b;
            if (bytes.size() != sizeof(Rng)) throw Error("Rng: a pickled state has the wrong size");
            Rng r;
            std::memcpy(&r, bytes.data(), sizeof(Rng));
            return r;
          }));
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
      // pyspiel names. Every game's returns are 1 for each winner and 0 otherwise (a shared win
      // gives 1 to each winner), so utilities lie in [0, 1] and their sum is not constant.
      .def("max_utility", [](const PyGame&) { return 1.0; })
      .def("min_utility", [](const PyGame&) { return 0.0; })
      .def(
          "utility_sum", [](const PyGame&) { return py::none(); },
          "None: the games are general-sum (a shared win gives 1 to each winner)")
      .def("information_state_tensor_size", [](const PyGame& g) { return g.game->tensor_size(); })
      .def("observation_tensor_size", [](const PyGame& g) { return g.game->tensor_size(); })
      .def(
          "max_chance_outcomes", [](const PyGame& g) { return g.game->num_distinct_actions(); },
          "num_distinct_actions(): chance outcomes are action ids of the one action space, so "
          "every chance outcome id is below it")
      .def("max_move_number", [](const PyGame& g) { return g.game->max_game_length(); })
      .def(
          "deserialize_state",
          [](const PyGame& g, const py::object& text) {
            if (!py::isinstance<py::str>(text))
              throw py::type_error("deserialize_state: expected the text of State.serialize()");
            PyState s = state_from_record(text);
            const Game& h = s.state->game();
            if (h.name() != g.game->name() || h.num_players() != g.game->num_players() ||
                h.options().values() != g.game->options().values())
              throw Error(
                  fmt::format("deserialize_state: the text is a state of {} ({} players), "
                              "not of this game",
                              h.name(), h.num_players()));
            return s;
          },
          py::arg("text"), "the state State.serialize() wrote (replayed and checked)")
      .def("__str__",
           [](const PyGame& g) {
             // pyspiel's game string: load_game(str(game)) gives this game back.
             std::string o;
             for (const auto& [k, v] : g.game->options().values()) o += fmt::format("{}={},", k, v);
             return fmt::format("{}({}players={})", g.game->name(), o, g.game->num_players());
           })
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
