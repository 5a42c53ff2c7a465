// Small synchronous HTTP client over Boost.Beast, for the headless client and the test programs:
// one request per connection, bounded by a timeout, loopback or any host.
#pragma once
#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

namespace villainy::net {

// Where a server is: host, port and (for WebSocket URLs) the path, parsed from
// "ws://HOST:PORT/PATH" or "http://HOST:PORT/PATH".
struct Endpoint {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string path = "/";
  // Throws villainy::Error naming what is wrong with `url`.
  static Endpoint parse(const std::string& url);
};

struct HttpResponse {
  int status = 0;
  std::string body;
  // The body as JSON; throws villainy::Error (naming the status and the start of the body) when
  // it is not JSON.
  nlohmann::json json() const;
};

// Sends one request and reads the answer. `method` is "GET", "POST", "DELETE", …; `body` is sent
// as application/json when not empty. Throws villainy::Error when the server cannot be reached or
// does not answer within `timeout`.
HttpResponse http_request(const std::string& host, unsigned short port, const std::string& method,
                          const std::string& target, const std::string& body = {},
                          std::chrono::milliseconds timeout = std::chrono::seconds(10));

// Sends raw bytes on a fresh connection and returns whatever the server sends back until it closes
// the connection or `timeout` passes (the fuzzer's malformed requests).
std::string raw_exchange(const std::string& host, unsigned short port, const std::string& bytes,
                         std::chrono::milliseconds timeout = std::chrono::seconds(2));

}  // namespace villainy::net
