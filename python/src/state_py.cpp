// State bindings, pyspiel-style: current_player (chance -1, terminal -4), legal actions and mask,
// apply_action, chance, returns, tensors (float32, written in place), views, resampling, history,
// records and pickling through the record.
#include <fmt/format.h>

#include <span>

#include "common.h"
#include "villainy/core/record.h"

namespace villainy::python {
namespace {

void apply_checked(PyState& s, Action a) {
  s.state->apply(a);  // throws Error (state unchanged) on an illegal action
  if (s.has_history) s.history.push_back(a);
}

PyState copy_of(const PyState& s) {
  PyState c;
  c.state = s.state->clone();
  c.history = s.history;
  c.has_history = s.has_history;
  c.seed = s.seed;
  return c;
}

Action action_arg(const State& s, const py::object& a) {
  if (py::isinstance<py::str>(a)) {
    const std::string name = a.cast<std::string>();
    auto id = s.game().action_from_name(name);
    if (!id) throw Error(fmt::format("{}: no action named '{}'", s.game().name(), name));
    return *id;
  }
  return action_id(s.game(), a);
}

// The state after replaying `actions` from the initial state (for undo and full_history).
std::unique_ptr<State> replayed(const State& s, std::span<const Action> actions,
                                std::vector<Player>* players) {
  auto r = s.game().new_initial_state();
  for (Action a : actions) {
    if (players != nullptr) players->push_back(to_py_player(r->current_player()));
    r->apply_unchecked(a);
  }
  return r;
}

const std::vector<Action>& history_of(const PyState& s) {
  if (!s.has_history)
    throw Error("a resampled state has no history: its hidden cards were re-dealt");
  return s.history;
}

std::vector<double> rewards_of(const PyState& s) {
  // Rewards come at the end only (RewardModel.TERMINAL): the returns once terminal.
  if (!s.state->is_terminal())
    return std::vector<double>(static_cast<size_t>(s.state->num_players()), 0.0);
  return s.state->returns();
}

// A seed from a pyspiel probability sampler (a callable giving floats in [0, 1)), or an int.
std::uint64_t sampler_seed(const py::object& sampler) {
  if (py::isinstance<py::int_>(sampler) && !PyBool_Check(sampler.ptr()))
    return sampler.cast<std::uint64_t>();
  if (!PyCallable_Check(sampler.ptr()))
    throw py::type_error("probability_sampler: expected a callable giving floats in [0, 1)");
  std::uint64_t seed = 0;
  for (int k = 0; k < 2; ++k) {
    const double u = sampler().cast<double>();
    if (!(u >= 0.0 && u < 1.0))
      throw Error(fmt::format("probability_sampler gave {}, outside [0, 1)", u));
    seed = seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(u * 9007199254740992.0);
  }
  return seed;
}

// pyspiel's names (docs/python.md, "pyspiel compatibility").
void bind_pyspiel_state(py::class_<PyState>& cls) {
  cls.def("is_simultaneous_node", [](const PyState&) { return false; })
      .def("is_mean_field_node", [](const PyState&) { return false; })
      .def("is_initial_state", [](const PyState& s) { return s.has_history && s.history.empty(); })
      .def("rewards", &rewards_of,
           "the rewards of the last action: the returns when terminal, else 0")
      .def(
          "player_reward",
          [](const PyState& s, const py::object& p) {
            return rewards_of(s).at(static_cast<size_t>(viewer_arg(*s.state, p)));
          },
          py::arg("player"))
      .def(
          "player_return",
          [](const PyState& s, const py::object& p) {
            const Player v = viewer_arg(*s.state, p);
            if (v < 0) throw Error("player_return: expected a seat");
            if (!s.state->is_terminal()) return 0.0;
            return s.state->returns().at(static_cast<size_t>(v));
          },
          py::arg("player"))
      .def(
          "observation_string",
          [](const PyState& s, const py::object& p) {
            return s.state->information_state_string(viewer_arg(*s.state, p));
          },
          py::arg("player") = py::none(),
          "same as information_state_string (views have perfect recall)")
      .def(
          "child",
          [](const PyState& s, const py::object& a) {
            PyState c = copy_of(s);
            apply_checked(c, action_arg(*c.state, a));
            return c;
          },
          py::arg("action"), "a new state: this one after `action` (this one is unchanged)")
      .def(
          "apply_actions",
          [](const PyState&, const py::object&) {
            throw Error(
                "apply_actions: not a simultaneous node (every villainy game is sequential)");
          },
          py::arg("actions"))
      .def(
          "undo_action",
          [](PyState& s, const py::object& player, const py::object& action) {
            const auto& h = history_of(s);
            if (h.empty()) throw Error("undo_action: no action to undo");
            const Action a = action_id(s.state->game(), action);
            std::vector<Player> players;
            auto before = replayed(*s.state, std::span(h).first(h.size() - 1), &players);
            const int p = player_id(player);
            if (h.back() != a || to_py_player(before->current_player()) != p)
              throw Error(
                  fmt::format("undo_action: the last action was {} by player {}, not {} by {}",
                              h.back(), to_py_player(before->current_player()), a, p));
            s.state = std::move(before);
            s.history.pop_back();
          },
          py::arg("player"), py::arg("action"),
          "undoes the last action (given as pyspiel does, with its player); the state is rebuilt "
          "from its history")
      .def("history_str",
           [](const PyState& s) {
             std::string r;
             for (Action a : history_of(s)) r += (r.empty() ? "" : ", ") + std::to_string(a);
             return r;
           })
      .def(
          "full_history",
          [](const PyState& s) {
            const auto& h = history_of(s);
            std::vector<Player> players;
            replayed(*s.state, h, &players);
            py::list out;
            static auto* make =
                new py::object(py::module_::import("villainy.pyspiel").attr("PlayerAction"));
            for (size_t i = 0; i < h.size(); ++i) out.append((*make)(players[i], h[i]));
            return out;
          },
          "[PlayerAction(player, action)] of every action, chance (-1) included")
      .def(
          "serialize", [](const PyState& s) { return record_text(s); },
          "the state as text (its record's JSON: Game.deserialize_state reads it back, replaying "
          "and checking every action)")
      .def(
          "resample_from_infostate",
          [](const PyState& s, const py::object& p, const py::object& sampler) {
            Rng rng(sampler_seed(sampler));
            PyState r;
            r.state = s.state->resample(viewer_arg(*s.state, p), rng);
            r.has_history = false;
            return r;
          },
          py::arg("player_id"), py::arg("probability_sampler"),
          "pyspiel's resample: a state `player_id` cannot tell from this one, hidden cards "
          "re-dealt "
          "from the sampler (a callable giving floats in [0, 1), or an int seed)");
}

}  // namespace

void bind_state(py::module_& m) {
  py::class_<PyState> cls(m, "State");
  bind_pyspiel_state(cls);
  cls.def("current_player",
          [](const PyState& s) { return to_py_player(s.state->current_player()); })
      .def("is_chance_node", [](const PyState& s) { return s.state->is_chance(); })
      .def("is_terminal", [](const PyState& s) { return s.state->is_terminal(); })
      .def("is_player_node", [](const PyState& s) { return s.state->current_player() >= 0; })
      .def("num_players", [](const PyState& s) { return s.state->num_players(); })
      .def("get_game", [](const PyState& s) { return PyGame{s.state->game_ptr()}; })
      .def(
          "legal_actions",
          [](PyState& s, const py::object& player) {
            if (s.state->is_terminal()) return std::vector<Action>{};
            if (!player.is_none() && player_id(player) != to_py_player(s.state->current_player()))
              return std::vector<Action>{};
            s.state->legal_actions(s.legal);
            return s.legal;
          },
          py::arg("player") = py::none(),
          "legal actions, ascending (chance outcomes at a chance node; [] when terminal or when "
          "`player` is not the one to act)")
      .def(
          "legal_actions_mask", [](PyState& s) { return mask_array(*s.state, s.legal); },
          "int8 array of num_distinct_actions: 1 for a legal action")
      .def(
          "apply_action",
          [](PyState& s, const py::object& a) { apply_checked(s, action_arg(*s.state, a)); },
          py::arg("action"),
          "applies a legal action (an id or its name); an illegal one raises villainy.Error "
          "and changes nothing")
      .def("chance_outcomes",
           [](const PyState& s) {
             if (!s.state->is_chance()) throw Error("chance_outcomes: not a chance node");
             std::vector<ChanceOutcome> out;
             s.state->chance_outcomes(out);
             std::vector<std::pair<Action, double>> r;
             r.reserve(out.size());
             for (const auto& o : out) r.emplace_back(o.action, o.probability);
             return r;
           })
      .def(
          "sample_chance",
          [](const PyState& s, Rng& rng) {
            if (!s.state->is_chance()) throw Error("sample_chance: not a chance node");
            return s.state->sample_chance(rng);
          },
          py::arg("rng"), "a chance outcome drawn with villainy.Rng `rng` (not applied)")
      .def("returns",
           [](const PyState& s) {
             if (!s.state->is_terminal())
               return std::vector<double>(static_cast<size_t>(s.state->num_players()), 0.0);
             return s.state->returns();
           })
      .def("winners",
           [](const PyState& s) {
             if (!s.state->is_terminal()) throw Error("winners: the game is not over");
             return s.state->winners();
           })
      .def("outcome",
           [](const PyState& s) {
             if (!s.state->is_terminal()) throw Error("outcome: the game is not over");
             return json_to_py(s.state->outcome());
           })
      .def(
          "information_state_tensor",
          [](const PyState& s, const py::object& p, const py::object& out) {
            return tensor_array(*s.state, viewer_arg(*s.state, p), out);
          },
          py::arg("player") = py::none(), py::arg("out") = py::none(),
          "the viewer's tensor (float32, shape tensor_shape); written in place into `out` when "
          "given")
      .def(
          "observation_tensor",
          [](const PyState& s, const py::object& p, const py::object& out) {
            return tensor_array(*s.state, viewer_arg(*s.state, p), out);
          },
          py::arg("player") = py::none(), py::arg("out") = py::none(),
          "same as information_state_tensor (views have perfect recall)")
      .def(
          "information_state_string",
          [](const PyState& s, const py::object& p) {
            return s.state->information_state_string(viewer_arg(*s.state, p));
          },
          py::arg("player") = py::none(),
          "the viewer's information state as text (by default its JSON view, canonical: sorted "
          "keys, no spaces): equal exactly when the viewer's information is")
      .def(
          "information_state_key",
          [](const PyState& s, const py::object& p) {
            return s.state->information_state_key(viewer_arg(*s.state, p));
          },
          py::arg("player") = py::none(),
          "a 64-bit hash of the viewer's information state: equal exactly when the viewer cannot "
          "tell two states apart (a resample keeps it)")
      .def(
          "action_observation",
          [](const PyState& s, Action a, const py::object& p) {
            if (!s.state->is_legal(a))
              throw Error(fmt::format("action_observation: {} is not legal here", a));
            return s.state->action_observation(a, viewer_arg(*s.state, p));
          },
          py::arg("action"), py::arg("player") = py::none(),
          "what the legal action `action` looks like to the viewer: equal for two actions exactly "
          "when the viewer cannot tell them apart")
      .def(
          "view",
          [](const PyState& s, const py::object& p) {
            return json_to_py(s.state->view_json(viewer_arg(*s.state, p)));
          },
          py::arg("player") = py::none(), "the viewer's JSON view as a dict")
      .def(
          "view_text",
          [](const PyState& s, const py::object& p) {
            return s.state->view_text(viewer_arg(*s.state, p));
          },
          py::arg("player") = py::none())
      .def(
          "describe_action",
          [](const PyState& s, Action a, const py::object& p) {
            if (!s.state->is_legal(a))
              throw Error(fmt::format("describe_action: {} is not legal here", a));
            return s.state->describe_action(a, viewer_arg(*s.state, p));
          },
          py::arg("action"), py::arg("player") = py::none(),
          "how the legal action `action` looks to the viewer")
      .def(
          "action_to_string",
          [](const PyState& s, const py::object& a, const py::object& b) {
            // pyspiel's two forms: action_to_string(action) and action_to_string(player, action)
            if (!b.is_none()) player_id(a);
            return s.state->game().action_name(action_id(s.state->game(), b.is_none() ? a : b));
          },
          py::arg("action"), py::arg("action2") = py::none())
      .def(
          "string_to_action",
          [](const PyState& s, const py::object& a, const py::object& b) {
            return action_arg(*s.state, b.is_none() ? a : b);
          },
          py::arg("name"), py::arg("name2") = py::none())
      .def(
          "_observation",
          [](PyState& s, Player p) {
            // The AEC env's observe(): tensor and mask (zeros unless p is to act) in one call.
            py::dict d;
            d["observation"] = tensor_array(*s.state, p, py::none());
            if (s.state->current_player() == p) {
              d["action_mask"] = mask_array(*s.state, s.legal);
            } else {
              py::array_t<std::int8_t> z(s.state->game().num_distinct_actions());
              std::fill(z.mutable_data(), z.mutable_data() + z.shape(0), std::int8_t{0});
              d["action_mask"] = z;
            }
            return d;
          },
          py::arg("player"))
      .def(
          "_apply_and_sample_chance",
          [](PyState& s, const py::object& a, Rng& rng) {
            // The AEC env's step(): a checked action, then chance sampled until a seat decides
            // or the game ends; returns current_player().
            apply_checked(s, action_id(s.state->game(), a));
            while (s.state->is_chance()) {
              const Action c = s.state->sample_chance(rng);
              s.state->apply_unchecked(c);
              if (s.has_history) s.history.push_back(c);
            }
            return to_py_player(s.state->current_player());
          },
          py::arg("action"), py::arg("rng"))
      .def("clone", [](const PyState& s) { return copy_of(s); })
      .def("__copy__", [](const PyState& s) { return copy_of(s); })
      .def("__deepcopy__", [](const PyState& s, const py::object&) { return copy_of(s); })
      .def(
          "resample",
          [](const PyState& s, const py::object& p, std::uint64_t seed) {
            Rng rng(seed);
            PyState r;
            r.state = s.state->resample(viewer_arg(*s.state, p), rng);
            r.has_history = false;
            return r;
          },
          py::arg("player"), py::arg("seed") = 0,
          "a state `player` cannot tell from this one, hidden information re-dealt with "
          "Rng(seed); it has no history or record")
      .def("history", [](const PyState& s) { return history_of(s); })

      .def("move_number", [](const PyState& s) { return s.history.size(); })
      .def("fingerprint", [](const PyState& s) { return s.state->fingerprint(); })
      .def(
          "record",
          [](const PyState& s, const std::vector<std::string>& seats) {
            return record_of(s, seats);
          },
          py::arg("seats") = std::vector<std::string>{},
          "the game so far as a villainy record (dict; see docs/engine.md)")
      .def("__str__", [](const PyState& s) { return s.state->view_text(kSpectator); })
      .def("__repr__",
           [](const PyState& s) {
             return fmt::format("<villainy.State {} players={} moves={} to_act={}>",
                                s.state->game().name(), s.state->num_players(), s.history.size(),
                                to_py_player(s.state->current_player()));
           })
      .def(py::pickle([](const PyState& s) { return record_of(s, {}); },
                      [](const py::dict& d) { return state_from_record(d); }));
}

}  // namespace villainy::python
