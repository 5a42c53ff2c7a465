// The Tribute to the Supporting Cast ISMCTS evaluator's features and weights (agents layer,
// internal): shared by supporting_cast_search.cpp, which registers the evaluator, and
// tools/fit_supporting_cast_evaluator.cpp, which refits the weights (and writes
// supporting_cast_weights_<players>.inc).
#pragma once
#include <array>
#include <span>

#include "supporting_cast/supporting_cast.h"

namespace villainy::sc_eval {

inline constexpr int kFeatures = 17;
using Features = std::array<double, kFeatures>;

// The weights in use at a player count (4-7; supporting_cast_weights_<players>.inc, written by the
// fitting tool from self-play at that count).
const Features& weights_for(int players);

// Every seat's features (out.size() == num_players) for a state (a determinization).
void seat_features(const supporting_cast::SupportingCastState& s, std::span<Features> out);

// Win chances (a softmax over the seats of weights · features), into out (size num_players):
// each in (0, 1), summing to 1.
void evaluate(const supporting_cast::SupportingCastState& s, std::span<double> out,
              const Features& w);

}  // namespace villainy::sc_eval
