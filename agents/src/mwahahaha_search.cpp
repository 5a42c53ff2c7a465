// Mwahahaha! search settings: the ISMCTS evaluator and default parameters (docs/mwahahaha.md,
// "Playing strength (ISMCTS)", gives the measurements behind them).
//
// Why an evaluator: games last ~1,770 actions, so a capped rollout almost never reaches the end;
// without a value at the cap the search has no signal (0 wins in 99 games against the heuristic,
// and 0 in 150 with heuristic rollouts but no evaluator).
//
// What it computes, from the determinization it is given and nothing else: each seat's chance to
// win, a softmax over the seats of a linear score w·f(seat) (kWeights below). Games are won by a
// successful World threat (the round limit ends ~1% of heuristic games), so the features describe
// that race:
//   f0   log of the seat's share in a race model (race_shares): per seat, the rounds until its
//        device can threaten World (MW-22: missing tokens, a stockpile token that can still go on
//        the device counting `stock` of a missing one, a type its Lair cannot convert costing
//        1 + `zero`, over a production rate `rate` + `emp` per point of Empire capacity, minus
//        small credits for Dirty Tricks, Minions and spare tokens; +1 round once its World attempt
//        this round is gone or World was declared, MW-23); then one World attempt per round, each
//        failure adding a Humiliation counter (MW-26); seat p wins with its j-th attempt if it
//        succeeds, its earlier attempts failed and nobody succeeded before ("before" is a logistic
//        weight of the time difference, scale `tau`, which keeps the value smooth);
//   f1, f2  World progress: tokens on the device plus 0.8 × stockpile tokens that can still go on
//        it, over 16, and the same times round/10 (progress counts more as the game goes on);
//   f3, f4, f5  able to threaten World; the chance that a World threat succeeds now (MW-24: World
//        dice + Maniacal − Humiliation against the people's dice, 4 successes; exact, kWorld);
//        both together;
//   f6   tokens still missing of the type the scientist's Lair cannot convert (rating 0: only
//        sacrifice, Wild cards, ransom, plunder or trades bring them), over 16;
//   f7..f13  Minions (up to 3), Empires, Dirty Tricks, spare stockpile tokens, Maniacal and
//        Humiliation counters, capability level.
// The weights were fitted by maximum likelihood (a conditional logit: one weight vector for every
// seat, softmax over the seats; Adam, small L2) to 67k positions, every 30th decision of 1,500
// games of three heuristics, labelled with the game's winner. On the held-out fifth of the games
// the log loss is 1.014 against 1.099 for the uniform guess, and the top-scored seat wins 48% of
// the time (a third by chance): the dice decide much, so no evaluator is sharp, but the values are
// calibrated win chances, which the search averages with the returns of rollouts that do end.
// The race model alone is not calibrated (log loss 1.15) and the linear features alone fit about
// as well as both together (1.015), but in the search the combination was clearly stronger: 56%
// of 300 games against two heuristics, against 40% for a variant without f0 (refitted, with two
// other features; docs/mwahahaha.md).
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "mwahahaha/mwahahaha.h"
#include "mwahahaha_eval.h"
#include "villainy/agents/ismcts.h"

