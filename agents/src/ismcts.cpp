// Single-observer information-set MCTS; see ismcts.h for the algorithm and docs/bots.md for the
// measurements behind the defaults.
#include "villainy/agents/ismcts.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>

#include "villainy/agents/agents.h"
#include "villainy/core/json_input.h"
#include "villainy/core/parallel.h"
#include "villainy/core/random.h"

namespace villainy {

namespace {
std::mutex& settings_mu() {
  static std::mutex m;
  return m;
}
// A map: its entries never move, so the pointers find_search_settings hands out stay valid.
std::map<std::string, SearchSettings>& registry() {
  static std::map<std::string, SearchSettings> s;
  return s;
}
}  // namespace

static void check_config(const IsmctsConfig& cfg) {
  // Every bound is checked before use: a NaN budget would never end the search, and an infinite
  // or huge one would overflow the conversion to a clock duration (undefined behaviour).
  if (cfg.iterations < 0 || cfg.iterations > kIsmctsMaxIterations)
    throw Error(fmt::format("ismcts: iterations must be from 0 to {}", kIsmctsMaxIterations));
  if (!std::isfinite(cfg.time_ms) || cfg.time_ms < 0 || cfg.time_ms > kIsmctsMaxMs)
    throw Error(fmt::format("ismcts: ms must be a number from 0 to {}", kIsmctsMaxMs));
  if (!std::isfinite(cfg.exploration) || cfg.exploration > kIsmctsMaxC)
    throw Error(fmt::format("ismcts: c must be a number from 0 to {}", kIsmctsMaxC));
  if (cfg.depth > kIsmctsMaxDepth)
    throw Error(fmt::format("ismcts: depth must be from 0 to {}", kIsmctsMaxDepth));
  if (cfg.iterations == 0 && cfg.time_ms <= 0)
    throw Error("ismcts: give a budget (iterations > 0 or ms > 0)");
  if (cfg.depth < 0) throw Error("ismcts: depth must be at least 0 (0 = to the end of the game)");
  if (cfg.exploration < 0) throw Error("ismcts: c must be at least 0");
  if (cfg.trees < 1 || cfg.trees > kIsmctsMaxTrees)
    throw Error(fmt::format("ismcts: trees must be from 1 to {}", kIsmctsMaxTrees));
  if (cfg.rollout != "random" && cfg.rollout != "heuristic")
    throw Error(fmt::format("ismcts: rollout must be random or heuristic, not '{}'",
                            cut_for_message(cfg.rollout)));
}

void register_search_settings(const std::string& game, SearchSettings settings) {
  check_config(settings.defaults);
  (void)AgentSpec::parse(settings.rollout_agent);
  std::lock_guard lock(settings_mu());
  registry().emplace(game, std::move(settings));
}

const SearchSettings* find_search_settings(const std::string& game) {
  std::lock_guard lock(settings_mu());
  auto it = registry().find(game);
  return it == registry().end() ? nullptr : &it->second;
}

const StateEvaluator* find_evaluator(const std::string& game) {
  const SearchSettings* s = find_search_settings(game);
  return s != nullptr && s->evaluator ? &s->evaluator : nullptr;
}

std::string rollout_agent(const std::string& game) {
  const SearchSettings* s = find_search_settings(game);
  return s != nullptr ? s->rollout_agent : std::string("heuristic");
}

std::string ismcts_defaults(const std::string& game) {
  const SearchSettings* s = find_search_settings(game);
  if (s == nullptr) return "";
  const IsmctsConfig& d = s->defaults;
  const IsmctsConfig e;
  std::vector<std::string> parts;
  if (d.iterations != e.iterations) parts.push_back(fmt::format("iterations={}", d.iterations));
  if (d.time_ms != e.time_ms) parts.push_back(fmt::format("ms={}", d.time_ms));
  if (d.exploration != e.exploration) parts.push_back(fmt::format("c={}", d.exploration));
  if (d.depth != e.depth) parts.push_back(fmt::format("depth={}", d.depth));
  if (d.rollout != e.rollout) parts.push_back(fmt::format("rollout={}", d.rollout));
  if (d.use_evaluator != e.use_evaluator)
    parts.push_back(fmt::format("eval={}", d.use_evaluator ? "on" : "off"));
  if (d.trees != e.trees) parts.push_back(fmt::format("trees={}", d.trees));
  if (d.multi_observer != e.multi_observer)
    parts.push_back(fmt::format("observer={}", d.multi_observer ? "multi" : "single"));
  if (d.rollout_resample != e.rollout_resample)
    parts.push_back(fmt::format("resample={}", d.rollout_resample ? "on" : "off"));
  return fmt::format("{}", fmt::join(parts, ":"));
}

// One search tree and its buffers (root parallelism keeps one per tree).
struct IsmctsAgent::Impl {
  // The edge into a node is an action, a chance outcome, or (observer=multi) an opponent's
  // information state: action == kKeyEdge and `key` its information_state_key.
  static constexpr Action kKeyEdge = -2;
  struct Node {
    Action action = kInvalidAction;  // the edge from the parent
    Player actor = kChancePlayer;    // who chose the edge (kChancePlayer for chance outcomes)
    std::int32_t first_child = -1;
    std::int32_t next_sibling = -1;
    std::int32_t visits = 0;
    std::int32_t avail = 0;
    double reward = 0;  // sum of the actor's returns
    std::uint64_t key = 0;
  };

