// The shared invariant suite. Checks, on random (or policy-biased) games:
// - the game ends within its declared length; legal actions are sorted, unique, match the mask,
//   and their names round-trip; chance outcomes sum to 1; an illegal action is refused and changes
//   nothing; results are well formed; the record of the game replays to the same state;
// - views and resampling (at view_check_rate of the steps, for every seat and the spectator): a
//   resample is deterministic in its generator, looks the same to its viewer, keeps the actor's
//   legal actions, and depends only on the viewer's information; a clone is independent;
// - non-interference (at noninterference_rate of the steps): two states that differ only in what
//   a viewer cannot see give that viewer identical views (JSON, text, tensor, own legal actions),
//   identical resamples with the same generator, and the same description of every action legal
//   in both (unless that action's effect shows them apart). The pairs are built without game
//   knowledge: at a decision (or chance node), two legal actions that some other viewer sees
//   described alike are applied to two clones, and the clones are followed for a few more steps
//   that look the same to that viewer, while they stay alike to it (a later step may show them
//   apart through its public consequences, e.g. a hand that cannot follow). Descriptions must be
//   complete: two actions described alike to a viewer at one state leave that viewer's views
//   alike (what the viewer sees happen is in the line), unless the events the viewer is told
//   when they are applied differ in their consequences (a public consequence the rules reveal
//   at once, told as it happens). A resampled state is compared with the
//   true one the same way (it too differs only in what the viewer cannot see);
// - information states (at the view checks and after same-looking pairs): a resample keeps the
//   viewer's information_state_key; two states the viewer cannot tell apart have equal keys and
//   strings; two it tells apart have different keys; two legal actions have equal
//   action_observation exactly when their results are indistinguishable to the viewer;
// - hidden information varies: every seat's resample changes the state at least once, and some
//   same-looking pair was compared (a check that never ran is a failure, not a silent pass).
#include "invariants.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

#include "narration_check.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"

