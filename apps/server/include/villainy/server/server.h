// The villainy server: HTTP (lobby) and WebSocket (play) on Boost.Beast, tables on strands,
// bots on a worker pool, everything stored through a Store (docs/protocol.md).
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace villainy::server {

struct ServerConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: an ephemeral port (see Server::port())
  std::string data_dir = "villainy-data";
  // The browser client's built files (web/dist), served at /; empty or missing: the plain page.
  std::string web_dir;
  int io_threads = 2;
  int bot_threads = 2;
  int max_tables = 1000;  // tables not finished
  // Open sockets (HTTP and WebSocket together); at the cap, a new connection closes the oldest
  // one that has not proven itself (an HTTP connection waiting for its request, a WebSocket
  // before its hello). Lowered to fit the process's file limit.
  int max_connections = 4000;
  int max_connections_per_address = 64;  // 0: no per-address cap
  int max_spectators = 50;               // per table
  // A bot's move is stored no sooner than this many milliseconds after its turn began, so that
  // people can follow the play and bots do not crowd out people's moves (0 = as fast as it can).
  int bot_pace_ms = 250;
  // Deadlines: a WebSocket's hello after the upgrade; a whole HTTP request (headers and body)
  // and the wait for the next request of a keep-alive connection; a WebSocket with no traffic
  // (the server pings at half of it) is closed.
  int hello_timeout_ms = 5000;
  int http_timeout_ms = 10000;
  int ws_idle_timeout_ms = 60000;
  // A slow reader: more than this many bytes waiting to be sent closes the connection.
  int max_queued_bytes = 4 << 20;
  // Per client address, token buckets (burst = the per-minute figure; 0 = no limit).
  int create_per_minute = 20;              // POST /api/tables
  int join_per_minute = 60;                // POST /api/tables/ID/join
  int chat_per_minute = 30;                // chat and taunts, over all the address's connections
  int max_waiting_per_address = 10;        // tables waiting for people, created by one address
  int waiting_expiry_ms = 30 * 60 * 1000;  // a waiting table is removed after this
  // All-bot tables (no human seat) from the network: live at once in all, per address, and the
  // strongest search they may use (ismcts ms).
  int max_bot_tables = 8;
  int max_bot_tables_per_address = 2;
  int bot_table_max_ms = 200;
  // Origins allowed besides the server's own host ("https://club.example"); "*" allows any.
  std::vector<std::string> allowed_origins;
  // Addresses of reverse proxies whose X-Forwarded-For (rightmost entry) or X-Real-IP names the
  // client; connections from them are not capped per address (the proxy is one address).
  std::vector<std::string> trusted_proxies;
  bool ws_deflate = true;  // permessage-deflate on the WebSocket
  bool quiet = false;      // no log lines on stderr
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
  // Stops accepting, closes connections, waits for the threads (idempotent). Waits at most
  // `bot_wait` for bot moves still thinking; false when some were still running (the caller may
  // then end the process: every action is already stored).
  bool stop(std::chrono::milliseconds bot_wait = std::chrono::hours(1));
  // Blocks until stop() is called (from another thread or a signal handler).
  void wait();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace villainy::server
