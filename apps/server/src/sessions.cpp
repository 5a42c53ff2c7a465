// Connections: HTTP sessions (keep-alive, body and header limits, deadlines) and WebSocket
// sessions, which validate every client message (size, type, fields, rate) before a table sees
// it. Every socket holds a ticket of the connection registry (per-address and total caps); one
// that has not proven itself (an HTTP request not yet read, a WebSocket before its hello) can be
// evicted to make room for a new one.
#include <fmt/format.h>

#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <cmath>
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

// ---- connection registry and rate limits ----------------------------------------------------

ConnRegistry::Ticket::~Ticket() {
  if (reg) reg->release(*this);
}

std::shared_ptr<ConnRegistry::Ticket> ConnRegistry::admit(const std::string& addr, bool exempt,
                                                          std::string& why) {
  std::shared_ptr<Evictable> victim;
  std::shared_ptr<Ticket> t;
  {
    std::lock_guard lock(mu_);
    if (!exempt && max_per_ > 0 && per_addr_[addr] >= max_per_) {
      why = "address";
      return nullptr;
    }
    if (total_ >= max_total_) {
      // Make room: the oldest connection that has not proven itself goes.
      while (!idle_.empty() && !victim) {
        auto [ticket, who] = idle_.front();
        idle_.pop_front();
        ticket->idle = false;
        victim = who.lock();
      }
      if (!victim) {
        why = "total";
        return nullptr;
      }
      ++evicted_;
    }
    t = std::make_shared<Ticket>();
    t->reg = this;
    t->addr = addr;
    t->exempt = exempt;
    ++total_;
    if (!exempt) ++per_addr_[addr];
  }
  if (victim) victim->evict();
  return t;
}

void ConnRegistry::set_idle(Ticket& t, std::weak_ptr<Evictable> who) {
  std::lock_guard lock(mu_);
  if (t.idle) return;
  t.idle = true;
  t.it = idle_.insert(idle_.end(), {&t, std::move(who)});
}

void ConnRegistry::set_busy(Ticket& t) {
  std::lock_guard lock(mu_);
  if (!t.idle) return;
  t.idle = false;
  idle_.erase(t.it);
}

void ConnRegistry::release(Ticket& t) {
  std::lock_guard lock(mu_);
  if (t.idle) idle_.erase(t.it);
  t.idle = false;
  --total_;
  if (!t.exempt) {
    auto it = per_addr_.find(t.addr);
    if (it != per_addr_.end() && --it->second <= 0) per_addr_.erase(it);
  }
}

int ConnRegistry::total() const {
  std::lock_guard lock(mu_);
  return total_;
}

long ConnRegistry::evicted() const {
  std::lock_guard lock(mu_);
  return evicted_;
}

bool RateLimiter::take(const std::string& addr, int& retry_after_s) {
  if (per_minute_ <= 0) return true;
  const auto now = std::chrono::steady_clock::now();
  const double rate = per_minute_ / 60.0;  // tokens a second
  std::lock_guard lock(mu_);
  if (buckets_.size() > 100000) {
    // Forget the addresses whose buckets are full again (they lose nothing).
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      const double t =
          it->second.tokens + rate * std::chrono::duration<double>(now - it->second.last).count();
      it = t >= per_minute_ ? buckets_.erase(it) : std::next(it);
    }
  }
  auto [it, fresh] = buckets_.try_emplace(addr, Bucket{static_cast<double>(per_minute_), now});
  Bucket& b = it->second;
  b.tokens = std::min<double>(
      per_minute_, b.tokens + rate * std::chrono::duration<double>(now - b.last).count());
  b.last = now;
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return true;
  }
  retry_after_s = std::max(1, static_cast<int>(std::ceil((1.0 - b.tokens) / rate)));
  return false;
}

std::string content_security_policy(const std::string& host) {
  // The browser client is one script and one style sheet from this server; it talks to the
  // server's own /ws. Nothing inline, nothing from elsewhere, never inside a frame.
  std::string connect = "'self'";
  bool plain = !host.empty() && host.size() <= 255;
  for (char c : host)
    plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '.' || c == '-' || c == ':' || c == '[' || c == ']');
  if (plain) connect += fmt::format(" ws://{} wss://{}", host, host);
  return fmt::format(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
      "font-src 'self'; connect-src {}; object-src 'none'; base-uri 'none'; form-action 'self'; "
      "frame-ancestors 'none'",
      connect);
}

