// simulate / compare / merge: option parsing, shards, partial results and the reports.
#include "villainy/studio/jobs.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <fstream>

#include "villainy/agents/agents.h"
#include "villainy/core/json_input.h"
#include "villainy/core/registry.h"
#include "villainy/core/simulate.h"
#include "villainy/studio/studio.h"

namespace villainy::studio {

namespace {
constexpr const char* kComparePartial = "villainy-compare-partial/1";
constexpr std::size_t kMaxPartialBytes = 64u << 20;
constexpr std::uint64_t kMaxGames = 100'000'000;

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t c = s.find(sep, start);
    out.push_back(s.substr(start, c == std::string::npos ? std::string::npos : c - start));
    if (c == std::string::npos) break;
    start = c + 1;
  }
  return out;
}

CLI::Validator uint_in(std::uint64_t lo, std::uint64_t hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        // A count of games of 0 gets the same plain sentence as the other commands.
        if (s == "0" && lo == 1) return "0 games is nothing to do: give 1 or more";
        try {
          parse_uint_in(s, lo, hi, "the value");
          return "";
        } catch (const Error& e) {
          return e.what();
        }
      },
      fmt::format("UINT in [{}, {}]", lo, hi));
}

// Seats for a player count: --seats (one agent repeats) or random everywhere.
std::vector<std::string> seats_for(const GameEntry& e, const std::string& seats_arg, int players) {
  if (players > 0) check_player_count(e, players);
  std::vector<std::string> seats;
  if (!seats_arg.empty()) {
    seats = split(seats_arg, ',');
    if (seats.size() == 1)  // one agent fills every seat (the fewest players by default)
      seats.assign(static_cast<size_t>(players > 0 ? players : e.info.min_players), seats[0]);
    if (players > 0 && static_cast<int>(seats.size()) != players)
      throw Error(
          fmt::format("--seats names {} seats but there are {} players", seats.size(), players));
  } else {
    seats.assign(static_cast<size_t>(players > 0 ? players : e.info.min_players), "random");
  }
  check_player_count(e, static_cast<std::int64_t>(seats.size()));
  return seats;
}

// The player counts of --vary players=A..B (or the single count).
std::vector<int> player_counts(const GameEntry& e, const RunArgs& a) {
  if (a.vary.empty()) return {a.players};
  const std::string prefix = "players=";
  if (a.vary.rfind(prefix, 0) != 0)
    throw Error(fmt::format("--vary '{}': only players=A..B can be varied", a.vary));
  const std::string range = a.vary.substr(prefix.size());
  const auto dots = range.find("..");
  std::vector<int> out;
  if (dots == std::string::npos) {
    for (const auto& p : split(range, ','))
      out.push_back(static_cast<int>(parse_int_in(p, 1, 64, "--vary players")));
  } else {
    const int lo = static_cast<int>(parse_int_in(range.substr(0, dots), 1, 64, "--vary players"));
    const int hi = static_cast<int>(parse_int_in(range.substr(dots + 2), 1, 64, "--vary players"));
    if (lo > hi) throw Error(fmt::format("--vary '{}': the range is empty", a.vary));
    for (int p = lo; p <= hi; ++p) out.push_back(p);
  }
  for (int p : out) check_player_count(e, p);
  return out;
}

std::function<std::unique_ptr<Reporter>(const Game&)> extra_factory(bool decisiveness,
                                                                    const std::string& game) {
  if (!decisiveness) return {};
  if (!has_evaluator(game))
    throw Error(fmt::format("--decisiveness: {} has no evaluator (agents/src/*_eval.h)", game));
  return [](const Game& g) { return make_decisiveness_reporter(g); };
}

