// Play over the WebSocket: views equal the engine's for every viewer, choices and their errors,
// reconnect with the last seq, chat and taunts, clocks and takeover, per-viewer replay.
#include <thread>

#include "fixture.h"

namespace villainy::server::testing {
namespace {

// Plays seat `seat` to the end with the first offered choice; returns every view frame.
std::vector<json> play_out(WsClient& c, int max_frames = 20000) {
  std::vector<json> frames;
  for (int i = 0; i < max_frames; ++i) {
    auto m = c.recv_type("view");
    if (!m) break;
    frames.push_back(*m);
    if ((*m)["status"] == "finished") break;
    if (!(*m)["choices"].empty()) {
      const auto& ch = (*m)["choices"];
      const size_t pick = static_cast<size_t>((*m)["seq"].get<int>()) % ch.size();
      c.send({{"type", "choice"}, {"action", ch[pick]["id"]}, {"seq", (*m)["seq"]}});
    }
  }
  return frames;
}

TEST_F(ServerTest, FullGameViewsEqualTheEnginesForSeatsAndSpectators) {
  for (const std::string game : {"cheaty-mages", "supporting-cast", "mwahahaha"}) {
    SCOPED_TRACE(game);
    const int players = game == "supporting-cast" ? 4 : game == "mwahahaha" ? 2 : 3;
    json seats = json::array({{{"kind", "human"}}});
    for (int i = 1; i < players; ++i) seats.push_back({{"kind", "bot"}, {"agent", "random"}});
    json body = {{"game", game}, {"players", players}, {"seats", seats}};
    if (game == "mwahahaha") body["options"] = {{"round-limit", "6"}};  // a short game
    json t = create(body);
    const std::string id = t["table"];
    auto spectator = connect(id, "");
    const std::string cred = join(id, t["invitations"][0]["invite"]);
    auto seat = connect(id, cred);
    std::vector<json> frames = play_out(*seat);
    ASSERT_FALSE(frames.empty());
    ASSERT_EQ(frames.back()["status"], "finished")
        << (seat->skipped.empty() ? std::string("-") : seat->skipped.back().dump());
    std::vector<json> spec_frames;
    while (true) {
      auto m = spectator->recv_type("view");
      ASSERT_TRUE(m);
      spec_frames.push_back(*m);
      if ((*m)["status"] == "finished") break;
    }
    StoredTable st = stored(id);
    ASSERT_EQ(st.status, "finished");
    EngineReplay e(st);
    ASSERT_EQ(frames.back()["seq"], static_cast<int>(st.actions.size()));
    // Every frame is the engine's view for that viewer at that seq, and the log lines together
    // are every action once, in order, each described for the viewer.
    int logged = 0;
    for (const auto& f : frames) {
      expect_frame_matches(f, e, 0);
      for (const auto& l : f["log"]) EXPECT_EQ(l["seq"], ++logged);
    }
    EXPECT_EQ(logged, static_cast<int>(st.actions.size()));
    logged = 0;
    for (const auto& f : spec_frames) {
      expect_frame_matches(f, e, kSpectator);
      EXPECT_TRUE(f["choices"].empty());
      for (const auto& l : f["log"]) EXPECT_EQ(l["seq"], ++logged);
    }
    EXPECT_EQ(logged, static_cast<int>(st.actions.size()));
    // The seed never reaches a client.
    const std::string seed = std::to_string(st.config["seed"].get<std::uint64_t>());
    for (const auto& f : frames) EXPECT_EQ(f.dump().find(seed), std::string::npos);
    EXPECT_EQ(frames.back()["result"]["winners"], e.states.back()->winners());
    // The stored record is the core format and replays to the same result.
    Record r = record_from_json(st.record);
    ReplayResult rr = replay_record(r);
    EXPECT_EQ(rr.state->fingerprint(), e.states.back()->fingerprint());
    // Per-viewer replay: the seat's own log and final view, the spectator's likewise.
    auto rep = http_post(port_, "/api/tables/" + id + "/replay", {{"credential", cred}});
    ASSERT_EQ(rep.status, 200) << rep.raw;
    EXPECT_EQ(rep.body["view"], e.states.back()->view_json(0));
    ASSERT_EQ(rep.body["log"].size(), st.actions.size());
    for (size_t k = 0; k < st.actions.size(); ++k)
      EXPECT_EQ(rep.body["log"][k]["text"], e.states[k]->describe_action(e.actions[k], 0));
    auto srep = http_post(port_, "/api/tables/" + id + "/replay", json::object());
    EXPECT_EQ(srep.body["view"], e.states.back()->view_json(kSpectator));
    EXPECT_EQ(srep.body["viewer"], nullptr);
    EXPECT_EQ(rep.raw.find(seed), std::string::npos);
    EXPECT_FALSE(rep.body.contains("actions"));  // the record (every action) stays on the server
    EXPECT_FALSE(rep.body.contains("record"));
    auto bad = http_post(port_, "/api/tables/" + id + "/replay", {{"credential", "x"}});
    EXPECT_EQ(bad.body["error"]["code"], "bad_credential");
    // A late choice.
    seat->send({{"type", "choice"}, {"action", 0}, {"seq", frames.back()["seq"]}});
    auto over = seat->recv_type("error");
    ASSERT_TRUE(over);
    EXPECT_EQ((*over)["code"], "game_over");
  }
}

// Bots are paced (ServerConfig::bot_pace_ms): each bot move is stored no sooner than the pace
// after its turn began, so a game with B bot moves takes at least B paces; people can follow.
TEST_F(ServerTest, BotMovesArePaced) {
  bot_pace_ms_ = 30;
  restart_server();
  json seats = json::array({{{"kind", "human"}},
                            {{"kind", "bot"}, {"agent", "random"}},
                            {{"kind", "bot"}, {"agent", "random"}}});
  json t = create({{"game", "cheaty-mages"}, {"players", 3}, {"seats", seats}});
  const std::string id = t["table"];
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  auto seat = connect(id, cred);
  const auto start = std::chrono::steady_clock::now();
  std::vector<json> frames = play_out(*seat);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(frames.empty());
  ASSERT_EQ(frames.back()["status"], "finished");
  EngineReplay e(stored(id));
  int bot_moves = 0;
  for (size_t i = 0; i < e.actions.size(); ++i) {
    const Player p = e.states[i]->current_player();
    if (p == 1 || p == 2) ++bot_moves;
  }
  ASSERT_GT(bot_moves, 10);
  EXPECT_GE(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count(),
            static_cast<long>(bot_moves) * 30)
      << bot_moves << " bot moves";
}

TEST_F(ServerTest, HelloErrors) {
  json t = create_cm(1);
  const std::string id = t["table"];
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  struct Case {
    std::string msg, code;
  };
  const std::vector<Case> cases = {
      {"nonsense", "bad_json"},
      {R"({"kind":"hello"})", "unknown_type"},
      {R"({"type":"dance"})", "unknown_type"},
      {R"({"type":"choice","action":1,"seq":0})", "not_hello"},
      {R"({"type":"hello","protocol":2,"table":")" + id + R"(","spectate":true})",
       "unsupported_protocol"},
      {R"({"type":"hello","table":")" + id + R"(","spectate":true})", "missing_field"},
      {R"({"type":"hello","protocol":1,"table":"0000000000000000","spectate":true})", "not_found"},
      {R"({"type":"hello","protocol":1,"table":")" + id + R"(","credential":")" +
           std::string(64, 'b') + R"("})",
       "bad_credential"},
      {R"({"type":"hello","protocol":1,"table":")" + id + R"(","credential":")" + cred +
           R"(","spectate":true})",
       "bad_field"},
      {R"({"type":"hello","protocol":1,"table":")" + id + R"(","spectate":true,"last_seq":-4})",
       "bad_last_seq"},
      {R"({"type":"hello","protocol":1,"table":")" + id + R"(","spectate":true,"last_seq":999999})",
       "bad_last_seq"},
      {R"({"type":"hello","protocol":1,"table":")" + id + R"(","spectate":true,"x":1})",
       "unknown_field"},
  };
  for (const auto& c : cases) {
    WsClient ws(port_);
    ws.send_raw(c.msg);
    auto e = ws.recv();
    ASSERT_TRUE(e) << c.msg;
    EXPECT_EQ((*e)["type"], "error") << c.msg;
    EXPECT_EQ((*e)["code"], c.code) << c.msg << " -> " << e->dump();
    EXPECT_FALSE((*e)["message"].get<std::string>().empty());
  }
  // A second hello on a good connection.
  auto ok = connect(id, cred);
  ok->send({{"type", "hello"}, {"protocol", 1}, {"table", id}, {"spectate", true}});
  auto e = ok->recv_type("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "already_hello");
  // An over-large message closes the connection; the server lives on.
  const auto t0 = std::chrono::steady_clock::now();
  ok->send_raw(std::string(5000, ' '));
  EXPECT_FALSE(ok->recv_type("never", 4000));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(3500));  // closed
  EXPECT_EQ(http_get(port_, "/healthz").status, 200);
}