namespace {

constexpr size_t kMaxWsMessage = 4096;
constexpr size_t kMaxQueue = 4096;  // frames waiting for a slow client before it is dropped

template <class Message>
void security_headers(Message& m, const std::string& host) {
  m.set(http::field::server, "villainy");
  m.set("Content-Security-Policy", content_security_policy(host));
  m.set("X-Content-Type-Options", "nosniff");
  m.set("Referrer-Policy", "no-referrer");
  m.set("X-Frame-Options", "DENY");
  m.set("Cross-Origin-Opener-Policy", "same-origin");
}

// Sec-WebSocket-Key: the base64 of 16 bytes (RFC 6455 4.1): 22 characters of the alphabet, the
// last of them one of "AQgw", then "==".
bool valid_ws_key(std::string_view k) {
  if (k.size() != 24 || k[22] != '=' || k[23] != '=') return false;
  for (size_t i = 0; i < 22; ++i) {
    const char c = k[i];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
          c == '/'))
      return false;
  }
  return k[21] == 'A' || k[21] == 'Q' || k[21] == 'g' || k[21] == 'w';
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// The Origin of a browser's upgrade must be the server's own host (the request's Host) or one
// of the configured origins; clients that send no Origin (not browsers) pass.
bool origin_allowed(const Request& req, const ServerConfig& cfg) {
  auto o = req.find(http::field::origin);
  if (o == req.end()) return true;
  const std::string origin = lower(std::string(o->value()));
  for (const auto& a : cfg.allowed_origins)
    if (a == "*" || lower(a) == origin) return true;
  const auto scheme = origin.find("://");
  if (scheme == std::string::npos) return false;
  const std::string authority = origin.substr(scheme + 3);
  auto h = req.find(http::field::host);
  return h != req.end() && !authority.empty() && lower(std::string(h->value())) == authority;
}

