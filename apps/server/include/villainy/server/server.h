// The villainy server: HTTP (lobby) and WebSocket (play) on Boost.Beast, tables on strands,
// bots on a worker pool, everything stored through a Store (docs/protocol.md).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

namespace villainy::server {

struct ServerConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: an ephemeral port (see Server::port())
  std::string data_dir = "villainy-data";
  // The browser client's built files (web/dist), served at /; empty or missing: the plain page.
  std::string web_dir;
  int io_threads = 2;
  int bot_threads = 2;
  int max_tables = 1000;       // tables not finished
  int max_connections = 2000;  // WebSocket connections
  int max_spectators = 50;     // per table
  // A bot's move is stored no sooner than this many milliseconds after its turn began, so that
  // people can follow the play and bots do not crowd out people's moves (0 = as fast as it can).
  int bot_pace_ms = 250;
  bool quiet = false;  // no log lines on stderr
};

// The browser client's folder in this source tree (web/dist), the default of `villainy serve`.
std::string default_web_dir();

class Server {
 public:
  // Opens the store and restores every stored table (register games and agents first).
  explicit Server(const ServerConfig& cfg);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds and starts the threads; returns at once. Throws when the address cannot be bound.
  void start();
  std::uint16_t port() const;
  // Stops accepting, closes connections, waits for the threads (idempotent).
  void stop();
  // Blocks until stop() is called (from another thread or a signal handler).
  void wait();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace villainy::server
