// The rule-based heuristic for Tribute to the Supporting Cast ("heuristic").
//
// It decides from a determinization of its seat's information (DecisionContext::sample_state),
// reading only its own hand and marker and the public table, so it never cheats. Strategy:
// - Win outright when it can: complete its own chain when every later event was its own (SC-14).
// - Build its own chain alone: its own events are worth most while the chain is all its own
//   (toward the outright win and the all-in of SC-13).
// - Completing any other chain scores the card's value (SC-14): take it, more so for high cards.
// - Avoid leaving a chain one card from complete (six events) for the next players, unless it
//   is its own all-by-itself chain (that is the all-in position).
// - Break a rival's all-own chain by laying an event on it when that chain is advanced.
// - Skip the leader: another player's ordinary hero is played at the highest-scoring rival.
// - Keep its own heroes, villain card and super hero as insurance against bad luck; with only
//   reserve cards it takes bad luck at level 2 (the third bad luck scores 7, SC-13) and otherwise
//   plays a reserve card unless it needs it for an all-in.
// - All-in: always (a miss scores the same 7 as declining), staking the villain card (3 hits) and
//   naming a number still in the supply.
// - Marker: lay the card least likely to become playable (dead rival super heroes first).
// - Start player (SC-16): itself.
#include <algorithm>

#include "supporting_cast/supporting_cast.h"
#include "villainy/agents/agents.h"

namespace villainy {
namespace {
using namespace supporting_cast;

class ScHeuristic : public Agent, public DeterminizedAgent {
 public:
  explicit ScHeuristic(bool court) : court_(court) {}
  std::string name() const override { return court_ ? "heuristic:style=court" : "heuristic"; }

  Action act(const DecisionContext& ctx, Rng& rng) override {
    const auto& legal = ctx.legal_actions();
    if (legal.size() == 1) return legal[0];
    ctx.sample_state_into(sampled_, rng);  // reused: no allocation per decision
    return decide(static_cast<const SupportingCastState&>(*sampled_), ctx.player(), legal, rng);
  }
  // On a search's determinization as given (ismcts:resample=off): faster, but as a rollout
  // policy every player then decides on the searcher's sample (docs/bots.md: weaker).
  Action act_on(const State& det, const std::vector<Action>& legal, Rng& rng) override {
    if (legal.size() == 1) return legal[0];
    return decide(static_cast<const SupportingCastState&>(det), det.current_player(), legal, rng);
  }

 private:
  Action decide(const SupportingCastState& s, int me, const std::vector<Action>& legal, Rng& rng) {
    Action best = legal[0];
    double best_v = -1e18;
    for (Action a : legal) {
      double v = value(s, me, a) + rng.uniform() * 1e-3;  // tiny noise breaks ties
      if (court_) v += court_bonus(s, me, a);
      if (v > best_v) {
        best_v = v;
        best = a;
      }
    }
    return best;
  }

  std::unique_ptr<State> sampled_;  // the determinization slot, reused across decisions
  // style=court: deliberately court bad luck (the third scores 7, SC-13): take bad luck whenever
  // the rules allow it (only reserve cards playable, SC-8a) and spend the own heroes that would
  // avoid it early.
  static double court_bonus(const SupportingCastState& s, int me, Action a) {
    if (a == act::kBadLuck) return 30.0;
    if (a >= act::kPlay && a < act::kPlayMarker) {
      const int c = a - act::kPlay;
      if (is_ordinary_hero(c) && villain_of(c) == s.seat(me).villain) return 6.0;
    }
    return 0.0;
  }

  static int leader_rival(const SupportingCastState& s, int me) {
    int best = -1, score = -1;
    for (int p = 0; p < s.num_players(); ++p)
      if (p != me && s.seat(p).score > score) {
        score = s.seat(p).score;
        best = p;
      }
    return best;
  }

  // Scoring `points` now (SC-15, SC-17). While on 0 points a player wins whenever someone else
  // reaches 16, so a zero-point player avoids scoring until the end is far; reaching 16 while a
  // rival is on 0 hands that rival the game.
  static double scoring_value(const SupportingCastState& s, int me, int points) {
    const int score = s.seat(me).score;
    int rival_zero = 0, top_rival = 0;
    for (int p = 0; p < s.num_players(); ++p)
      if (p != me) {
        rival_zero += s.seat(p).score == 0;
        top_rival = std::max<int>(top_rival, s.seat(p).score);
      }
    const bool party = s.sc_game().party;
    if (score >= 15) return (!party && rival_zero > 0) ? -60.0 : 80.0;  // this reaches 16
    if (score == 0 && !party && top_rival >= 8) return -25.0;           // stay on zero
    return 20.0 + points;
  }

