// Table plans shared by the leak audit and the load test: the three games in turn, with varied
// player counts and rule options, human seats played by clients and the rest by fast bots.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "villainy/core/random.h"
#include "villainy/core/registry.h"
#include "villainy/netclient/harness.h"

namespace villainy::net {

inline const std::vector<std::string>& audit_games() {
  static const std::vector<std::string> g = {"cheaty-mages", "mwahahaha", "supporting-cast"};
  return g;
}

// Table i of a run with `seed`: game i mod 3, a random player count (Supporting Cast 4–5 and
// Mwahahaha at most 3 players with a round limit of 1–2 keep games short), each option with a
// list of allowed values set at random, `humans` client seats (at most all), bots `bot_agent`.
inline TablePlan make_plan(std::uint64_t seed, size_t i, int humans, int spectators,
                           const std::string& bot_agent) {
  Rng rng(derive_seed(seed, i));
  const std::string& name = audit_games()[i % audit_games().size()];
  const GameEntry& e = find_game(name);
  int lo = e.info.min_players, hi = e.info.max_players;
  if (name == "supporting-cast") hi = 5;
  if (name == "mwahahaha") hi = 3;
  TablePlan p;
  p.seed = derive_seed(seed, i + 1000000);
  p.spectators = spectators;
  p.spec.game = name;
  p.spec.players = lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo + 1)));
  for (const auto& o : e.info.options)
    if (!o.allowed.empty())
      p.spec.options[o.name] = o.allowed[rng.below(static_cast<std::uint32_t>(o.allowed.size()))];
  if (name == "mwahahaha") p.spec.options["round-limit"] = std::to_string(1 + rng.below(2));
  const int h = std::min(humans, p.spec.players);
  for (int s = 0; s < p.spec.players; ++s)
    p.spec.seats.push_back(s < h ? SeatSpec{} : SeatSpec{true, bot_agent});
  // Human seats at random places (not always the first seats).
  for (int s = p.spec.players - 1; s > 0; --s)
    std::swap(p.spec.seats[static_cast<size_t>(s)],
              p.spec.seats[rng.below(static_cast<std::uint32_t>(s + 1))]);
  return p;
}

}  // namespace villainy::net