namespace villainy {
namespace {
using mwahahaha::MwahahahaState;
using mwahahaha::Seat;
namespace mw = mwahahaha;

struct Params {
  // rate: tokens a seat adds to its device per round; zero: extra cost of a token of a type it
  // cannot convert; tau: rounds, the smoothing of "before"; trick/minion/spare: token-equivalents
  // of a Dirty Trick, a Minion, a stockpile token its device does not need; mix: weight of the
  // uniform share; stock: cost of a needed token still in the stockpile (not yet invested) relative
  // to a missing one; emp: production rate per point of Empire capacity.
  double rate = 5.0, zero = 1.0, tau = 0.35, trick = 0.25, minion = 0.75, spare = 0.25, mix = 0.02,
         stock = 0.5, emp = 0.4;
};

// P(a World threat succeeds) = P(at least 4 successes) for `a` threat dice against `b` people dice
// (MW-19, MW-24: sorted high to low, compared pairwise; a missing die counts as 2 and never
// scores; ties score for nobody). Exact values, computed once by enumerating every sorted roll of
// each side with its multinomial weight (and checked against a Monte Carlo simulation); embedded so
// that no move pays for the enumeration. Rows: a = 0..10 threat dice; columns: b = 1..7.
constexpr int kMaxA = 10, kMaxB = 7;
constexpr double kWorld[kMaxA + 1][kMaxB] = {
    {0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000},  // 0 dice
    {0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000},  // 1 dice
    {0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000},  // 2 dice
    {0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000, 0.000000},  // 3 dice
    {0.152006, 0.113212, 0.080533, 0.087362, 0.045941, 0.024843, 0.014113},  // 4 dice
    {0.385031, 0.308692, 0.236417, 0.212952, 0.166891, 0.097789, 0.058189},  // 5 dice
    {0.604510, 0.516489, 0.422524, 0.361151, 0.305281, 0.228689, 0.144578},  // 6 dice
    {0.767690, 0.690144, 0.597172, 0.514671, 0.442953, 0.368637, 0.276559},  // 7 dice
    {0.872714, 0.814960, 0.737708, 0.654463, 0.573871, 0.497970, 0.414378},  // 8 dice
    {0.933972, 0.895686, 0.838965, 0.768240, 0.690542, 0.614036, 0.537567},  // 9 dice
    {0.967224, 0.943935, 0.905992, 0.852632, 0.786632, 0.715184, 0.643687},  // 10 dice
};

double world_chance(int a, int b) {
  a = std::clamp(a, 0, kMaxA);
  b = std::clamp(b, 1, kMaxB);
  return kWorld[a][b - 1];
}

constexpr int kAttempts = 14;

// Whether the current Domination turn's threat has been declared (dice, windows, failure choices).
bool threat_declared(const MwahahahaState& s) {
  switch (s.stage()) {
    case mw::Stage::kChance:
    case mw::Stage::kReroll:
    case mw::Stage::kFail:
    case mw::Stage::kFleeKeep:
      return true;
    case mw::Stage::kWindow:
      return s.window() != mw::Window::kTurn;
    default:
      return false;
  }
}

// Seat p's race to a World success: `start`, the round of its first World attempt (`offset`
// plus the rounds to gather what the device lacks), and h[j], the chance of its j-th attempt.
void seat_race(const MwahahahaState& s, int p, double offset, const Params& P, double& start,
               std::array<double, kAttempts>& h) {
  const mw::CardData& d = s.data();
  const Seat& seat = s.seat(p);
  double cost = 0;
  int dice = 7, people = 6;
  std::array<int, mw::kTypes> req{};
  std::array<int, mw::kTypes> on_dev{};
  if (seat.device >= 0) {
    const mw::DeviceCard& dv = d.devices[static_cast<size_t>(seat.device)];
    for (int t = 0; t < mw::kTypes; ++t) {
      req[static_cast<size_t>(t)] = dv.req[3][static_cast<size_t>(t)];
      on_dev[static_cast<size_t>(t)] = seat.dev[static_cast<size_t>(t)];
    }
    dice = dv.dice[3];
    people = dv.people[3];
  } else {
    req = {4, 4, 4, 4};  // a new device (every stand-in World requirement sums to 16)
    for (int t = 0; t < mw::kTypes; ++t)
      on_dev[static_cast<size_t>(t)] = seat.dev[static_cast<size_t>(t)];
    cost += P.rate;  // one round to draw it
  }
  double spare = 0;
  for (int t = 0; t < mw::kTypes; ++t) {
    const size_t ut = static_cast<size_t>(t);
    const int still = std::max(0, req[ut] - on_dev[ut]);
    const int from_stock = std::min<int>(seat.stock[ut], still);
    spare += seat.stock[ut] - from_stock;
    const bool zero_cap = seat.sci >= 0 && s.capacity_left(p, t) == 0 &&
                          d.scientists[static_cast<size_t>(seat.sci)].rating[ut] == 0;
    cost += (still - from_stock) * (zero_cap ? 1.0 + P.zero : 1.0) + from_stock * P.stock;
  }
  // Minions defend the stockpile and the device against plunder (MW-18) and raid the others;
  // beyond 3 (a fight's most) they add little.
  const int minions = std::popcount(seat.minions);
  cost -= P.spare * spare + P.trick * seat.trick_count() +
          P.minion * (std::min(minions, 3) + 0.25 * std::max(0, minions - 3));
  // Empires raise the conversion capacity (MW-8): a faster production rate.
  int emp_cap = 0;
  for (std::uint64_t b = seat.empires; b; b &= b - 1)
    for (int t = 0; t < mw::kTypes; ++t)
      emp_cap += d.empires[static_cast<size_t>(std::countr_zero(b))].cap[static_cast<size_t>(t)];
  const double rate = P.rate + P.emp * emp_cap;
  start = offset + std::max(0.0, cost / rate);
  const int base = dice + seat.maniacal;
  for (int j = 0; j < kAttempts; ++j) {
    const int hum = std::min(3, seat.humiliation + j);
    h[static_cast<size_t>(j)] = world_chance(base - hum, people);
  }
}

void race_shares(const MwahahahaState& s, std::span<double> out, const Params& P) {
  const int n = s.num_players();
  std::array<double, mw::kMaxPlayers> start{};
  // Whose World attempt this round is gone: in the Domination phase, the seats before the current
  // one in phase order, the current one once its threat is declared, and everyone once World has
  // been declared this round (MW-23); their first attempt is next round.
  std::array<double, mw::kMaxPlayers> offset{};
  if (s.phase() == mw::Phase::kDomination) {
    const int pos = s.core().order_pos;
    for (int i = 0; i < n; ++i) {
      const int q = s.order(i);
      if (q < 0 || q >= n) continue;
      const bool gone = s.world_taken() || i < pos || (i == pos && threat_declared(s));
      if (gone) offset[static_cast<size_t>(q)] = 1;
    }
  }
  std::array<std::array<double, kAttempts>, mw::kMaxPlayers> h{};
  for (int p = 0; p < n; ++p)
    seat_race(s, p, offset[static_cast<size_t>(p)], P, start[static_cast<size_t>(p)],
              h[static_cast<size_t>(p)]);
  // "q's i-th attempt comes before p's j-th": a logistic weight of dt = start_p + j - start_q - i,
  // 0 below -6 tau, 1 above 6 tau. It depends on j - i only, so per pair of seats it is a table
  // over k = j - i, made with one exp: exp(-(d + k)/tau) = exp(-d/tau) * r^k, r = exp(-1/tau).
  constexpr int kSpan = 2 * kAttempts - 1;  // k = j - i in [-(kAttempts-1), kAttempts-1]
  std::array<double, kSpan> pow_r{};        // r^k
  {
    const double r = std::exp(-1.0 / P.tau);
    pow_r[kAttempts - 1] = 1.0;
    for (int k = 1; k < kAttempts; ++k) {
      pow_r[static_cast<size_t>(kAttempts - 1 + k)] =
          pow_r[static_cast<size_t>(kAttempts - 2 + k)] * r;
      pow_r[static_cast<size_t>(kAttempts - 1 - k)] = pow_r[static_cast<size_t>(kAttempts - k)] / r;
    }
  }
  const double edge = 6 * P.tau;
  double sum = 0;
  for (int p = 0; p < n; ++p) {
    // others[j]: the chance that nobody else has succeeded before p's j-th attempt.
    std::array<double, kAttempts> others;
    others.fill(1.0);
    for (int q = 0; q < n; ++q) {
      if (q == p) continue;
      const double dd = start[static_cast<size_t>(p)] - start[static_cast<size_t>(q)];
      if (dd + (kAttempts - 1) < -edge) continue;  // every attempt of q comes after p's
      std::array<double, kSpan> logistic{};
      const double e = std::exp(-std::clamp(dd, -edge - kAttempts, edge + kAttempts) / P.tau);
      for (int k = 0; k < kSpan; ++k)
        logistic[static_cast<size_t>(k)] = 1.0 / (1.0 + e * pow_r[static_cast<size_t>(k)]);
      for (int j = 0; j < kAttempts; ++j) {
        const double t = start[static_cast<size_t>(p)] + j;
        for (int i = 0; i < kAttempts; ++i) {
          const double dt = t - (start[static_cast<size_t>(q)] + i);
          if (dt < -edge) break;  // this and q's later attempts come after p's j-th
          const double before =
              dt > edge ? 1.0 : logistic[static_cast<size_t>(j - i + kAttempts - 1)];
          others[static_cast<size_t>(j)] *=
              1.0 - h[static_cast<size_t>(q)][static_cast<size_t>(i)] * before;
        }
      }
    }
    double win = 0, alive = 1;
    for (int j = 0; j < kAttempts; ++j) {
      const double hp = h[static_cast<size_t>(p)][static_cast<size_t>(j)];
      win += alive * hp * others[static_cast<size_t>(j)];
      alive *= 1.0 - hp;
    }
    out[static_cast<size_t>(p)] = win;
    sum += win;
  }
  for (int p = 0; p < n; ++p) {
    const double share = sum > 0 ? out[static_cast<size_t>(p)] / sum : 1.0 / n;
    out[static_cast<size_t>(p)] = (1.0 - P.mix) * share + P.mix / n;
  }
}

// Features of a seat (each seat's score is their weighted sum; win chances are a softmax).
using mw_eval::Features;
using mw_eval::kFeatures;

void seat_features(const MwahahahaState& s, int p, double race_share, Features& f) {
  const mw::CardData& d = s.data();
  const Seat& seat = s.seat(p);
  f.fill(0);
  std::array<int, mw::kTypes> req{4, 4, 4, 4};
  int dice = 7, people = 6;
  if (seat.device >= 0) {
    const mw::DeviceCard& dv = d.devices[static_cast<size_t>(seat.device)];
    for (int t = 0; t < mw::kTypes; ++t)
      req[static_cast<size_t>(t)] = dv.req[3][static_cast<size_t>(t)];
    dice = dv.dice[3];
    people = dv.people[3];
  }
  double on = 0, stocked = 0, spare = 0, zero_lack = 0;
  for (int t = 0; t < mw::kTypes; ++t) {
    const size_t ut = static_cast<size_t>(t);
    const int dev = seat.device >= 0 ? seat.dev[ut] : 0;
    const int still = std::max(0, req[ut] - dev);
    const int from_stock = std::min<int>(seat.stock[ut], still);
    on += std::min(dev, req[ut]);
    stocked += from_stock;
    spare += seat.stock[ut] - from_stock;
    if (seat.sci >= 0 && d.scientists[static_cast<size_t>(seat.sci)].rating[ut] == 0)
      zero_lack += still - from_stock;
  }
  const int cap = s.capability(p);
  const double h0 = world_chance(dice + seat.maniacal - seat.humiliation, people);
  const int minions = std::popcount(seat.minions);
  const double round = std::min(20, static_cast<int>(s.round())) / 10.0;
  const double progress = (on + 0.8 * stocked) / 16.0;
  f[0] = std::log(std::max(1e-6, race_share));
  f[1] = progress;
  f[2] = progress * round;
  f[3] = cap >= 4 ? 1 : 0;
  f[4] = h0;
  f[5] = cap >= 4 ? h0 : 0;
  f[6] = zero_lack / 16.0;
  f[7] = std::min(minions, 3) / 3.0;
  f[8] = std::popcount(seat.empires) / 3.0;
  f[9] = std::min(10, seat.trick_count()) / 5.0;
  f[10] = std::min(10.0, spare) / 5.0;
  f[11] = seat.maniacal / 3.0;
  f[12] = seat.humiliation / 3.0;
  f[13] = cap / 4.0;
}

void evaluate_with(const MwahahahaState& s, std::span<double> out, const Params& P,
                   const Features& w) {
  const int n = s.num_players();
  std::array<double, mw::kMaxPlayers> race{};
  race_shares(s, std::span<double>(race.data(), static_cast<size_t>(n)), P);
  std::array<double, mw::kMaxPlayers> score{};
  double best = -1e300;
  Features f;
  for (int p = 0; p < n; ++p) {
    seat_features(s, p, race[static_cast<size_t>(p)], f);
    double v = 0;
    for (int i = 0; i < kFeatures; ++i) v += w[static_cast<size_t>(i)] * f[static_cast<size_t>(i)];
    score[static_cast<size_t>(p)] = v;
    best = std::max(best, v);
  }
  double sum = 0;
  for (int p = 0; p < n; ++p) {
    out[static_cast<size_t>(p)] = std::exp(score[static_cast<size_t>(p)] - best);
    sum += out[static_cast<size_t>(p)];
  }
  for (int p = 0; p < n; ++p) out[static_cast<size_t>(p)] /= sum;
}
}  // namespace

namespace mw_eval {
// Fitted as described at the top of the file (weights of f0..f13; f14, f15 unused).
const Features kWeights = {0.071, -0.201, 2.502, 0.330, 1.659,  -0.070, -2.662, 0.060,
                           0.378, 0.166,  0.359, 0.417, -0.120, -0.118, 0,      0};

void seat_features(const mwahahaha::MwahahahaState& s, std::span<Features> out) {
  const int n = s.num_players();
  std::array<double, mw::kMaxPlayers> race{};
  race_shares(s, std::span<double>(race.data(), static_cast<size_t>(n)), Params{});
  for (int p = 0; p < n; ++p)
    ::villainy::seat_features(s, p, race[static_cast<size_t>(p)], out[static_cast<size_t>(p)]);
}

void evaluate(const mwahahaha::MwahahahaState& s, std::span<double> out, const Features& w) {
  evaluate_with(s, out, Params{}, w);
}
}  // namespace mw_eval

namespace {
void evaluate_mw(const State& st, std::span<double> out) {
  mw_eval::evaluate(static_cast<const MwahahahaState&>(st), out, mw_eval::kWeights);
}
}  // namespace

void register_mwahahaha_search() {
  // Heuristic rollouts (the opponents are modelled as the heuristic), capped at 40 actions, and a
  // smaller iteration budget than the generic 1000: a heuristic rollout action costs more than a
  // random one, and Mwahahaha! games are long (docs/mwahahaha.md gives the time per move). 240
  // since issue 15 made an iteration 2.5 times cheaper: a move costs less time than 120 did
  // before, and 240 measured stronger (docs/bots.md).
  SearchSettings s;
  s.defaults.iterations = 240;
  s.defaults.depth = 40;
  s.defaults.rollout = "heuristic";
  s.evaluator = evaluate_mw;
  register_search_settings("mwahahaha", std::move(s));
}

}  // namespace villainy
