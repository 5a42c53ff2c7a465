#include "villainy/agents/tournament.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "villainy/agents/agents.h"
#include "villainy/core/parallel.h"
#include "villainy/core/runner.h"

namespace villainy {

namespace {

// Wraps an agent and measures its decision times.
class TimedAgent : public Agent {
 public:
  explicit TimedAgent(std::unique_ptr<Agent> inner) : inner_(std::move(inner)) {}
  Action act(const DecisionContext& ctx, Rng& rng) override {
    const auto t0 = std::chrono::steady_clock::now();
    const Action a = inner_->act(ctx, rng);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ++decisions;
    seconds += s;
    max_seconds = std::max(max_seconds, s);
    return a;
  }
  std::string name() const override { return inner_->name(); }
  std::uint64_t decisions = 0;
  double seconds = 0, max_seconds = 0;

 private:
  std::unique_ptr<Agent> inner_;
};

struct GameRecord {
  std::vector<std::uint8_t> won;  // per seat
  std::vector<double> returns;    // per seat
  int length = 0;
  std::vector<std::uint64_t> decisions;
  std::vector<double> seconds, max_seconds;
};

// Solves A x = I for the inverse of a small symmetric positive-definite matrix (Gauss–Jordan).
bool invert(std::vector<std::vector<double>> a, std::vector<std::vector<double>>& inv) {
  const size_t n = a.size();
  inv.assign(n, std::vector<double>(n, 0.0));
  for (size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (size_t c = 0; c < n; ++c) {
    size_t piv = c;
    for (size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[piv][c])) piv = r;
    if (std::abs(a[piv][c]) < 1e-12) return false;
    std::swap(a[c], a[piv]);
    std::swap(inv[c], inv[piv]);
    const double d = a[c][c];
    for (size_t k = 0; k < n; ++k) {
      a[c][k] /= d;
      inv[c][k] /= d;
    }
    for (size_t r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = a[r][c];
      if (f == 0) continue;
      for (size_t k = 0; k < n; ++k) {
        a[r][k] -= f * a[c][k];
        inv[r][k] -= f * inv[c][k];
      }
    }
  }
  return true;
}

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10

}  // namespace

void bradley_terry(const std::vector<std::vector<double>>& wins_in, double prior,
                   std::vector<double>& log_strength, std::vector<double>& std_error) {
  const size_t m = wins_in.size();
  std::vector<std::vector<double>> w = wins_in;
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < m; ++j)
      if (i != j) w[i][j] += prior / 2;
  std::vector<double> g(m, 1.0), total(m, 0.0);
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < m; ++j)
      if (i != j) total[i] += w[i][j];
  for (int iter = 0; iter < 10000; ++iter) {
    double change = 0;
    std::vector<double> ng(m);
    for (size_t i = 0; i < m; ++i) {
      double den = 0;
      for (size_t j = 0; j < m; ++j)
        if (i != j) den += (w[i][j] + w[j][i]) / (g[i] + g[j]);
      ng[i] = den > 0 ? total[i] / den : g[i];
    }
    for (size_t i = 0; i < m; ++i) ng[i] = std::max(ng[i] / ng[0], 1e-300);
    for (size_t i = 0; i < m; ++i)
      change = std::max(change, std::abs(std::log(ng[i]) - std::log(g[i])));
    g = ng;
    if (change < 1e-12) break;
  }
  log_strength.assign(m, 0.0);
  for (size_t i = 0; i < m; ++i) log_strength[i] = std::log(g[i]);
  std_error.assign(m, 0.0);
  if (m < 2) return;
  // Fisher information in the log-strengths, the first one fixed at 0.
  std::vector<std::vector<double>> info(m - 1, std::vector<double>(m - 1, 0.0)), inv;
  for (size_t i = 0; i < m; ++i)
    for (size_t j = i + 1; j < m; ++j) {
      const double n = w[i][j] + w[j][i];
      const double p = g[i] / (g[i] + g[j]);
      const double v = n * p * (1 - p);
      if (i > 0) info[i - 1][i - 1] += v;
      if (j > 0) info[j - 1][j - 1] += v;
      if (i > 0 && j > 0) {
        info[i - 1][j - 1] -= v;
        info[j - 1][i - 1] -= v;
      }
    }
  if (invert(info, inv))
    for (size_t i = 1; i < m; ++i) std_error[i] = std::sqrt(std::max(0.0, inv[i - 1][i - 1]));
}

