#include "villainy/core/simulate.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <mutex>
#include <thread>

#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"

namespace villainy {

void Reporter::merge(const Reporter& other) {
  Fields a, b;
  fields(a);
  const_cast<Reporter&>(other).fields(b);  // fields() only lists the accumulators
  Fields::merge(a, b);
}

nlohmann::json Reporter::save() const {
  Fields f;
  const_cast<Reporter*>(this)->fields(f);
  return f.save();
}

void Reporter::load(const nlohmann::json& saved, const std::string& where) {
  Fields f;
  fields(f);
  f.load(saved, where);
}

const char* const kRandomPlayNote =
    "Every seat is random: random play answers \"what can happen\"; balance questions need "
    "--seats heuristic,…";

bool all_random(const std::vector<std::string>& seats) {
  return std::all_of(seats.begin(), seats.end(),
                     [](const std::string& s) { return s == "random"; });
}

std::string agents_line(const std::vector<std::string>& seats) {
  std::vector<std::pair<std::string, std::vector<int>>> groups;  // in order of first seat
  for (size_t p = 0; p < seats.size(); ++p) {
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const auto& g) { return g.first == seats[p]; });
    if (it == groups.end()) {
      groups.push_back({seats[p], {}});
      it = groups.end() - 1;
    }
    it->second.push_back(static_cast<int>(p) + 1);
  }
  std::vector<std::string> parts;
  for (auto& [agent, list] : groups) {
    std::string where;
    const bool run =
        list.size() > 2 && list.back() - list.front() + 1 == static_cast<int>(list.size());
    if (list.size() == 1)
      where = fmt::format("seat {}", list[0]);
    else if (run)
      where = fmt::format("seats {}–{}", list.front(), list.back());
    else
      where = fmt::format("seats {}", fmt::join(list, ", "));
    parts.push_back(fmt::format("{} ({})", agent, where));
  }
  return fmt::format("Agents: {}", fmt::join(parts, ", "));
}

GenericReporter::GenericReporter(int num_players, std::vector<std::string> seat_agents)
    : num_players_(num_players),
      seat_agents_(std::move(seat_agents)),
      seat_wins_(static_cast<size_t>(num_players)),
      seat_sole_wins_(static_cast<size_t>(num_players)),
      seat_return_milli_(static_cast<size_t>(num_players), 0) {}

std::unique_ptr<Reporter> GenericReporter::fresh() const {
  return std::make_unique<GenericReporter>(num_players_, seat_agents_);
}

void GenericReporter::on_step(const State&, Action, Player actor) {
  if (first_actor_ < 0 && actor >= 0) first_actor_ = actor;
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
  winners_per_game_.add(static_cast<std::int64_t>(w.size()));
  if (first_actor_ >= 0)
    first_mover_wins_.add(std::find(w.begin(), w.end(), first_actor_) != w.end());
  first_actor_ = -1;
  length_.add(num_actions);
}

void GenericReporter::fields(Fields& f) {
  f("games", games_)("seat_wins", seat_wins_)("seat_sole_wins", seat_sole_wins_)(
      "seat_return_milli", seat_return_milli_)("length", length_)("shared_wins", shared_wins_)(
      "first_mover_wins", first_mover_wins_)("winners_per_game", winners_per_game_);
}

