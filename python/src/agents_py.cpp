// Agents from Python: the project's agents (random, heuristic, ismcts:...) acting on a state, and
// Python callables as seats in simulate/tournament runs. A callable receives a Decision (the
// seat's legal actions, views, tensor and determinizations: never the state) and returns an
// action id or name.
#include <fmt/format.h>

#include <map>

#include "common.h"
#include "villainy/agents/agents.h"
#include "villainy/agents/tournament.h"
#include "villainy/core/agent.h"
#include "villainy/core/simulate.h"

namespace villainy::python {
namespace {

// What a Python callable sees; valid only during its call.
struct PyDecision {
  const DecisionContext* ctx = nullptr;
  Rng* rng = nullptr;
  const DecisionContext& get() const {
    if (!ctx) throw Error("a Decision is valid only while the callable that received it runs");
    return *ctx;
  }
};

class CallableAgent : public Agent {
 public:
  CallableAgent(py::object fn, std::string name) : fn_(std::move(fn)), name_(std::move(name)) {}
  ~CallableAgent() override {
    py::gil_scoped_acquire gil;
    fn_ = py::object();
  }
  Action act(const DecisionContext& ctx, Rng& rng) override {
    py::gil_scoped_acquire gil;
    auto d = std::make_shared<PyDecision>();
    d->ctx = &ctx;
    d->rng = &rng;
    py::object r;
    try {
      r = fn_(py::cast(d));
    } catch (...) {
      d->ctx = nullptr;
      throw;
    }
    d->ctx = nullptr;
    d->rng = nullptr;
    if (py::isinstance<py::str>(r)) {
      auto a = ctx.game().action_from_name(r.cast<std::string>());
      if (!a)
        throw Error(
            fmt::format("agent '{}' returned unknown action '{}'", name_, r.cast<std::string>()));
      return *a;
    }
    return action_id(ctx.game(), r);  // an int or numpy integer: a float is a TypeError
  }
  std::string name() const override { return name_; }

