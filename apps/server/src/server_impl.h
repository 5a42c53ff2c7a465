// The server's internals shared by server.cpp (lobby, routing) and sessions.cpp (connections).
#pragma once
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/http.hpp>
#include <condition_variable>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "villainy/server/server.h"
#include "villainy/server/store.h"
#include "villainy/server/table.h"
#include "web.h"

namespace villainy::server {

namespace http = boost::beast::http;
using Request = http::request<http::string_body>;

struct HttpReply {
  HttpReply() = default;
  HttpReply(int s, std::string type, std::string b, std::string cache = "no-store")
      : status(s),
        content_type(std::move(type)),
        body(std::move(b)),
        cache_control(std::move(cache)) {}
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string cache_control = "no-store";
  std::vector<std::pair<std::string, std::string>> headers;  // extra (e.g. Retry-After)
  bool compressible = false;  // gzip it when the client accepts gzip (static files)
  std::string gzip_body;      // already compressed (cached), when not empty
};

// A connection that may be closed to make room (it has not proven itself yet).
class Evictable {
 public:
  virtual ~Evictable() = default;
  virtual void evict() = 0;  // thread-safe
};

// Open connections: per client address and in total (ServerConfig::max_connections*).
class ConnRegistry {
 public:
  struct Ticket {
    ConnRegistry* reg = nullptr;
    std::string addr;
    bool exempt = false;  // a trusted proxy: not counted per address
    bool idle = false;
    std::list<std::pair<Ticket*, std::weak_ptr<Evictable>>>::iterator it;
    ~Ticket();
  };
  ConnRegistry(int max_total, int max_per_address)
      : max_total_(max_total), max_per_(max_per_address) {}
  // A ticket for a new connection from `addr`, or null with `why` set ("address" or "total").
  // At the total cap the oldest idle connection is evicted to make room.
  std::shared_ptr<Ticket> admit(const std::string& addr, bool exempt, std::string& why);
  void set_idle(Ticket& t, std::weak_ptr<Evictable> who);  // evictable from now on
  void set_busy(Ticket& t);
  int total() const;
  long evicted() const;

 private:
  void release(Ticket& t);
  mutable std::mutex mu_;
  int max_total_, max_per_;
  int total_ = 0;
  long evicted_ = 0;
  std::unordered_map<std::string, int> per_addr_;
  std::list<std::pair<Ticket*, std::weak_ptr<Evictable>>> idle_;  // oldest first
};

// Token buckets per client address: `per_minute` tokens a minute, bursts of `per_minute`.
class RateLimiter {
 public:
  explicit RateLimiter(int per_minute) : per_minute_(per_minute) {}
  // True when allowed; else `retry_after_s` is when the next one would be.
  bool take(const std::string& addr, int& retry_after_s);

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point last;
  };
  std::mutex mu_;
  int per_minute_;
  std::unordered_map<std::string, Bucket> buckets_;
};

struct Server::Impl {
  explicit Impl(const ServerConfig& c);
  ~Impl();

  ServerConfig cfg;
  // Owned through a pointer so that ~Impl can destroy the handlers still queued (which hold
  // sessions and tables) while every other member is alive.
  std::unique_ptr<boost::asio::io_context> ioc_owner;
  boost::asio::io_context& ioc;
  std::unique_ptr<BotScheduler> bots_owner;  // likewise: its queued jobs hold tables
  BotScheduler& bots;
  std::unique_ptr<Store> store;
  std::optional<boost::asio::ip::tcp::acceptor> acceptor;
  std::vector<std::thread> threads;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work;

  std::mutex mu;                                         // guards tables and finished
  std::map<std::string, std::shared_ptr<Table>> tables;  // not finished
  // Finished tables recently asked for (replays), most recent first; the rest are read from
  // the store on demand.
  std::list<std::shared_ptr<Table>> finished;
  static constexpr size_t kFinishedCache = 16;
  std::atomic<int> connections{0};  // WebSocket connections after their hello
  std::string games_body, games_gzip;
  std::unique_ptr<ConnRegistry> conns;
  RateLimiter create_rate, join_rate, chat_rate;
  std::optional<boost::asio::steady_timer> sweep_timer;

  void table_finished(const std::string& id);
  void sweep_waiting();
  // The client address of a request: the socket's, or the trusted proxy's header.
  std::string client_address(const std::string& peer, const Request& req) const;
  bool trusted_proxy(const std::string& peer) const;
  // Error replies (JSON) for limits: 429 with retry_after.
  static HttpReply limit_reply(const std::string& code, const std::string& message,
                               int retry_after_s);

  std::mutex stop_mu;
  std::condition_variable stop_cv;
  bool stopped = false, started = false;

  TableEnv env();
  std::shared_ptr<Table> find(const std::string& id);
  void accept();
  // Answers one HTTP request (not an upgrade); `done` is called once, maybe on another thread.
  void handle_http(const Request& req, const std::string& addr,
                   std::function<void(HttpReply)> done);
  void handle_table(const Request& req, const std::string& addr, const std::string& path,
                    std::string rest, const std::function<void(HttpReply)>& done);
  void log(const std::string& line) const;

 private:
  HttpReply create_table(const std::string& body, const std::string& addr);
  HttpReply list_tables();
  HttpReply home_page();
  HttpReply catalogue(const std::string& game, const std::map<std::string, std::string>& options,
                      int players);
};

// Starts an HTTP session on an accepted socket (sessions.cpp), or refuses it (connection caps).
void start_http_session(boost::asio::ip::tcp::socket socket, Server::Impl& srv);
// The security headers sent with every response (docs/protocol.md, HTTP); `host` is the
// request's Host when it is a plain host[:port], for connect-src.
std::string content_security_policy(const std::string& host);
// Dumps JSON for the wire (invalid UTF-8 in echoed input is replaced, never thrown).
std::string wire(const nlohmann::json& j);

}  // namespace villainy::server
