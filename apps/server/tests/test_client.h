// A small synchronous client for the server's tests: HTTP requests and a WebSocket with
// timeouts, over real sockets on 127.0.0.1.
#pragma once
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>

namespace villainy::server::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;

struct HttpResult {
  int status = 0;
  json body;
  std::string raw;
};

inline HttpResult http_request(std::uint16_t port, http::verb method, const std::string& target,
                               const std::string& body = "") {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (!body.empty() || method == http::verb::post) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
  }
  http::write(stream, req);
  beast::flat_buffer buf;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  http::read(stream, buf, parser);
  HttpResult r;
  r.status = static_cast<int>(parser.get().result_int());
  r.raw = parser.get().body();
  r.body = json::parse(r.raw, nullptr, false);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return r;
}

inline HttpResult http_get(std::uint16_t port, const std::string& target) {
  return http_request(port, http::verb::get, target);
}
inline HttpResult http_post(std::uint16_t port, const std::string& target, const json& body) {
  return http_request(port, http::verb::post, target, body.dump());
}

class WsClient {
 public:
  explicit WsClient(std::uint16_t port) : ws_(ioc_) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    ws_.handshake("127.0.0.1", "/ws");
  }
  ~WsClient() {
    beast::error_code ec;
    if (open_) beast::get_lowest_layer(ws_).socket().close(ec);
  }
  void send(const json& j) { send_raw(j.dump()); }
  void send_raw(const std::string& s) {
    ws_.text(true);
    ws_.write(net::buffer(s));
  }
  // The next message, or nullopt when none comes within `ms` or the connection closed.
  std::optional<json> recv(int ms = 5000) {
    if (!open_) return std::nullopt;
    bool done = false;
    beast::error_code err;
    ws_.async_read(buf_, [&](beast::error_code ec, size_t) {
      err = ec;
      done = true;
    });
    ioc_.restart();
    ioc_.run_for(std::chrono::milliseconds(ms));
    if (!done) {
      beast::get_lowest_layer(ws_).cancel();
      ioc_.restart();
      ioc_.run();
      open_ = false;
      return std::nullopt;
    }
    if (err) {
      open_ = false;
      return std::nullopt;
    }
    std::string s = beast::buffers_to_string(buf_.data());
    buf_.consume(buf_.size());
    received_bytes += s.size();
    return json::parse(s);
  }
  // Messages until one of `type` (the others are kept in `skipped`); nullopt on timeout.
  std::optional<json> recv_type(const std::string& type, int ms = 5000) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                            end - std::chrono::steady_clock::now())
                            .count();
      if (left <= 0) return std::nullopt;
      auto m = recv(static_cast<int>(left));
      if (!m) return std::nullopt;
      if ((*m)["type"] == type) return m;
      skipped.push_back(*m);
    }
  }
  bool is_open() const { return open_; }
  void close() {
    beast::error_code ec;
    ws_.close(websocket::close_code::normal, ec);
    open_ = false;
  }

  std::vector<json> skipped;
  size_t received_bytes = 0;

 private:
  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buf_;
  bool open_ = true;
};

}  // namespace villainy::server::testing