SimulateResult run_one(const RunArgs& a, const std::map<std::string, std::string>& opts,
                       int players, std::uint64_t i, std::uint64_t k,
                       const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const GameEntry& e = find_game(a.game);
  SimulateConfig cfg;
  cfg.seats = seats_for(e, a.seats, players);
  // The command line is the local user's: its options may name data files.
  cfg.game = load_game(a.game, opts, static_cast<int>(cfg.seats.size()), OptionSource::kLocalUser);
  cfg.games = a.games;
  cfg.seed = a.seed;
  cfg.threads = a.threads;
  cfg.records_dir = a.records;
  cfg.shard_index = i;
  cfg.shard_count = k;
  cfg.progress = progress;
  cfg.extra_reporter = extra_factory(a.decisiveness, a.game);
  return simulate(cfg, [](const std::string& spec, const Game& g) { return make_agent(spec, g); });
}

bool is_compare_partial(const nlohmann::json& p) {
  return p.is_object() && p.value("format", "") == kComparePartial;
}
}  // namespace

std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& s) {
  const auto slash = s.find('/');
  if (slash == std::string::npos)
    throw Error(fmt::format("--shard '{}' must be i/k, e.g. 2/8", cut_for_message(s)));
  const std::uint64_t k = parse_uint_in(s.substr(slash + 1), 1, 1'000'000, "--shard k");
  const std::uint64_t i = parse_uint_in(s.substr(0, slash), 1, k, "--shard i (1 to k)");
  return {i, k};
}

void add_run_options(CLI::App& sub, RunArgs& a, bool compare) {
  sub.add_option("game", a.game, "game name (see `villainy games`)")->required();
  sub.add_option("--games", a.games, "number of games (per run)")
      ->check(uint_in(1, kMaxGames))
      ->capture_default_str();
  sub.add_option("--players", a.players, "number of players (random seats unless --seats)")
      ->check(uint_in(0, 64));
  sub.add_option("--seats", a.seats,
                 "comma-separated agents per seat, e.g. heuristic,random,random,random (one name "
                 "fills every seat)");
  sub.add_option("--option", a.options, "rule option NAME=VALUE (repeatable)");
  sub.add_option("--seed", a.seed, "random seed: game i uses derive_seed(seed, i)")
      ->check(uint_in(0, UINT64_MAX))
      ->capture_default_str();
  sub.add_option("--threads", a.threads,
                 "threads (default: all cores); results do not depend on it")
      ->check(uint_in(0, 256));
  sub.add_flag("--json", a.json, "print the report as JSON");
  sub.add_option("--html", a.html, "also write the report as one self-contained HTML file");
  sub.add_flag("--decisiveness", a.decisiveness,
               "lead changes and decisiveness with the game's evaluator (cheaty-mages, mwahahaha)");
  sub.add_option("--shard", a.shard, "play shard i of k only (1-based), e.g. 3/8; needs --partial");
  sub.add_option("--partial", a.partial,
                 "write the shard's lossless partial result to FILE; `villainy merge` reports");
  if (compare) {
    sub.add_option("--variant", a.variants,
                   "a variant: options NAME=VALUE (comma-separated) compared with the defaults "
                   "(repeatable)");
    sub.add_option("--vary", a.vary, "sweep the player count: players=4..7 (or players=4,6)");
  } else {
    sub.add_option("--records", a.records, "write one record per game into this folder");
  }
}

nlohmann::json run_partial(const RunArgs& a, bool compare, std::uint64_t shard_i,
                           std::uint64_t shard_k,
                           const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  const GameEntry& e = find_game(a.game);
  const auto base = Options::parse_assignments(a.options);
  if (!compare) return run_one(a, base, a.players, shard_i, shard_k, progress).save_partial();
  if (a.variants.empty()) throw Error("compare: give at least one --variant NAME=VALUE");
  nlohmann::json j;
  j["format"] = kComparePartial;
  j["game"] = a.game;
  j["runs"] = nlohmann::json::array();
  for (int players : player_counts(e, a)) {
    auto add = [&](const std::string& label, const std::map<std::string, std::string>& opts) {
      j["runs"].push_back(
          {{"players", players},
           {"variant", label},
           {"partial", run_one(a, opts, players, shard_i, shard_k, progress).save_partial()}});
    };
    add("defaults", base);
    for (const auto& v : a.variants) {
      auto opts = base;
      for (auto& [k, val] : Options::parse_assignments(variant_assignments(v))) opts[k] = val;
      add(v, opts);
    }
  }
  return j;
}

