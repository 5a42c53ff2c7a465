// What a server left running in public must do besides play (issue 25): security headers on
// every response, HEAD, gzip, the WebSocket handshake checked (Origin, Sec-WebSocket-Key),
// hello answered to its own connection only, hidden characters refused in names and chat, the
// 100-refusals close, silence after a bad hello, per-address rate limits with retry_after,
// deadlines on idle connections, and the bot scheduler's order.
#include <chrono>
#include <fstream>
#include <future>
#include <thread>

#include "fixture.h"
#include "villainy/server/bots.h"

namespace villainy::server::testing {
namespace {

namespace fs = std::filesystem;

using Response = http::response<http::string_body>;

// One request with the given headers; the whole response (headers included).
Response raw(std::uint16_t port, http::verb method, const std::string& target,
             const std::vector<std::pair<std::string, std::string>>& headers = {},
             const std::string& body = "") {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  for (auto& [k, v] : headers) req.set(k, v);
  if (!body.empty()) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
  }
  http::write(stream, req);
  beast::flat_buffer buf;
  http::response_parser<http::string_body> parser;
  parser.skip(method == http::verb::head);
  http::read(stream, buf, parser);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return parser.release();
}

void expect_security_headers(const Response& r, const std::string& what) {
  const std::string csp(r["Content-Security-Policy"]);
  EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << what;
  EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << what;
  EXPECT_EQ(r["X-Content-Type-Options"], "nosniff") << what;
  EXPECT_EQ(r["Referrer-Policy"], "no-referrer") << what;
  EXPECT_EQ(r["X-Frame-Options"], "DENY") << what;
}

TEST_F(ServerTest, SecurityHeadersOnEveryResponseAndHead) {
  expect_security_headers(raw(port_, http::verb::get, "/"), "home");
  expect_security_headers(raw(port_, http::verb::get, "/healthz"), "healthz");
  expect_security_headers(raw(port_, http::verb::get, "/nothing"), "404");
  expect_security_headers(raw(port_, http::verb::post, "/api/tables", {}, "{"), "400");
  expect_security_headers(
      raw(port_, http::verb::get, "/ws", {{"Upgrade", "websocket"}, {"Connection", "Upgrade"}}),
      "refused upgrade");
  // HEAD: the GET's headers and length, no body.
  const Response get = raw(port_, http::verb::get, "/");
  const Response head = raw(port_, http::verb::head, "/");
  EXPECT_EQ(head.result_int(), 200u);
  EXPECT_EQ(head[http::field::content_length], get[http::field::content_length]);
  EXPECT_TRUE(head.body().empty());
  EXPECT_EQ(raw(port_, http::verb::head, "/healthz").result_int(), 200u);
  // /api/games is sent gzip-compressed to a client that accepts it.
  const Response games = raw(port_, http::verb::get, "/api/games", {{"Accept-Encoding", "gzip"}});
  EXPECT_EQ(games[http::field::content_encoding], "gzip");
  EXPECT_EQ(games[http::field::vary], "Accept-Encoding");
  const Response plain = raw(port_, http::verb::get, "/api/games");
  EXPECT_TRUE(plain[http::field::content_encoding].empty());
  EXPECT_LT(games.body().size(), plain.body().size() / 2);
}

// A raw upgrade request; returns the status line's code (and the response's extensions).
unsigned upgrade(std::uint16_t port, const std::vector<std::pair<std::string, std::string>>& h,
                 std::string* extensions = nullptr) {
  std::vector<std::pair<std::string, std::string>> all = {
      {"Upgrade", "websocket"}, {"Connection", "Upgrade"}, {"Sec-WebSocket-Version", "13"}};
  all.insert(all.end(), h.begin(), h.end());
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::verb::get, "/ws", 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  for (auto& [k, v] : all) req.set(k, v);
  http::write(stream, req);
  beast::flat_buffer buf;
  http::response_parser<http::empty_body> parser;
  http::read_header(stream, buf, parser);
  if (extensions) *extensions = std::string(parser.get()[http::field::sec_websocket_extensions]);
  return parser.get().result_int();
}

TEST_F(ServerTest, UpgradeChecksOriginAndKey) {
  const std::string key = "dGhlIHNhbXBsZSBub25jZQ==";
  const std::string self = "http://127.0.0.1:" + std::to_string(port_);
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", key}}), 101u);  // not a browser: no Origin
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", key}, {"Origin", self}}), 101u);
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", key}, {"Origin", "https://evil.example"}}), 403u);
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", key}, {"Origin", "null"}}), 403u);
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", ""}}), 400u);
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", "short"}}), 400u);
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", "!!!!!!!!!!!!!!!!!!!!!!=="}}), 400u);
  // permessage-deflate is offered back to a client that asks for it.
  std::string ext;
  EXPECT_EQ(upgrade(port_,
                    {{"Sec-WebSocket-Key", key},
                     {"Sec-WebSocket-Extensions", "permessage-deflate; client_max_window_bits"}},
                    &ext),
            101u);
  EXPECT_NE(ext.find("permessage-deflate"), std::string::npos) << ext;
  // A configured origin passes.
  tweak_ = [](ServerConfig& c) { c.allowed_origins = {"https://club.example"}; };
  restart_server();
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", key}, {"Origin", "https://club.example"}}), 101u);
  EXPECT_EQ(upgrade(port_, {{"Sec-WebSocket-Key", key}, {"Origin", "https://evil.example"}}), 403u);
}

TEST_F(ServerTest, HelloIsAnsweredToItsConnectionOnly) {
  json t = create_cm(1);
  auto first = connect(t["table"], "");
  ASSERT_TRUE(first->recv_type("view"));
  for (int i = 0; i < 5; ++i) auto more = connect(t["table"], "");  // five more spectators
  // The next thing the first spectator receives is its pong, not five views.
  first->send({{"type", "ping"}});
  auto m = first->recv();
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["type"], "pong") << m->dump();
}

