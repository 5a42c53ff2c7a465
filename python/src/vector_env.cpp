// The batched environment: N games stepped together in C++ from a numpy array of actions, with
// stacked observations and masks and automatic reset. Seats are either controlled from Python
// (their decisions are returned) or played inside the environment by an agent spec; chance is
// sampled inside from the seed. Game k of slot i is seeded derive_seed(derive_seed(seed, i), k).
#include <fmt/format.h>

#include "common.h"
#include "villainy/agents/agents.h"
#include "villainy/core/agent.h"

namespace villainy::python {
namespace {

class VectorEnv {
 public:
  VectorEnv(const PyGame& g, int num_envs, std::uint64_t seed,
            const std::vector<std::string>& agents)
      : game_(g.game), n_(num_envs), seed_(seed) {
    if (num_envs <= 0) throw Error(fmt::format("num_envs {} must be positive", num_envs));
    const int p = game_->num_players();
    if (!agents.empty() && static_cast<int>(agents.size()) != p)
      throw Error(fmt::format("agents: {} entries for {} players (one per seat; \"\" = Python)",
                              agents.size(), p));
    specs_ = agents.empty() ? std::vector<std::string>(static_cast<size_t>(p)) : agents;
    bool any_python = false;
    for (const auto& s : specs_) any_python = any_python || s.empty();
    if (!any_python) throw Error("agents: at least one seat must be controlled from Python (\"\")");
    t_ = game_->tensor_size();
    a_ = game_->num_distinct_actions();
    obs_ = py::array_t<float>({static_cast<py::ssize_t>(n_), static_cast<py::ssize_t>(t_)});
    mask_ = py::array_t<std::int8_t>({static_cast<py::ssize_t>(n_), static_cast<py::ssize_t>(a_)});
    player_ = py::array_t<std::int32_t>(n_);
    rewards_ = py::array_t<float>({static_cast<py::ssize_t>(n_), static_cast<py::ssize_t>(p)});
    dones_ = py::array_t<bool>(n_);
    slots_.resize(static_cast<size_t>(n_));
    for (auto& s : slots_) {
      for (int q = 0; q < p; ++q)
        s.agents.push_back(specs_[static_cast<size_t>(q)].empty()
                               ? nullptr
                               : make_agent(specs_[static_cast<size_t>(q)], *game_));
      s.agent_rngs.resize(static_cast<size_t>(p));
    }
    reset_all(seed);
  }

  py::tuple reset(const py::object& seed) {
    if (!seed.is_none()) seed_ = seed.cast<std::uint64_t>();
    {
      py::gil_scoped_release release;
      reset_all(seed_);
    }
    return py::make_tuple(obs_, mask_, player_);
  }

  py::tuple step(const py::object& actions_in) {
    // Integer ids only: an array of floats, bools or strings is a TypeError, not truncated.
    if (!py::isinstance<py::array>(actions_in) && !py::isinstance<py::list>(actions_in) &&
        !py::isinstance<py::tuple>(actions_in))
      throw py::type_error(fmt::format(
          "step: expected an integer array of {} actions, got {}", n_,
          py::str(py::type::handle_of(actions_in).attr("__name__")).cast<std::string>()));
    const auto any = py::array::ensure(actions_in);
    if (!any) throw py::error_already_set();
    const char kind = any.dtype().kind();
    if (kind != 'i' && kind != 'u')
      throw py::type_error(fmt::format(
          "step: actions must be integers (action ids in [0, {})), got an array of dtype {}", a_,
          py::str(any.dtype()).cast<std::string>()));
    const auto actions = py::array_t<std::int64_t, py::array::forcecast>::ensure(any);
    if (actions.ndim() != 1 || actions.shape(0) != n_)
      throw Error(fmt::format("step: expected {} actions, got shape {}", n_,
                              actions.ndim() == 1
                                  ? fmt::format("({},)", actions.shape(0))
                                  : fmt::format("of {} dimensions", actions.ndim())));
    const std::int64_t* act = actions.data();
    // Check every action first, so that a bad one changes nothing.
    for (int i = 0; i < n_; ++i) {
      const std::int64_t a = act[i];
      const Slot& s = slots_[static_cast<size_t>(i)];
      if (a < 0 || a >= a_ || !s.state->is_legal(static_cast<Action>(a)))
        throw Error(fmt::format("step: action {} of env {} is not legal for seat {} (legal: {})", a,
                                i, s.state->current_player(), legal_names(s)));
    }
    {
      py::gil_scoped_release release;
      float* rw = rewards_.mutable_data();
      bool* dn = dones_.mutable_data();
      const int p = game_->num_players();
      std::fill(rw, rw + static_cast<std::ptrdiff_t>(n_) * p, 0.0f);
      for (int i = 0; i < n_; ++i) {
        Slot& s = slots_[static_cast<size_t>(i)];
        s.state->apply_unchecked(static_cast<Action>(act[i]));
        ++steps_;
        advance(s);
        dn[i] = s.state->is_terminal();
        if (dn[i]) {
          const auto r = s.state->returns();
          for (int q = 0; q < p; ++q) rw[i * p + q] = static_cast<float>(r[static_cast<size_t>(q)]);
          ++episodes_;
          new_game(s, i);
        }
        write(s, i);
      }
    }
    return py::make_tuple(obs_, mask_, player_, rewards_, dones_);
  }