namespace {
// Adds up the games' records, in game order, into `res` (its agents and rotation already set):
// wins, points, seats, head to head and the Bradley–Terry ratings.
void tally(const std::vector<GameRecord>& records, int k, bool timing, TournamentResult& res) {
  const size_t m = res.rotation.size();
  auto seat_entry = [&](std::uint64_t g, int s) {
    return static_cast<size_t>((static_cast<std::uint64_t>(s) + g) % m);
  };
  // Aggregate in game order.
  const size_t na = res.agents.size();
  res.wins.assign(na, {});
  res.sole_wins.assign(na, {});
  res.return_milli.assign(na, 0);
  res.points.assign(na, 0.0);
  res.points_sq.assign(na, 0.0);
  res.seat_wins.assign(na, std::vector<Proportion>(static_cast<size_t>(k)));
  res.h2h.assign(na, std::vector<HeadToHead>(na));
  res.timed = timing;
  res.decisions.assign(na, 0);
  res.seconds.assign(na, 0);
  res.max_seconds.assign(na, 0);
  std::vector<std::vector<double>> pair_wins(na, std::vector<double>(na, 0.0));
  for (std::uint64_t g = 0; g < records.size(); ++g) {
    const GameRecord& rec = records[g];
    int nwin = 0;
    for (auto w : rec.won) nwin += w;
    std::vector<size_t> who(static_cast<size_t>(k));
    for (int s = 0; s < k; ++s)
      who[static_cast<size_t>(s)] = static_cast<size_t>(res.rotation[seat_entry(g, s)]);
    for (int s = 0; s < k; ++s) {
      const size_t a = who[static_cast<size_t>(s)];
      const bool won = rec.won[static_cast<size_t>(s)];
      res.wins[a].add(won);
      res.sole_wins[a].add(won && nwin == 1);
      const double pt = won ? 1.0 / nwin : 0.0;
      res.points[a] += pt;
      res.points_sq[a] += pt * pt;
      res.seat_wins[a][static_cast<size_t>(s)].add(won);
      res.return_milli[a] += std::llround(rec.returns[static_cast<size_t>(s)] * 1000);
      res.decisions[a] += rec.decisions[static_cast<size_t>(s)];
      res.seconds[a] += rec.seconds[static_cast<size_t>(s)];
      res.max_seconds[a] = std::max(res.max_seconds[a], rec.max_seconds[static_cast<size_t>(s)]);
    }
    // Head-to-head: distinct agents present in this game.
    std::vector<std::uint8_t> present(na, 0);
    for (size_t a : who) present[a] = 1;
    for (size_t a = 0; a < na; ++a)
      for (size_t b = 0; b < na; ++b)
        if (a != b && present[a] && present[b]) ++res.h2h[a][b].games;
    for (int s = 0; s < k; ++s)
      for (int t = 0; t < k; ++t) {
        const size_t a = who[static_cast<size_t>(s)], b = who[static_cast<size_t>(t)];
        if (a == b || !rec.won[static_cast<size_t>(s)] || rec.won[static_cast<size_t>(t)]) continue;
        ++res.h2h[a][b].wins;
        ++res.h2h[b][a].losses;
        pair_wins[a][b] += 1;
      }
    res.length.add(rec.length);
  }
  std::vector<double> theta, se;
  bradley_terry(pair_wins, 1.0, theta, se);
  for (size_t a = 0; a < na; ++a) {
    res.elo.push_back(theta[a] * kEloPerNat);
    res.elo_ci.push_back(1.96 * se[a] * kEloPerNat);
  }
}
}  // namespace