  const Game* game;
  int num_players;
  std::vector<Node> nodes;
  std::vector<std::int32_t> path;
  std::vector<Action> legal;
  std::vector<std::uint8_t> mark;  // per action id: a child exists (scratch, always reset)
  std::vector<Action> untried;
  std::vector<double> value;
  std::unique_ptr<State> det;                   // the current determinization (reused)
  std::unique_ptr<Agent> rollout_agent;         // the game's heuristic, for heuristic rollouts
  DeterminizedAgent* rollout_on_det = nullptr;  // the same agent, deciding on the determinization
  const StateEvaluator* evaluator = nullptr;
  IsmctsStats stats;

  Impl(const Game& g, const IsmctsConfig& cfg) : game(&g), num_players(g.num_players()) {
    // Buffers sized once, so that iterations allocate nothing (issue 15).
    const auto actions = static_cast<size_t>(g.num_distinct_actions());
    mark.assign(actions, 0);
    value.assign(static_cast<size_t>(num_players), 0.0);
    legal.reserve(actions);
    untried.reserve(actions);
    path.reserve(256);
    if (cfg.rollout == "heuristic") {
      rollout_agent = make_agent(::villainy::rollout_agent(g.name()), g);
      if (!cfg.rollout_resample)
        rollout_on_det = dynamic_cast<DeterminizedAgent*>(rollout_agent.get());
    }
    if (cfg.use_evaluator) evaluator = find_evaluator(g.name());
  }

  std::int32_t add_child(std::int32_t parent, Action a, Player actor, std::uint64_t key = 0) {
    Node n;
    n.action = a;
    n.actor = actor;
    n.key = key;
    n.next_sibling = nodes[static_cast<size_t>(parent)].first_child;
    nodes.push_back(n);
    const auto id = static_cast<std::int32_t>(nodes.size() - 1);
    nodes[static_cast<size_t>(parent)].first_child = id;
    return id;
  }

  std::int32_t find_child(std::int32_t parent, Action a, std::uint64_t key = 0) const {
    for (std::int32_t c = nodes[static_cast<size_t>(parent)].first_child; c >= 0;
         c = nodes[static_cast<size_t>(c)].next_sibling)
      if (nodes[static_cast<size_t>(c)].action == a && nodes[static_cast<size_t>(c)].key == key)
        return c;
    return -1;
  }

