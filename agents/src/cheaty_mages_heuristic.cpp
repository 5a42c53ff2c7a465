// The Cheaty Mages! heuristic ("heuristic" for cheaty-mages). It decides from determinizations
// only (ctx.sample_state): it never sees the true state.
//
// Strategy
//   Betting (CM-6): each fighter gets a score = printed strength + the strength this mage could add
//   from its own hand (boosts on ordinary fighters, harmful spells on Skeleton/Ghost, which reverse
//   them), taking cards greedily while the fighter's mana stays within the judge's limit (10 when
//   the judge has none). A win chance p ∝ exp(score / 2) over the five fighters; the bet is the set
//   of 1–3 positions with the highest expected payout (2×, 1×, ½× the prize). The set is recomputed
//   at every bet decision from the same information, so the one-by-one choices are consistent.
//   Spells (CM-7/CM-8): in each of 4 determinizations (parameter samples=N) it enumerates its own
//   turn to the end (cast, target, spell, destination; Direct, Enchant, Dispel Magic, Anti-Magic
//   Field, Duplicate, Confusion, Imitation, Alteration and Recall) and scores the position as if
//   everyone passed now: the judge's penalties are applied (Ferine averaged over the three cards it
//   may turn, Lester's low-mana dispel included), the winner found and this mage's payout computed,
//   plus 0.1 × how far its best bet fighter leads (capped at ±5), plus its coins (so a bribe costs
//   2). It casts the best line when it beats passing by at least half a coin (Recall counts +0.6
//   before the last match: a free card); otherwise it passes. So it boosts its fighters up to the
//   judge's limit but not over, knocks rivals down or over the limit, and never provokes the judge
//   against its own fighters. Other decisions: refill keeps every card; Amnesia discards the least
//   useful card.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "cheaty_mages/cheaty_mages.h"
#include "cheaty_mages_eval.h"
#include "villainy/agents/agents.h"

namespace villainy {
namespace {
using cheaty_mages::CheatyMagesState;
using cheaty_mages::Penalty;
using cheaty_mages::SpellType;
namespace cm = cheaty_mages;
using Phase = CheatyMagesState::Phase;
using Stage = CheatyMagesState::Stage;
using cm_eval::evaluate;
using cm_eval::payout;

bool explored_kind(int k, const cm::CheatyMagesGame& g) {
  const auto t = g.spell(k).type;
  if (t != SpellType::kSupport) return true;
  return k == cm::kind::kDispelMagic || k == cm::kind::kAntiMagicField ||
         k == cm::kind::kDuplicate || k == cm::kind::kConfusion || k == cm::kind::kImitation ||
         k == cm::kind::kAlteration || k == cm::kind::kRecall;
}

using Path = std::array<Action, 4>;

// Scratch reused across decisions (no allocation per decision once grown): one legal-action
// buffer per search depth and the scored lines of all determinizations, (path, sample, value).
struct Scratch {
  std::array<std::vector<Action>, 4> legal;
  // The state after each depth's action (CheatyMagesState::assign: a cheap copy, no allocation).
  std::array<std::unique_ptr<CheatyMagesState>, 4> states;
  // A line's path packed into one number (16 bits an action, the first one highest, -1 as 0):
  // the same order and equality as the paths, without a memcmp per comparison.
  struct Line {
    std::uint64_t key;
    int sample;
    double value;
    Action first() const { return static_cast<Action>(key >> 48) - 1; }
  };
  static_assert(cm::act::kCount < 0xffff);
  std::vector<Line> lines;
  int sample = 0;
  void add(const Path& p, double v) {
    std::uint64_t key = 0;
    for (Action a : p) key = key << 16 | static_cast<std::uint64_t>(a + 1);
    lines.push_back({key, sample, v});
  }
};

void explore(const CheatyMagesState& s, int me, Path path, int depth, Scratch& scratch) {
  const bool done = depth > 0 && (s.phase() != Phase::kSpell || s.current_player() != me ||
                                  s.stage() == Stage::kChoose);
  if (done || depth >= 4) {
    double v = evaluate(s, me);
    if (path[0] == cm::act::kCast + cm::kind::kRecall && s.matches_counted() < 2) v += 0.6;
    scratch.add(path, v);
    return;
  }
  std::vector<Action>& legal = scratch.legal[static_cast<size_t>(depth)];
  s.legal_actions(legal);
  const auto& g = s.cm_game();
  for (Action a : legal) {
    if (a == cm::act::kPeek) continue;
    if (depth == 0 && s.stage() == Stage::kChoose) {
      if (a == cm::act::kPass) {
        Path p = path;
        p[0] = a;
        scratch.add(p, evaluate(s, me));
        continue;
      }
      const int k = a < cm::act::kHide ? a - cm::act::kCast : a - cm::act::kHide;
      if (!explored_kind(k, g)) continue;
    }
    CheatyMagesState& c = *scratch.states[static_cast<size_t>(depth)];
    c.assign(s);
    c.apply_unchecked(a);
    Path p = path;
    p[static_cast<size_t>(depth)] = a;
    explore(c, me, p, depth + 1, scratch);
  }
}

class CheatyMagesHeuristic : public Agent, public DeterminizedAgent {
 public:
  explicit CheatyMagesHeuristic(int samples) : samples_(samples) {
    // Room for the largest turns seen in play, so that decisions allocate nothing (issue 15).
    for (auto& l : scratch_.legal) l.reserve(cm::act::kCount);
    scratch_.lines.reserve(static_cast<size_t>(1024 * samples));
  }
  std::string name() const override { return "heuristic"; }

