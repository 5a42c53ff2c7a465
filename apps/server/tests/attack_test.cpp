// The five ways one stranger could take a public server down (issue 25), each played against a
// real `villainy serve` process over real sockets on loopback, and each answered:
//  1. memory: finished all-bot games from the network leave memory (RSS bounded and flat);
//  2. idle WebSocket upgrades (no hello) are closed at the hello deadline while a player plays;
//  3. table spam gets 429 and leaves room for others; waiting tables expire from the store;
//  4. heavy all-bot tables cannot slow a people's table (its bots come first);
//  5. idle plain-HTTP sockets do not delay a player's join.
// The attackers connect from other loopback addresses (127.0.0.2, …), as strangers would from
// theirs; the player is 127.0.0.1. Sizes are small here; VILLAINY_LONG=1 runs the full
// sizes (ctest label `long`). Nothing asserts a wall time on its own: each timing is compared
// with the same measure taken in the same run without the attack, or is a count.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "villainy/netclient/server_process.h"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;
using villainy::net::ServerProcess;

bool long_run() {
  const char* v = std::getenv("VILLAINY_LONG");
  return v && std::string(v) == "1";
}

// A sanitizer build of the server: memory figures are not the program's own.
bool sanitized() {
  const char* v = std::getenv("VILLAINY_SANITIZED");
  return v && std::string(v) == "1";
}