  void search(const IsmctsConfig& cfg, const DecisionContext& ctx, Rng& rng, std::int64_t max_iter,
              bool timed, std::chrono::steady_clock::time_point deadline);
  // One step at a decision node of `p` whose legal actions are in `legal`: UCB1 over the
  // children legal in this determinization (their availability counted), or a new child for an
  // untried legal action, chosen at random (then `expanded` is set). Returns the child.
  std::int32_t select(std::int32_t node, Player p, double c, Rng& rng, bool& expanded);
  // Plays from `s` to the end of the game, or `depth` actions (0: no cap); returns how many.
  int rollout(State& s, int depth, Rng& rng);
  // The value of `s` for every seat (returns, the evaluator at the cap, or 1/n), added to the
  // nodes of `path`.
  void backpropagate(const State& s);
};

std::int32_t IsmctsAgent::Impl::select(std::int32_t node, Player p, double c, Rng& rng,
                                       bool& expanded) {
  std::int32_t best = -1;
  double best_score = -HUGE_VAL;
  for (std::int32_t ch = nodes[static_cast<size_t>(node)].first_child; ch >= 0;
       ch = nodes[static_cast<size_t>(ch)].next_sibling) {
    Node& cn = nodes[static_cast<size_t>(ch)];
    if (!std::binary_search(legal.begin(), legal.end(), cn.action)) continue;
    mark[static_cast<size_t>(cn.action)] = 1;
    ++cn.avail;
    const double score =
        cn.reward / cn.visits + c * std::sqrt(std::log(static_cast<double>(cn.avail)) / cn.visits);
    if (best < 0 || score > best_score ||
        (score == best_score && cn.action < nodes[static_cast<size_t>(best)].action)) {
      best_score = score;
      best = ch;
    }
  }
  untried.clear();
  for (Action a : legal) {
    if (!mark[static_cast<size_t>(a)]) untried.push_back(a);
    mark[static_cast<size_t>(a)] = 0;
  }
  if (untried.empty()) return best;
  const Action a = untried[rng.below(static_cast<std::uint32_t>(untried.size()))];
  best = add_child(node, a, p);
  nodes[static_cast<size_t>(best)].avail = 1;
  expanded = true;
  return best;
}

int IsmctsAgent::Impl::rollout(State& s, int depth, Rng& rng) {
  int steps = 0;
  while (!s.is_terminal() && (depth == 0 || steps < depth)) {
    const Player p = s.current_player();
    Action a;
    if (p == kChancePlayer) {
      a = s.sample_chance(rng);
    } else {
      s.legal_actions(legal);
      if (legal.size() == 1) {
        a = legal[0];
      } else if (rollout_on_det) {
        a = rollout_on_det->act_on(s, legal, rng);
      } else if (rollout_agent) {
        DecisionContext rc(s, legal);
        a = rollout_agent->act(rc, rng);
      } else {
        a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      }
    }
    s.apply_unchecked(a);
    ++steps;
  }
  return steps;
}

void IsmctsAgent::Impl::backpropagate(const State& s) {
  if (s.is_terminal()) {
    s.returns_into(std::span<double>(value));
  } else if (evaluator) {
    (*evaluator)(s, std::span<double>(value));
  } else {
    std::fill(value.begin(), value.end(), 1.0 / num_players);
  }
  for (std::int32_t id : path) {
    Node& nd = nodes[static_cast<size_t>(id)];
    ++nd.visits;
    if (nd.actor >= 0) nd.reward += value[static_cast<size_t>(nd.actor)];
  }
}

void IsmctsAgent::Impl::search(const IsmctsConfig& cfg, const DecisionContext& ctx, Rng& rng,
                               std::int64_t max_iter, bool timed,
                               std::chrono::steady_clock::time_point deadline) {
  using Clock = std::chrono::steady_clock;
  const auto& root_legal = ctx.legal_actions();
  const Player me = ctx.player();
  const double c = cfg.exploration;
  const bool multi = cfg.multi_observer;
  nodes.clear();
  nodes.reserve(static_cast<size_t>(std::min<std::int64_t>(max_iter, 1 << 14)) * (multi ? 3 : 2) +
                16);
  nodes.emplace_back();  // root
  std::int64_t it = 0, rollout_actions = 0;

  for (; it < max_iter; ++it) {
    if (timed && (it & 31) == 0 && Clock::now() >= deadline && it > 0) break;
    ctx.sample_state_into(det, rng);  // the iteration's determinization, in a reused slot
    State& s = *det;
    path.clear();
    std::int32_t node = 0;
    path.push_back(node);
    bool expanded = false;
    // Selection and expansion.
    while (!expanded) {
      const Player p = s.current_player();
      if (p == kTerminalPlayer) break;
      if (p == kChancePlayer) {
        const Action a = s.sample_chance(rng);
        std::int32_t child = find_child(node, a);
        if (child < 0) {
          child = add_child(node, a, kChancePlayer);
          expanded = true;
        }
        s.apply_unchecked(a);
        node = child;
        path.push_back(node);
        continue;
      }
      if (multi && p != me) {
        // observer=multi: an opponent decides from what *it* knows, so its statistics are kept
        // per information state of its own (a key edge), not shared by every determinization.
        const std::uint64_t key = s.information_state_key(p);
        std::int32_t child = find_child(node, kKeyEdge, key);
        if (child < 0) child = add_child(node, kKeyEdge, kChancePlayer, key);
        node = child;
        path.push_back(node);
      }
      if (node == 0) {
        legal = root_legal;  // the seat's legal actions, identical in every determinization
      } else {
        s.legal_actions(legal);
      }
      const std::int32_t child = select(node, p, c, rng, expanded);
      s.apply_unchecked(nodes[static_cast<size_t>(child)].action);
      node = child;
      path.push_back(node);
    }
    rollout_actions += rollout(s, cfg.depth, rng);
    backpropagate(s);
  }
  stats.iterations = it;
  stats.nodes = static_cast<std::int64_t>(nodes.size());
  stats.rollout_actions = rollout_actions;
}

IsmctsAgent::IsmctsAgent(const Game& game, IsmctsConfig cfg) : cfg_(std::move(cfg)) {
  check_config(cfg_);
  for (int k = 0; k < cfg_.trees; ++k) trees_.push_back(std::make_unique<Impl>(game, cfg_));
  const auto actions = static_cast<size_t>(game.num_distinct_actions());
  root_visits_.reserve(actions);
  if (cfg_.trees > 1) merged_.assign(actions, 0);
}

IsmctsAgent::~IsmctsAgent() = default;

Action IsmctsAgent::act(const DecisionContext& ctx, Rng& rng) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto& root_legal = ctx.legal_actions();
  stats_ = {};
  root_visits_.clear();
  if (root_legal.size() == 1) {
    root_visits_.emplace_back(root_legal[0], 0);
    return root_legal[0];
  }
  const std::int64_t max_iter = cfg_.iterations > 0 ? cfg_.iterations : INT64_MAX;
  const bool timed = cfg_.time_ms > 0;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double, std::milli>(cfg_.time_ms));
  const int t = cfg_.trees;
  if (t == 1) {
    trees_[0]->search(cfg_, ctx, rng, max_iter, timed, deadline);
    const Impl& m = *trees_[0];
    for (std::int32_t ch = m.nodes[0].first_child; ch >= 0;
         ch = m.nodes[static_cast<size_t>(ch)].next_sibling)
      root_visits_.emplace_back(m.nodes[static_cast<size_t>(ch)].action,
                                m.nodes[static_cast<size_t>(ch)].visits);
  } else {
    // Root parallelism: `trees` independent searches, tree k with its own generator
    // derive_seed(base, k) (base: one draw of the caller's) and the k-th share of the iteration
    // budget, run on up to `trees` threads; their root visit counts are added. With an iteration
    // budget the move depends only on (information, rng, trees), never on the thread schedule.
    const std::uint64_t base = rng.next();
    ParallelOptions po;
    po.threads = t;
    parallel_for(static_cast<std::uint64_t>(t), po, [&](int, std::uint64_t k) {
      const std::int64_t share =
          max_iter == INT64_MAX
              ? INT64_MAX
              : max_iter / t + (static_cast<std::int64_t>(k) < max_iter % t ? 1 : 0);
      Rng tree_rng(derive_seed(base, k));
      if (share > 0) trees_[k]->search(cfg_, ctx, tree_rng, share, timed, deadline);
    });
    for (int k = 0; k < t; ++k) {
      const Impl& m = *trees_[static_cast<size_t>(k)];
      if (m.nodes.empty()) continue;
      for (std::int32_t ch = m.nodes[0].first_child; ch >= 0;
           ch = m.nodes[static_cast<size_t>(ch)].next_sibling)
        merged_[static_cast<size_t>(m.nodes[static_cast<size_t>(ch)].action)] +=
            m.nodes[static_cast<size_t>(ch)].visits;
    }
    for (Action a : root_legal) {
      if (merged_[static_cast<size_t>(a)] > 0)
        root_visits_.emplace_back(a, merged_[static_cast<size_t>(a)]);
      merged_[static_cast<size_t>(a)] = 0;
    }
  }
  for (const auto& tree : trees_) {
    stats_.iterations += tree->stats.iterations;
    stats_.nodes += tree->stats.nodes;
    stats_.rollout_actions += tree->stats.rollout_actions;
    tree->stats = {};
  }
  // The most visited root edge (ties: lowest action id).
  std::sort(root_visits_.begin(), root_visits_.end());
  Action choice = kInvalidAction;
  int best_visits = -1;
  for (const auto& [a, v] : root_visits_)
    if (v > best_visits) {
      best_visits = v;
      choice = a;
    }
  if (choice == kInvalidAction) choice = root_legal[0];
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return choice;
}

