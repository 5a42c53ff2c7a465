#include "villainy/netclient/http.h"

#include <fmt/format.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <charconv>

#include "villainy/core/types.h"

namespace villainy::net {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

Endpoint Endpoint::parse(const std::string& url) {
  Endpoint e;
  std::string rest = url;
  for (const char* scheme : {"ws://", "http://"}) {
    if (rest.rfind(scheme, 0) == 0) {
      rest = rest.substr(std::string(scheme).size());
      break;
    }
  }
  if (rest.find("://") != std::string::npos)
    throw Error(fmt::format("url '{}': only ws:// and http:// are supported", url));
  const size_t slash = rest.find('/');
  std::string hostport = rest.substr(0, slash);
  e.path = slash == std::string::npos ? "/" : rest.substr(slash);
  const size_t colon = hostport.rfind(':');
  if (colon != std::string::npos) {
    const std::string p = hostport.substr(colon + 1);
    unsigned v = 0;
    auto [ptr, ec] = std::from_chars(p.data(), p.data() + p.size(), v);
    if (ec != std::errc() || ptr != p.data() + p.size() || v == 0 || v > 65535)
      throw Error(fmt::format("url '{}': the port '{}' is not a number in 1–65535", url, p));
    e.port = static_cast<unsigned short>(v);
    hostport = hostport.substr(0, colon);
  }
  if (hostport.empty()) throw Error(fmt::format("url '{}' names no host", url));
  e.host = hostport;
  return e;
}

nlohmann::json HttpResponse::json() const {
  try {
    return nlohmann::json::parse(body);
  } catch (const nlohmann::json::exception&) {
    throw Error(fmt::format("HTTP {}: the answer is not JSON: '{}'", status, body.substr(0, 200)));
  }
}

HttpResponse http_request(const std::string& host, unsigned short port, const std::string& method,
                          const std::string& target, const std::string& body,
                          std::chrono::milliseconds timeout) {
  try {
    asio::io_context ioc;
    tcp::resolver resolver(ioc);
    beast::tcp_stream stream(ioc);
    stream.expires_after(timeout);
    stream.connect(resolver.resolve(host, std::to_string(port)));
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    if (req.method() == http::verb::unknown) throw Error(fmt::format("unknown method {}", method));
    req.set(http::field::host, host);
    req.set(http::field::user_agent, "villainy-client");
    if (!body.empty()) {
      req.set(http::field::content_type, "application/json");
      req.body() = body;
    }
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    http::read(stream, buffer, parser);
    beast::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    HttpResponse r;
    r.status = static_cast<int>(parser.get().result_int());
    r.body = std::move(parser.get().body());
    return r;
  } catch (const boost::system::system_error& e) {
    throw Error(fmt::format("{} http://{}:{}{}: {}", method, host, port, target, e.what()));
  }
}

std::string raw_exchange(const std::string& host, unsigned short port, const std::string& bytes,
                         std::chrono::milliseconds timeout) {
  asio::io_context ioc;
  tcp::resolver resolver(ioc);
  beast::tcp_stream stream(ioc);
  stream.expires_after(timeout);
  std::string out;
  try {
    stream.connect(resolver.resolve(host, std::to_string(port)));
    asio::write(stream, asio::buffer(bytes));
    char buf[4096];
    for (;;) {
      const size_t n = stream.read_some(asio::buffer(buf));
      out.append(buf, n);
      if (out.size() > (1u << 20)) break;
    }
  } catch (const boost::system::system_error& e) {
    // End of stream, a reset or the timeout all end the exchange; connecting must succeed.
    if (out.empty() && !stream.socket().is_open())
      throw Error(fmt::format("raw exchange with {}:{}: {}", host, port, e.what()));
  }
  return out;
}

}  // namespace villainy::net