TournamentResult run_tournament(const TournamentConfig& cfg) {
  const Game& game = *cfg.game;
  const int k = game.num_players();
  if (cfg.agents.empty()) throw Error("a tournament needs at least one agent");
  if (cfg.games == 0) throw Error("a tournament needs at least one game");
  // One result is kept per game: bound the count before allocating them.
  if (cfg.games > kMaxTournamentGames)
    throw Error(
        fmt::format("a tournament has at most {} games, not {}", kMaxTournamentGames, cfg.games));
  TournamentResult res;
  res.game = game.name();
  res.players = k;
  res.games = cfg.games;
  res.seed = cfg.seed;
  for (const auto& spec : cfg.agents) {
    make_agent(spec, game);  // fail early, in the caller's thread, on a bad name
    auto it = std::find(res.agents.begin(), res.agents.end(), spec);
    if (it == res.agents.end()) {
      res.rotation.push_back(static_cast<int>(res.agents.size()));
      res.agents.push_back(spec);
    } else {
      res.rotation.push_back(static_cast<int>(it - res.agents.begin()));
    }
  }
  const size_t m = cfg.agents.size();
  res.balanced = cfg.games % m == 0;
  auto seat_entry = [&](std::uint64_t g, int s) {
    return static_cast<size_t>((static_cast<std::uint64_t>(s) + g) % m);
  };

  std::vector<GameRecord> records(cfg.games);
  // Every game fills its own record (aggregated in game order below), so the result is the same
  // whatever the number of threads.
  ParallelOptions po;
  po.threads = cfg.threads;
  po.progress = cfg.progress;
  parallel_for(cfg.games, po, [&](int /*worker*/, std::uint64_t g) {
    std::vector<std::unique_ptr<TimedAgent>> owned;
    std::vector<Agent*> seats;
    for (int s = 0; s < k; ++s) {
      owned.push_back(std::make_unique<TimedAgent>(make_agent(cfg.agents[seat_entry(g, s)], game)));
      seats.push_back(owned.back().get());
    }
    RunOptions ro;
    ro.seed = derive_seed(cfg.seed, g);
    RunResult rr = run_game(game, seats, ro);
    GameRecord& rec = records[g];
    rec.won.assign(static_cast<size_t>(k), 0);
    for (Player w : rr.final_state->winners()) rec.won[static_cast<size_t>(w)] = 1;
    rec.returns = rr.final_state->returns();
    rec.length = rr.num_actions;
    for (auto& a : owned) {
      rec.decisions.push_back(a->decisions);
      rec.seconds.push_back(a->seconds);
      rec.max_seconds.push_back(a->max_seconds);
    }
  });

  tally(records, k, cfg.timing, res);
  return res;
}

double TournamentResult::points_mean(size_t a) const {
  return wins[a].n ? points[a] / static_cast<double>(wins[a].n) : 0.0;
}

double TournamentResult::points_ci(size_t a) const {
  const double n = static_cast<double>(wins[a].n);
  if (n < 2) return 0.0;
  const double mean = points[a] / n;
  const double var = std::max(0.0, (points_sq[a] - n * mean * mean) / (n - 1));
  return 1.96 * std::sqrt(var / n);
}

nlohmann::json TournamentResult::to_json() const {
  nlohmann::json j;
  j["game"] = game;
  j["players"] = players;
  j["games"] = games;
  j["seed"] = seed;
  j["balanced"] = balanced;
  j["actions_per_game"] = length.to_json();
  for (size_t a = 0; a < agents.size(); ++a) {
    nlohmann::json e;
    e["agent"] = agents[a];
    e["wins"] = wins[a].to_json();
    e["sole_wins"] = sole_wins[a].to_json();
    e["fair_share"] = 1.0 / players;
    e["points"] = {{"mean", points_mean(a)}, {"ci95", points_ci(a)}};
    e["mean_return"] =
        wins[a].n ? static_cast<double>(return_milli[a]) / 1000.0 / static_cast<double>(wins[a].n)
                  : 0.0;
    for (const auto& p : seat_wins[a]) e["wins_by_seat"].push_back(p.to_json());
    e["elo"] = elo[a];
    e["elo_ci95"] = elo_ci[a];
    for (size_t b = 0; b < agents.size(); ++b) {
      if (a == b) continue;
      const HeadToHead& h = h2h[a][b];
      e["head_to_head"][agents[b]] = {
          {"games", h.games},
          {"wins", h.wins},
          {"losses", h.losses},
          {"share", h.wins + h.losses
                        ? static_cast<double>(h.wins) / static_cast<double>(h.wins + h.losses)
                        : 0.0},
          {"ci95",
           {wilson95(h.wins, h.wins + h.losses).low, wilson95(h.wins, h.wins + h.losses).high}}};
    }
    if (timed) {
      e["decisions"] = decisions[a];
      e["ms_per_decision"] =
          decisions[a] ? 1000.0 * seconds[a] / static_cast<double>(decisions[a]) : 0.0;
      e["max_ms_per_decision"] = 1000.0 * max_seconds[a];
    }
    j["agents"].push_back(e);
  }
  return j;
}

