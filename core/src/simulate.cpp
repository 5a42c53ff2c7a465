#include "villainy/core/simulate.h"

#include <fmt/format.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <mutex>
#include <thread>

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
  int threads = cfg.threads > 0
                    ? cfg.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(threads),
                                                     std::max<std::uint64_t>(1, cfg.games)));
  const GameEntry& entry = find_game(game.name());
  GenericReporter generic_proto(game.num_players(), cfg.seats);
  std::unique_ptr<Reporter> game_proto = entry.reporter ? entry.reporter(game) : nullptr;
  // Fail early on bad agent names, in the caller's thread.
  for (const auto& spec : cfg.seats) make_agent(spec, game);
  if (!cfg.records_dir.empty()) std::filesystem::create_directories(cfg.records_dir);

  struct Worker {
    std::unique_ptr<Reporter> generic, game;
    std::uint64_t actions = 0;
    std::string error;
  };
  std::vector<Worker> workers(static_cast<size_t>(threads));
  std::atomic<std::uint64_t> next{0}, done{0};
  std::mutex progress_mu;
  auto work = [&](Worker& w) {
    try {
      std::vector<std::unique_ptr<Agent>> owned;
      std::vector<Agent*> seats;
      for (const auto& spec : cfg.seats) {
        owned.push_back(make_agent(spec, game));
        seats.push_back(owned.back().get());
      }
      for (;;) {
        std::uint64_t i = next.fetch_add(1);
        if (i >= cfg.games) break;
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
        std::uint64_t d = done.fetch_add(1) + 1;
        if (cfg.progress) {
          std::lock_guard lock(progress_mu);
          cfg.progress(d, cfg.games);
        }
      }
    } catch (const std::exception& e) {
      w.error = e.what();
      next.store(cfg.games);
    }
  };
  for (auto& w : workers) {
    w.generic = generic_proto.fresh();
    if (game_proto) w.game = game_proto->fresh();
  }
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t)
    pool.emplace_back(work, std::ref(workers[static_cast<size_t>(t)]));
  work(workers[0]);
  for (auto& t : pool) t.join();
  for (auto& w : workers)
    if (!w.error.empty()) throw Error(w.error);

  SimulateResult res;
  res.generic = std::unique_ptr<GenericReporter>(
      static_cast<GenericReporter*>(generic_proto.fresh().release()));
  if (game_proto) res.game_report = game_proto->fresh();
  for (auto& w : workers) {
    res.generic->merge(*w.generic);
    if (res.game_report) res.game_report->merge(*w.game);
    res.actions += w.actions;
  }
  return res;
}

}  // namespace villainy