class WsSession : public Peer, public Evictable, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Server::Impl& srv, std::shared_ptr<ConnRegistry::Ticket> ticket,
            std::string addr)
      : ws_(std::move(socket)),
        srv_(srv),
        ticket_(std::move(ticket)),
        addr_(std::move(addr)),
        hello_timer_(ws_.get_executor()) {}
  ~WsSession() override {
    if (counted_) srv_.connections--;
  }

  void run(const Request& req, const std::string& host) {
    auto to = websocket::stream_base::timeout::suggested(beast::role_type::server);
    to.handshake_timeout = std::chrono::milliseconds(srv_.cfg.http_timeout_ms);
    to.idle_timeout = std::chrono::milliseconds(srv_.cfg.ws_idle_timeout_ms);
    to.keep_alive_pings = true;
    ws_.set_option(to);
    ws_.read_message_max(kMaxWsMessage);
    if (srv_.cfg.ws_deflate) {
      // Small windows: a few tens of KiB per connection, not hundreds.
      websocket::permessage_deflate pmd;
      pmd.server_enable = true;
      pmd.server_max_window_bits = 12;
      pmd.client_max_window_bits = 12;
      pmd.compLevel = 6;
      pmd.memLevel = 4;
      ws_.set_option(pmd);
    }
    ws_.set_option(websocket::stream_base::decorator(
        [host](websocket::response_type& res) { security_headers(res, host); }));
    // The hello deadline runs from the upgrade.
    hello_timer_.expires_after(std::chrono::milliseconds(srv_.cfg.hello_timeout_ms));
    hello_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && !self->hello_done_) self->hard_close();
    });
    srv_.conns->set_idle(*ticket_, weak_from_this());
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->hard_close();
      self->do_read();
    });
  }

  void send(std::shared_ptr<const std::string> frame) override {
    net::post(ws_.get_executor(),
              [self = shared_from_this(), frame = std::move(frame)] { self->enqueue(frame); });
  }

  void close() override {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->closing_ = true;
      if (self->queue_.empty()) self->start_close();
    });
  }

  void refused() override {
    net::post(ws_.get_executor(), [self = shared_from_this()] { self->count_refusal(); });
  }

  void accepted() override {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->refused_in_row_ = 0;
      if (self->hello_pending_) {
        // The table welcomed this connection: it is a player's (or a spectator's) now.
        self->hello_pending_ = false;
        self->hello_timer_.cancel();
        self->srv_.conns->set_busy(*self->ticket_);
        self->srv_.connections++;
        self->counted_ = true;
        if (!self->closing_ && !self->closed_) self->do_read();
      }
    });
  }

  void evict() override {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      if (!self->hello_done_) self->hard_close();
    });
  }

 private:
  void do_read() {
    if (reading_) return;
    reading_ = true;
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, size_t) {
      self->reading_ = false;
      if (ec) return self->finish();
      if (self->closing_ || self->closed_) return;  // nothing more is answered
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
      // After a hello, reading waits for the table's answer (accepted() resumes it).
      if (!self->closed_ && !self->closing_ && !self->hello_pending_) self->do_read();
    });
  }

  // On the connection's strand.
  void enqueue(const std::shared_ptr<const std::string>& frame) {
    if (closed_ || closing_) return;  // nothing goes out after the close is decided
    if (queue_.size() >= kMaxQueue ||
        queued_bytes_ + frame->size() > static_cast<size_t>(srv_.cfg.max_queued_bytes)) {
      // A slow reader: dropped (it reconnects with its last seq).
      queue_.clear();
      queued_bytes_ = 0;
      return hard_close();
    }
    queue_.push_back(frame);
    queued_bytes_ += frame->size();
    if (queue_.size() == 1) do_write();
  }

  void do_write() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, size_t) {
                      if (ec) return self->finish();
                      if (!self->queue_.empty()) {
                        self->queued_bytes_ -= self->queue_.front()->size();
                        self->queue_.pop_front();
                      }
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

  // Closes the socket at once (no close handshake): a connection past its deadline, evicted, or
  // not reading what it is sent.
  void hard_close() {
    closing_ = true;
    closed_ = true;
    hello_timer_.cancel();
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(ws_).socket().close(ec);
    finish();
  }

  void finish() {
    closed_ = true;
    hello_timer_.cancel();
    srv_.conns->set_busy(*ticket_);
    if (table_ && !detached_) {
      detached_ = true;
      table_->detach(shared_from_this());
    }
  }

  void count_refusal() {
    if (++refused_in_row_ >= 100) {
      closing_ = true;  // the 100th refusal is the last answer
      if (queue_.empty()) start_close();
    }
  }

  void reply_error(const std::string& code, const std::string& msg, const std::string& in,
                   const json& extra = json::object()) {
    json j = {{"type", "error"}, {"code", code}, {"message", msg}};
    if (!in.empty()) j["in"] = in;
    for (auto it = extra.begin(); it != extra.end(); ++it) j[it.key()] = it.value();
    enqueue(std::make_shared<const std::string>(wire(j)));
    count_refusal();
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
        return;  // the table answers (accepted() or a refusal and close)
      }
      if (type == "choice") {
        check_fields(j, {"type", "action", "seq"}, "choice");
        table_->choice(shared_from_this(), int_field(j, "action", "choice"),
                       int_field(j, "seq", "choice"));
      } else if (type == "chat") {
        check_fields(j, {"type", "text"}, "chat");
        if (!j.contains("text") || !j["text"].is_string())
          throw ApiError(400, "missing_field", "chat: 'text' (a string) is required");
        std::string s = j["text"].get<std::string>();
        if (s.size() > 1000) throw ApiError(400, "chat_too_long", "chat.text: 1 to 200 characters");
        while (!s.empty() && s.back() == ' ') s.pop_back();
        s.erase(
            0, s.find_first_not_of(' ') == std::string::npos ? s.size() : s.find_first_not_of(' '));
        const std::string why = user_text_problem(s, 1, 200);
        if (!why.empty()) {
          throw ApiError(400, "chat_too_long",
                         "chat.text: " + why +
                             " (1 to 200 characters; no control, bidirectional or invisible "
                             "characters)");
        }
        if (!chat_address_ok("chat")) return;
        table_->chat(shared_from_this(), s);
      } else if (type == "taunt") {
        check_fields(j, {"type", "taunt"}, "taunt");
        if (!j.contains("taunt") || !j["taunt"].is_string())
          throw ApiError(400, "missing_field", "taunt: 'taunt' (a string) is required");
        if (!chat_address_ok("taunt")) return;
        table_->taunt(shared_from_this(), j["taunt"].get<std::string>());
      } else if (type == "take_back") {
        check_fields(j, {"type"}, "take_back");
        table_->take_back(shared_from_this());
      } else if (type == "ping") {
        check_fields(j, {"type"}, "ping");
        enqueue(std::make_shared<const std::string>(R"({"type":"pong"})"));
        refused_in_row_ = 0;
      }
    } catch (const ApiError& e) {
      reply_error(e.code, e.what(), type);
      if (!hello_done_) {
        // After a bad hello nothing more is answered: the connection closes.
        closing_ = true;
        if (queue_.empty()) start_close();
      }
    }
  }

  // Chat and taunts from one address over all its connections (ServerConfig::chat_per_minute).
  bool chat_address_ok(const std::string& in) {
    int retry = 0;
    if (srv_.chat_rate.take(addr_, retry)) return true;
    reply_error("rate_limited",
                fmt::format("at most {} chat or taunt messages a minute from one address",
                            srv_.cfg.chat_per_minute),
                in, {{"retry_after", retry}});
    return false;
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
    hello_pending_ = true;
    table_ = table;
    table->hello(shared_from_this(), cred, spectate, last_seq);
  }

  // Token buckets per connection: choices 1000 a second (bursts of 1000: a bot answering at
  // once stays well within), every other message 20 a second (bursts of 40).
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

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buf_;
  Server::Impl& srv_;
  std::shared_ptr<ConnRegistry::Ticket> ticket_;
  std::string addr_;
  net::steady_timer hello_timer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  size_t queued_bytes_ = 0;
  std::shared_ptr<Table> table_;
  bool hello_done_ = false, hello_pending_ = false, closing_ = false, closed_ = false;
  bool detached_ = false, counted_ = false, reading_ = false;
  Bucket choice_bucket_{1000, 1000, 1000};
  Bucket other_bucket_{20, 40, 40};
  int refused_in_row_ = 0;
};

