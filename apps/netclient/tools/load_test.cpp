// The load and fault test (issue 9) over loopback: many concurrent tables with client seats (each
// "thinking" a little before answering) and server-side bots, clients dropping their connection
// at random and reconnecting with their credential and last seq, and the server killed with
// SIGKILL and restarted mid-run. Reports moves per second, the latency from a client's choice to
// its next view (p50/p99; bot thinking is not in it: that view is sent as soon as the choice is
// stored), and `lost`: the tables where a view some client saw is not what the stored record
// replays to (or a finished game's record does not replay), which must be 0.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <filesystem>

#include "plans.h"
#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/games/all.h"
#include "villainy/netclient/harness.h"
#include "villainy/netclient/server_process.h"
#include "villainy/server/store.h"

using namespace villainy;
using namespace villainy::net;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  CLI::App app{"load and fault test: concurrent tables, drops, a server kill -9 and restart"};
  std::string program, data, bots = "random";
  int tables = 200, humans = 1, spectators = 0, think_ms = 20, timeout_s = 600;
  double drops_per_s = 2.0, kill_at_s = 3.0;
  std::uint64_t seed = 1;
  app.add_option("--villainy", program, "the villainy program (runs `villainy serve`)")->required();
  int bot_pace_ms = 250;
  app.add_option("--bot-pace-ms", bot_pace_ms, "the server's --bot-pace-ms (pace of bot moves)");
  app.add_option("--tables", tables, "tables played at once (all start together)");
  app.add_option("--humans", humans, "client seats per table");
  app.add_option("--spectators", spectators, "spectator clients per table");
  app.add_option("--bots", bots, "agent of the other seats (server-side)");
  app.add_option("--think-ms", think_ms, "a client's wait before each choice");
  app.add_option("--drops-per-second", drops_per_s, "connections cut per second (at random)");
  app.add_option("--kill-at", kill_at_s, "seconds into the run to kill -9 the server (<0: never)");
  app.add_option("--timeout", timeout_s, "give up after this many seconds");
  app.add_option("--seed", seed, "seed of the plans, choosers and faults");
  app.add_option("--data", data, "store folder (default: a fresh temporary folder)");
  CLI11_PARSE(app, argc, argv);
  register_all_games();
  register_all_agents();
  const bool temp = data.empty();
  if (temp)
    data = (std::filesystem::temp_directory_path() /
            fmt::format("villainy-load-{}", static_cast<long>(getpid())))
               .string();
  std::filesystem::remove_all(data);

  boost::asio::io_context ioc;
  std::vector<std::shared_ptr<TableRun>> runs;
  std::vector<std::string> problems;
  ServerProcess server(program, data, villainy::net::test_server_args(bot_pace_ms));
  server.start();
  Lobby lobby("127.0.0.1", server.port());
  size_t done = 0;
  for (int i = 0; i < tables; ++i) {
    TablePlan plan = make_plan(seed, static_cast<size_t>(i), humans, spectators, bots);
    plan.think_ms = think_ms;
    plan.keep_transcripts = false;
    plan.spec.absent_ms = 86400000;  // drops and the restart must not hand seats to bots
    auto run = std::make_shared<TableRun>(ioc, lobby, plan, [&](TableRun& r) {
      ++done;
      if (r.failed()) problems.push_back(fmt::format("table {}: {}", r.table(), r.failure()));
      if (done == runs.size()) ioc.stop();
    });
    runs.push_back(run);
  }
  const auto t0 = Clock::now();
  for (auto& r : runs) r->start();
  fmt::print("{} tables created in {:.1f} s\n", runs.size(),
             std::chrono::duration<double>(Clock::now() - t0).count());

  Rng fault(derive_seed(seed, 77));
  int drops = 0, kills = 0;
  boost::asio::steady_timer tick(ioc);
  const auto start = Clock::now();
  std::function<void()> on_tick = [&] {
    const double t = std::chrono::duration<double>(Clock::now() - start).count();
    if (kill_at_s >= 0 && kills == 0 && t >= kill_at_s) {
      server.kill9();
      ++kills;
      server.start();
      fmt::print("server killed (kill -9) at {:.1f} s and restarted\n", t);
    }
    // Drops: on average drops_per_s per second, spread over the unfinished tables.
    const int n = static_cast<int>(drops_per_s / 10.0 + fault.uniform());
    for (int k = 0; k < n; ++k) {
      auto& r = runs[fault.below(static_cast<std::uint32_t>(runs.size()))];
      if (r->done() || r->clients().empty()) continue;
      r->drop(fault.below(static_cast<std::uint32_t>(r->clients().size())));
      ++drops;
    }
    if (t > timeout_s) {
      problems.push_back(fmt::format("timeout: {} of {} tables finished", done, runs.size()));
      ioc.stop();
      return;
    }
    tick.expires_after(std::chrono::milliseconds(100));
    tick.async_wait([&](const boost::system::error_code& ec) {
      if (!ec) on_tick();
    });
  };
  on_tick();
  ioc.run();
  const double secs = std::chrono::duration<double>(Clock::now() - start).count();
  const int rc = server.stop();
  if (rc != 0) problems.push_back(fmt::format("the server exited with {}", rc));

  // lost: every client's last view must be what the stored actions replay to at that seq, and a
  // finished game's record must replay (and every client must have seen its end).
  auto store = server::open_sqlite_store(data);
  size_t lost = 0, moves = 0, human_moves = 0;
  int reconnects = 0;
  std::vector<double> lat;
  for (const auto& r : runs) {
    bool ok = true;
    std::string why;
    try {
      server::StoredTable st = store->load(r->table());
      moves += st.actions.size();
      auto game = load_game(r->plan().spec.game, r->plan().spec.options, r->plan().spec.players);
      Record rec;
      if (!st.record.is_null()) {
        rec = record_from_json(st.record);
        replay_record(rec);  // throws when it does not replay
      } else {
        rec = make_record(*game, {}, 0, {}, nullptr);
        rec.actions = st.actions;
      }
      for (size_t i = 0; i < r->clients().size(); ++i) {
        const auto& c = r->clients()[i];
        reconnects += c->reconnects();
        human_moves += static_cast<size_t>(c->choices_sent());
        lat.insert(lat.end(), c->latencies_ms().begin(), c->latencies_ms().end());
        const nlohmann::json& v = c->last_view();
        const long seq = v.value("seq", -1L);
        if (seq < 0 || seq > static_cast<long>(rec.actions.size())) {
          ok = false;
          why = fmt::format("client {} saw seq {}, the store has {} actions", i, seq,
                            rec.actions.size());
          continue;
        }
        Record prefix = rec;
        prefix.actions.resize(static_cast<size_t>(seq));
        prefix.has_result = false;
        ReplayResult rp = replay_record(prefix);
        const Player viewer = r->transcripts()[i].viewer;
        if (rp.state->view_json(viewer) != v["view"]) {
          ok = false;
          why = fmt::format("client {}'s last view (seq {}) differs from the stored game", i, seq);
        }
        if (!st.record.is_null() && seq != static_cast<long>(rec.actions.size())) {
          ok = false;
          why = fmt::format("client {} did not see the end", i);
        }
      }
    } catch (const std::exception& e) {
      ok = false;
      why = e.what();
    }
    if (!ok) {
      ++lost;
      problems.push_back(fmt::format("table {}: {}", r->table(), why));
    }
  }
  std::sort(lat.begin(), lat.end());
  auto pct = [&](double q) {
    return lat.empty() ? 0.0 : lat[std::min(lat.size() - 1, static_cast<size_t>(q * lat.size()))];
  };
  for (size_t i = 0; i < problems.size() && i < 20; ++i) fmt::print("PROBLEM: {}\n", problems[i]);
  fmt::print(
      "tables: {} ({} finished), {:.1f} s; moves: {} ({:.0f}/s, chance and bots included); client "
      "moves: {} ({:.0f}/s)\n",
      runs.size(), done, secs, moves, static_cast<double>(moves) / secs, human_moves,
      static_cast<double>(human_moves) / secs);
  fmt::print(
      "latency choice -> next view: p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms ({} samples)\n",
      pct(0.50), pct(0.99), lat.empty() ? 0.0 : lat.back(), lat.size());
  fmt::print("faults: {} drops, {} reconnects, {} server kill -9\n", drops, reconnects, kills);
  fmt::print("lost: {}\n", lost);
  if (temp && problems.empty()) {
    std::filesystem::remove_all(data);
    std::filesystem::remove(data + ".server.log");
  }
  return problems.empty() && lost == 0 ? 0 : 1;
}
