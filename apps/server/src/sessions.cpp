// Connections: HTTP sessions (keep-alive, body and header limits) and WebSocket sessions, which
// validate every client message (size, type, fields, rate) before a table sees it.
#include <fmt/format.h>

#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>

#include "server_impl.h"
#include "villainy/server/catalog.h"
#include "villainy/server/token.h"

namespace villainy::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;

namespace {

constexpr size_t kMaxWsMessage = 4096;
constexpr size_t kMaxQueue = 4096;  // frames waiting for a slow client before it is dropped

// Trims spaces; true when 1–200 code points and no control characters.
bool clean_chat(std::string& s) {
  while (!s.empty() && (s.back() == ' ')) s.pop_back();
  size_t b = 0;
  while (b < s.size() && s[b] == ' ') ++b;
  s.erase(0, b);
  int chars = 0;
  for (unsigned char c : s) {
    if (c < 0x20 || c == 0x7f) return false;
    if ((c & 0xc0) != 0x80) ++chars;
  }
  return chars >= 1 && chars <= 200;
}

// Token buckets: choices 1000 a second (bursts of 1000: a bot answering at once stays well
// within), every other message 20 a second (bursts of 40).
struct Bucket {
  double rate, burst, tokens;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  bool take() {
    const auto now = std::chrono::steady_clock::now();
    tokens = std::min(burst, tokens + rate * std::chrono::duration<double>(now - last).count());
    last = now;
    if (tokens < 1.0) return false;
    tokens -= 1.0;
    return true;
  }
};

class WsSession : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Server::Impl& srv) : ws_(std::move(socket)), srv_(srv) {}
  ~WsSession() override {
    if (counted_) srv_.connections--;
  }

  void run(const Request& req) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(kMaxWsMessage);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      if (++self->srv_.connections > self->srv_.cfg.max_connections) {
        self->srv_.connections--;
        self->send(Table::error_frame(
            "too_many_connections",
            fmt::format("the server holds its {} connections", self->srv_.cfg.max_connections),
            ""));
        self->close();
        return;
      }
      self->counted_ = true;
      self->do_read();
    });
  }

  void send(std::shared_ptr<const std::string> frame) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), frame] {
      if (self->closed_) return;
      if (self->queue_.size() >= kMaxQueue) {
        self->queue_.clear();
        self->start_close();
        return;
      }
      self->queue_.push_back(frame);
      if (self->queue_.size() == 1) self->do_write();
    });
  }

  void close() override {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->closing_ = true;
      if (self->queue_.empty()) self->start_close();
    });
  }

 private:
  void do_read() {
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->finish();
      if (!self->ws_.got_text()) {
        self->buf_.consume(self->buf_.size());
        self->reply_error("bad_json", "frames must be text (JSON)", "");
      } else {
        std::string msg = beast::buffers_to_string(self->buf_.data());
        self->buf_.consume(self->buf_.size());
        try {
          self->handle(msg);
        } catch (const std::exception&) {
          self->reply_error("server_error", "the message could not be handled", "");
        }
      }
      if (!self->closed_) self->do_read();
    });
  }

  void do_write() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, size_t) {
                      if (ec) return self->finish();
                      self->queue_.pop_front();
                      if (!self->queue_.empty())
                        self->do_write();
                      else if (self->closing_)
                        self->start_close();
                    });
  }

  void start_close() {
    if (closed_) return;
    closed_ = true;
    ws_.async_close(websocket::close_code::normal,
                    [self = shared_from_this()](beast::error_code) { self->finish(); });
  }

  void finish() {
    closed_ = true;
    if (table_ && !detached_) {
      detached_ = true;
      table_->detach(shared_from_this());
    }
  }

  void reply_error(const std::string& code, const std::string& msg, const std::string& in) {
    send(Table::error_frame(code, msg, in));
    if (++refused_in_row_ >= 100) close();
  }

  void handle(const std::string& text) {
    // A choice is recognised cheaply before parsing, so a flood costs no JSON parse.
    const bool choice = text.find("\"choice\"") != std::string::npos;
    if (choice ? !choice_bucket_.take() : !other_bucket_.take())
      return reply_error("rate_limited",
                         choice ? "at most 1000 choices a second"
                                : "at most 20 messages a second (bursts of 40) besides choices",
                         "");
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
      return reply_error("bad_json", "a message must be one JSON object", "");
    auto t = j.find("type");
    if (t == j.end() || !t->is_string())
      return reply_error("unknown_type", "a message needs a string field 'type'", "");
    const std::string type = t->get<std::string>();
    static const std::vector<std::string> kTypes = {"hello", "choice",    "chat",
                                                    "taunt", "take_back", "ping"};
    if (std::find(kTypes.begin(), kTypes.end(), type) == kTypes.end())
      return reply_error("unknown_type",
                         fmt::format("unknown message type '{}' (the types are {})",
                                     type.substr(0, 40), fmt::join(kTypes, ", ")),
                         "");
    try {
      if (!hello_done_ && type != "hello")
        throw ApiError(400, "not_hello", "the first message must be a hello");
      if (type == "hello") {
        if (hello_done_) throw ApiError(400, "already_hello", "hello is sent once");
        on_hello(j);
      } else if (type == "choice") {
        check_fields(j, {"type", "action", "seq"}, "choice");
        table_->choice(shared_from_this(), int_field(j, "action", "choice"),
                       int_field(j, "seq", "choice"));
      } else if (type == "chat") {
        check_fields(j, {"type", "text"}, "chat");
        if (!j.contains("text") || !j["text"].is_string())
          throw ApiError(400, "missing_field", "chat: 'text' (a string) is required");
        std::string s = j["text"].get<std::string>();
        if (s.size() > 1000 || !clean_chat(s))
          throw ApiError(400, "chat_too_long",
                         "chat.text: 1 to 200 characters, no control characters");
        table_->chat(shared_from_this(), s);
      } else if (type == "taunt") {
        check_fields(j, {"type", "taunt"}, "taunt");
        if (!j.contains("taunt") || !j["taunt"].is_string())
          throw ApiError(400, "missing_field", "taunt: 'taunt' (a string) is required");
        table_->taunt(shared_from_this(), j["taunt"].get<std::string>());
      } else if (type == "take_back") {
        check_fields(j, {"type"}, "take_back");
        table_->take_back(shared_from_this());
      } else if (type == "ping") {
        check_fields(j, {"type"}, "ping");
        send(std::make_shared<const std::string>(R"({"type":"pong"})"));
      }
      refused_in_row_ = 0;
    } catch (const ApiError& e) {
      reply_error(e.code, e.what(), type);
      if (e.code == "not_hello" || (type == "hello" && !hello_done_)) close();
    }
  }

  static int int_field(const json& j, const std::string& key, const std::string& where) {
    auto it = j.find(key);
    if (it == j.end())
      throw ApiError(400, "missing_field", fmt::format("{}: '{}' is required", where, key));
    if (!it->is_number_integer() || it->get<std::int64_t>() < 0 ||
        it->get<std::int64_t>() > 1000000000)
      throw ApiError(400, "bad_field",
                     fmt::format("{}.{}: must be an integer from 0 to 1000000000", where, key));
    return it->get<int>();
  }

  void on_hello(const json& j) {
    check_fields(j, {"type", "protocol", "table", "credential", "spectate", "last_seq"}, "hello");
    auto p = j.find("protocol");
    if (p == j.end()) throw ApiError(400, "missing_field", "hello: 'protocol' is required");
    if (!p->is_number_integer() || p->get<std::int64_t>() != kProtocolVersion)
      throw ApiError(
          400, "unsupported_protocol",
          fmt::format("hello.protocol: this server speaks protocol {}", kProtocolVersion));
    auto t = j.find("table");
    if (t == j.end() || !t->is_string())
      throw ApiError(400, "missing_field", "hello: 'table' (a string) is required");
    auto table = srv_.find(t->get<std::string>());
    if (!table)
      throw ApiError(
          404, "not_found",
          fmt::format("hello.table: no table '{}'", t->get<std::string>().substr(0, 40)));
    const bool has_cred = j.contains("credential");
    bool spectate = false;
    if (j.contains("spectate")) {
      if (!j["spectate"].is_boolean())
        throw ApiError(400, "bad_field", "hello.spectate: must be true or false");
      spectate = j["spectate"].get<bool>();
    }
    if (has_cred == spectate)
      throw ApiError(400, "bad_field",
                     "hello: give either 'credential' (a seat) or \"spectate\": true");
    std::string cred;
    if (has_cred) {
      if (!j["credential"].is_string())
        throw ApiError(400, "bad_field", "hello.credential: must be a string");
      cred = j["credential"].get<std::string>();
    }
    int last_seq = 0;
    if (j.contains("last_seq")) {
      const json& l = j["last_seq"];
      if (!l.is_number_integer() || l.get<std::int64_t>() < 0 || l.get<std::int64_t>() > 1000000000)
        throw ApiError(400, "bad_last_seq", "hello.last_seq: a non-negative integer");
      last_seq = l.get<int>();
    }
    hello_done_ = true;
    table_ = table;
    table->hello(shared_from_this(), cred, spectate, last_seq);
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buf_;
  Server::Impl& srv_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  std::shared_ptr<Table> table_;
  bool hello_done_ = false, closing_ = false, closed_ = false, detached_ = false, counted_ = false;
  Bucket choice_bucket_{1000, 1000, 1000};
  Bucket other_bucket_{20, 40, 40};
  int refused_in_row_ = 0;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Server::Impl& srv) : stream_(std::move(socket)), srv_(srv) {}

  void run() {
    net::post(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
  }

 private:
  void do_read() {
    parser_.emplace();
    parser_->body_limit(16 * 1024);
    parser_->header_limit(8 * 1024);
    stream_.expires_after(std::chrono::seconds(30));
    http::async_read(
        stream_, buf_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == http::error::end_of_stream) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      keep_alive_ = false;
      version_ = 11;
      json e = {{"protocol", kProtocolVersion},
                {"error",
                 {{"code", "too_large"},
                  {"message", "request over the limit (body 16 KiB, header 8 KiB)"}}}};
      return write({413, "application/json", wire(e)});
    }
    if (ec) return;
    Request req = parser_->release();
    keep_alive_ = req.keep_alive();
    version_ = req.version();
    if (websocket::is_upgrade(req)) {
      std::string target(req.target());
      if (target != "/ws") {
        keep_alive_ = false;
        json e = {{"protocol", kProtocolVersion},
                  {"error", {{"code", "not_found"}, {"message", "the WebSocket is at /ws"}}}};
        return write({404, "application/json", wire(e)});
      }
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), srv_)->run(req);
      return;
    }
    srv_.handle_http(req, [self = shared_from_this()](HttpReply r) {
      net::post(self->stream_.get_executor(),
                [self, r = std::move(r)]() mutable { self->write(std::move(r)); });
    });
  }

  void write(HttpReply r) {
    auto res = std::make_shared<http::response<http::string_body>>(
        static_cast<http::status>(r.status), version_);
    res->set(http::field::server, "villainy");
    res->set(http::field::content_type, r.content_type);
    res->set(http::field::cache_control, r.cache_control);
    res->set("X-Content-Type-Options", "nosniff");
    res->keep_alive(keep_alive_);
    res->body() = std::move(r.body);
    res->prepare_payload();
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res](beast::error_code ec, size_t) {
                        if (ec) return;
                        if (!self->keep_alive_) {
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                          return;
                        }
                        self->do_read();
                      });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buf_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Server::Impl& srv_;
  bool keep_alive_ = false;
  unsigned version_ = 11;
};

}  // namespace

void start_http_session(tcp::socket socket, Server::Impl& srv) {
  std::make_shared<HttpSession>(std::move(socket), srv)->run();
}

}  // namespace villainy::server