void GenericReporter::check_totals(std::uint64_t games, std::uint64_t actions,
                                   const std::string& where) const {
  auto bad = [&](const std::string& what) {
    return Error(fmt::format("{}: {} (a doctored or damaged partial result)", where, what));
  };
  if (games_ != games)
    throw bad(fmt::format("generic.games is {}, but the shard plays {} games", games_, games));
  auto each_game = [&](const std::string& name, std::uint64_t n) {
    if (n != games)
      throw bad(fmt::format("generic.{} counts {} games, not the shard's {}", name, n, games));
  };
  for (size_t p = 0; p < seat_wins_.size(); ++p) {
    each_game(fmt::format("seat_wins.{}", p), seat_wins_[p].n);
    each_game(fmt::format("seat_sole_wins.{}", p), seat_sole_wins_[p].n);
    if (seat_sole_wins_[p].k > seat_wins_[p].k)
      throw bad(fmt::format("generic.seat_sole_wins.{} has more wins than seat_wins.{}", p, p));
  }
  each_game("shared_wins", shared_wins_.n);
  each_game("winners_per_game", winners_per_game_.count());
  each_game("length", length_.count());
  if (first_mover_wins_.n > games)
    throw bad(
        fmt::format("generic.first_mover_wins counts {} games of {}", first_mover_wins_.n, games));
  std::uint64_t total = 0;
  for (auto [v, c] : length_.bins()) {
    std::uint64_t part = 0;
    if (v < 0 || __builtin_mul_overflow(static_cast<std::uint64_t>(v), c, &part) ||
        __builtin_add_overflow(total, part, &total))
      throw bad("generic.length holds a length out of range");
  }
  if (total != actions)
    throw bad(fmt::format("'actions' is {}, but the games' lengths add up to {}", actions, total));
}

namespace {
// Ludii's balance: 1 − (highest − lowest seat win rate).
double balance(const std::vector<Proportion>& seats) {
  double lo = 1, hi = 0;
  for (const auto& p : seats) {
    const double r = p.n ? static_cast<double>(p.k) / static_cast<double>(p.n) : 0;
    lo = std::min(lo, r);
    hi = std::max(hi, r);
  }
  return seats.empty() ? 1 : 1 - (hi - lo);
}
double rate(const Proportion& p) {
  return p.n ? static_cast<double>(p.k) / static_cast<double>(p.n) : 0;
}
}  // namespace

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
  j["first_mover_wins"] = first_mover_wins_.to_json();
  j["balance"] = balance(seat_wins_);
  j["actions_per_game"] = length_.to_json();
  j["agents"] = agents_line(seat_agents_);
  if (all_random(seat_agents_)) j["note"] = kRandomPlayNote;
  return j;
}

std::string GenericReporter::to_text() const {
  std::string out = fmt::format("Games: {}\nActions per game: {}\nShared wins: {}\n", games_,
                                length_.summary(), shared_wins_.str());
  out += fmt::format(
      "Balance (Ludii: 1 − (best − worst seat win rate)): {:.3f}; first mover (the seat that "
      "decides first) wins {} (fair share {})\n",
      balance(seat_wins_), first_mover_wins_.str(), percent(1.0 / std::max(1, num_players_)));
  out += "Win rate by seat (a seat wins when it is among the winners; 95% CI; wins/games):\n";
  for (size_t p = 0; p < seat_wins_.size(); ++p)
    out += fmt::format("  seat {} ({:<12}) {}\n", p + 1, seat_agents_[p], seat_wins_[p].str());
  std::map<std::string, Proportion> by_agent;
  for (size_t p = 0; p < seat_wins_.size(); ++p) by_agent[seat_agents_[p]].merge(seat_wins_[p]);
  if (by_agent.size() > 1) {
    out += "Win rate by agent (seat-games pooled):\n";
    for (auto& [name, prop] : by_agent) out += fmt::format("  {:<20} {}\n", name, prop.str());
  }
  return out;
}