std::string TournamentResult::to_text() const {
  std::string out =
      fmt::format("Tournament: {}, {} players, {} games, seed {}\n", game, players, games, seed);
  out += fmt::format("Seats rotate through: ");
  for (size_t i = 0; i < rotation.size(); ++i)
    out += (i ? ", " : "") + agents[static_cast<size_t>(rotation[i])];
  out += "\n";
  if (!balanced)
    out +=
        fmt::format("Warning: {} games is not a multiple of {}; seats are not exactly balanced.\n",
                    games, rotation.size());
  out += fmt::format("Actions per game: {}\n", length.summary());
  out += fmt::format(
      "\nWin rate per seat-game (95% CI; wins/seat-games; equal share {}) and points (a win shared "
      "by k seats counts 1/k: equal agents get exactly {}; ± 95%):\n",
      percent(1.0 / players), percent(1.0 / players));
  size_t w = 5;
  for (const auto& a : agents) w = std::max(w, a.size());
  for (size_t a = 0; a < agents.size(); ++a)
    out += fmt::format(
        "  {:<{}}  {}   sole wins {}   points {} ± {}\n", agents[a], w, wins[a].str(),
        percent(sole_wins[a].n
                    ? static_cast<double>(sole_wins[a].k) / static_cast<double>(sole_wins[a].n)
                    : 0.0),
        percent(points_mean(a)), percent(points_ci(a)));
  out += "\nWin rate by seat:\n";
  for (size_t a = 0; a < agents.size(); ++a) {
    out += fmt::format("  {:<{}} ", agents[a], w);
    for (const auto& p : seat_wins[a])
      out += p.n ? fmt::format("  {}", percent(static_cast<double>(p.k) / static_cast<double>(p.n)))
                 : std::string("  -");
    out += "\n";
  }
  if (agents.size() > 1) {
    out +=
        "\nHead to head (pairwise: a winner beats each loser; row's share of decided pairs, 95% "
        "CI):\n";
    for (size_t a = 0; a < agents.size(); ++a)
      for (size_t b = 0; b < agents.size(); ++b) {
        if (a == b) continue;
        const HeadToHead& h = h2h[a][b];
        const std::uint64_t n = h.wins + h.losses;
        const Interval ci = wilson95(h.wins, n);
        out += fmt::format("  {:<{}} vs {:<{}}  {:>6} - {:<6} {} [{}–{}] in {} games together\n",
                           agents[a], w, agents[b], w, h.wins, h.losses,
                           n ? percent(static_cast<double>(h.wins) / static_cast<double>(n)) : "-",
                           percent(ci.low), percent(ci.high), h.games);
      }
    out += "\nBradley–Terry rating (Elo scale, first agent = 0, ±1.96 SE, approximate):\n";
    std::vector<size_t> order(agents.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t x, size_t y) { return elo[x] > elo[y]; });
    for (size_t a : order)
      out += fmt::format("  {:<{}}  {:+7.1f} ± {:.1f}\n", agents[a], w, elo[a], elo_ci[a]);
  }
  if (timed) {
    out += "\nTime per decision (not deterministic):\n";
    for (size_t a = 0; a < agents.size(); ++a)
      out +=
          fmt::format("  {:<{}}  mean {:.3f} ms, max {:.1f} ms over {} decisions\n", agents[a], w,
                      decisions[a] ? 1000.0 * seconds[a] / static_cast<double>(decisions[a]) : 0.0,
                      1000.0 * max_seconds[a], decisions[a]);
  }
  return out;
}

}  // namespace villainy
