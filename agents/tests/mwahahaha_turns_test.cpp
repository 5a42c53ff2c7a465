// Mwahahaha! D6: no cap on the actions of a Creation turn may cut a legal turn short in real play.
// Plays seeded games with random and heuristic seats (2–5 players, default options and
// attacks=many / trade-window=open), and at every Creation main decision checks that the turn
// player is offered more than end-turn whenever the rules allow another action (MW-7…MW-15: a
// hand with a convertible card, tokens to invest). Prints the longest Creation turn seen and how
// many turns went past 40 actions (the old guard), the figures quoted in docs/rules/mwahahaha.md.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "invariants.h"
#include "mwahahaha/mwahahaha.h"
#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"

namespace villainy::mwahahaha {
namespace {

struct TurnStats {
  long turns = 0, over40 = 0, cut = 0;
  int longest = 0;
};

// Plays one game; counts the main actions of every Creation turn (the engine's turn_actions).
void play(const std::string& seats, int n, const std::map<std::string, std::string>& opts,
          std::uint64_t seed, TurnStats& ts) {
  auto g = load_game("mwahahaha", opts, n);
  std::vector<std::unique_ptr<Agent>> agents;
  for (int p = 0; p < n; ++p) agents.push_back(make_agent(seats, *g));
  auto st = g->new_initial_state();
  Rng rng(seed), chance_rng(seed ^ 0x9e3779b97f4a7c15ULL);
  std::vector<Action> legal;
  while (!st->is_terminal()) {
    if (st->is_chance()) {
      st->apply(st->sample_chance(chance_rng));
      continue;
    }
    const auto& ms = static_cast<const MwahahahaState&>(*st);
    st->legal_actions(legal);
    const Player p = st->current_player();
    if (ms.stage() == Stage::kCreation) {
      const Seat& s = ms.seat(p);
      // A legal action exists besides end-turn when a token can be invested (MW-11).
      const bool more = s.device >= 0 && s.stock_total() > 0;
      if (more && legal.size() == 1) ++ts.cut;
    }
    DecisionContext ctx(*st, legal);
    const Action a = agents[static_cast<size_t>(p)]->act(ctx, rng);
    if (ms.stage() == Stage::kCreation && a == act::kEndTurn) {
      const int used = ms.seat(p).turn_actions;
      ++ts.turns;
      ts.over40 += used >= 40;
      ts.longest = std::max(ts.longest, used);
    }
    st->apply(a);
  }
}

TEST(MwahahahaTurns, NoCapCutsACreationTurnShort_D6) {
  register_all_games();
  register_all_agents();
  const int games = testing::scaled(40);
  for (const char* seats : {"random", "heuristic"}) {
    for (const auto& opts : std::vector<std::map<std::string, std::string>>{
             {}, {{"attacks", "many"}, {"trade-window", "open"}}}) {
      TurnStats ts;
      for (int i = 0; i < games; ++i)
        play(seats, 2 + i % 4, opts, 1000 + static_cast<std::uint64_t>(i), ts);
      std::printf(
          "[ D6 ] %s seats, %s: %ld Creation turns, longest %d actions, %ld over 40, "
          "%ld cut short\n",
          seats, opts.empty() ? "default options" : "attacks=many trade-window=open", ts.turns,
          ts.longest, ts.over40, ts.cut);
      EXPECT_EQ(ts.cut, 0) << seats;
      EXPECT_GT(ts.turns, 0) << seats;
    }
  }
}

}  // namespace
}  // namespace villainy::mwahahaha
