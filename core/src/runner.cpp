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

}  // namespace villainy
