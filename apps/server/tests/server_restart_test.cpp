// Nothing is lost: a server stopped, or a real `villainy serve` process killed with SIGKILL at
// any moment, restarts with every table exactly as it was (options, seats, credentials, every
// action), and clients resume with their credential and last seq.
#include <signal.h>
#include <sys/wait.h>

#include <cstdio>
#include <thread>

#include "fixture.h"

namespace villainy::server::testing {
namespace {

TEST_F(ServerTest, RestartRestoresEveryTable) {
  json t = create_cm(
      1, {{"options", {{"bribe", "on"}}}, {"clock", {{"move_ms", 60000}, {"bank_ms", 5000}}}});
  const std::string id = t["table"];
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  json waiting = create_cm(2);
  int seq = 0;
  {
    auto c = connect(id, cred);
    for (int moves = 0; moves < 4;) {
      auto m = c->recv_type("view");
      ASSERT_TRUE(m);
      seq = (*m)["seq"];
      if ((*m)["status"] == "finished") break;
      if (!(*m)["choices"].empty()) {
        c->send({{"type", "choice"}, {"action", (*m)["choices"][0]["id"]}, {"seq", seq}});
        ++moves;
      }
    }
  }
  // Let the bots finish their moves, then stop and start again.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const json before = table_info(id);
  const json waiting_before = table_info(waiting["table"]);
  const StoredTable st_before = stored(id);
  restart_server();
  json after = table_info(id);
  EXPECT_GE(after["seq"].get<int>(), before["seq"].get<int>());
  EXPECT_EQ(after["options"], before["options"]);
  EXPECT_EQ(after["options"]["bribe"], "on");
  EXPECT_EQ(after["clock"], before["clock"]);
  EXPECT_EQ(table_info(waiting["table"])["seats"], waiting_before["seats"]);
  const auto actions_after = stored(id).actions;
  ASSERT_GE(actions_after.size(), st_before.actions.size());
  EXPECT_TRUE(
      std::equal(st_before.actions.begin(), st_before.actions.end(), actions_after.begin()));
  // The old credential still holds the seat; the view is the engine's at the same seq.
  auto c = connect(id, cred, seq);
  auto v = c->recv_type("view");
  ASSERT_TRUE(v);
  EXPECT_GE((*v)["seq"].get<int>(), before["seq"].get<int>());
  expect_frame_matches(*v, EngineReplay(stored(id)), 0);
  // Invitations survive too.
  EXPECT_FALSE(join(waiting["table"], waiting["invitations"][1]["invite"]).empty());
}

// Runs `villainy serve` on an ephemeral port; returns its pid and port.
struct Process {
  pid_t pid = -1;
  std::uint16_t port = 0;
};

Process spawn_server(const std::string& dir) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    execl(VILLAINY_BIN, VILLAINY_BIN, "serve", "--port", "0", "--data", dir.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  std::string out;
  char ch;
  while (out.find('\n') == std::string::npos && read(fds[0], &ch, 1) == 1) out += ch;
  close(fds[0]);
  Process p;
  p.pid = pid;
  auto colon = out.rfind(':');
  auto slash = out.find('/', colon);
  if (colon != std::string::npos && slash != std::string::npos)
    p.port = static_cast<std::uint16_t>(std::stoi(out.substr(colon + 1, slash - colon - 1)));
  EXPECT_NE(p.port, 0) << "server said: " << out;
  return p;
}

void kill9(Process& p) {
  kill(p.pid, SIGKILL);
  int status = 0;
  waitpid(p.pid, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status));
}

TEST(Kill9, NothingIsLostWhenTheServerIsKilled) {
  register_all_games();
  register_all_agents();
  const std::string dir = fresh_dir("kill9");
  Process p = spawn_server(dir);
  ASSERT_NE(p.port, 0);
  // Two tables: one with a human seat, one bots-only (always moving when the kill comes).
  json seats = json::array({{{"kind", "human"}},
                            {{"kind", "bot"}, {"agent", "heuristic"}},
                            {{"kind", "bot"}, {"agent", "random"}}});
  auto created = http_post(p.port, "/api/tables",
                           {{"game", "cheaty-mages"}, {"players", 3}, {"seats", seats}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["table"];
  auto bots = http_post(p.port, "/api/tables",
                        {{"game", "supporting-cast"},
                         {"players", 4},
                         {"seats", json::array({{{"kind", "bot"}, {"agent", "heuristic"}},
                                                {{"kind", "bot"}, {"agent", "random"}},
                                                {{"kind", "bot"}, {"agent", "random"}},
                                                {{"kind", "bot"}, {"agent", "heuristic"}}})}});
  const std::string bots_id = bots.body["table"];
  auto joined = http_post(p.port, "/api/tables/" + id + "/join",
                          {{"invite", created.body["invitations"][0]["invite"]}});
  const std::string cred = joined.body["credential"];
  int seen = 0;
  std::vector<json> lines;
  for (int round = 0; round < 3; ++round) {
    WsClient c(p.port);
    c.send({{"type", "hello"},
            {"protocol", 1},
            {"table", id},
            {"credential", cred},
            {"last_seq", seen}});
    ASSERT_TRUE(c.recv_type("welcome"));
    // Play a few moves; the last choice is sent and the server killed at once.
    for (int moves = 0; moves < 3;) {
      auto m = c.recv_type("view");
      ASSERT_TRUE(m);
      EXPECT_GE((*m)["seq"].get<int>(), seen);
      for (const auto& l : (*m)["log"]) {
        EXPECT_EQ(l["seq"], static_cast<int>(lines.size()) + 1);  // no line lost or repeated
        lines.push_back(l);
      }
      seen = (*m)["seq"];
      if ((*m)["status"] == "finished") break;
      if (!(*m)["choices"].empty()) {
        c.send({{"type", "choice"}, {"action", (*m)["choices"][0]["id"]}, {"seq", seen}});
        ++moves;
      }
    }
    kill9(p);
    // The store holds at least everything a client was told, and it all replays.
    StoredTable st = open_sqlite_store(dir)->load(id);
    EXPECT_GE(static_cast<int>(st.actions.size()), seen);
    EngineReplay e(st);
    for (size_t k = 0; k < lines.size(); ++k)
      EXPECT_EQ(lines[k]["text"], e.states[k]->describe_action(e.actions[k], 0));
    const size_t bot_actions = open_sqlite_store(dir)->load(bots_id).actions.size();
    p = spawn_server(dir);
    ASSERT_NE(p.port, 0);
    auto info = http_get(p.port, "/api/tables/" + id).body;
    EXPECT_GE(info["seq"].get<int>(), static_cast<int>(st.actions.size()));
    EXPECT_EQ(info["options"], st.config["spec"]["options"]);
    auto binfo = http_get(p.port, "/api/tables/" + bots_id).body;
    EXPECT_GE(binfo["seq"].get<size_t>(), bot_actions);
  }
  // The game plays to its end after the restarts, and its record replays.
  WsClient c(p.port);
  c.send({{"type", "hello"},
          {"protocol", 1},
          {"table", id},
          {"credential", cred},
          {"last_seq", seen}});
  ASSERT_TRUE(c.recv_type("welcome"));
  for (int i = 0; i < 5000; ++i) {
    auto m = c.recv_type("view");
    ASSERT_TRUE(m);
    for (const auto& l : (*m)["log"]) {
      EXPECT_EQ(l["seq"], static_cast<int>(lines.size()) + 1);
      lines.push_back(l);
    }
    if ((*m)["status"] == "finished") break;
    if (!(*m)["choices"].empty())
      c.send({{"type", "choice"}, {"action", (*m)["choices"][0]["id"]}, {"seq", (*m)["seq"]}});
  }
  c.close();
  kill(p.pid, SIGTERM);
  int status = 0;
  waitpid(p.pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  StoredTable st = open_sqlite_store(dir)->load(id);
  ASSERT_EQ(st.status, "finished");
  EXPECT_EQ(lines.size(), st.actions.size());
  ReplayResult rr = replay_record(record_from_json(st.record));
  EXPECT_TRUE(rr.state->is_terminal());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace villainy::server::testing