TEST_F(ServerTest, BadChoicesChangeNothing) {
  json t = create_cm(2);
  const std::string id = t["table"];
  const std::string c0 = join(id, t["invitations"][0]["invite"]);
  const std::string c1 = join(id, t["invitations"][1]["invite"]);
  auto a = connect(id, c0);
  auto b = connect(id, c1);
  auto spec = connect(id, "");
  // Wait until one of the two humans is to move.
  json v;
  WsClient* mover = nullptr;
  WsClient* other = nullptr;
  for (int i = 0; i < 100 && !mover; ++i) {
    auto m = a->recv_type("view");
    ASSERT_TRUE(m);
    if ((*m)["to_move"] == 0) mover = a.get(), other = b.get(), v = *m;
    if ((*m)["to_move"] == 1) mover = b.get(), other = a.get(), v = *m;
  }
  ASSERT_TRUE(mover);
  if (mover == b.get()) {
    auto m = b->recv_type("view");
    while (m && (*m)["seq"] != v["seq"]) m = b->recv_type("view");
    ASSERT_TRUE(m);
    v = *m;
  }
  const int seq = v["seq"];
  ASSERT_FALSE(v["choices"].empty());
  const int legal = v["choices"][0]["id"];
  auto expect_error = [&](WsClient& c, const json& msg, const std::string& code) {
    c.send(msg);
    auto e = c.recv_type("error");
    ASSERT_TRUE(e) << msg.dump();
    EXPECT_EQ((*e)["code"], code) << msg.dump() << " -> " << e->dump();
    EXPECT_EQ((*e)["in"], msg["type"]);
  };
  expect_error(*mover, {{"type", "choice"}, {"action", legal}, {"seq", seq - 1}}, "stale_seq");
  expect_error(*mover, {{"type", "choice"}, {"action", legal}, {"seq", seq + 1}}, "stale_seq");
  expect_error(*mover, {{"type", "choice"}, {"action", 100000}, {"seq", seq}}, "illegal_action");
  std::set<int> ids;
  for (const auto& ch : v["choices"]) ids.insert(ch["id"].get<int>());
  int illegal = 0;
  while (ids.count(illegal)) ++illegal;
  expect_error(*mover, {{"type", "choice"}, {"action", illegal}, {"seq", seq}}, "illegal_action");
  expect_error(*mover, {{"type", "choice"}, {"action", "1"}, {"seq", seq}}, "bad_field");
  expect_error(*mover, {{"type", "choice"}, {"action", -1}, {"seq", seq}}, "bad_field");
  expect_error(*mover, {{"type", "choice"}, {"seq", seq}}, "missing_field");
  expect_error(*mover, {{"type", "choice"}, {"action", legal}, {"seq", seq}, {"x", 1}},
               "unknown_field");
  expect_error(*other, {{"type", "choice"}, {"action", legal}, {"seq", seq}}, "not_your_turn");
  expect_error(*spec, {{"type", "choice"}, {"action", legal}, {"seq", seq}}, "not_your_turn");
  expect_error(*mover, {{"type", "take_back"}}, "nothing_to_take_back");
  EXPECT_EQ(table_info(id)["seq"], seq);
  EXPECT_EQ(stored(id).actions.size(), static_cast<size_t>(seq));
  // The good choice is taken once; the same again is stale.
  mover->send({{"type", "choice"}, {"action", legal}, {"seq", seq}});
  auto next = mover->recv_type("view");
  ASSERT_TRUE(next);
  EXPECT_GT((*next)["seq"].get<int>(), seq);
  expect_error(*mover, {{"type", "choice"}, {"action", legal}, {"seq", seq}}, "stale_seq");
  EXPECT_EQ(http_get(port_, "/healthz").body["connections"], 3);
}

