#include "villainy/core/runner.h"

#include <fmt/format.h>

namespace villainy {

RunResult run_game(const Game& game, const std::vector<Agent*>& seats, const RunOptions& opts,
                   const StepObserver& observer) {
  if (static_cast<int>(seats.size()) != game.num_players())
    throw Error(
        fmt::format("{} seats given for a {}-player game", seats.size(), game.num_players()));
  RunResult res;
  res.final_state = game.new_initial_state();
  State& s = *res.final_state;
  Rng chance(derive_seed(opts.seed, 0));
  std::vector<Rng> seat_rng;
  for (int k = 0; k < game.num_players(); ++k)
    seat_rng.emplace_back(derive_seed(opts.seed, static_cast<std::uint64_t>(k) + 1));
  std::vector<Action> legal;
  legal.reserve(64);
  const int limit = game.max_game_length();
  while (!s.is_terminal()) {
    if (res.num_actions >= limit)
      throw Error(fmt::format("{} did not end within its declared maximum of {} actions",
                              game.name(), limit));
    Player p = s.current_player();
    Action a;
    if (p == kChancePlayer) {
      a = s.sample_chance(chance);
    } else {
      s.legal_actions(legal);
      DecisionContext ctx(s, legal);
      a = seats[static_cast<size_t>(p)]->act(ctx, seat_rng[static_cast<size_t>(p)]);
      if (!std::binary_search(legal.begin(), legal.end(), a))
        throw Error(fmt::format(
            "agent '{}' in seat {} chose an illegal action ({})",
            seats[static_cast<size_t>(p)]->name(), p,
            a >= 0 && a < game.num_distinct_actions() ? game.action_name(a) : std::to_string(a)));
    }
    s.apply_unchecked(a);
    ++res.num_actions;
    if (opts.keep_actions) res.actions.push_back(a);
    if (observer) observer(s, a, p);
  }
  return res;
}

int random_playout(State& state, Rng& rng, std::vector<Action>& buffer) {
  int n = 0;
  for (;;) {
    Player p = state.current_player();
    if (p == kTerminalPlayer) return n;
    Action a;
    if (p == kChancePlayer) {
      a = state.sample_chance(rng);
    } else {
      state.legal_actions(buffer);
      a = buffer[rng.below(static_cast<std::uint32_t>(buffer.size()))];
    }
    state.apply_unchecked(a);
    ++n;
  }
}

std::vector<std::unique_ptr<State>> random_decision_states(const Game& game, int count,
                                                           std::uint64_t seed, int min_steps,
                                                           int extra_steps) {
  std::vector<std::unique_ptr<State>> out;
  Rng rng(seed);
  std::vector<Action> buf;
  while (static_cast<int>(out.size()) < count) {
    auto s = game.new_initial_state();
    const int target =
        min_steps + static_cast<int>(rng.below(static_cast<std::uint32_t>(extra_steps)));
    for (int step = 0; !s->is_terminal() && step < target; ++step) {
      if (s->is_chance()) {
        s->apply_unchecked(s->sample_chance(rng));
      } else {
        s->legal_actions(buf);
        s->apply_unchecked(buf[rng.below(static_cast<std::uint32_t>(buf.size()))]);
      }
    }
    if (s->is_terminal() || s->is_chance()) continue;
    s->legal_actions(buf);
    if (buf.size() >= 2) out.push_back(std::move(s));
  }
  return out;
}

}  // namespace villainy