namespace villainy::testing {

int scaled(int n) {
  double f = 1.0;
#ifdef VILLAINY_SANITIZE_BUILD
  f = 0.2;
#endif
  if (const char* e = std::getenv("VILLAINY_TEST_SCALE")) f = std::atof(e);
  return std::max(1, static_cast<int>(n * f));
}

std::vector<std::map<std::string, std::string>> each_option_value(const std::string& game) {
  std::vector<std::map<std::string, std::string>> out = {{}};
  for (const auto& spec : find_game(game).info.options)
    for (const auto& v : spec.allowed)
      if (v != spec.default_value) out.push_back({{spec.name, v}});
  return out;
}

Policy prefer_actions(std::vector<std::string> prefixes, double share) {
  return [prefixes = std::move(prefixes), share](const State& s, const std::vector<Action>& legal,
                                                 Rng& rng) -> Action {
    if (rng.uniform() < share) {
      std::vector<Action> pick;
      for (const auto& pre : prefixes) {
        for (Action a : legal)
          if (s.game().action_name(a).starts_with(pre)) pick.push_back(a);
        if (!pick.empty()) return pick[rng.below(static_cast<std::uint32_t>(pick.size()))];
      }
    }
    return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  };
}

std::string InvariantResult::summary() const {
  std::string s = fmt::format(
      "{} games, {} steps; views and resampling checked at {} steps; non-interference at {} "
      "steps: {} same-looking pairs, {} further steps followed; resamples that changed the state "
      "per seat:",
      games, steps, view_checks, noninterference_steps, pairs, followed);
  s = fmt::format(
      "{} [information keys compared on {} pairs of states, observations on {} pairs "
      "of actions]",
      s, key_checks, observation_checks);
  for (Player p = 0; p < max_seats; ++p) {
    auto it = resample_varied.find(p);
    s += fmt::format(" {}:{}", p, it == resample_varied.end() ? 0 : it->second);
  }
  for (const auto& f : failures) s += "\nFAILED: " + f;
  return s;
}

namespace {

// Records the failure of the current game; every check returns false to stop that game.
struct Ctx {
  const InvariantConfig& cfg;
  InvariantResult& r;
  std::string failure;
  bool fail(std::string msg) {
    failure = std::move(msg);
    return false;
  }
};

#define VCHECK(cond, ...)                                   \
  do {                                                      \
    if (!(cond)) return ctx.fail(fmt::format(__VA_ARGS__)); \
  } while (0)

std::string cut(std::string s) {
  if (s.size() > 160) s = s.substr(0, 160) + "…";
  return s;
}

std::string viewer_name(Player v) {
  return v == kSpectator ? std::string("spectator") : fmt::format("seat {}", v);
}

// The first place where two JSON views differ, with both values.
std::string json_difference(const nlohmann::json& a, const nlohmann::json& b) {
  const auto patch = nlohmann::json::diff(a, b);
  if (patch.empty()) return "";
  const std::string path = patch[0].value("path", "");
  const nlohmann::json::json_pointer ptr(path);
  const std::string va = a.contains(ptr) ? a.at(ptr).dump() : "(absent)";
  const std::string vb = b.contains(ptr) ? b.at(ptr).dump() : "(absent)";
  return fmt::format("{}: {} vs {}", path, cut(va), cut(vb));
}

// What viewer v can tell apart between two states ("" when nothing).
std::string view_difference(const State& a, const State& b, Player v) {
  if (a.current_player() != b.current_player())
    return fmt::format("the player to act ({} vs {})", a.current_player(), b.current_player());
  const nlohmann::json ja = a.view_json(v), jb = b.view_json(v);
  if (ja != jb) return "view_json at " + json_difference(ja, jb);
  if (a.view_text(v) != b.view_text(v)) return "view_text";
  const auto size = static_cast<size_t>(a.game().tensor_size());
  std::vector<float> ta(size), tb(size);
  a.view_tensor(v, ta);
  b.view_tensor(v, tb);
  for (size_t i = 0; i < size; ++i)
    if (ta[i] != tb[i]) return fmt::format("view_tensor[{}]: {} vs {}", i, ta[i], tb[i]);
  if (!a.is_terminal() && !a.is_chance() && a.current_player() == v &&
      a.legal_actions() != b.legal_actions())
    return "the viewer's own legal actions";
  return "";
}

// Resamples of two states the viewer cannot tell apart, with the same generator, must be equal.
std::string resample_difference(const State& a, const State& b, Player v, std::uint64_t seed) {
  Rng ra(seed), rb(seed);
  auto x = a.resample(v, ra);
  auto y = b.resample(v, rb);
  if (x->fingerprint() == y->fingerprint()) return "";
  for (Player w = 0; w < a.num_players(); ++w) {
    const std::string d = json_difference(x->view_json(w), y->view_json(w));
    if (!d.empty())
      return fmt::format("resample({}) differs; seat {}'s view of the resamples at {}", v, w, d);
  }
  return fmt::format("resample({}) differs", v);
}

// Where two states look the same to v, an action legal in both that v sees described differently
// must leave v's views different (the description then tells what the effect shows anyway).
std::string description_difference(const State& a, const State& b, Player v) {
  if (a.is_terminal()) return "";
  std::vector<Action> la, lb, common;
  a.legal_actions(la);
  b.legal_actions(lb);
  std::set_intersection(la.begin(), la.end(), lb.begin(), lb.end(), std::back_inserter(common));
  for (Action x : common) {
    const std::string da = a.describe_action(x, v), db = b.describe_action(x, v);
    if (da == db) continue;
    auto a2 = a.clone(), b2 = b.clone();
    a2->apply_unchecked(x);
    b2->apply_unchecked(x);
    if (view_difference(*a2, *b2, v).empty())
      return fmt::format("the description of '{}' depends on hidden information ('{}' vs '{}')",
                         a.game().action_name(x), cut(da), cut(db));
  }
  return "";
}

// Two states the viewer cannot tell apart have the same information-state key and string, and
// every action legal in both looks the same to the viewer (action_observation) unless its effect
// shows them apart.
std::string information_difference(const State& a, const State& b, Player v) {
  if (a.information_state_key(v) != b.information_state_key(v))
    return "information_state_key (the views are alike)";
  if (a.information_state_string(v) != b.information_state_string(v))
    return "information_state_string (the views are alike)";
  if (a.is_terminal()) return "";
  std::vector<Action> la, lb, common;
  a.legal_actions(la);
  b.legal_actions(lb);
  std::set_intersection(la.begin(), la.end(), lb.begin(), lb.end(), std::back_inserter(common));
  for (Action x : common) {
    const std::string oa = a.action_observation(x, v), ob = b.action_observation(x, v);
    if (oa == ob) continue;
    auto a2 = a.clone(), b2 = b.clone();
    a2->apply_unchecked(x);
    b2->apply_unchecked(x);
    if (view_difference(*a2, *b2, v).empty())
      return fmt::format("the observation of '{}' depends on hidden information ('{}' vs '{}')",
                         a.game().action_name(x), cut(oa), cut(ob));
  }
  return "";
}

// Everything a viewer may compare between two states it cannot tell apart.
std::string indistinguishable_difference(const State& a, const State& b, Player v,
                                         std::uint64_t seed) {
  std::string d = view_difference(a, b, v);
  if (d.empty()) d = resample_difference(a, b, v, seed);
  if (d.empty()) d = description_difference(a, b, v);
  if (d.empty()) d = narration_difference(a, b, v, seed, view_difference);  // events (issue 11)
  if (d.empty()) d = information_difference(a, b, v);
  return d;
}

// Two states a viewer tells apart (`why`) must have different information-state keys.
bool check_keys_differ(const State& a, const State& b, Player v, const std::string& why, Ctx& ctx,
                       const std::string& where) {
  ++ctx.r.key_checks;
  VCHECK(a.information_state_key(v) != b.information_state_key(v),
         "{}: {} tells two states apart ({}) but their information_state_key is equal", where,
         viewer_name(v), why);
  return true;
}

// Action observations at one state, for one viewer: two legal actions observed alike leave the
// viewer unable to tell the results apart (equal keys), and two observed differently leave results
// it tells apart (different keys): the observation says exactly what the viewer learns.
bool check_observations(const State& s, Player v, Rng& rng, Ctx& ctx, const std::string& where) {
  std::vector<Action> legal;
  s.legal_actions(legal);
  // At most 12 actions, chosen at random, keep the check's cost bounded.
  while (legal.size() > 12)
    legal.erase(legal.begin() + rng.below(static_cast<std::uint32_t>(legal.size())));
  std::vector<std::pair<std::string, std::uint64_t>> seen;
  for (Action a : legal) {
    auto c = s.clone();
    c->apply_unchecked(a);
    seen.emplace_back(s.action_observation(a, v), c->information_state_key(v));
  }
  for (size_t i = 0; i < seen.size(); ++i)
    for (size_t j = i + 1; j < seen.size(); ++j) {
      const bool same_obs = seen[i].first == seen[j].first;
      const bool same_key = seen[i].second == seen[j].second;
      // Observed alike but told apart afterwards: the observation hides what the viewer sees
      // (always checked). Observed differently but alike afterwards: the view forgets what the
      // viewer saw (perfect recall; checked when the config asks for it).
      if (!same_obs && !ctx.cfg.observations_recalled) continue;
      ++ctx.r.observation_checks;
      VCHECK(same_obs == same_key,
             "{}: {} observes '{}' as '{}' and '{}' as '{}', but the results are {} to it", where,
             viewer_name(v), s.game().action_name(legal[i]), cut(seen[i].first),
             s.game().action_name(legal[j]), cut(seen[j].first),
             same_key ? "indistinguishable" : "distinguishable");
    }
  return true;
}

// The non-interference check at one state (see the file comment).
bool check_noninterference(const State& s, Rng& rng, Ctx& ctx, const std::string& where) {
  if (s.is_terminal()) return true;
  const Player actor = s.current_player();
  std::vector<Action> legal;
  s.legal_actions(legal);
  struct Pair {
    Player v;
    Action a, b;
  };
  std::vector<Pair> cands;
  std::vector<Player> viewers;
  for (Player p = 0; p < s.num_players(); ++p)
    if (p != actor) viewers.push_back(p);
  viewers.push_back(kSpectator);
  std::vector<std::pair<std::string, Action>> descs;
  for (Player v : viewers) {
    descs.clear();
    for (Action a : legal) descs.emplace_back(s.describe_action(a, v), a);
    std::sort(descs.begin(), descs.end());
    for (size_t i = 0; i < descs.size();) {
      size_t j = i;
      while (j < descs.size() && descs[j].first == descs[i].first) ++j;
      if (j - i >= 2) {  // one random pair from each group of same-looking actions
        const auto k = static_cast<std::uint32_t>(j - i);
        const size_t x = i + rng.below(k);
        size_t y = i + rng.below(k - 1);
        if (y >= x) ++y;
        cands.push_back({v, descs[x].second, descs[y].second});
      }
      i = j;
    }
  }
  if (cands.empty()) return true;
  ++ctx.r.noninterference_steps;
  const Game& g = s.game();
  for (int n = 0; n < ctx.cfg.noninterference_pairs && !cands.empty(); ++n) {
    const size_t pick = rng.below(static_cast<std::uint32_t>(cands.size()));
    const Pair pr = cands[pick];
    cands.erase(cands.begin() + static_cast<long>(pick));
    ++ctx.r.pairs;
    auto x = s.clone(), y = s.clone();
    // What the viewer is told of each (the action's own event, then its consequences).
    const std::vector<Event> told_x = x->apply_narrated(pr.a, pr.v);
    const std::vector<Event> told_y = y->apply_narrated(pr.b, pr.v);
    std::string path =
        fmt::format("'{}' vs '{}' (both '{}' to {})", g.action_name(pr.a), g.action_name(pr.b),
                    cut(s.describe_action(pr.a, pr.v)), viewer_name(pr.v));
    std::vector<Action> lx, ly, same;
    for (int depth = 0;; ++depth) {
      // A later step may show the states apart through its public consequences (a hand that
      // cannot follow, a card the viewer itself looks at): then they are no longer alike to the
      // viewer, and the walk ends. Right after the pair, nothing may show them apart.
      // Right after the pair, the states may look apart only when the consequences the viewer is
      // told differ while the actions themselves are told alike: an automatic consequence the
      // rules make public (a face-down marker turned up by a bad luck that follows at once).
      const bool told_apart =
          told_x != told_y && s.action_event(pr.a, pr.v) == s.action_event(pr.b, pr.v);
      if (depth > 0 || told_apart) {
        const std::string apart = view_difference(*x, *y, pr.v);
        if (!apart.empty()) {
          if (!check_keys_differ(*x, *y, pr.v, apart, ctx, where)) return false;
          break;
        }
      }
      const std::string d = indistinguishable_difference(*x, *y, pr.v, rng.next());
      VCHECK(d.empty(), "{}: non-interference: after {}, {} tells the states apart: {}", where,
             path, viewer_name(pr.v), d);
      if (depth == ctx.cfg.noninterference_depth || x->is_terminal()) break;
      // Follow one more step that looks the same to the viewer.
      x->legal_actions(lx);
      y->legal_actions(ly);
      VCHECK(!lx.empty() && !ly.empty(), "{}: after {}, no legal action at a non-terminal state",
             where, path);
      const Action bx = x->is_chance() ? x->sample_chance(rng)
                                       : lx[rng.below(static_cast<std::uint32_t>(lx.size()))];
      const std::string dx = x->describe_action(bx, pr.v);
      Action by = kInvalidAction;
      if (std::binary_search(ly.begin(), ly.end(), bx) && y->describe_action(bx, pr.v) == dx) {
        by = bx;
      } else {
        same.clear();
        for (Action b : ly)
          if (y->describe_action(b, pr.v) == dx) same.push_back(b);
        if (same.empty()) break;  // the next step shows the states apart
        by = same[rng.below(static_cast<std::uint32_t>(same.size()))];
      }
      x->apply_unchecked(bx);
      y->apply_unchecked(by);
      ++ctx.r.followed;
      path += fmt::format(", then '{}' vs '{}'", g.action_name(bx), g.action_name(by));
    }
  }
  return true;
}

bool check_views_and_resampling(const State& s, Rng& rng, Ctx& ctx, const std::string& where) {
  std::vector<Player> viewers;
  for (Player p = 0; p < s.num_players(); ++p) viewers.push_back(p);
  viewers.push_back(kSpectator);
  for (Player v : viewers) {
    const std::string who = viewer_name(v);
    const std::uint64_t seed = rng.next();
    Rng r1(seed), r2(seed);
    auto a = s.resample(v, r1);
    auto b = s.resample(v, r2);
    VCHECK(a->fingerprint() == b->fingerprint(), "{}: resample({}) is not deterministic", where, v);
    // The viewer cannot tell the resampled state from the true one (nor its legal actions, when
    // the viewer is the one to act).
    std::string d = view_difference(s, *a, v);
    VCHECK(d.empty(), "{}: {} tells the resampled state from the true one: {}", where, who, d);
    VCHECK(a->information_state_key(v) == s.information_state_key(v),
           "{}: resample({}) changed {}'s information_state_key", where, v, who);
    // A resample depends only on the viewer's information: resampling another resample (which
    // differs from this state only in what the viewer cannot see) with the same generator gives
    // the same state, and actions legal in both are described alike.
    Rng r0(seed ^ 0x5555);
    auto other = s.resample(v, r0);
    d = indistinguishable_difference(s, *other, v, seed);
    VCHECK(d.empty(), "{}: a resample for {} is not like the true state: {}", where, who, d);
    if (other->fingerprint() != a->fingerprint()) ctx.r.resample_varied[v]++;
    if (ctx.cfg.observation_checks && !s.is_terminal() &&
        !check_observations(s, v, rng, ctx, where))
      return false;
    VCHECK(!a->view_json(kSpectator).is_null(),
           "{}: the spectator's view of a resampled state is empty", where);
  }
  return true;
}

// The surfaces of a step, checked on a share of them (they cost more than a step): the legal
// action mask, the action names (they round-trip) and the chance outcomes (they sum to 1).
bool check_step_surfaces(const State& s, const std::vector<Action>& legal, std::vector<float>& mask,
                         std::vector<ChanceOutcome>& outcomes, Ctx& ctx, const std::string& where) {
  const Game& game = s.game();
  const int nact = game.num_distinct_actions();
  legal_action_mask(s, mask);
  int ones = 0;
  for (int a = 0; a < nact; ++a) ones += mask[static_cast<size_t>(a)] != 0.0f;
  VCHECK(ones == static_cast<int>(legal.size()), "{}: mask and legal actions disagree", where);
  for (Action a : legal) {
    VCHECK(a >= 0 && a < nact, "{}: action {} out of range", where, a);
    VCHECK(mask[static_cast<size_t>(a)] == 1.0f, "{}: mask misses action {}", where, a);
    auto back = game.action_from_name(game.action_name(a));
    VCHECK(back.has_value() && *back == a, "{}: name of action {} does not round-trip", where, a);
  }
  if (s.is_chance()) {
    s.chance_outcomes(outcomes);
    double total = 0;
    for (auto& o : outcomes) {
      total += o.probability;
      VCHECK(o.probability > 0.0, "{}: a chance outcome of probability 0", where);
    }
    VCHECK(std::abs(total - 1.0) < 1e-9, "{}: chance probabilities sum to {}", where, total);
    VCHECK(outcomes.size() == legal.size(), "{}: chance outcomes and legal actions differ", where);
  }
  return true;
}

// An illegal action is refused and changes nothing.
bool check_refusal(State& s, const std::vector<Action>& legal, Rng& rng, Ctx& ctx,
                   const std::string& where) {
  const int nact = s.game().num_distinct_actions();
  Action bad = static_cast<Action>(rng.below(static_cast<std::uint32_t>(nact)));
  while (std::binary_search(legal.begin(), legal.end(), bad)) bad = (bad + 1) % nact;
  const std::uint64_t before = s.fingerprint();
  bool refused = false;
  try {
    s.apply(bad);
  } catch (const Error&) {
    refused = true;
  }
  VCHECK(refused, "{}: illegal action {} was accepted", where, bad);
  VCHECK(s.fingerprint() == before, "{}: a refused action changed the state", where);
  return true;
}

// A clone is independent of its original: applying `a` and playing it to the end leave the
// original as it was, and what the clone's step shows a seat is told by its information key.
// `step`: the step of `s` in its game (the playout is held to the game's maximum length).
bool check_clone(const State& s, Action a, std::uint64_t seed, int step, Ctx& ctx,
                 const std::string& where) {
  const int limit = s.game().max_game_length();
  auto c = s.clone();
  const std::uint64_t before = s.fingerprint();
  VCHECK(c->fingerprint() == before, "{}: clone differs", where);
  c->apply(a);
  for (Player v = 0; v < s.num_players(); ++v) {
    const std::string apart = view_difference(s, *c, v);
    if (!apart.empty() && !check_keys_differ(s, *c, v, apart, ctx, where)) return false;
  }
  Rng r2(seed + static_cast<std::uint64_t>(step));
  std::vector<Action> buf;
  for (int k = step; !c->is_terminal(); ++k) {
    c->legal_actions(buf);
    VCHECK(!buf.empty() && k <= limit, "{}: a playout on a clone does not end", where);
    c->apply_unchecked(c->is_chance() ? c->sample_chance(r2)
                                      : buf[r2.below(static_cast<std::uint32_t>(buf.size()))]);
  }
  VCHECK(s.fingerprint() == before, "{}: playing on a clone changed the original", where);
  return true;
}

// At the end of a game: the results are well formed and the record replays to the same state.
bool check_end(const Game& game, const State& s, const std::vector<Action>& history,
               std::uint64_t seed, const std::string& label, Ctx& ctx) {
  // Results are well formed.
  const auto ret = s.returns();
  VCHECK(static_cast<int>(ret.size()) == game.num_players(), "{}: {} returns", label, ret.size());
  const auto win = s.winners();
  const std::set<Player> ws(win.begin(), win.end());
  VCHECK(ws.size() == win.size(), "{} seed {}: duplicate winners", label, seed);
  for (Player w : win)
    VCHECK(w >= 0 && w < game.num_players(), "{} seed {}: winner {}", label, seed, w);
  VCHECK(!s.outcome().is_null(), "{} seed {}: no outcome", label, seed);
  for (Player v = 0; v < game.num_players(); ++v)
    VCHECK(!s.view_json(v).is_null(), "{} seed {}: empty final view", label, seed);
  // Records round-trip.
  const Record r = make_record(game, history, seed, {}, &s);
  const Record back = record_from_json(nlohmann::json::parse(record_to_json(r).dump()));
  const ReplayResult rep = replay_record(back);
  VCHECK(rep.state->fingerprint() == s.fingerprint(), "{} seed {}: replay differs", label, seed);
  return true;
}

bool run_one(const std::shared_ptr<const Game>& game, std::uint64_t seed, const std::string& label,
             Ctx& ctx) {
  const InvariantConfig& cfg = ctx.cfg;
  auto s = game->new_initial_state();
  Rng rng(seed);
  std::vector<Action> legal;
  std::vector<ChanceOutcome> outcomes;
  std::vector<float> mask(static_cast<size_t>(game->num_distinct_actions()));
  std::vector<Action> history;
  const int limit = game->max_game_length();
  const int nact = game->num_distinct_actions();
  int step = 0;
  ++ctx.r.games;
  while (!s->is_terminal()) {
    const std::string where = fmt::format("{} seed {} step {}", label, seed, step);
    VCHECK(step < limit, "{}: game exceeded its declared maximum length", where);
    const Player p = s->current_player();
    VCHECK(p == kChancePlayer || (p >= 0 && p < game->num_players()), "{}: bad current player {}",
           where, p);
    s->legal_actions(legal);
    VCHECK(!legal.empty(), "{}: no legal action at a non-terminal state", where);
    VCHECK(std::is_sorted(legal.begin(), legal.end()), "{}: legal actions not sorted", where);
    VCHECK(std::adjacent_find(legal.begin(), legal.end()) == legal.end(),
           "{}: duplicate legal actions", where);
    // The mask and the names are checked on a share of the steps (they cost more than a step).
    const bool full = rng.uniform() < 0.1;
    if (full && !check_step_surfaces(*s, legal, mask, outcomes, ctx, where)) return false;
    Action a;
    if (p == kChancePlayer) {
      a = s->sample_chance(rng);
      VCHECK(std::binary_search(legal.begin(), legal.end(), a),
             "{}: sampled chance outcome is not legal", where);
    } else {
      a = cfg.policy ? cfg.policy(*s, legal, rng)
                     : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      VCHECK(std::binary_search(legal.begin(), legal.end(), a), "{}: the policy chose {}", where,
             a);
    }
    if (full && static_cast<int>(legal.size()) < nact && !check_refusal(*s, legal, rng, ctx, where))
      return false;
    if (rng.uniform() < cfg.noninterference_rate) {
      if (!check_noninterference(*s, rng, ctx, where)) return false;
    }
    if (rng.uniform() < cfg.view_check_rate) {
      ++ctx.r.view_checks;
      if (!check_views_and_resampling(*s, rng, ctx, where)) return false;
      if (!check_clone(*s, a, seed, step, ctx, where)) return false;
    }
    if (full)
      s->apply(a);  // the checked path
    else
      s->apply_unchecked(a);
    history.push_back(a);
    ++step;
    ++ctx.r.steps;
  }
  return check_end(*game, *s, history, seed, label, ctx);
}

}  // namespace

InvariantResult run_invariants(const InvariantConfig& cfg) {
  InvariantResult res;
  const GameEntry& e = find_game(cfg.game);
  std::vector<int> counts = cfg.player_counts;
  if (counts.empty())
    for (int k = e.info.min_players; k <= e.info.max_players; ++k) counts.push_back(k);
  Ctx ctx{cfg, res, {}};
  std::uint64_t seed = cfg.seed;
  for (const auto& opts : cfg.option_sets) {
    for (int k : counts) {
      res.max_seats = std::max(res.max_seats, k);
      auto game = load_game(cfg.game, opts, k);
      std::string label = fmt::format("{} players={}", cfg.game, k);
      for (const auto& [name, value] : opts) label += fmt::format(" {}={}", name, value);
      for (int g = 0; g < cfg.games_per_config; ++g) {
        bool ok = false;
        try {
          ok = run_one(game, seed++, label, ctx);
        } catch (const std::exception& ex) {
          ctx.failure = fmt::format("{} seed {}: exception: {}", label, seed - 1, ex.what());
        }
        if (!ok) {  // the first failure of this configuration is enough
          if (res.failures.size() < 20) res.failures.push_back(ctx.failure);
          break;
        }
      }
    }
  }
  // No silent skip: the checks ran, and every seat's resample changed something.
  if (res.view_checks == 0)
    res.failures.push_back(cfg.game + ": the view and resampling checks never ran");
  if (res.view_checks > 0 && res.key_checks == 0)
    res.failures.push_back(cfg.game +
                           ": information_state_key was never compared on states a "
                           "viewer tells apart");
  if (cfg.hidden_information) {
    if (res.pairs == 0)
      res.failures.push_back(cfg.game + ": no pair of same-looking actions was ever compared");
    for (Player p = 0; p < res.max_seats; ++p)
      if (res.resample_varied[p] == 0)
        res.failures.push_back(
            fmt::format("{}: resampling never changed anything for seat {}", cfg.game, p));
  }
  return res;
}

void check_invariants(const InvariantConfig& cfg) {
  const InvariantResult r = run_invariants(cfg);
  EXPECT_TRUE(r.ok()) << r.summary();
  std::printf("[ invariants ] %s: %s\n", cfg.game.c_str(), r.summary().c_str());
}

}  // namespace villainy::testing