TEST_F(ServerTest, ReconnectResendsTheCurrentViewAndTheMissedLog) {
  json t = create_cm(1);
  const std::string id = t["table"];
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  int last = 0;
  {
    auto c = connect(id, cred);
    for (int moves = 0; moves < 3;) {
      auto m = c->recv_type("view");
      ASSERT_TRUE(m);
      if (!(*m)["log"].empty()) last = (*m)["log"].back()["seq"];
      if ((*m)["status"] == "finished") break;
      if (!(*m)["choices"].empty()) {
        c->send({{"type", "choice"}, {"action", (*m)["choices"][0]["id"]}, {"seq", (*m)["seq"]}});
        ++moves;
      }
    }
    c->close();
  }
  ASSERT_GT(last, 0);
  // Reconnect with an older last seq: the lines after it come again, then the current view.
  const int from = last / 2;
  auto c = connect(id, cred, from);
  auto v = c->recv_type("view");
  ASSERT_TRUE(v);
  const int seq = (*v)["seq"];
  EXPECT_GE(seq, last);
  ASSERT_EQ((*v)["log"].size(), static_cast<size_t>(seq - from));
  EXPECT_EQ((*v)["log"][0]["seq"], from + 1);
  EngineReplay e(stored(id));
  expect_frame_matches(*v, e, 0);
  EXPECT_EQ(table_info(id)["seats"][0]["connected"], true);
}

