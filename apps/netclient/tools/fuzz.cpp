// The protocol fuzzer (issue 9): random and malformed messages against a `villainy serve` (meant
// for the sanitizer build) on 127.0.0.1 — WebSocket frames (bad JSON, wrong types, huge fields,
// unknown types and fields, stale seqs, illegal actions, bogus and duplicate hellos, binary and
// invalid UTF-8 frames, floods past the rate limit) and HTTP requests (bad methods, paths, bodies,
// tokens, oversized bodies, raw garbage). Tracked tables are set up first (a seat held by the
// fuzzer at its turn, and a waiting table); afterwards the server must be alive, every tracked
// table exactly as before (seq, status, the seat's view, open seats), the tables must still play
// to the end, the server must stop cleanly, and its log must hold no sanitizer report.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "villainy/agents/agents.h"
#include "villainy/games/all.h"
#include "villainy/netclient/harness.h"
#include "villainy/netclient/server_process.h"

using namespace villainy;
using namespace villainy::net;
using nlohmann::json;
namespace beast = boost::beast;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

struct Tracked {
  std::string table, credential;
  long seq = -1;
  json view;            // the seat's view at its turn
  std::set<int> legal;  // the offered action ids
  json public_facts;    // GET /api/tables/ID
};

// A WebSocket for one fuzz connection: blocking writes, reads with a timeout.
struct Conn {
  asio::io_context ioc;
  beast::websocket::stream<beast::tcp_stream> ws{ioc};
  bool open = false;
  bool connect(unsigned short port) {
    try {
      tcp::resolver r(ioc);
      beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(5));
      beast::get_lowest_layer(ws).connect(r.resolve("127.0.0.1", std::to_string(port)));
      beast::get_lowest_layer(ws).expires_never();
      ws.handshake("127.0.0.1", "/ws");
      ws.read_message_max(1 << 20);
      open = true;
    } catch (const std::exception&) {
      open = false;
    }
    return open;
  }
  bool send(const std::string& s, bool binary = false) {
    if (!open) return false;
    beast::error_code ec;
    ws.binary(binary);
    ws.write(asio::buffer(s), ec);
    if (ec) open = false;
    return open;
  }
  // One frame, or empty on timeout or close (then the connection is closed).
  std::string read(int ms = 2000) {
    if (!open) return {};
    beast::flat_buffer b;
    bool done = false;
    beast::error_code err;
    ws.async_read(b, [&](beast::error_code ec, std::size_t) {
      done = true;
      err = ec;
    });
    ioc.restart();
    ioc.run_for(std::chrono::milliseconds(ms));
    if (!done) {
      beast::error_code ec;
      beast::get_lowest_layer(ws).socket().close(ec);
      ioc.restart();
      ioc.run();
      open = false;
      return {};
    }
    if (err) {
      open = false;
      return {};
    }
    return beast::buffers_to_string(b.data());
  }
  ~Conn() {
    beast::error_code ec;
    beast::get_lowest_layer(ws).socket().close(ec);
  }
};

std::string random_bytes(Rng& r, size_t n) {
  std::string s(n, '\0');
  for (auto& c : s) c = static_cast<char>(r.below(256));
  return s;
}

json random_value(Rng& r, int depth = 0) {
  switch (r.below(depth > 2 ? 6 : 8)) {
    case 0:
      return nullptr;
    case 1:
      return r.below(2) == 1;
    case 2:
      return static_cast<std::int64_t>(r.next());
    case 3:
      return -static_cast<double>(r.below(1000000)) / 7.0;
    case 4:
      return std::string(r.below(40), static_cast<char>('a' + r.below(26)));
    case 5:
      return static_cast<int>(r.below(100)) - 10;
    case 6: {
      json a = json::array();
      for (unsigned i = 0, n = r.below(4); i < n; ++i) a.push_back(random_value(r, depth + 1));
      return a;
    }
    default: {
      json o = json::object();
      for (unsigned i = 0, n = r.below(4); i < n; ++i)
        o[std::string(1 + r.below(8), static_cast<char>('a' + r.below(26)))] =
            random_value(r, depth + 1);
      return o;
    }
  }
}

