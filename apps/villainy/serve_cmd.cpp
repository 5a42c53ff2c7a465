// `villainy serve`: the online server (apps/server, docs/protocol.md). Runs until SIGINT or
// SIGTERM, then stops cleanly; a kill -9 loses nothing either (every action is committed first).
#include <arpa/inet.h>
#include <fmt/format.h>
#include <signal.h>

#include <cstdio>
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
      srv.stop();
    } catch (const std::exception& e) {
      fmt::print(stderr, "villainy: error: {}\n", e.what());
      throw CLI::RuntimeError(2);
    }
  });
}

}  // namespace villainy::cli
