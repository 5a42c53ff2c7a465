// Tribute to the Supporting Cast search settings: the ISMCTS evaluator at the rollout cap and the
// default parameters (docs/bots.md, "Issue 15: the Supporting Cast evaluator", gives the fit and
// the measurements).
//
// Why an evaluator: games last 1,200–1,800 actions, so a capped rollout seldom reaches the end;
// without a value at the cap every such rollout scores each seat 1/n and the search learns only
// near the end of the game.
//
// What it computes, from the determinization it is given and nothing else: each seat's chance to
// win, a softmax over the seats of a linear score w·f(seat) (weights_for(players): one table per
// player count, each fitted by tools/fit_supporting_cast_evaluator.cpp to heuristic self-play at
// that count: a conditional logit, the winners of a shared win sharing the label; held-out
// cross-entropy 1.16 against 1.39 for the uniform guess at 4 players, 1.47 against 1.95 at 7).
// The features (per seat):
//   f0, f1   score / 16 and its square (SC-15: 16 ends the game);
//   f2, f3   on 15 with no rival on 0 (the next score wins), resp. with a rival on 0 (the next
//            score hands that rival the game, SC-17);
//   f4, f5   on 0, and on 0 times (the highest rival score / 16)² (SC-17: the zero-point win);
//   f6, f7   the own chain all the owner's (SC-14): its events / 7, and exactly six (one own
//            event from the outright win);
//   f8       may go all-in at a third bad luck (SC-13);
//   f9, f10  bad-luck level / 3, and level 2 (the next bad luck scores 7 or goes all-in, SC-13);
//   f11, f12 hand cards, and hand cards playable now other than the reserve cards (SC-8a), over
//            the hand size of SC-6;
//   f13      the highest event in hand or marker that completes a chain now, / 7 (SC-14);
//   f14      skipped (SC-10);
//   f15      seats until its turn, / n;
//   f16      own heroes, super hero and villain card held (the cards that avoid bad luck), / 3.
#include <algorithm>
#include <cmath>

#include "supporting_cast_eval.h"
#include "villainy/agents/ismcts.h"

namespace villainy {
namespace {
using supporting_cast::CardSet;
using supporting_cast::SupportingCastState;
namespace sc = supporting_cast;

void features_of(const SupportingCastState& s, int p, int top_rival, bool rival_zero,
                 sc_eval::Features& f) {
  const int n = s.num_players();
  const sc::Seat& seat = s.seat(p);
  const int own = seat.villain;
  const double hand_size = sc::hand_size_for(n);
  f.fill(0);
  const int score = seat.score;
  f[0] = score / 16.0;
  f[1] = f[0] * f[0];
  f[2] = score >= 15 && !rival_zero ? 1 : 0;
  f[3] = score >= 15 && rival_zero ? 1 : 0;
  f[4] = score == 0 ? 1 : 0;
  f[5] = score == 0 ? (top_rival / 16.0) * (top_rival / 16.0) : 0;
  if (own >= 0) {
    const sc::Chain& c = s.chain(own);
    if (c.on_table && c.all_by_owner) {
      f[6] = c.count / 7.0;
      f[7] = c.count == sc::kEventsPerVillain - 1 ? 1 : 0;
    }
    f[8] = s.all_in_eligible(p) ? 1 : 0;
  }
  f[9] = seat.bad_luck / 3.0;
  f[10] = seat.bad_luck == 2 ? 1 : 0;
  const CardSet playable = s.playable_cards(p);
  CardSet held = seat.hand;
  if (sc::marker::is_card(seat.marker)) held.set(seat.marker);
  f[11] = seat.hand.count() / hand_size;
  CardSet reserve;
  int insurance = seat.villain_held ? 1 : 0;
  if (own >= 0) {
    reserve.set(sc::villain_card(own));
    reserve.set(sc::super_hero_card(own));
    for (int k = static_cast<int>(sc::CardSlot::kFirstHero);
         k <= static_cast<int>(sc::CardSlot::kSuper); ++k)
      insurance += seat.hand.test(sc::make_card(own, k)) ? 1 : 0;
  }
  const CardSet can = (held & playable).minus(reserve);
  f[12] = std::min(1.0, can.count() / hand_size);
  int best = 0;
  can.for_each([&](int card) {
    if (sc::is_event(card) && s.chain(sc::villain_of(card)).count == sc::kEventsPerVillain - 1)
      best = std::max(best, sc::event_value(card));
  });
  f[13] = best / 7.0;
  f[14] = seat.skip != sc::Skip::kNone ? 1 : 0;
  f[15] = ((p - s.turn_player() + n) % n) / static_cast<double>(n);
  f[16] = std::min(3, insurance) / 3.0;
}
}  // namespace

namespace sc_eval {
namespace {
const Features kWeights4 = {
#include "supporting_cast_weights_4.inc"
};
const Features kWeights5 = {
#include "supporting_cast_weights_5.inc"
};
const Features kWeights6 = {
#include "supporting_cast_weights_6.inc"
};
const Features kWeights7 = {
#include "supporting_cast_weights_7.inc"
};
}  // namespace

const Features& weights_for(int players) {
  switch (players) {
    case 5:
      return kWeights5;
    case 6:
      return kWeights6;
    case 7:
      return kWeights7;
    default:  // 4 (SC-3: four to seven players)
      return kWeights4;
  }
}

void seat_features(const SupportingCastState& s, std::span<Features> out) {
  const int n = s.num_players();
  for (int p = 0; p < n; ++p) {
    int top = 0;
    bool zero = false;
    for (int q = 0; q < n; ++q)
      if (q != p) {
        top = std::max<int>(top, s.seat(q).score);
        zero = zero || s.seat(q).score == 0;
      }
    features_of(s, p, top, zero, out[static_cast<size_t>(p)]);
  }
}

void evaluate(const SupportingCastState& s, std::span<double> out, const Features& w) {
  const int n = s.num_players();
  std::array<Features, sc::kMaxPlayers> f;
  seat_features(s, std::span<Features>(f.data(), static_cast<size_t>(n)));
  double best = -1e300;
  for (int p = 0; p < n; ++p) {
    double v = 0;
    for (int i = 0; i < kFeatures; ++i)
      v += w[static_cast<size_t>(i)] * f[static_cast<size_t>(p)][static_cast<size_t>(i)];
    out[static_cast<size_t>(p)] = v;
    best = std::max(best, v);
  }
  double sum = 0;
  for (int p = 0; p < n; ++p)
    sum += out[static_cast<size_t>(p)] = std::exp(out[static_cast<size_t>(p)] - best);
  for (int p = 0; p < n; ++p) out[static_cast<size_t>(p)] /= sum;
}
}  // namespace sc_eval

namespace {
void evaluate_sc(const State& st, std::span<double> out) {
  const auto& s = static_cast<const SupportingCastState&>(st);
  sc_eval::evaluate(s, out, sc_eval::weights_for(s.num_players()));
}
}  // namespace

void register_supporting_cast_search() {
  // 1000 iterations as before, random rollouts capped at 10 actions, then the evaluator: 53.15%
  // against three heuristics over 2,000 games (32.80% before, 29.41% the mirror share), at half
  // the old default's CPU time a move. The cap of 60 with the evaluator is stronger (56.95% over
  // 2,000 games) at twice the CPU a move, short of issue 15's speed rule: `ismcts:depth=60` for
  // the strongest play (docs/bots.md).
  SearchSettings s;
  s.defaults.depth = 10;
  s.evaluator = evaluate_sc;
  register_search_settings("supporting-cast", std::move(s));
}

}  // namespace villainy