  Action act(const DecisionContext& ctx, Rng& rng) override {
    const auto& legal = ctx.legal_actions();
    if (legal.size() == 1) return legal[0];
    ctx.sample_state_into(first_, rng);
    return decide(static_cast<const CheatyMagesState&>(*first_), ctx.player(), legal, &ctx, rng);
  }
  // On a search's determinization: one sample, the determinization itself (a rollout already runs
  // inside one; its opponents' hidden spells are the searcher's guesses, not the truth).
  Action act_on(const State& det, const std::vector<Action>& legal, Rng& rng) override {
    if (legal.size() == 1) return legal[0];
    return decide(static_cast<const CheatyMagesState&>(det), det.current_player(), legal, nullptr,
                  rng);
  }

 private:
  // `s` is the first sample; with a context, samples_ - 1 more are drawn from it (without, none).
  Action decide(const CheatyMagesState& s, int me, const std::vector<Action>& legal,
                const DecisionContext* ctx, Rng& rng) {
    switch (s.phase()) {
      case Phase::kBet:
        return bet(s, me, legal);
      case Phase::kRefill:
        return cm::act::kDraw;
      case Phase::kSpell:
        break;
      default:
        return legal[0];
    }
    if (s.stage() == Stage::kAmnesia || s.stage() == Stage::kPeekDiscard)
      return least_useful(s, me, legal);
    if (s.stage() == Stage::kPeekTarget) return legal[0];
    // Every line of every determinization, then per line the sum of its values over the
    // determinizations in which it exists (added in sample order), per first action the best sum.
    scratch_.lines.clear();
    if (!scratch_.states[0])  // once per agent: every depth's state (no allocation later)
      for (auto& st : scratch_.states) st = std::make_unique<CheatyMagesState>(s);
    const int kSamples = ctx != nullptr ? samples_ : 1;
    for (int i = 0; i < kSamples; ++i) {
      if (i > 0) ctx->sample_state_into(other_, rng);
      const State& st = i == 0 ? static_cast<const State&>(s) : *other_;  // `s` stays as it is
      scratch_.sample = i;
      explore(static_cast<const CheatyMagesState&>(st), me, Path{-1, -1, -1, -1}, 0, scratch_);
    }
    auto& lines = scratch_.lines;
    const auto by_path = [](const Scratch::Line& x, const Scratch::Line& y) {
      return x.key < y.key || (x.key == y.key && x.sample < y.sample);
    };
    // One sample's lines come out of the depth-first search in this order already (legal actions
    // ascend at every depth), and no two are equal: the sort is needed with several samples only.
    if (!std::is_sorted(lines.begin(), lines.end(), by_path))
      std::sort(lines.begin(), lines.end(), by_path);
    if (lines.empty())
      return std::find(legal.begin(), legal.end(), cm::act::kPass) != legal.end() ? cm::act::kPass
                                                                                  : legal[0];
    // First actions ascend with the paths; the first best one wins ties.
    Action choice = kInvalidAction, current = kInvalidAction;
    double value = 0, current_best = 0, pass = -1e9;
    auto close = [&]() {
      if (current == kInvalidAction) return;
      if (current == cm::act::kPass) pass = current_best;
      if (choice == kInvalidAction || current_best > value) {
        value = current_best;
        choice = current;
      }
    };
    for (size_t i = 0; i < lines.size();) {
      double sum = 0;
      size_t j = i;
      for (; j < lines.size() && lines[j].key == lines[i].key; ++j) sum += lines[j].value;
      const Action a = lines[i].first();
      if (a != current) {
        close();
        current = a;
        current_best = sum;
      } else if (sum > current_best) {
        current_best = sum;
      }
      i = j;
    }
    close();
    if (s.stage() == Stage::kChoose) {
      if (value < pass + 0.5 * kSamples) return cm::act::kPass;
    }
    return choice;
  }

  int samples_ = 4;  // determinizations per spell decision
  // Reused across decisions: the determinization slots and the search's scratch.
  std::unique_ptr<State> first_, other_;
  Scratch scratch_;

