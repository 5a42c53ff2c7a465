// `villainy ladder`: the skill ladder (win rate against the ISMCTS iteration budget, as TAG shows
// it), with the lead changes and decisiveness of each step where the game has an evaluator.
#include <fmt/format.h>

#include <algorithm>

#include "internal.h"
#include "villainy/agents/agents.h"
#include "villainy/studio/studio.h"

namespace villainy::studio {

Ladder run_ladder(const std::shared_ptr<const Game>& game, const std::vector<int>& budgets,
                  const std::string& opponent, std::uint64_t games, std::uint64_t seed, int threads,
                  bool decisiveness) {
  const int n = game->num_players();
  if (budgets.empty()) throw Error("ladder: give at least one budget (--budgets 10,100)");
  // The games of a budget are split evenly over the seats (the ismcts seat rotated): a count
  // that does not divide would play fewer games than asked.
  if (games < static_cast<std::uint64_t>(n) || games % static_cast<std::uint64_t>(n) != 0)
    throw Error(fmt::format(
        "ladder: --games {} must be a multiple of the {} players (the games of a budget are "
        "split evenly over the seats), e.g. {}",
        games, n, std::max<std::uint64_t>(1, games / static_cast<std::uint64_t>(n)) * n));
  Ladder l;
  l.game = game->name();
  l.opponent = opponent;
  l.players = n;
  l.games = games;
  l.seed = seed;
  for (int b : budgets) {
    LadderStep step;
    step.budget = b;
    std::unique_ptr<Reporter> dec;
    for (int s = 0; s < n; ++s) {
      SimulateConfig cfg;
      cfg.game = game;
      cfg.seats.assign(static_cast<size_t>(n), opponent);
      cfg.seats[static_cast<size_t>(s)] = fmt::format("ismcts:iterations={}", b);
      cfg.games = games / static_cast<std::uint64_t>(n);
      cfg.seed = seed + static_cast<std::uint64_t>(s);  // each seat its own deals
      cfg.threads = threads;
      if (decisiveness && has_evaluator(game->name()))
        cfg.extra_reporter = [](const Game& g) { return make_decisiveness_reporter(g); };
      SimulateResult r =
          simulate(cfg, [](const std::string& spec, const Game& g) { return make_agent(spec, g); });
      step.wins.merge(r.generic->seat_wins()[static_cast<size_t>(s)]);
      step.actions += r.actions;
      if (r.extra) {
        if (!dec)
          dec = std::move(r.extra);
        else
          dec->merge(*r.extra);
      }
    }
    l.steps.push_back(step);
    l.decisiveness.push_back(std::move(dec));
  }
  return l;
}

std::string ladder_text(const Ladder& l) {
  std::string o = fmt::format(
      "Skill ladder — {}: ismcts against {} in the other {} seats, the ismcts seat rotated; {} "
      "games per budget, seed {}\n",
      l.game, l.opponent, l.players - 1,
      l.games / static_cast<std::uint64_t>(l.players) * static_cast<std::uint64_t>(l.players),
      l.seed);
  o += fmt::format("Fair share: {:.2f}%\n", 100.0 / l.players);
  for (size_t i = 0; i < l.steps.size(); ++i) {
    o += fmt::format("  iterations {:>6}: ismcts wins {}\n", l.steps[i].budget,
                     l.steps[i].wins.str());
  }
  for (size_t i = 0; i < l.steps.size(); ++i)
    if (l.decisiveness[i])
      o += fmt::format("\nIterations {}: {}", l.steps[i].budget, l.decisiveness[i]->to_text());
  if (!l.steps.empty() && !l.decisiveness[0])
    o += "(No lead changes or decisiveness: the game has no evaluator.)\n";
  return o;
}

nlohmann::json ladder_json(const Ladder& l) {
  nlohmann::json j;
  j["game"] = l.game;
  j["opponent"] = l.opponent;
  j["players"] = l.players;
  j["seed"] = l.seed;
  for (size_t i = 0; i < l.steps.size(); ++i) {
    nlohmann::json s;
    s["iterations"] = l.steps[i].budget;
    s["ismcts_wins"] = l.steps[i].wins.to_json();
    s["actions"] = l.steps[i].actions;
    if (l.decisiveness[i]) s["decisiveness"] = l.decisiveness[i]->to_json();
    j["steps"].push_back(s);
  }
  return j;
}

std::string ladder_html(const Ladder& l) {
  const std::string title = fmt::format("{} — skill ladder", l.game);
  std::string o = page_head(title) + "<h1>" + html_escape(title) + "</h1>\n";
  const std::string agents = fmt::format(
      "agents: ismcts:iterations=B in one seat (rotated), {} in the others", l.opponent);
  Figure f = Figure::make(Figure::Kind::kRates, "ladder", "Win rate against the search budget",
                          "the ismcts seat's win rate per iteration budget",
                          fmt::format("{} games per budget", l.games));
  f.series = {"ismcts wins"};
  f.rates.resize(1);
  for (const auto& s : l.steps) {
    f.labels.push_back(fmt::format("{} iterations", s.budget));
    f.rates[0].push_back(s.wins);
  }
  f.reference = 1.0 / l.players;
  o += figure_html(f, agents);
  for (size_t i = 0; i < l.steps.size(); ++i) {
    if (!l.decisiveness[i]) continue;
    o += fmt::format("<h2>{} iterations: lead changes and decisiveness</h2>\n", l.steps[i].budget);
    std::vector<Figure> figs;
    l.decisiveness[i]->figures(figs);
    for (auto& g : figs) {
      g.id += fmt::format("-{}", l.steps[i].budget);
      o += figure_html(g, agents);
    }
  }
  return o + "</body></html>\n";
}

}  // namespace villainy::studio