TEST_F(ServerTest, ChatAndTaunts) {
  json t = create_cm(1);
  const std::string id = t["table"];
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  auto seat = connect(id, cred);
  auto spec = connect(id, "");
  seat->send({{"type", "chat"}, {"text", "  Nice chain you have there.  "}});
  auto m = spec->recv_type("chat");
  ASSERT_TRUE(m);
  EXPECT_EQ((*m)["text"], "Nice chain you have there.");
  EXPECT_EQ((*m)["from"]["seat"], 0);
  EXPECT_EQ((*m)["from"]["name"], "Seat 0");
  ASSERT_TRUE(seat->recv_type("chat"));
  spec->send({{"type", "taunt"}, {"taunt", "mwahahaha"}});
  auto ta = seat->recv_type("taunt");
  ASSERT_TRUE(ta);
  EXPECT_EQ((*ta)["from"]["seat"], nullptr);
  EXPECT_EQ((*ta)["text"]["zh-Hant"], "哇哈哈哈！");
  auto expect_error = [&](WsClient& c, const json& msg, const std::string& code) {
    c.send(msg);
    auto e = c.recv_type("error");
    ASSERT_TRUE(e) << msg.dump();
    EXPECT_EQ((*e)["code"], code) << e->dump();
  };
  expect_error(*seat, {{"type", "chat"}, {"text", std::string(201, 'a')}}, "chat_too_long");
  expect_error(*seat, {{"type", "chat"}, {"text", "   "}}, "chat_too_long");
  expect_error(*seat, {{"type", "chat"}, {"text", "bell\a"}}, "chat_too_long");
  expect_error(*seat, {{"type", "chat"}}, "missing_field");
  expect_error(*seat, {{"type", "taunt"}, {"taunt", "boo"}}, "unknown_taunt");
  // 5 per 10 seconds: the seat has sent 1; 4 more pass, the 6th is refused.
  for (int i = 0; i < 4; ++i) seat->send({{"type", "chat"}, {"text", "spam " + std::to_string(i)}});
  expect_error(*seat, {{"type", "chat"}, {"text", "one too many"}}, "rate_limited");
  // A newcomer sees the recent talk in the welcome.
  WsClient late(port_);
  late.send({{"type", "hello"}, {"protocol", 1}, {"table", id}, {"spectate", true}});
  auto w = late.recv_type("welcome");
  ASSERT_TRUE(w);
  EXPECT_EQ((*w)["chat"].size(), 6u);
  EXPECT_EQ((*w)["chat"][0]["text"], "Nice chain you have there.");
}