  static Action least_useful(const CheatyMagesState& s, int, const std::vector<Action>& legal) {
    const auto& g = s.cm_game();
    Action pick = legal[0];
    int worst = 1000;
    for (Action a : legal) {
      if (a < cm::act::kDiscard || a >= cm::act::kDraw) continue;
      const int k = a - cm::act::kDiscard;
      const int use = g.spell(k).type == SpellType::kSupport ? (k == cm::kind::kDispelMagic ? 5 : 1)
                                                             : std::abs(g.spell(k).strength);
      if (use < worst) {
        worst = use;
        pick = a;
      }
    }
    return pick;
  }

  static Action bet(const CheatyMagesState& s, int me, const std::vector<Action>& legal) {
    const auto& g = s.cm_game();
    const auto& seat = s.seat(me);
    int limit = 10;
    if (s.judge() >= 0) {
      const auto& j = g.judge(s.judge());
      if (j.penalty == Penalty::kDispel || j.penalty == Penalty::kEject) limit = j.limit;
    }
    // The kinds that can boost a fighter: in my hand, not Support, not banned (ascending, as the
    // greedy scan below breaks ties by the lowest kind).
    std::array<int, cm::kKinds> kinds{};
    int n_kinds = 0;
    for (int k = 0; k < cm::kKinds; ++k)
      if (seat.hand[static_cast<size_t>(k)] && g.spell(k).type != SpellType::kSupport &&
          !s.banned(k))
        kinds[static_cast<size_t>(n_kinds++)] = k;
    double p[cm::kPositions], total = 0;
    for (int pos = 0; pos < cm::kPositions; ++pos) {
      const auto& f = g.fighter(s.fighter_at(pos));
      // Greedy: my cards that help this fighter, biggest first, within the mana limit.
      std::array<int, cm::kKinds> left{};
      for (int i = 0; i < n_kinds; ++i) {
        const int k = kinds[static_cast<size_t>(i)];
        left[static_cast<size_t>(k)] = seat.hand[static_cast<size_t>(k)];
      }
      int mana = 0, boost = 0;
      for (;;) {
        int bk = -1, bgain = 0;
        for (int i = 0; i < n_kinds; ++i) {
          const int k = kinds[static_cast<size_t>(i)];
          if (!left[static_cast<size_t>(k)]) continue;
          const int gain = f.reverses ? -g.spell(k).strength : g.spell(k).strength;
          if (gain > bgain && mana + g.spell(k).mana <= limit) {
            bgain = gain;
            bk = k;
          }
        }
        if (bk < 0) break;
        left[static_cast<size_t>(bk)]--;
        mana += g.spell(bk).mana;
        boost += bgain;
      }
      p[pos] = std::exp((f.strength + boost) / 2.0);
      total += p[pos];
    }
    for (double& x : p) x /= total;
    double best = -1;
    int best_mask = 1;
    for (int mask = 1; mask < 32; ++mask) {
      // Positions in the mask (a table: the build has no popcount instruction, and the library
      // call was 1.6% of an ISMCTS iteration).
      static constexpr std::array<std::int8_t, 32> kBits = [] {
        std::array<std::int8_t, 32> b{};
        for (int m = 1; m < 32; ++m)
          b[static_cast<size_t>(m)] =
              static_cast<std::int8_t>((m & 1) + b[static_cast<size_t>(m >> 1)]);
        return b;
      }();
      const int n = kBits[static_cast<size_t>(mask)];
      if (n > 3) continue;
      double ev = 0;
      for (int pos = 0; pos < cm::kPositions; ++pos)
        if ((mask >> pos) & 1) ev += p[pos] * payout(n, g.fighter(s.fighter_at(pos)).prize);
      if (ev > best) {
        best = ev;
        best_mask = mask;
      }
    }
    for (int pos = 0; pos < cm::kPositions; ++pos)
      if (((best_mask >> pos) & 1) && !((seat.bets >> pos) & 1)) {
        const Action a = cm::act::kBet + pos;
        if (std::find(legal.begin(), legal.end(), a) != legal.end()) return a;
      }
    return std::find(legal.begin(), legal.end(), cm::act::kBetDone) != legal.end()
               ? cm::act::kBetDone
               : legal[0];
  }
};

}  // namespace

void register_cheaty_mages_heuristic() {
  register_agent(
      "heuristic", "cheaty-mages",
      [](const AgentSpec& spec, const Game&) -> std::unique_ptr<Agent> {
        spec.check_only({"samples"});
        const int samples = spec.get_int("samples", 4);
        if (samples < 1 || samples > 64) throw Error("heuristic: samples must be between 1 and 64");
        return std::make_unique<CheatyMagesHeuristic>(samples);
      },
      "bets where its hand can push a fighter to win; casts the line that best pays its bets if "
      "judged now, "
      "within the judge's limit; samples=4 determinizations per spell decision");
}

}  // namespace villainy
