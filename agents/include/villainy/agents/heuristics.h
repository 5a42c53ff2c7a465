// Rule-based heuristic bots, one per game, each registered as "heuristic" for its game.
#pragma once
namespace villainy {
void register_heuristics();
}
