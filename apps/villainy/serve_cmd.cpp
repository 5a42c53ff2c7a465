// `villainy serve`: the online server (apps/server, docs/protocol.md). Runs until SIGINT or
// SIGTERM, then stops cleanly; a kill -9 loses nothing either (every action is committed first).
#include <arpa/inet.h>
#include <fmt/format.h>
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "commands.h"
#include "villainy/server/server.h"

namespace villainy::cli {

namespace {
// --host is an address to listen on, never a name to look up: a name (bogus.invalid, localhost)
// is refused with a sentence saying so, before anything is opened.
void check_listen_address(const std::string& host) {
  in6_addr buf{};
  if (inet_pton(AF_INET, host.c_str(), &buf) == 1 || inet_pton(AF_INET6, host.c_str(), &buf) == 1)
    return;
  throw Error(fmt::format(
      "--host '{}' is not an IP address to listen on: give one such as 127.0.0.1 (this computer "
      "only), 0.0.0.0 (every network interface) or ::1 (host names are not looked up)",
      cut_for_message(host)));
}
}  // namespace

void add_serve_command(CLI::App& app) {
  auto cfg = std::make_shared<server::ServerConfig>();
  cfg->data_dir = "villainy-data";
  cfg->web_dir = server::default_web_dir();
  CLI::App* sub = app.add_subcommand(
      "serve", "the online server: HTTP lobby + WebSocket play (docs/protocol.md)");
  sub->add_option("--host", cfg->host,
                  "address to listen on (0.0.0.0: every network interface, to play with friends "
                  "on your network)")
      ->capture_default_str();
  sub->add_option("--port", cfg->port, "port (0 = any free port)")->capture_default_str();
  sub->add_option("--data", cfg->data_dir, "folder of the SQLite store")->capture_default_str();
  sub->add_option("--web", cfg->web_dir, "folder of the browser client (scripts/build-web.sh)")
      ->capture_default_str();
  sub->add_option("--io-threads", cfg->io_threads, "network threads")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  sub->add_option("--bot-threads", cfg->bot_threads, "bot worker threads")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  sub->add_option("--max-tables", cfg->max_tables, "tables not finished, at most")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  sub->add_option("--bot-pace-ms", cfg->bot_pace_ms,
                  "a bot's move is shown no sooner than this after its turn began")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000));
  // Limits for a server left running in public (docs/server.md, "Settings"); 0 = no limit where
  // a limit is a rate or a per-address cap.
  auto num = [&](const char* name, int& v, const char* what, int lo, int hi) {
    sub->add_option(name, v, what)->capture_default_str()->check(CLI::Range(lo, hi));
  };
  num("--max-connections", cfg->max_connections,
      "open sockets (HTTP and WebSocket) in all; at the cap the oldest unproven one is closed", 16,
      1000000);
  num("--max-connections-per-address", cfg->max_connections_per_address,
      "open sockets from one client address (0 = no cap)", 0, 1000000);
  num("--max-spectators", cfg->max_spectators, "spectators per table", 0, 10000);
  num("--hello-timeout-ms", cfg->hello_timeout_ms,
      "a WebSocket without its hello this long after the upgrade is closed", 100, 600000);
  num("--http-timeout-ms", cfg->http_timeout_ms,
      "time for a whole HTTP request, and for the next one on a keep-alive connection", 100,
      600000);
  num("--ws-idle-timeout-ms", cfg->ws_idle_timeout_ms,
      "a WebSocket with no traffic this long is closed (pinged at half of it)", 1000, 3600000);
  num("--max-queued-bytes", cfg->max_queued_bytes,
      "bytes waiting for a slow reader before its connection is dropped", 65536, 1 << 30);
  num("--create-per-minute", cfg->create_per_minute,
      "tables created per client address and minute (bursts as large; 0 = no limit)", 0, 1000000);
  num("--join-per-minute", cfg->join_per_minute,
      "joins per client address and minute (0 = no limit)", 0, 1000000);
  num("--chat-per-minute", cfg->chat_per_minute,
      "chat and taunt messages per client address and minute (0 = no limit)", 0, 1000000);
  num("--max-waiting-per-address", cfg->max_waiting_per_address,
      "tables waiting for people created by one address (0 = no cap)", 0, 1000000);
  num("--waiting-expiry-ms", cfg->waiting_expiry_ms,
      "a table still waiting for people this long after its creation is removed", 100, 1000000000);
  num("--max-bot-tables", cfg->max_bot_tables, "tables of bots only playing at once", 0, 100000);
  num("--max-bot-tables-per-address", cfg->max_bot_tables_per_address,
      "tables of bots only playing at once per address (0 = no per-address cap)", 0, 100000);
  num("--bot-table-max-ms", cfg->bot_table_max_ms,
      "the strongest search a table of bots only may use (ismcts ms)", 1, 2000);
  sub->add_option("--allow-origin", cfg->allowed_origins,
                  "an origin allowed to open the WebSocket besides the server's own host, e.g. "
                  "https://club.example (repeatable; * = any)");
  sub->add_option("--trust-proxy", cfg->trusted_proxies,
                  "address of a reverse proxy whose X-Forwarded-For / X-Real-IP names the client "
                  "(repeatable; e.g. 127.0.0.1 behind nginx on this machine)");
  sub->add_flag("!--no-ws-deflate", cfg->ws_deflate, "no permessage-deflate on the WebSocket");
  sub->callback([cfg]() {
    // Block the stop signals in every thread; the main thread waits for them.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
    signal(SIGPIPE, SIG_IGN);  // a closed stdout or socket is an error code, not a death
    try {
      check_listen_address(cfg->host);
      server::Server srv(*cfg);
      srv.start();
      fmt::print("villainy serve: listening on http://{}:{}/ (data in {})\n", cfg->host, srv.port(),
                 cfg->data_dir);
      std::fflush(stdout);
      int sig = 0;
      sigwait(&set, &sig);
      fmt::print("villainy serve: stopping\n");
      std::fflush(stdout);
      // Drain: connections closed, the threads stopped. A bot still thinking (up to 2 s for the
      // slowest search) is not waited for beyond 1 s: every action is stored already.
      if (!srv.stop(std::chrono::milliseconds(1000))) {
        std::fflush(stderr);
        std::_Exit(0);
      }
    } catch (const std::exception& e) {
      fmt::print(stderr, "villainy: error: {}\n", e.what());
      throw CLI::RuntimeError(2);
    }
  });
}

}  // namespace villainy::cli