const char* kTypes[] = {"hello", "choice", "take_back", "chat", "taunt",
                        "ping",  "view",   "nope",      ""};

// A message a connected client might send, malformed in a random way. Never a legal choice at
// the current seq of a tracked seat (the tables must stay as they were).
std::string fuzz_message(Rng& r, const Tracked* t) {
  switch (r.below(14)) {
    case 0:
      return random_bytes(r, r.below(200));  // not JSON (maybe not UTF-8)
    case 1:
      return "{\"type\":\"choice\",\"action\":1,";  // truncated JSON
    case 2:
      return random_value(r).dump();  // any JSON value
    case 3: {                         // an unknown or empty type
      json m{{"type", kTypes[r.below(9)]}};
      m[std::string(1 + r.below(5), 'x')] = random_value(r);
      return m.dump();
    }
    case 4: {  // wrong types in a choice
      json m{{"type", "choice"}, {"action", random_value(r)}, {"seq", random_value(r)}};
      return m.dump();
    }
    case 5: {  // a stale or future seq with an offered action
      const long seq = t ? t->seq : 0;
      const int a = t && !t->legal.empty() ? *t->legal.begin() : 0;
      const long bad = seq + (r.below(2) ? 1 + r.below(5) : -1 - static_cast<long>(r.below(5)));
      return json{{"type", "choice"}, {"action", a}, {"seq", bad}}.dump();
    }
    case 6: {  // an action that is not offered, at the current seq
      const long seq = t ? t->seq : 0;
      int a = static_cast<int>(r.below(100000)) - 50;
      while (t && t->legal.count(a)) ++a;
      return json{{"type", "choice"}, {"action", a}, {"seq", seq}}.dump();
    }
    case 7:
      return json{{"type", "chat"}, {"text", std::string(r.below(3000), 'z')}}.dump();
    case 8:
      return json{{"type", "chat"}, {"text", std::string("\x01\x02 bell \x07")}}.dump();
    case 9:
      return json{{"type", "taunt"}, {"taunt", random_value(r)}}.dump();
    case 10:
      return std::string(5000 + r.below(5000), '[');  // over the 4 KiB limit
    case 11:
      return json{{"type", "hello"}, {"protocol", 1}, {"table", "0"}}.dump();  // again
    case 12:
      return json{{"type", "take_back"}, {"extra", 1}}.dump();
    default:
      return json{{"type", "ping"}}.dump();
  }
}

std::string bogus_hello(Rng& r, const std::vector<Tracked>& tracked) {
  const Tracked& t = tracked[r.below(static_cast<std::uint32_t>(tracked.size()))];
  json h{{"type", "hello"}, {"protocol", 1}, {"table", t.table}};
  switch (r.below(8)) {
    case 0:
      h["protocol"] = 2;
      break;
    case 1:
      h["credential"] = std::string(64, 'a');
      break;
    case 2:
      h["credential"] = t.credential.substr(0, 63) + "x";
      break;
    case 3:
      h["table"] = "ffffffffffffffff";
      h["spectate"] = true;
      break;
    case 4:
      h["last_seq"] = -5;
      h["spectate"] = true;
      break;
    case 5:
      h["last_seq"] = 1000000;
      h["credential"] = t.credential;
      break;
    case 6:
      h["spectate"] = "yes";
      break;
    default:
      h["bogus"] = random_value(r);
      break;
  }
  return h.dump();
}