TEST_F(ServerTest, NamesAndChatRefuseHiddenCharacters) {
  json t = create_cm(2);
  const std::string id = t["table"];
  for (const char* bad : {"Ann\u202Egnp.exe", "A\u200Bnn", "\u2066x", "Ann\xC2\x85",
                          "\xEF\xBB\xBF"
                          "Ann",
                          "A\u2028B"}) {
    auto r = http_post(port_, "/api/tables/" + id + "/join",
                       {{"invite", t["invitations"][0]["invite"]}, {"name", bad}});
    EXPECT_EQ(r.status, 400) << bad;
    EXPECT_EQ(r.body["error"]["code"], "bad_field") << bad;
  }
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  EXPECT_FALSE(cred.empty());
  auto r = http_post(port_, "/api/tables/" + id + "/join",
                     {{"invite", t["invitations"][1]["invite"]}, {"name", "貝蒂 👋"}});
  EXPECT_EQ(r.status, 200) << r.raw;
  auto c = connect(id, cred);
  for (const char* bad : {"hi\u202E", "zero\u200Dwidth", "c1\xC2\x9B", "\u2067x"}) {
    c->send({{"type", "chat"}, {"text", bad}});
    auto e = c->recv_type("error");
    ASSERT_TRUE(e);
    EXPECT_EQ((*e)["code"], "chat_too_long") << bad;
  }
  c->send({{"type", "chat"}, {"text", "好棋 👍"}});
  auto m = c->recv_type("chat");
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["text"], "好棋 👍");
}

TEST_F(ServerTest, HundredRefusalsCloseAtTheHundredth) {
  json t = create_cm(1);
  const std::string id = t["table"];
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  auto c = connect(id, cred);
  // Stale choices: refused by the table (not by the connection's own checks).
  for (int i = 0; i < 150; ++i) c->send({{"type", "choice"}, {"action", 0}, {"seq", 999999}});
  int errors = 0;
  while (auto m = c->recv(3000))
    if ((*m)["type"] == "error") ++errors;
  EXPECT_EQ(errors, 100);
  EXPECT_FALSE(c->is_open());
}

TEST_F(ServerTest, NothingIsAnsweredAfterABadHello) {
  json t = create_cm(1);
  for (const std::string& hello :
       {R"({"type":"hello","protocol":1,"table":")" + t["table"].get<std::string>() +
            R"(","credential":")" + std::string(64, 'b') + R"("})",
        std::string(R"({"type":"hello","protocol":7})")}) {
    WsClient c(port_);
    c.send_raw(hello);
    c.send({{"type", "ping"}});
    c.send({{"type", "chat"}, {"text", "hi"}});
    int frames = 0;
    while (auto m = c.recv(3000)) {
      ++frames;
      EXPECT_EQ((*m)["type"], "error") << m->dump();
    }
    EXPECT_EQ(frames, 1) << hello;
  }
}