void GenericReporter::figures(std::vector<Figure>& out) const {
  const std::string games = fmt::format("{} games", games_);
  Figure seat =
      Figure::make(Figure::Kind::kRates, "win_rate_by_seat", "Win rate by seat",
                   "a seat wins when it is among the winners; shared wins count for each", "");
  seat.series = {"wins", "sole wins"};
  seat.rates.resize(2);
  for (size_t p = 0; p < seat_wins_.size(); ++p) {
    seat.labels.push_back(fmt::format("Seat {} ({})", p + 1, seat_agents_[p]));
    seat.rates[0].push_back(seat_wins_[p]);
    seat.rates[1].push_back(seat_sole_wins_[p]);
  }
  seat.reference = 1.0 / std::max(1, num_players_);
  seat.sample = games;
  out.push_back(seat);

  Figure agent = Figure::make(Figure::Kind::kRates, "win_rate_by_agent", "Win rate by agent",
                              "seat-games of the seats that agent played, pooled", "");
  agent.series = {"wins"};
  agent.rates.resize(1);
  std::map<std::string, Proportion> by_agent;
  for (size_t p = 0; p < seat_wins_.size(); ++p) by_agent[seat_agents_[p]].merge(seat_wins_[p]);
  std::uint64_t seat_games = 0;
  for (auto& [name, prop] : by_agent) {
    agent.labels.push_back(name);
    agent.rates[0].push_back(prop);
    seat_games += prop.n;
  }
  agent.reference = seat.reference;
  agent.sample = fmt::format("{} seat-games", seat_games);
  out.push_back(agent);

  Figure ludii = Figure::make(
      Figure::Kind::kValues, "balance", "Balance and first-player advantage (Ludii-style)",
      "balance = 1 − (best − worst seat win rate), 1 is perfectly balanced; "
      "advantage = the first mover's win rate − the fair share 1/players; "
      "drawishness = share of games won by several seats",
      "");
  ludii.series = {"value"};
  ludii.labels = {"balance", "first-mover win rate", "first-mover advantage", "drawishness",
                  "duration (mean actions)"};
  ludii.values = {{balance(seat_wins_), rate(first_mover_wins_),
                   rate(first_mover_wins_) - seat.reference, rate(shared_wins_), length_.mean()}};
  ludii.sample = games;
  out.push_back(ludii);

  Figure fm = Figure::make(Figure::Kind::kRates, "first_mover", "First mover and shared wins",
                           "the first mover is the seat that makes the game's first decision", "");
  fm.series = {"share of games"};
  fm.labels = {"the first mover wins", "several seats share the win"};
  fm.rates = {{first_mover_wins_, shared_wins_}};
  fm.reference = seat.reference;
  fm.sample = games;
  out.push_back(fm);

  Figure len = Figure::make(Figure::Kind::kDistribution, "actions_per_game",
                            "Game length (actions per game, chance included)",
                            "every applied action counts, deals and draws too", "");
  len.series = {"actions"};
  len.dists = {length_};
  len.sample = games;
  out.push_back(len);
}

nlohmann::json SimulateResult::to_json() const {
  nlohmann::json j = generic->to_json();
  j["total_actions"] = actions;
  if (game_report) j["game_report"] = game_report->to_json();
  if (extra) j["extra_report"] = extra->to_json();
  return j;
}

std::string SimulateResult::to_text() const {
  std::string out = generic->to_text();
  if (game_report) out += "\n" + game_report->to_text();
  if (extra) out += "\n" + extra->to_text();
  return out;
}

std::string SimulateResult::report_text() const {
  std::vector<std::string> opts;
  for (auto& [k, v] : game->options().values()) opts.push_back(fmt::format("{}={}", k, v));
  std::string out =
      fmt::format("{} — {} games, {} players, seed {}\nOptions: {}\n{}\n", game->info().title,
                  games, game->num_players(), seed, fmt::join(opts, " "), agents_line(seats));
  if (all_random(seats)) out += std::string(kRandomPlayNote) + "\n";
  return out + "\n" + to_text();
}

nlohmann::json SimulateResult::report_json() const {
  nlohmann::json j = to_json();
  j["game"] = game->name();
  j["players"] = game->num_players();
  j["options"] = game->options().values();
  j["seed"] = seed;
  return j;
}

std::vector<Figure> SimulateResult::figures() const {
  std::vector<Figure> out;
  generic->figures(out);
  if (game_report) game_report->figures(out);
  if (extra) extra->figures(out);
  return out;
}

namespace {
constexpr const char* kPartialFormat = "villainy-partial/1";

std::pair<std::uint64_t, std::uint64_t> shard_range(std::uint64_t games, std::uint64_t i,
                                                    std::uint64_t k) {
  if (games > UINT64_MAX / k)
    throw Error(fmt::format("{} games cannot be cut in {} shards", games, k));
  auto at = [&](std::uint64_t x) { return games * x / k; };
  return {at(i - 1), at(i)};
}
}  // namespace