  // Uniform random legal actions for every env (for baselines and benchmarks), from `rng`.
  py::array_t<std::int64_t> random_actions(Rng& rng) {
    py::array_t<std::int64_t> out(n_);
    std::int64_t* o = out.mutable_data();
    for (int i = 0; i < n_; ++i) {
      Slot& s = slots_[static_cast<size_t>(i)];
      s.state->legal_actions(s.legal);
      o[i] = s.legal[rng.below(static_cast<std::uint32_t>(s.legal.size()))];
    }
    return out;
  }

  int num_envs() const { return n_; }
  std::uint64_t steps() const { return steps_; }
  std::uint64_t episodes() const { return episodes_; }
  PyGame game() const { return PyGame{game_}; }
  PyState state(int i) const {
    if (i < 0 || i >= n_) throw Error(fmt::format("state: env {} is outside [0, {})", i, n_));
    PyState s;
    s.state = slots_[static_cast<size_t>(i)].state->clone();
    s.has_history = false;
    return s;
  }

 private:
  struct Slot {
    std::unique_ptr<State> state;
    Rng chance;
    std::uint64_t game_index = 0;
    std::vector<std::unique_ptr<Agent>> agents;
    std::vector<Rng> agent_rngs;
    std::vector<Action> legal;
  };

  std::string legal_names(const Slot& s) const {
    std::vector<Action> l;
    if (!s.state->is_terminal()) s.state->legal_actions(l);
    std::string out;
    for (size_t k = 0; k < l.size() && k < 12; ++k)
      out += (k ? ", " : "") + fmt::format("{} {}", l[k], game_->action_name(l[k]));
    if (l.size() > 12) out += ", ...";
    return out;
  }

  void reset_all(std::uint64_t seed) {
    seed_ = seed;
    for (int i = 0; i < n_; ++i) {
      Slot& s = slots_[static_cast<size_t>(i)];
      s.game_index = 0;
      new_game(s, i);
      write(s, i);
    }
    std::fill(rewards_.mutable_data(), rewards_.mutable_data() + rewards_.size(), 0.0f);
    std::fill(dones_.mutable_data(), dones_.mutable_data() + dones_.size(), false);
  }

  void new_game(Slot& s, int i) {
    const std::uint64_t gseed =
        derive_seed(derive_seed(seed_, static_cast<std::uint64_t>(i)), s.game_index++);
    s.state = game_->new_initial_state();
    s.chance.reseed(derive_seed(gseed, 0));
    for (size_t q = 0; q < s.agent_rngs.size(); ++q)
      s.agent_rngs[q].reseed(derive_seed(gseed, q + 1));
    advance(s);
  }

  // Plays chance and the environment's own seats until a Python seat decides or the game ends.
  void advance(Slot& s) {
    for (;;) {
      const Player p = s.state->current_player();
      if (p == kTerminalPlayer) return;
      if (p == kChancePlayer) {
        s.state->apply_unchecked(s.state->sample_chance(s.chance));
        continue;
      }
      Agent* ag = s.agents[static_cast<size_t>(p)].get();
      if (!ag) return;
      s.state->legal_actions(s.legal);
      DecisionContext ctx(*s.state, s.legal);
      const Action a = ag->act(ctx, s.agent_rngs[static_cast<size_t>(p)]);
      if (!s.state->is_legal(a))
        throw Error(fmt::format("agent {} returned illegal action {}", ag->name(), a));
      s.state->apply_unchecked(a);
    }
  }

  void write(Slot& s, int i) {
    const Player p = s.state->current_player();
    player_.mutable_data()[i] = p;
    s.state->view_tensor(p,
                         std::span<float>(obs_.mutable_data() + static_cast<std::ptrdiff_t>(i) * t_,
                                          static_cast<size_t>(t_)));
    std::int8_t* m = mask_.mutable_data() + static_cast<std::ptrdiff_t>(i) * a_;
    std::fill(m, m + a_, std::int8_t{0});
    s.state->legal_actions(s.legal);
    for (Action a : s.legal) m[a] = 1;
  }

  std::shared_ptr<const Game> game_;
  int n_;
  std::uint64_t seed_;
  std::vector<std::string> specs_;
  int t_ = 0, a_ = 0;
  py::array_t<float> obs_;
  py::array_t<std::int8_t> mask_;
  py::array_t<std::int32_t> player_;
  py::array_t<float> rewards_;
  py::array_t<bool> dones_;
  std::vector<Slot> slots_;
  std::uint64_t steps_ = 0, episodes_ = 0;
};

}  // namespace

void bind_vector_env(py::module_& m) {
  py::class_<VectorEnv>(m, "VectorEnv",
                        "N games stepped together in C++ (see docs/python.md, Batched)")
      .def(py::init<const PyGame&, int, std::uint64_t, const std::vector<std::string>&>(),
           py::arg("game"), py::arg("num_envs"), py::arg("seed") = 0,
           py::arg("agents") = std::vector<std::string>{})
      .def("reset", &VectorEnv::reset, py::arg("seed") = py::none(),
           "restarts every env; returns (obs, mask, player)")
      .def("step", &VectorEnv::step, py::arg("actions"),
           "one action per env for its seat to act; returns (obs, mask, player, rewards, "
           "dones). A finished game's returns are in rewards and dones, and the slot already "
           "shows the next game. The arrays are the env's own, overwritten by the next call.")
      .def("random_actions", &VectorEnv::random_actions, py::arg("rng"))
      .def_property_readonly("num_envs", &VectorEnv::num_envs)
      .def_property_readonly("steps", &VectorEnv::steps)
      .def_property_readonly("episodes", &VectorEnv::episodes)
      .def("game", &VectorEnv::game)
      .def("state", &VectorEnv::state, py::arg("index"),
           "a copy of env `index`'s full state (for debugging: it holds hidden information)");
}

}  // namespace villainy::python
