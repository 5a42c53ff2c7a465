#include "villainy/core/game.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "villainy/core/agent.h"
#include "villainy/core/fingerprint.h"

namespace villainy {

Game::Game(const GameInfo& info, Options options, int num_players)
    : info_(info), options_(std::move(options)), num_players_(num_players) {}

const TensorLayout& Game::tensor_layout() const {
  std::call_once(layout_once_, [&] {
    default_layout_.add("tensor", tensor_size(), "the game's view tensor (no named layout)");
  });
  return default_layout_;
}

std::optional<Action> Game::action_from_name(std::string_view name) const {
  std::call_once(names_once_, [this] {
    const int n = num_distinct_actions();
    names_.reserve(static_cast<size_t>(n));
    for (Action a = 0; a < n; ++a) names_.emplace(action_name(a), a);
  });
  auto it = names_.find(std::string(name));
  if (it == names_.end()) return std::nullopt;
  return it->second;
}

std::vector<Action> State::legal_actions() const {
  std::vector<Action> out;
  legal_actions(out);
  return out;
}

Action State::sample_chance(Rng& rng) const {
  std::vector<ChanceOutcome> outcomes;
  chance_outcomes(outcomes);
  if (outcomes.empty()) throw Error("sample_chance: not a chance node");
  double r = rng.uniform();
  for (const auto& o : outcomes) {
    r -= o.probability;
    if (r < 0) return o.action;
  }
  return outcomes.back().action;
}

bool State::is_legal(Action a) const {
  if (is_terminal()) return false;
  std::vector<Action> legal;
  legal_actions(legal);
  return std::binary_search(legal.begin(), legal.end(), a);
}

void State::apply(Action a) {
  if (is_terminal()) throw Error("the game is over: no action can be applied");
  if (a < 0 || a >= game().num_distinct_actions())
    throw Error(
        fmt::format("action id {} is out of range [0, {})", a, game().num_distinct_actions()));
  if (!is_legal(a)) throw Error(fmt::format("action '{}' is not legal now", game().action_name(a)));
  apply_unchecked(a);
}

std::string State::information_state_string(Player viewer) const {
  return view_json(viewer).dump();
}

std::uint64_t State::information_state_key(Player viewer) const {
  return Fingerprint()
      .add(current_player())
      .add(std::string_view(information_state_string(viewer)))
      .value();
}

std::string State::describe_action(Action a, Player viewer) const {
  if (!narrates()) return game().action_name(a);
  RenderContext ctx;
  ctx.viewer = viewer;
  return game().catalogue().render(action_event(a, viewer), ctx);
}

Event State::action_event(Action a, Player viewer) const {
  if (narrates())
    throw Error(
        fmt::format("game '{}' narrates but does not override action_event", game().name()));
  return Event{"core.text", {{"text", describe_action(a, viewer)}}};
}

std::vector<std::vector<Event>> State::apply_narrated(Action a, std::span<const Player> viewers) {
  std::vector<Narrator> narrators;
  narrators.reserve(viewers.size());
  for (Player v : viewers) narrators.emplace_back(v);
  // The action as each viewer sees it, from the state before it is applied (an illegal action
  // throws here or in apply() below, before anything changes).
  if (a >= 0 && a < game().num_distinct_actions() && is_legal(a))
    for (Narrator& n : narrators)
      n.say(narrates() ? action_event(a, n.viewer())
                       : Event{"core.text", {{"text", describe_action(a, n.viewer())}}});
  struct Reset {
    std::vector<Narrator>*& slot;
    ~Reset() { slot = nullptr; }
  } reset{narrators_};
  narrators_ = narrates() ? &narrators : nullptr;
  apply(a);
  std::vector<std::vector<Event>> out;
  out.reserve(narrators.size());
  for (Narrator& n : narrators) out.push_back(n.take());
  return out;
}

std::vector<Event> State::apply_narrated(Action a, Player viewer) {
  const Player viewers[] = {viewer};
  return std::move(apply_narrated(a, viewers).front());
}

void legal_action_mask(const State& state, std::span<float> out) {
  std::fill(out.begin(), out.end(), 0.0f);
  std::vector<Action> legal;
  state.legal_actions(legal);
  for (Action a : legal) out[static_cast<size_t>(a)] = 1.0f;
}

nlohmann::json decision_options_json(const State& state, Player viewer) {
  nlohmann::json opts = nlohmann::json::array();
  if (viewer < 0 || state.current_player() != viewer) return opts;
  std::vector<Action> legal;
  state.legal_actions(legal);
  for (Action a : legal) {
    nlohmann::json o = {{"id", a},
                        {"name", state.game().action_name(a)},
                        {"text", state.describe_action(a, viewer)}};
    if (state.narrates()) {
      o["event"] = state.action_event(a, viewer);
      if (state.ends_turn(a)) o["ends_turn"] = true;
    }
    opts.push_back(std::move(o));
  }
  return opts;
}

nlohmann::json DecisionContext::view_json() const {
  return state_->view_json(player());
}

}  // namespace villainy
