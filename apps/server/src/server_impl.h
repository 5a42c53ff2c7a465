// The server's internals shared by server.cpp (lobby, routing) and sessions.cpp (connections).
#pragma once
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/http.hpp>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "villainy/server/server.h"
#include "villainy/server/store.h"
#include "villainy/server/table.h"

namespace villainy::server {

namespace http = boost::beast::http;
using Request = http::request<http::string_body>;

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string cache_control = "no-store";
};

struct Server::Impl {
  explicit Impl(const ServerConfig& c);
  ~Impl();

  ServerConfig cfg;
  // Owned through a pointer so that ~Impl can destroy the handlers still queued (which hold
  // sessions and tables) while every other member is alive.
  std::unique_ptr<boost::asio::io_context> ioc_owner;
  boost::asio::io_context& ioc;
  std::unique_ptr<boost::asio::thread_pool> bots_owner;  // likewise: its queued jobs hold tables
  boost::asio::thread_pool& bots;
  std::unique_ptr<Store> store;
  std::optional<boost::asio::ip::tcp::acceptor> acceptor;
  std::vector<std::thread> threads;
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work;

  std::mutex mu;  // guards tables
  std::map<std::string, std::shared_ptr<Table>> tables;
  std::atomic<int> connections{0};
  std::string games_body;

  std::mutex stop_mu;
  std::condition_variable stop_cv;
  bool stopped = false, started = false;

  TableEnv env();
  std::shared_ptr<Table> find(const std::string& id);
  void accept();
  // Answers one HTTP request (not an upgrade); `done` is called once, maybe on another thread.
  void handle_http(const Request& req, std::function<void(HttpReply)> done);
  void handle_table(const Request& req, const std::string& path, std::string rest,
                    const std::function<void(HttpReply)>& done);
  void log(const std::string& line) const;

 private:
  HttpReply create_table(const std::string& body);
  HttpReply list_tables();
  HttpReply home_page();
  HttpReply catalogue(const std::string& game, const std::map<std::string, std::string>& options,
                      int players);
};

// Starts an HTTP session on an accepted socket (sessions.cpp).
void start_http_session(boost::asio::ip::tcp::socket socket, Server::Impl& srv);
// Dumps JSON for the wire (invalid UTF-8 in echoed input is replaced, never thrown).
std::string wire(const nlohmann::json& j);

}  // namespace villainy::server