// One HTTP request that must be refused (or is harmless: a GET of public facts).
std::pair<std::string, std::string> fuzz_http(Rng& r, const std::vector<Tracked>& tracked,
                                              std::string& target, std::string& body) {
  const Tracked& t = tracked[r.below(static_cast<std::uint32_t>(tracked.size()))];
  const std::string base = "/api/tables/" + t.table;
  static const char* methods[] = {"GET", "POST", "DELETE", "PUT", "PATCH"};
  std::string method = methods[r.below(5)];
  switch (r.below(10)) {
    case 0:
      target = "/api/tables";
      body = random_value(r).dump();
      method = "POST";
      break;
    case 1:
      target = "/api/tables";
      method = "POST";
      body =
          json{
              {"game", "supporting-cast"}, {"players", random_value(r)}, {"seats", random_value(r)}}
              .dump();
      break;
    case 2:
      target = base + "/join";
      method = "POST";
      body = json{{"invite", std::string(64, 'b')}}.dump();
      break;
    case 3:
      target = base + "/join";
      method = "POST";
      body = json{{"seat", 99}, {"name", std::string(100, 'n')}}.dump();
      break;
    case 4:
      target = base + "/leave";
      method = "POST";
      body = json{{"credential", random_value(r)}}.dump();
      break;
    case 5:
      target = base + "/replace";
      method = "POST";
      body = json{{"creator", std::string(64, 'c')}, {"seat", 0}, {"agent", "random"}}.dump();
      break;
    case 6:
      target = base + "/replay";
      method = "POST";
      body = "{\"credential\":";
      break;
    case 7:
      target = "/api/" + std::string(r.below(3000), 'p');
      body.clear();
      break;
    case 8:
      target = "/api/tables";
      method = "POST";
      body = std::string(20000, ' ');
      break;
    default:
      target = base + (r.below(2) ? "" : "/x");
      body = random_value(r).dump();
      break;
  }
  return {method, target};
}