class HttpSession : public Evictable, public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Server::Impl& srv, std::shared_ptr<ConnRegistry::Ticket> ticket,
              std::string peer)
      : stream_(std::move(socket)), srv_(srv), ticket_(std::move(ticket)), peer_(std::move(peer)) {}

  void run() {
    net::post(stream_.get_executor(), [self = shared_from_this()] { self->do_read(); });
  }

  void evict() override {
    net::post(stream_.get_executor(), [self = shared_from_this()] {
      if (!self->reading_) return;
      beast::error_code ec;
      self->stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
      self->stream_.socket().close(ec);
    });
  }

 private:
  void do_read() {
    parser_.emplace();
    parser_->body_limit(16 * 1024);
    parser_->header_limit(8 * 1024);
    stream_.expires_after(std::chrono::milliseconds(srv_.cfg.http_timeout_ms));
    reading_ = true;
    srv_.conns->set_idle(*ticket_, weak_from_this());
    http::async_read(
        stream_, buf_, *parser_,
        [self = shared_from_this()](beast::error_code ec, size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    reading_ = false;
    srv_.conns->set_busy(*ticket_);
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
    head_ = req.method() == http::verb::head;
    if (auto h = req.find(http::field::host); h != req.end()) host_ = std::string(h->value());
    if (auto a = req.find(http::field::accept_encoding); a != req.end()) {
      const std::string v = lower(std::string(a->value()));
      gzip_ok_ = v.find("gzip") != std::string::npos && v.find("gzip;q=0") == std::string::npos;
    }
    const std::string addr = srv_.client_address(peer_, req);
    if (websocket::is_upgrade(req)) {
      keep_alive_ = false;
      auto refuse = [&](int status, const std::string& code, const std::string& msg) {
        json e = {{"protocol", kProtocolVersion}, {"error", {{"code", code}, {"message", msg}}}};
        write({status, "application/json", wire(e)});
      };
      if (std::string(req.target()) != "/ws")
        return refuse(404, "not_found", "the WebSocket is at /ws");
      if (!origin_allowed(req, srv_.cfg))
        return refuse(403, "bad_origin",
                      "the page's origin is not this server's (see --allow-origin)");
      auto key = req.find(http::field::sec_websocket_key);
      auto version = req.find(http::field::sec_websocket_version);
      if (key == req.end() ||
          !valid_ws_key(std::string_view(key->value().data(), key->value().size())) ||
          version == req.end() || version->value() != "13")
        return refuse(400, "bad_handshake",
                      "Sec-WebSocket-Key must be the base64 of 16 bytes and "
                      "Sec-WebSocket-Version 13");
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), srv_, std::move(ticket_), addr)
          ->run(req, host_);
      return;
    }
    srv_.handle_http(req, addr, [self = shared_from_this()](HttpReply r) {
      net::post(self->stream_.get_executor(),
                [self, r = std::move(r)]() mutable { self->write(std::move(r)); });
    });
  }

  void write(HttpReply r) {
    auto res = std::make_shared<http::response<http::string_body>>(
        static_cast<http::status>(r.status), version_);
    security_headers(*res, host_);
    res->set(http::field::content_type, r.content_type);
    res->set(http::field::cache_control, r.cache_control);
    for (auto& [k, v] : r.headers) res->set(k, v);
    if (r.compressible) {
      res->set(http::field::vary, "Accept-Encoding");
      if (gzip_ok_) {
        std::string z = r.gzip_body.empty() ? gzip(r.body) : std::move(r.gzip_body);
        if (!z.empty() && z.size() < r.body.size()) {
          r.body = std::move(z);
          res->set(http::field::content_encoding, "gzip");
        }
      }
    }
    res->keep_alive(keep_alive_);
    stream_.expires_after(std::chrono::milliseconds(srv_.cfg.http_timeout_ms));
    res->body() = std::move(r.body);
    res->prepare_payload();
    if (head_) {
      // HEAD: the headers of the GET, with its length, and no body.
      const auto n = res->body().size();
      res->body().clear();
      res->content_length(n);
    }
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
  std::shared_ptr<ConnRegistry::Ticket> ticket_;
  std::string peer_, host_;
  bool keep_alive_ = false, head_ = false, gzip_ok_ = false, reading_ = false;
  unsigned version_ = 11;
};