nlohmann::json SimulateResult::save_partial() const {
  nlohmann::json j;
  j["format"] = kPartialFormat;
  j["game"] = game->name();
  j["players"] = game->num_players();
  j["options"] = game->options().values();
  j["data"] = game->options().contents();
  j["seats"] = seats;
  j["games"] = games;
  j["seed"] = seed;
  j["shard"] = {shard_index, shard_count};
  j["actions"] = actions;
  j["generic"] = generic->save();
  if (game_report) j["game_report"] = game_report->save();
  if (extra) j["extra"] = extra->save();
  return j;
}

namespace {
// One simulation thread's reporters and counts.
struct Worker {
  std::unique_ptr<Reporter> generic, game, extra;
  std::uint64_t actions = 0;
  std::string error;
};

// Plays game `i` of the run with `seats`, into the worker's reporters (and its record file).
void play_one(const Game& game, const SimulateConfig& cfg, const std::vector<Agent*>& seats,
              std::uint64_t i, Worker& w) {
  RunOptions ro;
  ro.seed = derive_seed(cfg.seed, i);
  ro.keep_actions = !cfg.records_dir.empty();
  Reporter* gr = w.game.get();
  Reporter* xr = w.extra.get();
  auto observer = [&](const State& after, Action a, Player actor) {
    w.generic->on_step(after, a, actor);
    if (gr) gr->on_step(after, a, actor);
    if (xr) xr->on_step(after, a, actor);
  };
  RunResult rr = run_game(game, seats, ro, StepObserver(observer));
  w.generic->on_game_end(*rr.final_state, rr.num_actions);
  if (gr) gr->on_game_end(*rr.final_state, rr.num_actions);
  if (xr) xr->on_game_end(*rr.final_state, rr.num_actions);
  w.actions += static_cast<std::uint64_t>(rr.num_actions);
  if (!cfg.records_dir.empty())
    write_record_file(make_record(game, rr.actions, ro.seed, cfg.seats, rr.final_state.get()),
                      fmt::format("{}/game-{:07}.json", cfg.records_dir, i));
}
}  // namespace

SimulateResult simulate(const SimulateConfig& cfg, const AgentFactory& make_agent) {
  const Game& game = *cfg.game;
  if (static_cast<int>(cfg.seats.size()) != game.num_players())
    throw Error(fmt::format("{} seats given for {} players", cfg.seats.size(), game.num_players()));
  int threads = cfg.threads > 0
                    ? cfg.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (cfg.shard_count < 1 || cfg.shard_index < 1 || cfg.shard_index > cfg.shard_count)
    throw Error(fmt::format("shard {}/{}: the shard must be i/k with 1 <= i <= k", cfg.shard_index,
                            cfg.shard_count));
  // Not a structured binding: clang 14 cannot capture those in the worker lambda.
  const std::pair<std::uint64_t, std::uint64_t> range =
      shard_range(cfg.games, cfg.shard_index, cfg.shard_count);
  const std::uint64_t first = range.first;
  const std::uint64_t last = range.second;
  threads = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(threads),
                                                     std::max<std::uint64_t>(1, last - first)));
  const GameEntry& entry = find_game(game.name());
  GenericReporter generic_proto(game.num_players(), cfg.seats);
  std::unique_ptr<Reporter> game_proto =
      entry.reporter && cfg.game_report ? entry.reporter(game) : nullptr;
  std::unique_ptr<Reporter> extra_proto = cfg.extra_reporter ? cfg.extra_reporter(game) : nullptr;
  // Fail early on bad agent names, in the caller's thread.
  for (const auto& spec : cfg.seats) make_agent(spec, game);
  if (!cfg.records_dir.empty()) std::filesystem::create_directories(cfg.records_dir);

  std::vector<Worker> workers(static_cast<size_t>(threads));
  std::atomic<std::uint64_t> next{first}, done{0};
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
        if (i >= last) break;
        play_one(game, cfg, seats, i, w);
        if (cfg.progress) {
          // Counted under the lock, so the callback sees 1, 2, 3, … in order.
          std::lock_guard lock(progress_mu);
          cfg.progress(done.fetch_add(1) + 1, last - first);
        } else {
          done.fetch_add(1);
        }
      }
    } catch (const std::exception& e) {
      w.error = e.what();
      next.store(last);
    }
  };
  for (auto& w : workers) {
    w.generic = generic_proto.fresh();
    if (game_proto) w.game = game_proto->fresh();
    if (extra_proto) w.extra = extra_proto->fresh();
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
  if (extra_proto) res.extra = extra_proto->fresh();
  for (auto& w : workers) {
    res.generic->merge(*w.generic);
    if (res.game_report) res.game_report->merge(*w.game);
    if (res.extra) res.extra->merge(*w.extra);
    res.actions += w.actions;
  }
  res.game = cfg.game;
  res.seats = cfg.seats;
  res.games = cfg.games;
  res.seed = cfg.seed;
  res.shard_index = cfg.shard_index;
  res.shard_count = cfg.shard_count;
  return res;
}