TEST_F(ServerTest, RateLimitsAnswer429WithRetryAfter) {
  tweak_ = [](ServerConfig& c) {
    c.create_per_minute = 3;
    c.join_per_minute = 2;
  };
  restart_server();
  for (int i = 0; i < 3; ++i) create_cm(3);
  auto r = http_post(
      port_, "/api/tables",
      {{"game", "cheaty-mages"},
       {"players", 3},
       {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}, {{"kind", "human"}}})}});
  EXPECT_EQ(r.status, 429);
  EXPECT_EQ(r.body["error"]["code"], "rate_limited");
  EXPECT_GE(r.body["error"]["retry_after"].get<int>(), 1);
  const json tables = http_get(port_, "/api/tables").body["tables"];
  ASSERT_EQ(tables.size(), 3u);
  const std::string id = tables[0]["table"];
  EXPECT_EQ(http_post(port_, "/api/tables/" + id + "/join", json::object()).status, 200);
  EXPECT_EQ(http_post(port_, "/api/tables/" + id + "/join", json::object()).status, 200);
  auto j = http_post(port_, "/api/tables/" + id + "/join", json::object());
  EXPECT_EQ(j.status, 429);
  EXPECT_EQ(j.body["error"]["code"], "rate_limited");
}

TEST_F(ServerTest, AllBotTablesAreCappedInNumberAndStrength) {
  tweak_ = [](ServerConfig& c) { c.max_bot_tables = 2; };
  bot_pace_ms_ = 1000;  // they stay playing while the test runs
  restart_server();
  auto bots = [](const std::string& agent) {
    json s = json::array();
    for (int i = 0; i < 3; ++i) s.push_back({{"kind", "bot"}, {"agent", agent}});
    return json{{"game", "cheaty-mages"}, {"players", 3}, {"seats", s}};
  };
  auto strong = http_post(port_, "/api/tables", bots("ismcts:ms=2000"));
  EXPECT_EQ(strong.status, 400);
  EXPECT_EQ(strong.body["error"]["code"], "bad_agent");
  EXPECT_EQ(http_post(port_, "/api/tables", bots("ismcts:ms=200")).status, 201);
  EXPECT_EQ(http_post(port_, "/api/tables", bots("random")).status, 201);
  auto third = http_post(port_, "/api/tables", bots("random"));
  EXPECT_EQ(third.status, 429);
  EXPECT_EQ(third.body["error"]["code"], "too_many_tables");
  // A people's table is not an all-bot table: still created.
  create_cm(1);
}

TEST_F(ServerTest, IdleConnectionsMeetTheirDeadlines) {
  tweak_ = [](ServerConfig& c) {
    c.hello_timeout_ms = 300;
    c.http_timeout_ms = 300;
  };
  restart_server();
  WsClient ws(port_);  // upgraded, never says hello
  net::io_context ioc;
  beast::tcp_stream idle(ioc);
  idle.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
  EXPECT_FALSE(ws.recv(5000));  // closed by the server, well before 5 s
  char c = 0;
  beast::error_code ec;
  idle.expires_after(std::chrono::seconds(5));
  idle.read_some(net::buffer(&c, 1), ec);
  EXPECT_TRUE(ec == net::error::eof || ec == net::error::connection_reset) << ec.message();
}

TEST(BotScheduler, PeoplesMovesComeFirstAndBotTablesLeaveAThread) {
  BotScheduler s(2);
  std::mutex mu;
  std::condition_variable cv;
  bool release = false;
  std::atomic<int> started_others{0};
  // Ten all-bot moves that block until released: at most one thread takes them.
  for (int i = 0; i < 10; ++i)
    s.submit(false, [&] {
      started_others++;
      std::unique_lock lock(mu);
      cv.wait(lock, [&] { return release; });
    });
  // A people's move still runs, on the thread the all-bot moves may not take.
  std::promise<void> ran;
  s.submit(true, [&] { ran.set_value(); });
  EXPECT_EQ(ran.get_future().wait_for(std::chrono::seconds(10)), std::future_status::ready);
  EXPECT_LE(started_others.load(), 1);
  {
    std::lock_guard lock(mu);
    release = true;
  }
  cv.notify_all();
  EXPECT_TRUE(s.stop(std::chrono::seconds(10)));
}

}  // namespace
}  // namespace villainy::server::testing