  // How valuable is playing `card` now for seat `me`.
  static double play_value(const SupportingCastState& s, int me, int card) {
    const auto& seat = s.seat(me);
    const int own = seat.villain;
    const int v = villain_of(card);
    if (is_event(card)) {
      const auto& c = s.chain(v);
      const int after = c.count + 1;
      const bool mine = v == own;
      if (after == 7) {
        if (mine && c.all_by_owner) return 1000.0;  // SC-14 outright win
        return scoring_value(s, me, event_value(card));
      }
      double val = 2.0;
      if (mine)
        val += c.all_by_owner ? 8.0 + c.count : 3.0;
      else if (c.owner >= 0 && c.all_by_owner && c.count >= 3)
        val += 2.0 + c.count;                                   // break a rival run
      if (after == 6 && !(mine && c.all_by_owner)) val -= 6.0;  // sets up a completion for others
      return val;
    }
    if (is_ordinary_hero(card)) {
      const int owner = s.owner_of_villain(v);
      if (v == own) return 0.5;   // insurance: keep
      if (owner < 0) return 1.5;  // dead weight
      double val = 2.0 + s.seat(owner).score / 4.0;
      if (owner == leader_rival(s, me)) val += 1.5;
      const auto& oc = s.chain(s.seat(owner).villain);
      if (oc.all_by_owner && oc.count >= 4) val += 2.0;
      return val;
    }
    if (is_villain_card(card) || (is_super_hero(card) && v == own)) {
      const auto& c = s.chain(own);
      if (c.all_by_owner && c.count >= 4) return -3.0;  // keep the stake for an all-in
      return 0.0;
    }
    return 1.0;  // a rival super hero: a claim
  }

  bool court_;

  static double value(const SupportingCastState& s, int me, Action a) {
    using namespace act;
    const auto& seat = s.seat(me);
    if (a >= kPlay && a < kPlayMarker) return play_value(s, me, a - kPlay);
    if (a == kPlayMarker) return play_value(s, me, seat.marker) + 1.0;
    if (a == kBadLuck) {
      if (seat.bad_luck == 2) return scoring_value(s, me, 7) - 8.0;  // the third bad luck scores 7
      return seat.bad_luck == 1 ? 0.2 : -0.5;
    }
    if (a >= kMarker && a < kClaim) {
      // Lay the least useful card: prefer cards that cannot be played soon.
      const int c = a - kMarker;
      double keep = 0;
      if (is_super_hero(c) && villain_of(c) != seat.villain)
        keep = s.sc_game().claim ? 1 : -5;
      else if (is_event(c))
        keep = s.fits_chain(c) ? 3 : 1 + (villain_of(c) == seat.villain ? 2 : 0);
      else if (is_ordinary_hero(c))
        keep = villain_of(c) == seat.villain ? 4 : 2;
      else
        keep = 5;
      return -keep;
    }
    if (a >= kClaim && a < kStart) {
      const int c = a - kClaim;
      // SC-20a lets any own card be named; one the seat can see is out of the others' hands
      // (in its hand, on a chain, discarded, …) is sure to fail.
      if (!s.claim_prospects(me).test(c)) return -5.0;
      return is_event(c) && s.fits_chain(c) ? 3.0 : (is_event(c) ? 1.0 : 2.0);
    }
    if (a >= kStart && a < kAllInVillain) return a - kStart == me ? 1.0 : 0.0;
    if (a == kAllInVillain) return 3.0;
    if (a == kAllInSuper) return 2.0;
    if (a == kAllInDecline) return 0.0;
    if (a >= kName && a < kAnswerYes) {
      // Name a number still in the supply (public), the lowest first.
      const int k = a - kName + 1;
      return -k * 0.01 + (s.all_in_supply_has(k) ? 1.0 : 0.0);
    }
    if (a == kAnswerYes) return 1.0;
    return 0.0;
  }
};

}  // namespace

void register_supporting_cast_heuristic() {
  register_agent(
      "heuristic", "supporting-cast",
      [](const AgentSpec& spec, const Game&) -> std::unique_ptr<Agent> {
        spec.check_only({"style"});
        const std::string style = spec.get("style", "play");
        if (style != "play" && style != "court")
          throw Error("heuristic: style must be 'play' (default) or 'court' (courts bad luck)");
        return std::make_unique<ScHeuristic>(style == "court");
      },
      "rule-based: builds its own chain, completes chains, skips the leader, keeps insurance; "
      "heuristic:style=court courts bad luck instead");
}

}  // namespace villainy