namespace {
// The partial results are the k shards of one run, each once: for shard s (0-based), the index
// of its partial. Errors name the file.
std::vector<int> shards_of_one_run(const std::vector<nlohmann::json>& partials,
                                   const std::function<std::string(size_t)>& name) {
  const nlohmann::json& p0 = partials[0];
  auto check_format = [&](const nlohmann::json& p, size_t i) {
    if (!p.is_object() || p.value("format", "") != kPartialFormat)
      throw Error(fmt::format("{}: not a villainy partial result (format '{}' expected)", name(i),
                              kPartialFormat));
    for (const char* key : {"game", "players", "options", "data", "seats", "games", "seed", "shard",
                            "actions", "generic"})
      if (!p.contains(key)) throw Error(fmt::format("{}: field '{}' is missing", name(i), key));
    if (!p["shard"].is_array() || p["shard"].size() != 2 || !p["shard"][0].is_number_unsigned() ||
        !p["shard"][1].is_number_unsigned())
      throw Error(fmt::format("{}: field 'shard' is not [i, k]", name(i)));
  };
  check_format(p0, 0);
  const std::uint64_t k = p0["shard"][1].get<std::uint64_t>();
  if (k == 0 || k > 1'000'000) throw Error(fmt::format("{}: field 'shard' has k = {}", name(0), k));
  std::vector<int> seen(k, -1);
  for (size_t i = 0; i < partials.size(); ++i) {
    const auto& p = partials[i];
    check_format(p, i);
    for (const char* key : {"game", "players", "options", "data", "seats", "games", "seed"})
      if (p[key] != p0[key])
        throw Error(
            fmt::format("{}: field '{}' differs from {}: not the same run", name(i), key, name(0)));
    if (p["shard"][1] != p0["shard"][1])
      throw Error(fmt::format("{}: a shard of {}, {} is a shard of {}", name(i),
                              p["shard"][1].dump(), name(0), k));
    if (p.contains("game_report") != p0.contains("game_report") ||
        p.contains("extra") != p0.contains("extra"))
      throw Error(fmt::format("{}: holds other reports than {}", name(i), name(0)));
    const std::uint64_t idx = p["shard"][0].get<std::uint64_t>();
    if (idx < 1 || idx > k)
      throw Error(fmt::format("{}: shard {}/{} is out of range", name(i), idx, k));
    if (seen[idx - 1] >= 0)
      throw Error(fmt::format("{}: shard {}/{} is also in {}", name(i), idx, k,
                              name(static_cast<size_t>(seen[idx - 1]))));
    seen[idx - 1] = static_cast<int>(i);
  }
  for (std::uint64_t s = 0; s < k; ++s)
    if (seen[s] < 0) throw Error(fmt::format("merge: shard {}/{} is missing", s + 1, k));

  return seen;
}
}  // namespace