void raise_file_limit() {
  rlimit rl{};
  getrlimit(RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  setrlimit(RLIMIT_NOFILE, &rl);
}

int file_limit() {
  rlimit rl{};
  getrlimit(RLIMIT_NOFILE, &rl);
  return static_cast<int>(std::min<rlim_t>(rl.rlim_cur, 1 << 20));
}

std::string fresh_dir(const std::string& tag) {
  auto d = std::filesystem::temp_directory_path() /
           ("villainy-attack-" + tag + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(d);
  return d.string();
}

// A TCP connection to 127.0.0.1:port from the loopback address `from` (e.g. "127.0.0.2"); -1
// when it cannot be made.
int connect_from(const std::string& from, unsigned short port) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in src{};
  src.sin_family = AF_INET;
  inet_pton(AF_INET, from.c_str(), &src.sin_addr);
  sockaddr_in dst{};
  dst.sin_family = AF_INET;
  dst.sin_port = htons(port);
  inet_pton(AF_INET, "127.0.0.1", &dst.sin_addr);
  if (bind(fd, reinterpret_cast<sockaddr*>(&src), sizeof src) != 0 ||
      connect(fd, reinterpret_cast<sockaddr*>(&dst), sizeof dst) != 0) {
    close(fd);
    return -1;
  }
  timeval tv{5, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  return fd;
}

void send_all(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    const ssize_t n = ::send(fd, s.data() + off, s.size() - off, MSG_NOSIGNAL);
    if (n <= 0) return;
    off += static_cast<size_t>(n);
  }
}

// Reads until the end of the response headers (or the connection ends); returns what came.
std::string read_head(int fd) {
  std::string out;
  char buf[2048];
  while (out.find("\r\n\r\n") == std::string::npos) {
    const ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

struct Reply {
  int status = 0;
  json body;
  std::string head;
  double ms = 0;
};

// One HTTP request from `from` (Connection: close), read to the end.
Reply http_from(const std::string& from, unsigned short port, const std::string& method,
                const std::string& target, const std::string& body = "") {
  const auto t0 = Clock::now();
  Reply r;
  const int fd = connect_from(from, port);
  if (fd < 0) return r;
  std::string req = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
  if (!body.empty())
    req +=
        "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) + "\r\n";
  req += "\r\n" + body;
  send_all(fd, req);
  std::string all;
  char buf[8192];
  for (;;) {
    const ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    all.append(buf, static_cast<size_t>(n));
  }
  close(fd);
  r.ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  const auto end = all.find("\r\n\r\n");
  if (all.size() < 12 || end == std::string::npos) return r;
  r.status = std::atoi(all.substr(9, 3).c_str());
  r.head = all.substr(0, end);
  r.body = json::parse(all.substr(end + 4), nullptr, false);
  return r;
}

// A minimal WebSocket client over a plain socket (text frames, masked, no extensions): enough to
// play a game as a person would.
class Ws {
 public:
  Ws(const std::string& from, unsigned short port) {
    fd_ = connect_from(from, port);
    if (fd_ < 0) return;
    send_all(fd_,
             "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    const std::string head = read_head(fd_);
    ok_ = head.rfind("HTTP/1.1 101", 0) == 0;
    const auto end = head.find("\r\n\r\n");
    if (end != std::string::npos) pending_ = head.substr(end + 4);
  }
  ~Ws() {
    if (fd_ >= 0) close(fd_);
  }
  Ws(const Ws&) = delete;
  Ws& operator=(const Ws&) = delete;
  bool ok() const { return ok_; }
  void send(const json& j) {
    const std::string p = j.dump();
    std::string f;
    f += static_cast<char>(0x81);
    if (p.size() < 126) {
      f += static_cast<char>(0x80 | p.size());
    } else {
      f += static_cast<char>(0x80 | 126);
      f += static_cast<char>((p.size() >> 8) & 0xff);
      f += static_cast<char>(p.size() & 0xff);
    }
    const char mask[4] = {0x11, 0x22, 0x33, 0x44};
    f.append(mask, 4);
    for (size_t i = 0; i < p.size(); ++i) f += static_cast<char>(p[i] ^ mask[i % 4]);
    send_all(fd_, f);
  }
  // The next text message as JSON; null when the connection ends (or 5 s pass).
  json recv() {
    while (true) {
      if (pending_.size() >= 2) {
        const auto b1 = static_cast<unsigned char>(pending_[1]);
        size_t len = b1 & 0x7f, off = 2;
        if (len == 126 && pending_.size() >= 4) {
          len = (static_cast<unsigned char>(pending_[2]) << 8) |
                static_cast<unsigned char>(pending_[3]);
          off = 4;
        } else if (len == 127 && pending_.size() >= 10) {
          len = 0;
          for (int i = 0; i < 8; ++i)
            len = (len << 8) | static_cast<unsigned char>(pending_[2 + static_cast<size_t>(i)]);
          off = 10;
        } else if (len >= 126) {
          len = SIZE_MAX;
        }
        if (len != SIZE_MAX && pending_.size() >= off + len) {
          const int op = static_cast<unsigned char>(pending_[0]) & 0x0f;
          const bool fin = (static_cast<unsigned char>(pending_[0]) & 0x80) != 0;
          std::string payload = pending_.substr(off, len);
          pending_.erase(0, off + len);
          if (op == 0x8) return json();
          if (op == 0x1 || op == 0x0) {  // a text message, maybe in fragments
            message_ += payload;
            if (!fin) continue;
            json j = json::parse(message_, nullptr, false);
            message_.clear();
            return j;
          }
          continue;  // ping/pong: the server's keep-alive
        }
      }
      char buf[16384];
      const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) return json();
      pending_.append(buf, static_cast<size_t>(n));
    }
  }

 private:
  int fd_ = -1;
  bool ok_ = false;
  std::string pending_, message_;
};

long rss_kb(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  return -1;
}

json cm_table(const std::vector<std::string>& seats) {
  json s = json::array();
  for (const auto& a : seats)
    s.push_back(a == "human" ? json{{"kind", "human"}} : json{{"kind", "bot"}, {"agent", a}});
  return {{"game", "cheaty-mages"}, {"players", static_cast<int>(seats.size())}, {"seats", s}};
}

// A person's game: creates a table (one human seat and bots), joins, and plays the first choice
// each turn for `turns` turns (0: to the end). Returns the milliseconds from each choice to the
// next view offering choices (the bots' moves in between).
struct Played {
  bool finished = false;
  int turns = 0;
  std::vector<double> waits_ms;
  std::vector<double> view_ms;  // from each choice to the view of its seq (choice-to-view)
  std::string failure;
};
Played play(unsigned short port, const std::vector<std::string>& seats, int turns,
            int think_ms = 0) {
  Played out;
  const Reply c = http_from("127.0.0.1", port, "POST", "/api/tables", cm_table(seats).dump());
  if (c.status != 201) {
    out.failure = "create: " + std::to_string(c.status) + " " + c.body.dump();
    return out;
  }
  const std::string id = c.body["table"];
  const Reply j = http_from("127.0.0.1", port, "POST", "/api/tables/" + id + "/join",
                            json{{"invite", c.body["invitations"][0]["invite"]}}.dump());
  if (j.status != 200) {
    out.failure = "join: " + std::to_string(j.status);
    return out;
  }
  Ws ws("127.0.0.1", port);
  if (!ws.ok()) {
    out.failure = "no upgrade";
    return out;
  }
  ws.send({{"type", "hello"},
           {"protocol", 1},
           {"table", id},
           {"credential", j.body["credential"]},
           {"last_seq", 0}});
  Clock::time_point sent{};
  bool waiting = false, awaiting_view = false;
  int sent_seq = 0;
  while (true) {
    const json m = ws.recv();
    if (m.is_null()) {
      out.failure = "connection ended";
      return out;
    }
    if (m["type"] == "error") {
      out.failure = m.dump();
      return out;
    }
    if (m["type"] != "view") continue;
    if (awaiting_view && m["seq"].get<int>() > sent_seq) {
      out.view_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
      awaiting_view = false;
    }
    if (m["status"] == "finished") {
      out.finished = true;
      return out;
    }
    if (m["choices"].empty()) continue;
    if (waiting)
      out.waits_ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
    if (turns > 0 && out.turns >= turns) return out;
    if (think_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(think_ms));
    ws.send({{"type", "choice"}, {"action", m["choices"][0]["id"]}, {"seq", m["seq"]}});
    sent = Clock::now();
    sent_seq = m["seq"].get<int>();
    waiting = true;
    awaiting_view = true;
    ++out.turns;
  }
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<std::string> serve_args(std::vector<std::string> extra) {
  std::vector<std::string> a = {"--bot-pace-ms", "0"};
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

// 1. Memory: finished tables leave memory.
TEST(Attack, FinishedGamesLeaveMemory) {
  const int games = long_run() ? 1000 : sanitized() ? 40 : 200;
  const std::string dir = fresh_dir("memory");
  ServerProcess srv(VILLAINY_BIN, dir,
                    serve_args({"--create-per-minute", "0", "--max-bot-tables-per-address", "0",
                                "--max-bot-tables", "8"}));
  srv.start();
  std::vector<std::string> ids;
  long rss_half = 0;
  const long rss_start = rss_kb(srv.pid());
  int refused = 0;
  while (static_cast<int>(ids.size()) < games) {
    const Reply r = http_from("127.0.0.2", srv.port(), "POST", "/api/tables",
                              cm_table({"random", "random", "random"}).dump());
    if (r.status == 201) {
      ids.push_back(r.body["table"]);
      if (static_cast<int>(ids.size()) == games / 2) {
        // Let the live ones end, then measure.
        while (http_from("127.0.0.1", srv.port(), "GET", "/healthz").body.value("tables", 1) > 0)
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
        rss_half = rss_kb(srv.pid());
      }
      continue;
    }
    ASSERT_EQ(r.status, 429) << r.body.dump();
    ASSERT_EQ(r.body["error"]["code"], "too_many_tables");
    ++refused;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));  // all 8 bot tables are playing
  }
  while (http_from("127.0.0.1", srv.port(), "GET", "/healthz").body.value("tables", 1) > 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const long rss_end = rss_kb(srv.pid());
  // Every game is there to replay, rebuilt from the store.
  for (const auto& id : {ids.front(), ids[ids.size() / 2], ids.back()}) {
    const Reply rep =
        http_from("127.0.0.1", srv.port(), "POST", "/api/tables/" + id + "/replay", "{}");
    ASSERT_EQ(rep.status, 200) << id;
    EXPECT_FALSE(rep.body["log"].empty());
  }
  std::printf(
      "memory: %d all-bot games (%d creations refused at the cap of 8 playing): RSS %ld "
      "kB at start, %ld kB after %d, %ld kB after %d\n",
      games, refused, rss_start, rss_half, games / 2, rss_end, games);
  if (!sanitized()) {
    EXPECT_LT(rss_end, 150 * 1024);  // the bound: < 150 MB
    // Flat: the second half adds less than 10 MB (a leak of one game's logs each is ~2.7 MB).
    EXPECT_LT(rss_end - rss_half, 10 * 1024);
  }
  EXPECT_EQ(srv.stop(), 0);
  std::filesystem::remove_all(dir);
}

// 2. Idle WebSocket upgrades are closed at the hello deadline; a player plays meanwhile.
TEST(Attack, IdleUpgradesAreClosedWhileAPlayerPlays) {
  raise_file_limit();
  const int idle = std::min(long_run() ? 2000 : 300, file_limit() - 200);
  const int addresses = long_run() ? 40 : 6;  // 64 sockets at most per address
  const std::string dir = fresh_dir("upgrades");
  ServerProcess srv(
      VILLAINY_BIN, dir,
      serve_args({"--hello-timeout-ms", "1000", "--max-connections", std::to_string(idle / 2)}));
  srv.start();
  std::vector<int> fds;
  std::vector<Clock::time_point> opened;
  int upgraded = 0, refused = 0;
  for (int i = 0; i < idle; ++i) {
    const int fd = connect_from("127.0.0." + std::to_string(2 + i % addresses), srv.port());
    if (fd < 0) continue;
    send_all(fd,
             "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
    fds.push_back(fd);
    opened.push_back(Clock::now());
  }
  // The player, meanwhile: a whole game against two bots.
  const Played p = play(srv.port(), {"human", "random", "random"}, 0);
  EXPECT_TRUE(p.finished) << p.failure;
  // Every idle upgrade is closed by the server (at its deadline, evicted, or refused at the cap).
  std::vector<double> closed_after(fds.size(), -1);
  const auto give_up = Clock::now() + std::chrono::seconds(30);
  size_t open = fds.size();
  while (open > 0 && Clock::now() < give_up) {
    std::vector<pollfd> pfds;
    std::vector<size_t> which;
    for (size_t i = 0; i < fds.size(); ++i)
      if (closed_after[i] < 0) {
        pfds.push_back({fds[i], POLLIN, 0});
        which.push_back(i);
      }
    if (poll(pfds.data(), pfds.size(), 200) <= 0) continue;
    for (size_t k = 0; k < pfds.size(); ++k) {
      if (!(pfds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[4096];
      const ssize_t n = recv(pfds[k].fd, buf, sizeof buf, MSG_DONTWAIT);
      if (n > 0) {
        const std::string head(buf, static_cast<size_t>(std::min<ssize_t>(n, 12)));
        if (head.rfind("HTTP/1.1 101", 0) == 0) ++upgraded;
        if (head.rfind("HTTP/1.1 429", 0) == 0) ++refused;
        continue;
      }
      const size_t i = which[k];
      closed_after[i] = std::chrono::duration<double>(Clock::now() - opened[i]).count();
      --open;
    }
  }
  const double worst = *std::max_element(closed_after.begin(), closed_after.end());
  std::printf(
      "idle upgrades: %zu opened from %d addresses, %d upgraded, %d refused at a cap, %zu "
      "still open; the last closed %.2f s after its upgrade; the player's game finished "
      "in %d turns\n",
      fds.size(), addresses, upgraded, refused, open, worst, p.turns);
  EXPECT_EQ(open, 0u);
  EXPECT_GT(upgraded, 0);
  for (int fd : fds) close(fd);
  EXPECT_EQ(http_from("127.0.0.1", srv.port(), "GET", "/healthz").status, 200);
  EXPECT_EQ(srv.stop(), 0);
  std::filesystem::remove_all(dir);
}

// 3. Table spam: 429 with retry_after, room for others, and waiting tables expire.
TEST(Attack, TableSpamGets429AndLeavesRoom) {
  const int attempts = long_run() ? 1000 : 100;
  const std::string dir = fresh_dir("spam");
  ServerProcess srv(VILLAINY_BIN, dir,
                    serve_args({"--waiting-expiry-ms", "2000", "--max-tables", "50"}));
  srv.start();
  int created = 0, limited = 0;
  std::vector<std::string> spam;
  for (int i = 0; i < attempts; ++i) {
    const Reply r = http_from("127.0.0.2", srv.port(), "POST", "/api/tables",
                              cm_table({"human", "human", "random"}).dump());
    if (r.status == 201) {
      ++created;
      spam.push_back(r.body["table"]);
    } else {
      ASSERT_EQ(r.status, 429) << r.body.dump();
      EXPECT_GT(r.body["error"].value("retry_after", 0), 0);
      EXPECT_NE(r.head.find("Retry-After: "), std::string::npos);
      ++limited;
    }
  }
  std::printf("table spam: %d attempts from one address, %d created, %d refused with 429\n",
              attempts, created, limited);
  EXPECT_LE(created, 10);  // --max-waiting-per-address (default 10)
  EXPECT_GT(limited, 0);
  // Someone else still creates a table and plays at it.
  const Played p = play(srv.port(), {"human", "random", "random"}, 3);
  EXPECT_EQ(p.turns, 3) << p.failure;
  // The spammer's waiting tables expire and leave the store, also across a restart.
  const auto until = Clock::now() + std::chrono::seconds(30);
  while (Clock::now() < until &&
         http_from("127.0.0.1", srv.port(), "GET", "/api/tables/" + spam.back()).status != 404)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  for (const auto& id : spam)
    EXPECT_EQ(http_from("127.0.0.1", srv.port(), "GET", "/api/tables/" + id).status, 404) << id;
  EXPECT_EQ(srv.stop(), 0);
  srv.start();
  for (const auto& id : spam)
    EXPECT_EQ(http_from("127.0.0.1", srv.port(), "GET", "/api/tables/" + id).status, 404) << id;
  EXPECT_EQ(srv.stop(), 0);
  std::filesystem::remove_all(dir);
}

// 4. Heavy all-bot tables cannot slow a people's table.
TEST(Attack, HeavyBotTablesCannotStallAPeoplesTable) {
  const int heavy = long_run() ? 40 : 6;
  const std::string ms = long_run() ? "2000" : "1500";
  const int turns = long_run() ? 0 : 8;
  const std::string dir = fresh_dir("bots");
  // The defaults refuse such tables (8 at most, ismcts ms <= 200); the worst allowed by flags:
  ServerProcess srv(
      VILLAINY_BIN, dir,
      serve_args({"--bot-threads", "2", "--max-bot-tables", "100", "--max-bot-tables-per-address",
                  "0", "--create-per-minute", "0", "--bot-table-max-ms", ms}));
  srv.start();
  const std::vector<std::string> seats = {"human", "heuristic", "heuristic"};
  const Played base = play(srv.port(), seats, 8);
  ASSERT_EQ(base.turns, 8) << base.failure;
  const std::string agent = "ismcts:ms=" + ms;
  for (int i = 0; i < heavy; ++i) {
    const Reply r = http_from("127.0.0." + std::to_string(2 + i % 8), srv.port(), "POST",
                              "/api/tables", cm_table({agent, agent, agent}).dump());
    ASSERT_EQ(r.status, 201) << r.body.dump();
  }
  const Played busy = play(srv.port(), seats, turns);
  EXPECT_TRUE(turns == 0 ? busy.finished : busy.turns == turns) << busy.failure;
  const double b = median(base.waits_ms), w = median(busy.waits_ms);
  std::printf(
      "fair bots: %d all-bot tables of %s; a people's table's bot moves took %.1f ms "
      "(median) alone and %.1f ms with them (%zu turns)\n",
      heavy, agent.c_str(), b, w, busy.waits_ms.size());
  // The stated pace: the people's bots answer within 10x their time alone plus 250 ms; a search
  // of the heavy tables (>= 1.5 s) ahead of them would break it at every move.
  EXPECT_LT(w, 10 * b + 250);
  srv.stop(3000);
  std::filesystem::remove_all(dir);
}

// 5. Idle plain-HTTP sockets do not delay a join.
TEST(Attack, IdleHttpSocketsDoNotDelayAJoin) {
  raise_file_limit();
  const int idle = std::min(long_run() ? 1500 : 400, file_limit() - 200);
  const int addresses = long_run() ? 30 : 8;
  const std::string dir = fresh_dir("http");
  // As at the common limit of 1,024 files: the server may hold at most 1,000 sockets.
  ServerProcess srv(VILLAINY_BIN, dir,
                    serve_args({"--max-connections", std::to_string(std::min(1000, idle / 2))}));
  srv.start();
  auto join_once = [&] {
    const auto t0 = Clock::now();
    const Reply c = http_from("127.0.0.1", srv.port(), "POST", "/api/tables",
                              cm_table({"human", "random", "random"}).dump());
    const Reply j = http_from("127.0.0.1", srv.port(), "POST",
                              "/api/tables/" + c.body.value("table", "x") + "/join",
                              json{{"invite", c.body["invitations"][0]["invite"]}}.dump());
    EXPECT_EQ(j.status, 200);
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  };
  const double before = join_once();
  std::vector<int> fds;
  for (int i = 0; i < idle; ++i) {
    const int fd = connect_from("127.0.0." + std::to_string(2 + i % addresses), srv.port());
    if (fd < 0) continue;
    if (i % 2) send_all(fd, "GET /healthz HTTP/1.1\r\nHost: x\r\n");  // half a request
    fds.push_back(fd);
  }
  const Reply health = http_from("127.0.0.1", srv.port(), "GET", "/healthz");
  EXPECT_EQ(health.status, 200);
  const double during = join_once();
  std::printf(
      "idle HTTP: %zu sockets from %d addresses; /healthz in %.1f ms; create + join "
      "%.1f ms before, %.1f ms during\n",
      fds.size(), addresses, health.ms, before, during);
  EXPECT_LT(during, before + 1000);
  for (int fd : fds) close(fd);
  EXPECT_EQ(srv.stop(), 0);
  std::filesystem::remove_all(dir);
}

// SIGTERM drains and stops within 2 s, even with bots in the middle of 2-second searches.
TEST(Attack, SigtermStopsWithinTwoSeconds) {
  const std::string dir = fresh_dir("sigterm");
  ServerProcess srv(VILLAINY_BIN, dir,
                    serve_args({"--bot-table-max-ms", "2000", "--max-bot-tables-per-address", "0",
                                "--max-bot-tables", "20"}));
  srv.start();
  const std::string agent = "ismcts:ms=2000";
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(http_from("127.0.0.1", srv.port(), "POST", "/api/tables",
                        cm_table({agent, agent, agent}).dump())
                  .status,
              201);
  Ws ws("127.0.0.1", srv.port());                               // a connected client too
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the searches are running
  const auto t0 = Clock::now();
  EXPECT_EQ(srv.stop(2000), 0);  // SIGKILL (status -9) if not gone within 2 s
  std::printf("SIGTERM: stopped in %.0f ms with 4 tables' 2-second searches running\n",
              std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  std::filesystem::remove_all(dir);
}

// The measurement (not a timed test; run by hand, figure in docs/server.md): every attack at
// once against a server with the default settings, while a person plays games with 20 ms of
// thought per move; prints the choice-to-view latencies (p50, p99, max).
//   server_attack_tests --gtest_also_run_disabled_tests --gtest_filter='*AllAttacksTogether*'
TEST(Attack, DISABLED_AllAttacksTogether) {
  raise_file_limit();
  const std::string dir = fresh_dir("together");
  ServerProcess srv(VILLAINY_BIN, dir, {});
  srv.start();
  const unsigned short port = srv.port();
  std::atomic<bool> stop{false};
  std::atomic<long> bot_games{0}, spam_429{0}, upgrades{0}, http_idle{0};
  std::vector<std::thread> attackers;
  // 1. all-bot games from the network, as many as the server takes.
  attackers.emplace_back([&] {
    const std::string a = "ismcts:ms=200";
    while (!stop) {
      const Reply r =
          http_from("127.0.0.2", port, "POST", "/api/tables", cm_table({a, "random", a}).dump());
      if (r.status == 201)
        ++bot_games;
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  // 2. idle upgrades from 40 addresses, reopened as they are closed.
  attackers.emplace_back([&] {
    std::vector<int> fds;
    while (!stop) {
      for (int i = 0; i < 2000 && !stop; ++i) {
        const int fd = connect_from("127.0.1." + std::to_string(1 + i % 40), port);
        if (fd < 0) continue;
        send_all(fd,
                 "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: "
                 "Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n");
        fds.push_back(fd);
        ++upgrades;
      }
      std::this_thread::sleep_for(std::chrono::seconds(2));
      for (int fd : fds) close(fd);
      fds.clear();
    }
    for (int fd : fds) close(fd);
  });
  // 3. table spam.
  attackers.emplace_back([&] {
    while (!stop) {
      const Reply r = http_from("127.0.0.3", port, "POST", "/api/tables",
                                cm_table({"human", "human", "random"}).dump());
      if (r.status == 429) ++spam_429;
    }
  });
  // 5. idle plain-HTTP sockets from 30 addresses.
  attackers.emplace_back([&] {
    std::vector<int> fds;
    while (!stop) {
      for (int i = 0; i < 1500 && !stop; ++i) {
        const int fd = connect_from("127.0.2." + std::to_string(1 + i % 30), port);
        if (fd < 0) continue;
        fds.push_back(fd);
        ++http_idle;
      }
      std::this_thread::sleep_for(std::chrono::seconds(5));
      for (int fd : fds) close(fd);
      fds.clear();
    }
    for (int fd : fds) close(fd);
  });
  std::this_thread::sleep_for(std::chrono::seconds(2));
  std::vector<double> lat;
  int games = 0;
  const auto until = Clock::now() + std::chrono::seconds(60);
  while (Clock::now() < until) {
    const Played p = play(port, {"human", "random", "random"}, 0, 20);
    if (!p.finished) std::printf("a game did not finish: %s\n", p.failure.c_str());
    lat.insert(lat.end(), p.view_ms.begin(), p.view_ms.end());
    ++games;
  }
  stop = true;
  for (auto& t : attackers) t.join();
  std::sort(lat.begin(), lat.end());
  ASSERT_FALSE(lat.empty());
  auto q = [&](double f) {
    return lat[std::min(lat.size() - 1, static_cast<size_t>(f * lat.size()))];
  };
  std::printf(
      "all attacks together: %ld all-bot games created, %ld idle upgrades, %ld spam 429s, "
      "%ld idle HTTP sockets; the player: %d games, %zu moves, choice-to-view p50 %.2f ms, "
      "p99 %.2f ms, max %.2f ms\n",
      bot_games.load(), upgrades.load(), spam_429.load(), http_idle.load(), games, lat.size(),
      q(0.5), q(0.99), lat.back());
  srv.stop(3000);
  std::filesystem::remove_all(dir);
}

}  // namespace