TEST_F(ServerTest, MessageFloodIsRateLimited) {
  json t = create_cm(1);
  auto c = connect(t["table"], "");
  for (int i = 0; i < 60; ++i) c->send({{"type", "ping"}});
  int pongs = 0, limited = 0;
  for (int i = 0; i < 60; ++i) {
    auto m = c->recv(2000);
    ASSERT_TRUE(m);
    if ((*m)["type"] == "pong") ++pongs;
    if ((*m)["type"] == "error" && (*m)["code"] == "rate_limited") ++limited;
    if ((*m)["type"] == "view") --i;
  }
  EXPECT_GE(pongs, 35);  // the burst of 40, less the hello
  EXPECT_GE(limited, 1);
}

TEST_F(ServerTest, ClockTimeoutTakeoverAndTakeBack) {
  json t = create_cm(1, {{"clock", {{"move_ms", 1000}, {"bank_ms", 0}}}});
  const std::string id = t["table"];
  auto c = connect(id, join(id, t["invitations"][0]["invite"]));
  std::optional<json> v;
  do v = c->recv_type("view");
  while (v && (*v)["to_move"] != 0);
  ASSERT_TRUE(v);
  EXPECT_GT((*v)["clock"]["turn_left_ms"].get<int>(), 0);
  // Wait out the clock: a bot plays the seat.
  std::optional<json> taken;
  for (int i = 0; i < 50 && !taken; ++i) {
    auto m = c->recv_type("view", 3000);
    ASSERT_TRUE(m);
    if ((*m)["seats"][0]["played_by"] == "bot") taken = m;
  }
  ASSERT_TRUE(taken);
  EXPECT_EQ((*taken)["seats"][0]["reason"], "timeout");
  EXPECT_TRUE((*taken)["choices"].empty());
  c->send({{"type", "take_back"}});
  std::optional<json> back;
  for (int i = 0; i < 200 && !back; ++i) {
    auto m = c->recv_type("view", 3000);
    ASSERT_TRUE(m);
    if ((*m)["seats"][0]["played_by"] == "human" || (*m)["status"] == "finished") back = m;
  }
  ASSERT_TRUE(back);
  EXPECT_TRUE(table_info(id)["seats"][0].value("reason", "") != "timeout");
}

TEST_F(ServerTest, AbsentPlayerIsReplacedUntilTheyReturn) {
  // A takeover bot that takes 30 ms a move, so that the game is still on when they return.
  json t = create_cm(1, {{"absent_ms", 1000}, {"takeover_agent", "ismcts:ms=30:iterations=20000"}});
  const std::string id = t["table"];
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  json info;
  for (int i = 0; i < 100; ++i) {
    info = table_info(id);
    if (info["seats"][0].value("reason", "") == "absent") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(info["seats"][0]["reason"], "absent");
  ASSERT_EQ(info["status"], "playing");
  // The game goes on without them.
  int seq = info["seq"];
  for (int i = 0; i < 100 && table_info(id)["seq"] == seq; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_GT(table_info(id)["seq"].get<int>(), seq);
  // Coming back gives them the seat again.
  auto c = connect(id, cred);
  auto v = c->recv_type("view");
  ASSERT_TRUE(v);
  EXPECT_EQ((*v)["seats"][0]["played_by"], "human");
  EXPECT_EQ((*v)["status"], "playing");
  EXPECT_FALSE(table_info(id)["seats"][0].contains("reason"));
}

}  // namespace
}  // namespace villainy::server::testing