 private:
  py::object fn_;
  std::string name_;
};

// Callables of the run in progress, by name (spec "python:name=NAME"). Runs with callables are
// single-threaded and hold the GIL.
std::map<std::string, py::object>& callables() {
  static auto* m = new std::map<std::string, py::object>();  // never destroyed (interpreter exit)
  return *m;
}

struct Seats {
  std::vector<std::string> specs;
  bool has_python = false;
};

// Seat entries: an agent spec string, or a callable (named by its __name__ or by a
// (name, callable) pair).
Seats seat_specs(const py::list& seats) {
  Seats s;
  callables().clear();
  for (const auto& item : seats) {
    if (py::isinstance<py::str>(item)) {
      s.specs.push_back(item.cast<std::string>());
      continue;
    }
    py::object fn = py::reinterpret_borrow<py::object>(item);
    std::string name;
    if (py::isinstance<py::tuple>(item) && py::len(item) == 2) {
      name = py::str(item.cast<py::tuple>()[0]).cast<std::string>();
      fn = item.cast<py::tuple>()[1];
    } else {
      name = py::hasattr(fn, "__name__") ? fn.attr("__name__").cast<std::string>() : "callable";
    }
    if (!PyCallable_Check(fn.ptr()))
      throw Error(fmt::format("seat {}: expected an agent spec or a callable", s.specs.size()));
    for (char c : name)
      if (c == ':' || c == '=' || c == ',') c = '_';
    auto it = callables().find(name);
    if (it != callables().end() && !it->second.is(fn))
      throw Error(fmt::format("two different callables are both named '{}'", name));
    callables()[name] = fn;
    s.specs.push_back("python:name=" + name);
    s.has_python = true;
  }
  return s;
}

// Runs a simulate/tournament body for `s`: without the GIL when no seat is a Python callable,
// and forgets the run's callables afterwards, also when the run throws.
template <typename Run>
py::object run_seats(const Seats& s, Run run) {
  struct Forget {
    ~Forget() { callables().clear(); }
  } forget;
  nlohmann::json j;
  {
    std::unique_ptr<py::gil_scoped_release> release;
    if (!s.has_python) release = std::make_unique<py::gil_scoped_release>();
    j = run();
  }
  return json_to_py(j);
}

void register_python_agent() {
  register_agent(
      "python", "",
      [](const AgentSpec& spec, const Game&) -> std::unique_ptr<Agent> {
        spec.check_only({"name"});
        const std::string name = spec.get("name", "");
        auto it = callables().find(name);
        if (it == callables().end())
          throw Error(
              fmt::format("python agent '{}' exists only in runs started from Python "
                          "with that callable as a seat",
                          name));
        return std::make_unique<CallableAgent>(it->second, "python:" + name);
      },
      "a Python callable (runs started from Python only)");
}

struct PyAgent {
  std::unique_ptr<Agent> agent;
  Rng rng;
  std::vector<Action> legal;
};

}  // namespace

void bind_agents(py::module_& m) {
  register_python_agent();

  py::class_<PyDecision, std::shared_ptr<PyDecision>>(
      m, "Decision", "a seat's decision as an agent sees it (valid during the call only)")
      .def_property_readonly("player", [](const PyDecision& d) { return d.get().player(); })
      .def("legal_actions", [](const PyDecision& d) { return d.get().legal_actions(); })
      .def("legal_actions_mask",
           [](const PyDecision& d) {
             const auto& c = d.get();
             py::array_t<std::int8_t> arr(c.game().num_distinct_actions());
             std::int8_t* p = arr.mutable_data();
             std::fill(p, p + arr.shape(0), std::int8_t{0});
             for (Action a : c.legal_actions()) p[a] = 1;
             return arr;
           })
      .def("information_state_tensor",
           [](const PyDecision& d) {
             const auto& c = d.get();
             py::array_t<float> arr(c.game().tensor_size());
             c.view_tensor(std::span<float>(arr.mutable_data(), static_cast<size_t>(arr.shape(0))));
             return arr;
           })
      .def("view", [](const PyDecision& d) { return json_to_py(d.get().view_json()); })
      .def("view_text", [](const PyDecision& d) { return d.get().view_text(); })
      .def("game", [](const PyDecision& d) { return PyGame{d.get().game().shared_from_this()}; })
      .def(
          "sample_state",
          [](const PyDecision& d, std::uint64_t seed) {
            Rng rng(seed);
            PyState s;
            s.state = d.get().sample_state(rng);
            s.has_history = false;
            return s;
          },
          py::arg("seed"), "a determinization: a state the seat cannot tell from the real one")
      .def(
          "uniform",
          [](const PyDecision& d) {
            d.get();
            return d.rng->uniform();
          },
          "uniform [0, 1) from the seat's own generator (seeded by the run)")
      .def(
          "below",
          [](const PyDecision& d, std::uint32_t n) {
            d.get();
            if (n == 0) throw Error("below(0): n must be positive");
            return d.rng->below(n);
          },
          py::arg("n"));

  py::class_<PyAgent>(m, "Agent")
      .def("name", [](const PyAgent& a) { return a.agent->name(); })
      .def(
          "step",
          [](PyAgent& a, PyState& s) {
            const Player p = s.state->current_player();
            if (p < 0) throw Error("agent step: no seat decides here (chance or terminal)");
            s.state->legal_actions(a.legal);
            DecisionContext ctx(*s.state, a.legal);
            return a.agent->act(ctx, a.rng);
          },
          py::arg("state"),
          "the action the agent chooses for the seat to act (not applied); it sees only that "
          "seat's information");

  m.def(
      "make_agent",
      [](const std::string& spec, const PyGame& g, std::uint64_t seed) {
        PyAgent a{make_agent(spec, *g.game), Rng(seed), {}};
        return a;
      },
      py::arg("spec"), py::arg("game"), py::arg("seed") = 0,
      "an agent from a spec ('random', 'heuristic', 'ismcts:iterations=200', ...), with its own "
      "generator seeded by `seed`");
  m.def(
      "agents", [](const PyGame& g) { return available_agents(g.game->name()); }, py::arg("game"),
      "(name, description) of the agents available for a game");

  m.def(
      "simulate",
      [](const PyGame& g, const py::list& seats, std::uint64_t games, std::uint64_t seed,
         int threads) {
        Seats s = seat_specs(seats);
        SimulateConfig cfg;
        cfg.game = g.game;
        cfg.seats = s.specs;
        cfg.games = games;
        cfg.seed = seed;
        cfg.threads = s.has_python ? 1 : threads;
        return run_seats(s, [&] {
          return simulate(cfg, [](const std::string& spec,
                                  const Game& game) { return make_agent(spec, game); })
              .to_json();
        });
      },
      py::arg("game"), py::arg("seats"), py::arg("games") = 100, py::arg("seed") = 1,
      py::arg("threads") = 1,
      "villainy simulate: one seat entry per seat (a spec, a callable, or (name, callable)); the "
      "report as a dict. Runs with callables use one thread.");
  m.def(
      "tournament",
      [](const PyGame& g, const py::list& agents, std::uint64_t games, std::uint64_t seed,
         int threads) {
        Seats s = seat_specs(agents);
        TournamentConfig cfg;
        cfg.game = g.game;
        cfg.agents = s.specs;
        cfg.games = games;
        cfg.seed = seed;
        cfg.threads = s.has_python ? 1 : threads;
        return run_seats(s, [&] { return run_tournament(cfg).to_json(); });
      },
      py::arg("game"), py::arg("agents"), py::arg("games") = 100, py::arg("seed") = 1,
      py::arg("threads") = 1,
      "villainy tournament: agents rotated through the seats (specs, callables or (name, "
      "callable)); the result as a dict");
}

}  // namespace villainy::python
