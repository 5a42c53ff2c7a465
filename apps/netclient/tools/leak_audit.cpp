// The leak audit (issue 9): plays many complete online games of each game through a real
// `villainy serve` on 127.0.0.1, with several clients per table (seats and spectators), records
// every frame each client received, fetches each viewer's replay of the finished game, then —
// after the server has stopped — reads each game's full record from the server's store (only the
// audit sees it) and checks every frame against what its viewer may know (see audit.h).
// Prints `leak audit: N games, M messages, K leaks`; exits 1 when K > 0 or a game did not finish.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <map>

#include "plans.h"
#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/games/all.h"
#include "villainy/netclient/audit.h"
#include "villainy/netclient/harness.h"
#include "villainy/netclient/lobby.h"
#include "villainy/netclient/server_process.h"
#include "villainy/server/store.h"

using namespace villainy;
using namespace villainy::net;

int main(int argc, char** argv) {
  CLI::App app{"leak audit: complete online games, every frame checked against its viewer"};
  std::string program, data;
  int games = 300, concurrency = 8, humans = 2, spectators = 1, show = 10, timeout_s = 600;
  std::uint64_t seed = 1;
  std::string bots = "random";
  app.add_option("--villainy", program, "the villainy program (runs `villainy serve`)")->required();
  int bot_pace_ms = 0;
  app.add_option("--bot-pace-ms", bot_pace_ms, "the server's --bot-pace-ms (pace of bot moves)");
  app.add_option("--games", games, "complete games in total, the three games in turn");
  app.add_option("--concurrency", concurrency, "tables played at once");
  app.add_option("--humans", humans, "client seats per table");
  app.add_option("--spectators", spectators, "spectator clients per table");
  app.add_option("--bots", bots, "agent of the other seats (server-side)");
  app.add_option("--seed", seed, "seed of the table plans and the clients");
  app.add_option("--data", data, "store folder (default: a fresh temporary folder)");
  app.add_option("--show", show, "leaks printed in full");
  app.add_option("--timeout", timeout_s, "give up after this many seconds");
  CLI11_PARSE(app, argc, argv);
  register_all_games();
  register_all_agents();
  const auto t0 = std::chrono::steady_clock::now();
  bool temp = data.empty();
  if (temp)
    data = (std::filesystem::temp_directory_path() /
            fmt::format("villainy-leak-audit-{}", static_cast<long>(getpid())))
               .string();
  std::filesystem::remove_all(data);
  std::filesystem::remove(data + ".server.log");

  boost::asio::io_context ioc;  // outlives the clients in `runs`
  std::vector<std::shared_ptr<TableRun>> runs;
  std::map<std::string, std::vector<Transcript>> replays;  // per table: each viewer's replay
  std::vector<std::string> problems;
  {
    ServerProcess server(program, data, villainy::net::test_server_args(bot_pace_ms));
    server.start();
    Lobby lobby("127.0.0.1", server.port());
    size_t next = 0, running = 0;
    std::function<void()> launch;
    std::function<void()> deadline_stop;
    auto on_done = [&](TableRun& r) {
      --running;
      if (r.failed()) {
        problems.push_back(fmt::format("table {}: {}", r.table(), r.failure()));
      } else {
        // Each viewer's replay of the finished game, audited as one more frame of its viewer.
        for (size_t i = 0; i < r.transcripts().size(); ++i) {
          try {
            nlohmann::json rep = lobby.replay(r.table(), r.credentials()[i]);
            const long seq = rep.value("seq", -1L);
            if (!rep.contains("log") || static_cast<long>(rep["log"].size()) != seq)
              problems.push_back(
                  fmt::format("table {} viewer {}: the replay's log has {} lines "
                              "for {} actions",
                              r.table(), r.transcripts()[i].viewer,
                              rep.value("log", nlohmann::json::array()).size(), seq));
            rep["type"] = "view";  // decoded like a view frame: view, seq, log
            replays[r.table()].push_back(Transcript{r.transcripts()[i].viewer, {rep.dump()}});
          } catch (const std::exception& e) {
            problems.push_back(fmt::format("table {}: replay: {}", r.table(), e.what()));
          }
        }
      }
      if (next == static_cast<size_t>(games) && running == 0) deadline_stop();
      boost::asio::post(ioc, launch);
    };
    launch = [&] {
      while (running < static_cast<size_t>(concurrency) && next < static_cast<size_t>(games)) {
        auto run = std::make_shared<TableRun>(
            ioc, lobby, make_plan(seed, next, humans, spectators, bots), on_done);
        ++next;
        ++running;
        runs.push_back(run);
        try {
          run->start();
        } catch (const std::exception& e) {
          --running;
          problems.push_back(fmt::format("table plan {}: {}", next - 1, e.what()));
        }
      }
    };
    boost::asio::post(ioc, launch);
    boost::asio::steady_timer deadline(ioc, std::chrono::seconds(timeout_s));
    deadline_stop = [&] { deadline.cancel(); };
    deadline.async_wait([&](const boost::system::error_code& ec) {
      if (ec) return;
      problems.push_back(
          fmt::format("timeout after {} s with {} tables running", timeout_s, running));
      ioc.stop();
    });
    ioc.run();
    // A clean exit on SIGTERM is part of the audit; the grace is generous because a loaded
    // machine (2 cores, other jobs) can make the 300-table shutdown slow, and a hang still fails.
    const auto stop_t0 = std::chrono::steady_clock::now();
    const int rc = server.stop(30000);
    const double stop_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - stop_t0).count();
    if (rc != 0)
      problems.push_back(
          fmt::format("the server exited with {} ({:.1f} s after SIGTERM)", rc, stop_s));
  }
  const double play_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // The full records, read from the stopped server's store.
  auto store = server::open_sqlite_store(data);
  size_t n_games = 0, messages = 0, leaks = 0, views = 0;
  std::map<std::string, size_t> per_game;
  for (const auto& run : runs) {
    if (!run->done() || run->failed() || run->table().empty()) continue;
    server::StoredTable st = store->load(run->table());
    if (st.record.is_null()) {
      problems.push_back(fmt::format("table {}: no record in the store", run->table()));
      continue;
    }
    const Record rec = record_from_json(st.record);
    std::vector<Transcript> ts = run->transcripts();
    TableAudit a = audit_table(rec, ts, audit_protocol());
    TableAudit b = audit_table(rec, replays[run->table()], audit_protocol());
    ++n_games;
    ++per_game[rec.game];
    messages += a.messages + b.messages;
    views += a.views + b.views;
    for (auto* x : {&a, &b})
      for (const auto& l : x->leaks) {
        if (static_cast<int>(leaks) < show)
          fmt::print("LEAK table {} ({}): {}\n", run->table(), rec.game, l.what);
        ++leaks;
      }
  }
  for (const auto& p : problems) fmt::print("PROBLEM: {}\n", p);
  const double total_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& [g, n] : per_game) fmt::print("  {:<16} {} games\n", g, n);
  fmt::print("  {} views matched; played in {:.1f} s, audited in {:.1f} s\n", views, play_s,
             total_s - play_s);
  fmt::print("leak audit: {} games, {} messages, {} leaks\n", n_games, messages, leaks);
  if (temp && leaks == 0 && problems.empty()) {
    std::filesystem::remove_all(data);
    std::filesystem::remove(data + ".server.log");
  }
  return leaks == 0 && problems.empty() && n_games == static_cast<size_t>(games) ? 0 : 1;
}
