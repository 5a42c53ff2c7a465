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
  return fmt::format("{}", fmt::join(parts, ":"));
}

struct IsmctsAgent::Impl {
  struct Node {
    Action action = kInvalidAction;  // the edge from the parent
    Player actor = kChancePlayer;    // who chose the edge (kChancePlayer for chance outcomes)
    std::int32_t first_child = -1;
    std::int32_t next_sibling = -1;
    std::int32_t visits = 0;
    std::int32_t avail = 0;
    double reward = 0;  // sum of the actor's returns
  };

  const Game* game;
  int num_players;
  std::vector<Node> nodes;
  std::vector<std::int32_t> path;
  std::vector<Action> legal;
  std::vector<std::uint8_t> mark;  // per action id: a child exists (scratch, always reset)
  std::vector<Action> untried;
  std::vector<double> value;
  std::unique_ptr<State> det;            // the current determinization (reused)
  std::unique_ptr<Agent> rollout_agent;  // the game's heuristic, for heuristic rollouts
  const StateEvaluator* evaluator = nullptr;

  std::int32_t add_child(std::int32_t parent, Action a, Player actor) {
    Node n;
    n.action = a;
    n.actor = actor;
    n.next_sibling = nodes[static_cast<size_t>(parent)].first_child;
    nodes.push_back(n);
    const auto id = static_cast<std::int32_t>(nodes.size() - 1);
    nodes[static_cast<size_t>(parent)].first_child = id;
    return id;
  }

  std::int32_t find_child(std::int32_t parent, Action a) const {
    for (std::int32_t c = nodes[static_cast<size_t>(parent)].first_child; c >= 0;
         c = nodes[static_cast<size_t>(c)].next_sibling)
      if (nodes[static_cast<size_t>(c)].action == a) return c;
    return -1;
  }
};

IsmctsAgent::IsmctsAgent(const Game& game, IsmctsConfig cfg)
    : cfg_(std::move(cfg)), impl_(std::make_unique<Impl>()) {
  check_config(cfg_);
  impl_->game = &game;
  impl_->num_players = game.num_players();
  impl_->mark.assign(static_cast<size_t>(game.num_distinct_actions()), 0);
  impl_->value.assign(static_cast<size_t>(game.num_players()), 0.0);
  // Buffers sized once, so that iterations allocate nothing (issue 15).
  const auto actions = static_cast<size_t>(game.num_distinct_actions());
  impl_->legal.reserve(actions);
  impl_->untried.reserve(actions);
  impl_->path.reserve(256);
  root_visits_.reserve(actions);
  if (cfg_.rollout == "heuristic") {
    impl_->rollout_agent = make_agent(rollout_agent(game.name()), game);
  }
  if (cfg_.use_evaluator) impl_->evaluator = find_evaluator(game.name());
}

IsmctsAgent::~IsmctsAgent() = default;