SimulateResult merge_partials(
    const std::vector<nlohmann::json>& partials, const std::vector<std::string>& names,
    const std::function<std::unique_ptr<Reporter>(const Game&)>& extra_reporter) {
  if (partials.empty()) throw Error("merge: no partial results given");
  auto name = [&](size_t i) {
    return i < names.size() ? names[i] : fmt::format("partial {}", i + 1);
  };
  const nlohmann::json& p0 = partials[0];
  const std::vector<int> seen = shards_of_one_run(partials, name);
  const std::uint64_t k = seen.size();

  std::map<std::string, std::string> options, data;
  for (auto& [key, v] : p0["options"].items()) options[key] = v.get<std::string>();
  for (auto& [key, v] : p0["data"].items()) data[key] = v.get<std::string>();
  SimulateResult res;
  // The partial is untrusted: its path options carry their data, no file is opened.
  res.game = load_game(p0["game"].get<std::string>(), options, p0["players"].get<int>(),
                       OptionSource::kUntrusted, data);
  res.seats = p0["seats"].get<std::vector<std::string>>();
  if (static_cast<int>(res.seats.size()) != res.game->num_players())
    throw Error(fmt::format("{}: {} seats for {} players", name(0), res.seats.size(),
                            res.game->num_players()));
  res.games = p0["games"].get<std::uint64_t>();
  res.seed = p0["seed"].get<std::uint64_t>();
  const GameEntry& entry = find_game(res.game->name());
  GenericReporter proto(res.game->num_players(), res.seats);
  res.generic =
      std::unique_ptr<GenericReporter>(static_cast<GenericReporter*>(proto.fresh().release()));
  std::unique_ptr<Reporter> game_proto = entry.reporter ? entry.reporter(*res.game) : nullptr;
  if (p0.contains("game_report") && !game_proto)
    throw Error(
        fmt::format("{}: a game report this build of {} does not make", name(0), res.game->name()));
  if (game_proto) res.game_report = game_proto->fresh();
  std::unique_ptr<Reporter> extra_proto;
  if (p0.contains("extra")) {
    if (!extra_reporter)
      throw Error(fmt::format("{}: holds an extra report this command does not read", name(0)));
    extra_proto = extra_reporter(*res.game);
    res.extra = extra_proto->fresh();
  }
  for (std::uint64_t s = 0; s < k; ++s) {  // shard order (integer sums: order does not matter)
    const size_t i = static_cast<size_t>(seen[s]);
    const auto& p = partials[i];
    if (!p["actions"].is_number_unsigned())
      throw Error(fmt::format("{}: field 'actions' is not a count", name(i)));
    // The shard's own size, from the run's: every count in it must agree.
    const auto [first, last] = shard_range(res.games, s + 1, k);
    const std::uint64_t shard_games = last - first;
    const std::uint64_t shard_actions = p["actions"].get<std::uint64_t>();
    auto merge_into = [&](Reporter& into, const Reporter& from, const char* what) {
      try {
        into.merge(from);
      } catch (const Error& e) {
        throw Error(fmt::format("{}: {}: {}", name(i), what, e.what()));
      }
    };
    // A report's own game count, where it keeps one, is the shard's too.
    auto check_games = [&](const char* what) {
      const nlohmann::json& r = p[what];
      if (r.is_object() && r.contains("games") && r["games"] != shard_games)
        throw Error(fmt::format("{}: {}.games is {}, but the shard plays {} games", name(i), what,
                                r["games"].dump(), shard_games));
    };
    auto g = proto.fresh();
    g->load(p["generic"], name(i) + ": generic");
    static_cast<const GenericReporter&>(*g).check_totals(shard_games, shard_actions, name(i));
    merge_into(*res.generic, *g, "generic");
    if (__builtin_add_overflow(res.actions, shard_actions, &res.actions))
      throw Error(fmt::format("{}: 'actions' overflows the total", name(i)));
    if (game_proto) {
      if (!p.contains("game_report"))
        throw Error(fmt::format("{}: field 'game_report' is missing", name(i)));
      check_games("game_report");
      auto r = game_proto->fresh();
      r->load(p["game_report"], name(i) + ": game_report");
      merge_into(*res.game_report, *r, "game_report");
    }
    if (extra_proto) {
      check_games("extra");
      auto r = extra_proto->fresh();
      r->load(p["extra"], name(i) + ": extra");
      merge_into(*res.extra, *r, "extra");
    }
  }
  return res;
}

}  // namespace villainy
