#include "villainy/core/simulate.h"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "villainy/core/parallel.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"

namespace villainy {

GenericReporter::GenericReporter(int num_players, std::vector<std::string> seat_agents)
    : num_players_(num_players),
      seat_agents_(std::move(seat_agents)),
      seat_wins_(static_cast<size_t>(num_players)),
      seat_sole_wins_(static_cast<size_t>(num_players)),
      seat_return_milli_(static_cast<size_t>(num_players), 0) {}

std::unique_ptr<Reporter> GenericReporter::fresh() const {
  return std::make_unique<GenericReporter>(num_players_, seat_agents_);
}

void GenericReporter::on_game_end(const State& s, int num_actions) {
  ++games_;
  auto w = s.winners();
  auto r = s.returns();
  for (int p = 0; p < num_players_; ++p) {
    bool won = std::find(w.begin(), w.end(), p) != w.end();
    seat_wins_[static_cast<size_t>(p)].add(won);
    seat_sole_wins_[static_cast<size_t>(p)].add(won && w.size() == 1);
    seat_return_milli_[static_cast<size_t>(p)] += std::llround(r[static_cast<size_t>(p)] * 1000);
  }
  shared_wins_.add(w.size() > 1);
  length_.add(num_actions);
}

void GenericReporter::merge(const Reporter& other) {
  const auto& o = dynamic_cast<const GenericReporter&>(other);
  games_ += o.games_;
  for (size_t p = 0; p < seat_wins_.size(); ++p) {
    seat_wins_[p].merge(o.seat_wins_[p]);
    seat_sole_wins_[p].merge(o.seat_sole_wins_[p]);
    seat_return_milli_[p] += o.seat_return_milli_[p];
  }
  shared_wins_.merge(o.shared_wins_);
  length_.merge(o.length_);
}

nlohmann::json GenericReporter::to_json() const {
  nlohmann::json j;
  j["games"] = games_;
  j["seats"] = seat_agents_;
  for (size_t p = 0; p < seat_wins_.size(); ++p) {
    j["win_rate_by_seat"].push_back(seat_wins_[p].to_json());
    j["sole_win_rate_by_seat"].push_back(seat_sole_wins_[p].to_json());
    j["mean_return_by_seat"].push_back(games_ ? static_cast<double>(seat_return_milli_[p]) /
                                                    1000.0 / static_cast<double>(games_)
                                              : 0.0);
  }
  // Wins by agent (seats with the same agent pooled).
  std::map<std::string, Proportion> by_agent;
  for (size_t p = 0; p < seat_wins_.size(); ++p) by_agent[seat_agents_[p]].merge(seat_wins_[p]);
  for (auto& [name, prop] : by_agent) j["win_rate_by_agent"][name] = prop.to_json();
  j["shared_wins"] = shared_wins_.to_json();
  j["actions_per_game"] = length_.to_json();
  return j;
}

std::string GenericReporter::to_text() const {
  std::string out = fmt::format("Games: {}\nActions per game: {}\nShared wins: {}\n", games_,
                                length_.summary(), shared_wins_.str());
  out += "Win rate by seat (a seat wins when it is among the winners; 95% CI; wins/games):\n";
  for (size_t p = 0; p < seat_wins_.size(); ++p)
    out += fmt::format("  seat {} ({:<12}) {}\n", p, seat_agents_[p], seat_wins_[p].str());
  std::map<std::string, Proportion> by_agent;
  for (size_t p = 0; p < seat_wins_.size(); ++p) by_agent[seat_agents_[p]].merge(seat_wins_[p]);
  if (by_agent.size() > 1) {
    out += "Win rate by agent (seat-games pooled):\n";
    for (auto& [name, prop] : by_agent) out += fmt::format("  {:<20} {}\n", name, prop.str());
  }
  return out;
}

nlohmann::json SimulateResult::to_json() const {
  nlohmann::json j = generic->to_json();
  j["total_actions"] = actions;
  if (game_report) j["game_report"] = game_report->to_json();
  return j;
}

std::string SimulateResult::to_text() const {
  std::string out = generic->to_text();
  if (game_report) out += "\n" + game_report->to_text();
  return out;
}

SimulateResult simulate(const SimulateConfig& cfg, const AgentFactory& make_agent) {
  const Game& game = *cfg.game;
  if (static_cast<int>(cfg.seats.size()) != game.num_players())
    throw Error(fmt::format("{} seats given for {} players", cfg.seats.size(), game.num_players()));
  const GameEntry& entry = find_game(game.name());
  GenericReporter generic_proto(game.num_players(), cfg.seats);
  std::unique_ptr<Reporter> game_proto = entry.reporter ? entry.reporter(game) : nullptr;
  // Fail early on bad agent names, in the caller's thread.
  for (const auto& spec : cfg.seats) make_agent(spec, game);
  if (!cfg.records_dir.empty()) std::filesystem::create_directories(cfg.records_dir);

  // Games run in blocks of 16 with their own reports, merged in game order (core/parallel.h):
  // the result is the same whatever the number of threads. Each thread has its own agents.
  struct Part {
    std::unique_ptr<Reporter> generic, game;
    std::uint64_t actions = 0;
  };
  std::vector<std::vector<std::unique_ptr<Agent>>> agents(
      static_cast<size_t>(parallel_workers(cfg.threads, (cfg.games + 15) / 16)));
  ParallelOptions po;
  po.threads = cfg.threads;
  po.block = 16;
  po.progress = cfg.progress;
  Part total = parallel_reduce<Part>(
      cfg.games, po,
      [&] {
        return Part{generic_proto.fresh(), game_proto ? game_proto->fresh() : nullptr, 0};
      },
      [&](int worker, Part& w, std::uint64_t i) {
        auto& owned = agents[static_cast<size_t>(worker)];
        if (owned.empty())
          for (const auto& spec : cfg.seats) owned.push_back(make_agent(spec, game));
        std::vector<Agent*> seats;
        for (auto& a : owned) seats.push_back(a.get());
        RunOptions ro;
        ro.seed = derive_seed(cfg.seed, i);
        ro.keep_actions = !cfg.records_dir.empty();
        Reporter* gr = w.game.get();
        auto observer = [&](const State& after, Action a, Player actor) {
          if (gr) gr->on_step(after, a, actor);
        };
        RunResult rr = run_game(game, seats, ro, gr ? StepObserver(observer) : StepObserver());
        w.generic->on_game_end(*rr.final_state, rr.num_actions);
        if (gr) gr->on_game_end(*rr.final_state, rr.num_actions);
        w.actions += static_cast<std::uint64_t>(rr.num_actions);
        if (!cfg.records_dir.empty())
          write_record_file(make_record(game, rr.actions, ro.seed, cfg.seats, rr.final_state.get()),
                            fmt::format("{}/game-{:07}.json", cfg.records_dir, i));
      },
      [](Part& into, const Part& part) {
        into.generic->merge(*part.generic);
        if (into.game) into.game->merge(*part.game);
        into.actions += part.actions;
      });

  SimulateResult res;
  res.generic =
      std::unique_ptr<GenericReporter>(static_cast<GenericReporter*>(total.generic.release()));
  res.game_report = std::move(total.game);
  res.actions = total.actions;
  return res;
}

}  // namespace villainy