Action IsmctsAgent::act(const DecisionContext& ctx, Rng& rng) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  Impl& m = *impl_;
  const auto& root_legal = ctx.legal_actions();
  stats_ = {};
  root_visits_.clear();
  if (root_legal.size() == 1) {
    root_visits_.emplace_back(root_legal[0], 0);
    return root_legal[0];
  }
  const int n = m.num_players;
  const double c = cfg_.exploration;
  const std::int64_t max_iter = cfg_.iterations > 0 ? cfg_.iterations : INT64_MAX;
  const bool timed = cfg_.time_ms > 0;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double, std::milli>(cfg_.time_ms));

  m.nodes.clear();
  m.nodes.reserve(static_cast<size_t>(std::min<std::int64_t>(max_iter, 1 << 14)) * 2 + 16);
  m.nodes.emplace_back();  // root
  std::int64_t it = 0, rollout_actions = 0;

  for (; it < max_iter; ++it) {
    if (timed && (it & 31) == 0 && Clock::now() >= deadline && it > 0) break;
    ctx.sample_state_into(m.det, rng);  // the iteration's determinization, in a reused slot
    State& s = *m.det;
    m.path.clear();
    std::int32_t node = 0;
    m.path.push_back(node);
    bool expanded = false;
    // Selection and expansion.
    while (!expanded) {
      const Player p = s.current_player();
      if (p == kTerminalPlayer) break;
      if (p == kChancePlayer) {
        const Action a = s.sample_chance(rng);
        std::int32_t child = m.find_child(node, a);
        if (child < 0) {
          child = m.add_child(node, a, kChancePlayer);
          expanded = true;
        }
        s.apply_unchecked(a);
        node = child;
        m.path.push_back(node);
        continue;
      }
      if (node == 0) {
        m.legal = root_legal;  // the seat's legal actions, identical in every determinization
      } else {
        s.legal_actions(m.legal);
      }
      // Availability, UCB1 over the children legal here, and the untried legal actions.
      std::int32_t best = -1;
      double best_score = -HUGE_VAL;
      for (std::int32_t ch = m.nodes[static_cast<size_t>(node)].first_child; ch >= 0;
           ch = m.nodes[static_cast<size_t>(ch)].next_sibling) {
        Impl::Node& cn = m.nodes[static_cast<size_t>(ch)];
        if (!std::binary_search(m.legal.begin(), m.legal.end(), cn.action)) continue;
        m.mark[static_cast<size_t>(cn.action)] = 1;
        ++cn.avail;
        const double score = cn.reward / cn.visits +
                             c * std::sqrt(std::log(static_cast<double>(cn.avail)) / cn.visits);
        if (best < 0 || score > best_score ||
            (score == best_score && cn.action < m.nodes[static_cast<size_t>(best)].action)) {
          best_score = score;
          best = ch;
        }
      }
      m.untried.clear();
      for (Action a : m.legal) {
        if (!m.mark[static_cast<size_t>(a)]) m.untried.push_back(a);
        m.mark[static_cast<size_t>(a)] = 0;
      }
      Action a;
      if (!m.untried.empty()) {
        a = m.untried[rng.below(static_cast<std::uint32_t>(m.untried.size()))];
        best = m.add_child(node, a, p);
        m.nodes[static_cast<size_t>(best)].avail = 1;
        expanded = true;
      } else {
        a = m.nodes[static_cast<size_t>(best)].action;
      }
      s.apply_unchecked(a);
      node = best;
      m.path.push_back(node);
    }
    // Rollout.
    int steps = 0;
    while (!s.is_terminal() && (cfg_.depth == 0 || steps < cfg_.depth)) {
      const Player p = s.current_player();
      Action a;
      if (p == kChancePlayer) {
        a = s.sample_chance(rng);
      } else {
        s.legal_actions(m.legal);
        if (m.legal.size() == 1) {
          a = m.legal[0];
        } else if (m.rollout_agent) {
          DecisionContext rc(s, m.legal);
          a = m.rollout_agent->act(rc, rng);
        } else {
          a = m.legal[rng.below(static_cast<std::uint32_t>(m.legal.size()))];
        }
      }
      s.apply_unchecked(a);
      ++steps;
    }
    rollout_actions += steps;
    // Value.
    if (s.is_terminal()) {
      s.returns_into(std::span<double>(m.value));
    } else if (m.evaluator) {
      (*m.evaluator)(s, std::span<double>(m.value));
    } else {
      std::fill(m.value.begin(), m.value.end(), 1.0 / n);
    }
    // Backpropagation.
    for (std::int32_t id : m.path) {
      Impl::Node& nd = m.nodes[static_cast<size_t>(id)];
      ++nd.visits;
      if (nd.actor >= 0) nd.reward += m.value[static_cast<size_t>(nd.actor)];
    }
  }

  // The most visited root edge (ties: lowest action id).
  Action choice = kInvalidAction;
  int best_visits = -1;
  for (std::int32_t ch = m.nodes[0].first_child; ch >= 0;
       ch = m.nodes[static_cast<size_t>(ch)].next_sibling) {
    const Impl::Node& cn = m.nodes[static_cast<size_t>(ch)];
    root_visits_.emplace_back(cn.action, cn.visits);
    if (cn.visits > best_visits || (cn.visits == best_visits && cn.action < choice)) {
      best_visits = cn.visits;
      choice = cn.action;
    }
  }
  std::sort(root_visits_.begin(), root_visits_.end());
  if (choice == kInvalidAction) choice = root_legal[0];
  stats_.iterations = it;
  stats_.nodes = static_cast<std::int64_t>(m.nodes.size());
  stats_.rollout_actions = rollout_actions;
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return choice;
}

IsmctsConfig parse_ismcts_config(const AgentSpec& spec, const std::string& game) {
  spec.check_only({"iterations", "ms", "c", "depth", "rollout", "eval"});
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
  return cfg;
}

void register_search_agents() {
  register_agent(
      "ismcts", "",
      [](const AgentSpec& s, const Game& g) -> std::unique_ptr<Agent> {
        return std::make_unique<IsmctsAgent>(g, parse_ismcts_config(s, g.name()));
      },
      "information-set MCTS (single observer); iterations=1000 ms=0 c=0.7 depth=60 "
      "rollout=random|heuristic eval=on|off (a game may set other defaults: docs/bots.md)");
}

}  // namespace villainy
