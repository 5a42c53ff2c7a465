// Fixed work for instruction counts under callgrind (repeatable on a loaded machine, unlike wall
// clock): only the measured loop is collected (CALLGRIND_START/STOP_INSTRUMENTATION), and the
// program prints the work done, so Ir / work is instructions per random-playout action or per
// ISMCTS iteration. Run: valgrind --tool=callgrind --collect-atstart=no villainy_instruction_count
//   playout GAME PLAYERS GAMES      random playouts from the initial state
//   ismcts GAME PLAYERS MOVES       the game's default "ismcts" at decision states of random games
#include <fmt/format.h>
#include <valgrind/callgrind.h>

#include <cstdlib>
#include <string>

#include "villainy/agents/agents.h"
#include "villainy/agents/ismcts.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"

int main(int argc, char** argv) {
  using namespace villainy;
  if (argc != 5) {
    fmt::print(stderr, "usage: {} playout|ismcts GAME PLAYERS COUNT\n", argv[0]);
    return 2;
  }
  const std::string mode = argv[1];
  const int players = std::atoi(argv[3]), count = std::atoi(argv[4]);
  register_all_games();
  register_all_agents();
  auto game = load_game(argv[2], {}, players);
  Rng rng(12345);
  std::vector<Action> buffer;
  buffer.reserve(512);
  if (mode == "playout") {
    auto initial = game->new_initial_state();
    std::vector<std::unique_ptr<State>> states;
    for (int g = 0; g < count; ++g) states.push_back(initial->clone());
    long actions = 0;
    CALLGRIND_START_INSTRUMENTATION;
    for (auto& s : states) actions += random_playout(*s, rng, buffer);
    CALLGRIND_STOP_INSTRUMENTATION;
    fmt::print("{} {}/{}: {} playouts, {} actions\n", mode, argv[2], players, count, actions);
  } else if (mode == "ismcts") {
    auto states = random_decision_states(*game, count, 99, 20, 500);
    auto agent = make_agent("ismcts", *game);
    auto* is = dynamic_cast<IsmctsAgent*>(agent.get());
    long iterations = 0;
    // One move outside the measurement (buffers and tree grow to size).
    states[0]->legal_actions(buffer);
    (void)agent->act(DecisionContext(*states[0], buffer), rng);
    CALLGRIND_START_INSTRUMENTATION;
    for (auto& s : states) {
      s->legal_actions(buffer);
      DecisionContext ctx(*s, buffer);
      (void)agent->act(ctx, rng);
      iterations += is->last_stats().iterations;
    }
    CALLGRIND_STOP_INSTRUMENTATION;
    fmt::print("{} {}/{}: {} moves, {} iterations\n", mode, argv[2], players, states.size(),
               iterations);
  } else {
    fmt::print(stderr, "unknown mode {}\n", mode);
    return 2;
  }
  return 0;
}