std::string raw_garbage(Rng& r) {
  switch (r.below(5)) {
    case 0:
      return random_bytes(r, 1 + r.below(500));
    case 1:
      return "GET /healthz HTTP/1.1\r\nHost: x\r\n" + std::string(10000, 'h') + "\r\n\r\n";
    case 2:
      return "POST /api/tables HTTP/1.1\r\nContent-Length: 999999999\r\n\r\n{";
    case 3:
      return "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n";
    default:
      return "BREW /coffee HTCPCP/1.0\r\n\r\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"protocol fuzzer: malformed messages against villainy serve; tables must survive"};
  std::string program, data;
  long messages = 100000;
  int threads = 2;
  std::uint64_t seed = 1;
  app.add_option("--villainy", program, "the villainy program (ideally the sanitizer build)")
      ->required();
  int bot_pace_ms = 0;
  app.add_option("--bot-pace-ms", bot_pace_ms, "the server's --bot-pace-ms (pace of bot moves)");
  app.add_option("--messages", messages, "messages to send in total (WebSocket and HTTP)");
  app.add_option("--threads", threads, "fuzzing threads");
  app.add_option("--seed", seed, "seed");
  app.add_option("--data", data, "store folder (default: a fresh temporary folder)");
  CLI11_PARSE(app, argc, argv);
  register_all_games();
  register_all_agents();
  const bool temp = data.empty();
  if (temp)
    data = (std::filesystem::temp_directory_path() /
            fmt::format("villainy-fuzz-{}", static_cast<long>(getpid())))
               .string();
  std::filesystem::remove_all(data);
  std::filesystem::remove(data + ".server.log");
  std::vector<std::string> problems;
  const auto t0 = std::chrono::steady_clock::now();

  ServerProcess server(program, data, villainy::net::test_server_args(bot_pace_ms));
  server.start(60000);
  Lobby lobby("127.0.0.1", server.port());

  // Tracked tables: one human seat (held by the fuzzer, at its turn) and bots, per game twice;
  // and a waiting table with an open seat.
  std::vector<Tracked> tracked;
  std::vector<TableSpec> specs;
  for (int k = 0; k < 2; ++k)
    for (const char* g : {"cheaty-mages", "mwahahaha", "supporting-cast"}) {
      TableSpec s;
      s.game = g;
      s.players = std::string(g) == "supporting-cast" ? 4 : 3;
      if (std::string(g) == "mwahahaha") s.options["round-limit"] = "2";
      s.seats.push_back(SeatSpec{});
      for (int i = 1; i < s.players; ++i) s.seats.push_back(SeatSpec{true, "random"});
      s.absent_ms = 86400000;
      specs.push_back(s);
    }
  for (const auto& s : specs) {
    const CreatedTable c = lobby.create(s);
    Tracked t;
    t.table = c.table;
    t.credential = lobby.join_by_invite(c.table, c.invitations.at(0)).credential;
    Conn conn;
    if (!conn.connect(server.port())) throw Error("cannot connect");
    conn.send(
        json{{"type", "hello"}, {"protocol", 1}, {"table", t.table}, {"credential", t.credential}}
            .dump());
    for (int i = 0; i < 10000 && t.seq < 0; ++i) {
      const std::string f = conn.read();
      if (f.empty()) break;
      json j = json::parse(f);
      if (j.value("type", "") == "view" && !j["choices"].empty()) {
        t.seq = j["seq"];
        t.view = j["view"];
        for (const auto& c2 : j["choices"]) t.legal.insert(c2["id"].get<int>());
      }
    }
    if (t.seq < 0) throw Error(fmt::format("table {}: the seat's turn never came", t.table));
    tracked.push_back(t);
  }
  {
    TableSpec w;
    w.game = "cheaty-mages";
    w.players = 3;
    w.seats = {SeatSpec{}, SeatSpec{}, SeatSpec{true, "random"}};
    const CreatedTable c = lobby.create(w);
    Tracked t;
    t.table = c.table;
    t.credential = lobby.join_by_invite(c.table, c.invitations.at(0)).credential;
    tracked.push_back(t);
  }
  for (auto& t : tracked) t.public_facts = lobby.table(t.table);

  // Fuzz.
  std::atomic<long> sent{0}, replies{0}, http_sent{0}, connections{0};
  std::mutex mu;
  std::map<std::string, long> codes;
  auto worker = [&](int w) {
    Rng r(derive_seed(seed, static_cast<std::uint64_t>(w)));
    std::map<std::string, long> my_codes;
    while (sent.load() < messages) {
      const unsigned kind = r.below(10);
      if (kind < 6) {  // a WebSocket connection: a hello (good or bogus), then fuzz
        Conn c;
        ++connections;
        if (!c.connect(server.port())) continue;
        const Tracked* t = &tracked[r.below(static_cast<std::uint32_t>(tracked.size()))];
        const bool good = r.below(4) != 0;
        json hello{{"type", "hello"}, {"protocol", 1}, {"table", t->table}};
        if (good && t->seq >= 0 && r.below(2))
          hello["credential"] = t->credential;
        else
          hello["spectate"] = true;
        c.send(good ? hello.dump() : bogus_hello(r, tracked));
        ++sent;
        const bool flood = r.below(10) == 0;
        const int n = flood ? 150 : 1 + static_cast<int>(r.below(39));
        for (int i = 0; i < n && c.open; ++i) {
          const bool binary = r.below(20) == 0;
          if (!c.send(fuzz_message(r, t), binary)) break;
          ++sent;
          if (!flood) {
            // Read until the answer to this message (views and chat may come in between).
            for (int k = 0; k < 50; ++k) {
              const std::string f = c.read();
              if (f.empty()) break;
              ++replies;
              json j = json::parse(f, nullptr, false);
              if (j.is_discarded()) {
                problems.push_back("a frame from the server is not JSON");
                break;
              }
              const std::string type = j.value("type", "");
              if (type == "error") {
                ++my_codes[j.value("code", "?")];
                break;
              }
              if (type != "view" && type != "welcome") break;  // pong, chat, taunt
            }
          }
        }
      } else if (kind < 9) {  // an HTTP request
        std::string target, body;
        auto [method, tgt] = fuzz_http(r, tracked, target, body);
        ++sent;
        ++http_sent;
        try {
          HttpResponse resp =
              http_request("127.0.0.1", server.port(), method, tgt, body, std::chrono::seconds(5));
          ++replies;
          ++my_codes[fmt::format("http {}", resp.status)];
          if (resp.status == 201 ||
              (method == "POST" && resp.status == 200 && tgt.find("/replay") == std::string::npos))
            problems.push_back(fmt::format("{} {} was accepted ({})", method, tgt, resp.status));
        } catch (const std::exception&) {
          ++my_codes["http no answer"];
        }
      } else {  // raw bytes
        ++sent;
        ++http_sent;
        try {
          raw_exchange("127.0.0.1", server.port(), raw_garbage(r), std::chrono::milliseconds(300));
        } catch (const std::exception&) {
        }
      }
    }
    std::lock_guard<std::mutex> lock(mu);
    for (auto& [k, v] : my_codes) codes[k] += v;
  };
  std::vector<std::thread> ths;
  for (int w = 0; w < threads; ++w) ths.emplace_back(worker, w);
  for (auto& th : ths) th.join();
  const double fuzz_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  // The server is alive and every tracked table is as it was.
  try {
    if (http_request("127.0.0.1", server.port(), "GET", "/healthz").status != 200)
      problems.push_back("healthz does not answer 200 after the fuzz");
  } catch (const std::exception& e) {
    problems.push_back(fmt::format("the server does not answer after the fuzz: {}", e.what()));
  }
  int intact = 0;
  for (const auto& t : tracked) {
    json now = lobby.table(t.table);
    json before = t.public_facts;
    for (json* j : {&now, &before})
      for (auto& s : (*j)["seats"]) s.erase("connected");
    bool ok = now == before;
    if (!ok)
      problems.push_back(
          fmt::format("table {} changed: {} -> {}", t.table, before.dump(), now.dump()));
    if (t.seq >= 0) {
      Conn c;
      c.connect(server.port());
      c.send(json{{"type", "hello"},
                  {"protocol", 1},
                  {"table", t.table},
                  {"credential", t.credential},
                  {"last_seq", t.seq}}
                 .dump());
      for (int k = 0; k < 5; ++k) {
        json j = json::parse(c.read(), nullptr, false);
        if (j.is_discarded()) break;
        if (j.value("type", "") != "view") continue;
        if (j["seq"] != t.seq || j["view"] != t.view) {
          ok = false;
          problems.push_back(fmt::format("table {}: the seat's view changed", t.table));
        }
        break;
      }
    }
    intact += ok;
  }
  // The tables still play: finish each tracked game with the seat's random client.
  boost::asio::io_context ioc;
  std::vector<std::shared_ptr<TableClient>> clients;
  for (const auto& t : tracked) {
    if (t.seq < 0) continue;
    ClientOptions o;
    o.port = server.port();
    o.table = t.table;
    o.credential = t.credential;
    o.last_seq = t.seq;
    o.choose = random_chooser(seed);
    o.on_failure = [&, id = t.table](const std::string& why) {
      problems.push_back(fmt::format("table {} cannot be finished: {}", id, why));
    };
    clients.push_back(TableClient::create(ioc, o));
    clients.back()->start();
  }
  ioc.run_for(std::chrono::seconds(300));
  int finished = 0;
  for (auto& c : clients) finished += c->finished();
  if (finished != static_cast<int>(clients.size()))
    problems.push_back(fmt::format("{} of {} tracked games finished", finished, clients.size()));
  clients.clear();

  const int rc = server.stop(20000);
  if (rc != 0) problems.push_back(fmt::format("the server exited with {}", rc));
  const std::string log = server.log_tail(1 << 20);
  for (const char* bad :
       {"AddressSanitizer", "LeakSanitizer", "runtime error", "UndefinedBehavior"})
    if (log.find(bad) != std::string::npos)
      problems.push_back(fmt::format("the server log holds a sanitizer report ({}):\n{}", bad,
                                     log.substr(0, 3000)));
  for (const auto& [k, v] : codes) fmt::print("  {:<24} {}\n", k, v);
  for (const auto& p : problems) fmt::print("PROBLEM: {}\n", p);
  fmt::print(
      "fuzz: {} messages ({} HTTP/raw) on {} WebSocket connections in {:.1f} s, {} replies; "
      "tables intact: {}/{}, finished afterwards: {}/{}; server exit {}; problems: {}\n",
      sent.load(), http_sent.load(), connections.load(), fuzz_s, replies.load(), intact,
      tracked.size(), finished, tracked.size() - 1, rc, problems.size());
  if (temp && problems.empty()) {
    std::filesystem::remove_all(data);
    std::filesystem::remove(data + ".server.log");
  }
  return problems.empty() ? 0 : 1;
}