// A connection over a cap: a short answer, then the socket is closed.
void refuse_connection(tcp::socket socket, const std::string& why, const ServerConfig& cfg) {
  const std::string body =
      why == "address"
          ? fmt::format(R"({{"error":{{"code":"too_many_connections","message":"at most {} )"
                        R"(connections from one address","retry_after":5}},"protocol":1}})",
                        cfg.max_connections_per_address)
          : std::string(R"({"error":{"code":"too_many_connections","message":"the server holds )"
                        R"(all the connections it can","retry_after":5},"protocol":1})");
  auto text = std::make_shared<std::string>(fmt::format(
      "HTTP/1.1 429 Too Many Requests\r\nServer: villainy\r\nContent-Type: application/json\r\n"
      "Retry-After: 5\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
      "X-Frame-Options: DENY\r\nContent-Security-Policy: {}\r\nConnection: close\r\n"
      "Content-Length: {}\r\n\r\n{}",
      content_security_policy(""), body.size(), body));
  auto sock = std::make_shared<tcp::socket>(std::move(socket));
  sock->non_blocking(true);
  beast::error_code ec;
  // Small enough for the socket's buffer: written at once, never waiting for the client.
  sock->write_some(net::buffer(*text), ec);
  sock->shutdown(tcp::socket::shutdown_both, ec);
  sock->close(ec);
}

}  // namespace

void start_http_session(tcp::socket socket, Server::Impl& srv) {
  beast::error_code ec;
  const auto ep = socket.remote_endpoint(ec);
  if (ec) return;
  const std::string peer = ep.address().to_string();
  std::string why;
  auto ticket = srv.conns->admit(peer, srv.trusted_proxy(peer), why);
  if (!ticket) return refuse_connection(std::move(socket), why, srv.cfg);
  std::make_shared<HttpSession>(std::move(socket), srv, std::move(ticket), peer)->run();
}

}  // namespace villainy::server
