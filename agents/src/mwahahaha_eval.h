// The Mwahahaha! ISMCTS evaluator's features and weights (agents layer, internal): shared by
// mwahahaha_search.cpp, which registers the evaluator, and tools/fit_mwahahaha_evaluator.cpp,
// which refits the weights (e.g. for a designer's own card data).
#pragma once
#include <array>
#include <span>

#include "mwahahaha/mwahahaha.h"

namespace villainy::mw_eval {

inline constexpr int kFeatures = 16;
using Features = std::array<double, kFeatures>;

// The weights in use (f0..f13; f14, f15 unused).
extern const Features kWeights;

// Every seat's features (out.size() == num_players) for a state (a determinization).
void seat_features(const mwahahaha::MwahahahaState& s, std::span<Features> out);

// Win chances (a softmax over the seats of weights · features), into out (size num_players).
void evaluate(const mwahahaha::MwahahahaState& s, std::span<double> out, const Features& w);

}  // namespace villainy::mw_eval