Reports merged_reports(const std::vector<nlohmann::json>& partials,
                       const std::vector<std::string>& names, bool json, bool html) {
  if (partials.empty()) throw Error("merge: no partial results given");
  auto extra = [](const Game& g) { return make_decisiveness_reporter(g); };
  Reports out;
  if (!is_compare_partial(partials[0])) {
    SimulateResult r = merge_partials(partials, names, extra);
    out.stdout_text = json ? r.report_json().dump(2) + "\n" : r.report_text();
    if (html) out.html = html_report(r);
    return out;
  }
  const nlohmann::json& p0 = partials[0];
  Comparison c;
  c.game = p0.value("game", "");
  for (size_t i = 0; i < partials.size(); ++i) {
    const auto& p = partials[i];
    if (!is_compare_partial(p) || !p.contains("runs") || !p["runs"].is_array() ||
        p["runs"].size() != p0["runs"].size())
      throw Error(fmt::format("{}: not a shard of the same compare run as {}", names[i], names[0]));
  }
  for (size_t r = 0; r < p0["runs"].size(); ++r) {
    std::vector<nlohmann::json> shards;
    for (const auto& p : partials) {
      const auto& run = p["runs"][r];
      if (!run.is_object() || run.value("variant", "") != p0["runs"][r].value("variant", "") ||
          !run.contains("partial"))
        throw Error(
            fmt::format("merge: compare run {} differs between the partial results", r + 1));
      shards.push_back(run["partial"]);
    }
    CompareRun cr;
    cr.result = merge_partials(shards, names, extra);
    cr.players = cr.result.game->num_players();
    cr.variant = p0["runs"][r].value("variant", "");
    c.runs.push_back(std::move(cr));
  }
  out.stdout_text = json ? compare_json(c).dump(2) + "\n" : compare_text(c);
  if (html) out.html = compare_html(c);
  return out;
}

nlohmann::json read_partial_file(const std::string& path) {
  return parse_json_text(read_text_file(path, kMaxPartialBytes), cut_for_message(path, 200),
                         JsonLimits{64});
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw Error(fmt::format("cannot write '{}'", path));
  out << text;
  if (!out.flush()) throw Error(fmt::format("cannot write '{}'", path));
}

int run_command(const RunArgs& a, bool compare) {
  std::uint64_t i = 1, k = 1;
  if (!a.shard.empty()) std::tie(i, k) = parse_shard(a.shard);
  if (k > 1 && a.partial.empty())
    throw Error("--shard needs --partial FILE (the shard's result, for `villainy merge`)");
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  const auto start = std::chrono::steady_clock::now();
  if (isatty(STDERR_FILENO) && a.games >= 1000 && !compare) {
    progress = [start, last = start](std::uint64_t done, std::uint64_t total) mutable {
      auto now = std::chrono::steady_clock::now();
      if (done == total || now - last > std::chrono::milliseconds(250)) {
        last = now;
        fmt::print(stderr, "\r{} / {} games ({:.0f}%), {:.1f} s", done, total,
                   100.0 * static_cast<double>(done) / static_cast<double>(total),
                   std::chrono::duration<double>(now - start).count());
        if (done == total) fmt::print(stderr, "\n");
      }
    };
  }
  nlohmann::json partial = run_partial(a, compare, i, k, progress);
  if (!a.partial.empty()) {
    write_text_file(a.partial, partial.dump() + "\n");
    return 0;
  }
  Reports r = merged_reports({partial}, {"this run"}, a.json, !a.html.empty());
  fmt::print("{}", terminal_safe(r.stdout_text));
  if (!a.html.empty()) write_text_file(a.html, r.html);
  return 0;
}

}  // namespace villainy::studio