IsmctsConfig parse_ismcts_config(const AgentSpec& spec, const std::string& game) {
  spec.check_only(
      {"iterations", "ms", "c", "depth", "rollout", "eval", "resample", "trees", "observer"});
  IsmctsConfig cfg;
  if (!game.empty())
    if (const SearchSettings* s = find_search_settings(game)) cfg = s->defaults;
  cfg.iterations = spec.get_int("iterations", cfg.iterations, 0, kIsmctsMaxIterations);
  cfg.time_ms = spec.get_double("ms", cfg.time_ms, 0, kIsmctsMaxMs);
  // A time budget alone means: as many iterations as fit (it replaces the default count).
  if (spec.params.count("ms") && !spec.params.count("iterations")) cfg.iterations = 0;
  cfg.exploration = spec.get_double("c", cfg.exploration, 0, kIsmctsMaxC);
  cfg.depth = spec.get_int("depth", cfg.depth, 0, kIsmctsMaxDepth);
  cfg.rollout = spec.get("rollout", cfg.rollout);
  const std::string ev = spec.get("eval", cfg.use_evaluator ? "on" : "off");
  if (ev != "on" && ev != "off")
    throw Error(fmt::format("ismcts: eval must be on or off, not '{}'", cut_for_message(ev)));
  cfg.use_evaluator = ev == "on";
  const std::string rs = spec.get("resample", cfg.rollout_resample ? "on" : "off");
  if (rs != "on" && rs != "off")
    throw Error(fmt::format("ismcts: resample must be on or off, not '{}'", cut_for_message(rs)));
  cfg.rollout_resample = rs == "on";
  cfg.trees = spec.get_int("trees", cfg.trees, 1, kIsmctsMaxTrees);
  const std::string ob = spec.get("observer", cfg.multi_observer ? "multi" : "single");
  if (ob != "single" && ob != "multi")
    throw Error(
        fmt::format("ismcts: observer must be single or multi, not '{}'", cut_for_message(ob)));
  cfg.multi_observer = ob == "multi";
  return cfg;
}

void register_search_agents() {
  register_agent(
      "ismcts", "",
      [](const AgentSpec& s, const Game& g) -> std::unique_ptr<Agent> {
        return std::make_unique<IsmctsAgent>(g, parse_ismcts_config(s, g.name()));
      },
      "information-set MCTS (single observer); iterations=1000 ms=0 c=0.7 depth=60 "
      "rollout=random|heuristic eval=on|off resample=off|on trees=1 observer=single|multi (a game "
      "may set other defaults: docs/bots.md)");
}

}  // namespace villainy
