// The lobby over real sockets: games, health, the home page, creating, listing and joining
// tables, and every refusal of a bad request (docs/protocol.md).
#include <thread>

#include "fixture.h"

namespace villainy::server::testing {
namespace {

TEST_F(ServerTest, HealthGamesAndHomePage) {
  auto h = http_get(port_, "/healthz");
  EXPECT_EQ(h.status, 200);
  EXPECT_EQ(h.body["ok"], true);
  EXPECT_EQ(h.body["protocol"], 1);
  auto g = http_get(port_, "/api/games");
  ASSERT_EQ(g.status, 200);
  ASSERT_EQ(g.body["games"].size(), registered_games().size());
  bool found = false;
  for (const auto& game : g.body["games"]) {
    const GameEntry& e = find_game(game["name"].get<std::string>());
    EXPECT_EQ(game["min_players"], e.info.min_players);
    EXPECT_EQ(game["options"].size(), e.info.options.size());
    if (game["name"] == "supporting-cast") {
      found = true;
      EXPECT_EQ(game["title"]["en"], "Tribute to the Supporting Cast");
      EXPECT_EQ(game["title"]["zh-Hant"], "向配角致敬");
      for (const auto& o : game["options"])
        if (o["name"] == "cast") {
          EXPECT_TRUE(o.contains("network"));
        }
    }
  }
  EXPECT_TRUE(found);
  auto home = http_get(port_, "/");
  EXPECT_EQ(home.status, 200);
  EXPECT_NE(home.raw.find("Open tables"), std::string::npos);
  EXPECT_NE(home.raw.find("詐賭巫師"), std::string::npos);
  auto missing = http_get(port_, "/nothing");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.body["error"]["code"], "not_found");
  auto wrong = http_post(port_, "/healthz", json::object());
  EXPECT_EQ(wrong.status, 405);
  EXPECT_EQ(wrong.body["error"]["code"], "method_not_allowed");
  EXPECT_EQ(http_get(port_, "/api/tables/0123456789abcdef").status, 404);
  EXPECT_EQ(http_get(port_, "/api/tables/../../etc").status, 404);
}

TEST_F(ServerTest, CreateRefusesEveryBadRequestAndCreatesNothing) {
  const json seats4 = json::array({{{"kind", "human"}},
                                   {{"kind", "bot"}, {"agent", "random"}},
                                   {{"kind", "bot"}, {"agent", "heuristic"}},
                                   {{"kind", "bot"}, {"agent", "random"}}});
  auto sc = [&](json extra) {
    json b = {{"game", "supporting-cast"}, {"players", 4}, {"seats", seats4}};
    for (auto it = extra.begin(); it != extra.end(); ++it) {
      if (it.value().is_null())
        b.erase(it.key());
      else
        b[it.key()] = it.value();
    }
    return b.dump();
  };
  auto bot = [&](const std::string& agent) {
    json s = seats4;
    s[1]["agent"] = agent;
    return sc({{"seats", s}});
  };
  struct Case {
    std::string body;
    int status;
    std::string code;
    std::string says;  // part of the message
  };
  const std::vector<Case> cases = {
      {"not json", 400, "bad_json", "JSON object"},
      {"[1,2]", 400, "bad_json", "JSON object"},
      {sc({{"colour", "red"}}), 400, "unknown_field", "colour"},
      {sc({{"game", nullptr}}), 400, "missing_field", "game"},
      {sc({{"game", "chess"}}), 400, "unknown_game", "supporting-cast"},
      {sc({{"players", 9}}), 400, "bad_players", "4 to 7"},
      {sc({{"players", "4"}}), 400, "bad_players", "4 to 7"},
      {sc({{"options", {{"chain", "middle"}}}}), 400, "bad_option", "top"},
      {sc({{"options", {{"colour", "red"}}}}), 400, "bad_option", "chain"},
      {sc({{"options", {{"chain", 3}}}}), 400, "bad_option", "string"},
      {sc({{"options", {{"cast", "/etc/passwd"}}}}), 400, "refused_option", "file paths"},
      {sc({{"options", {{"cast", "cast.json"}}}}), 400, "refused_option", "cast"},
      {sc({{"seats", json::array()}}), 400, "bad_field", "4 seats"},
      {sc({{"seats", json::array({1, 2, 3, 4})}}), 400, "bad_json", "seats[0]"},
      {bot("nobody"), 400, "bad_agent", "the agents are"},
      {bot("ismcts:ms=5000"), 400, "bad_agent", "1 to 2000"},
      {bot("ismcts:ms=nan"), 400, "bad_agent", "ms"},
      {bot("ismcts:ms=1e9"), 400, "bad_agent", "ms"},
      {bot("ismcts:iterations=99999999"), 400, "bad_agent", "iterations"},
      {bot("ismcts:depth=-1"), 400, "bad_agent", "depth"},
      {bot("ismcts:file=/tmp/x"), 400, "bad_agent", "no parameter"},
      {bot("heuristic:style=../../x"), 400, "bad_agent", "short word"},
      {sc({{"visibility", "secret"}}), 400, "bad_field", "open"},
      {sc({{"clock", {{"move_ms", 5}}}}), 400, "bad_field", "move_ms"},
      {sc({{"clock", {{"bank_ms", 5}}}}), 400, "missing_field", "move_ms"},
      {sc({{"absent_ms", -1}}), 400, "bad_field", "absent_ms"},
      {sc({{"takeover_agent", "ismcts:ms=0"}}), 400, "bad_agent", "ms"},
  };
  for (const auto& c : cases) {
    auto r = http_request(port_, http::verb::post, "/api/tables", c.body);
    EXPECT_EQ(r.status, c.status) << c.body << " -> " << r.raw;
    EXPECT_EQ(r.body["error"]["code"], c.code) << c.body << " -> " << r.raw;
    EXPECT_NE(r.body["error"]["message"].get<std::string>().find(c.says), std::string::npos)
        << r.raw;
  }
  // Mwahahaha's free-text round-limit: a number is accepted, 0 (no limit) and text are not.
  json mw = {{"game", "mwahahaha"},
             {"players", 2},
             {"seats", json::array({{{"kind", "bot"}, {"agent", "random"}},
                                    {{"kind", "bot"}, {"agent", "random"}}})}};
  mw["options"] = {{"round-limit", "0"}};
  EXPECT_EQ(http_post(port_, "/api/tables", mw).body["error"]["code"], "refused_option");
  // An over-large body.
  auto big = http_request(port_, http::verb::post, "/api/tables", std::string(20000, ' '));
  EXPECT_EQ(big.status, 413);
  EXPECT_EQ(big.body["error"]["code"], "too_large");
  EXPECT_EQ(http_get(port_, "/healthz").body["tables"], 0);
  EXPECT_TRUE(http_get(port_, "/api/tables").body["tables"].empty());
  mw["options"] = {{"round-limit", "12"}};
  EXPECT_EQ(http_post(port_, "/api/tables", mw).status, 201);
}

TEST_F(ServerTest, CreateListJoinAndRefusals) {
  json t = create_cm(2, {{"clock", {{"move_ms", 60000}, {"bank_ms", 1000}}}});
  const std::string id = t["table"];
  EXPECT_TRUE(is_hex_token(id, 16));
  ASSERT_EQ(t["invitations"].size(), 2u);
  EXPECT_TRUE(is_hex_token(t["creator"].get<std::string>(), 64));
  auto list = http_get(port_, "/api/tables").body["tables"];
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["open_seats"], json::array({0, 1}));
  EXPECT_EQ(list[0]["status"], "waiting");
  EXPECT_EQ(list[0]["clock"]["bank_ms"], 1000);
  EXPECT_FALSE(list.dump().find("invite") != std::string::npos);

  const std::string inv0 = t["invitations"][0]["invite"];
  auto bad_inv =
      http_post(port_, "/api/tables/" + id + "/join", {{"invite", std::string(64, 'a')}});
  EXPECT_EQ(bad_inv.status, 403);
  EXPECT_EQ(bad_inv.body["error"]["code"], "bad_invitation");
  auto bad_name = http_post(port_, "/api/tables/" + id + "/join",
                            {{"invite", inv0}, {"name", std::string(30, 'x')}});
  EXPECT_EQ(bad_name.body["error"]["code"], "bad_field");
  auto j0 = http_post(port_, "/api/tables/" + id + "/join", {{"invite", inv0}, {"name", "Ann"}});
  ASSERT_EQ(j0.status, 200) << j0.raw;
  EXPECT_EQ(j0.body["seat"], 0);
  const std::string cred0 = j0.body["credential"];
  EXPECT_TRUE(is_hex_token(cred0, 64));
  auto again = http_post(port_, "/api/tables/" + id + "/join", {{"invite", inv0}});
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["error"]["code"], "seat_taken");
  auto bot_seat = http_post(port_, "/api/tables/" + id + "/join", {{"seat", 2}});
  EXPECT_EQ(bot_seat.body["error"]["code"], "seat_taken");
  auto bad_seat = http_post(port_, "/api/tables/" + id + "/join", {{"seat", 7}});
  EXPECT_EQ(bad_seat.body["error"]["code"], "bad_field");
  auto extra = http_post(port_, "/api/tables/" + id + "/join", {{"sit", 1}});
  EXPECT_EQ(extra.body["error"]["code"], "unknown_field");
  EXPECT_EQ(table_info(id)["seats"][0]["name"], "Ann");
  EXPECT_EQ(table_info(id)["status"], "waiting");

  // Many people race for the last open seat: exactly one gets it.
  std::vector<int> status(8);
  std::vector<std::thread> racers;
  for (int i = 0; i < 8; ++i)
    racers.emplace_back([&, i] {
      status[static_cast<size_t>(i)] =
          http_post(port_, "/api/tables/" + id + "/join", {{"seat", 1}}).status;
    });
  for (auto& r : racers) r.join();
  EXPECT_EQ(std::count(status.begin(), status.end(), 200), 1);
  EXPECT_EQ(std::count(status.begin(), status.end(), 409), 7);
  auto info = table_info(id);
  EXPECT_EQ(info["status"], "playing");
  EXPECT_FALSE(info.dump().find(cred0) != std::string::npos);
  auto late = http_post(port_, "/api/tables/" + id + "/join", json::object());
  EXPECT_EQ(late.body["error"]["code"], "no_open_seat");
  EXPECT_TRUE(http_get(port_, "/api/tables").body["tables"][0]["open_seats"].empty());

  // A private table: listed nowhere, joined by invitation only.
  json p = create_cm(1, {{"visibility", "private"}});
  const json listed = http_get(port_, "/api/tables").body;
  for (const auto& row : listed["tables"]) EXPECT_NE(row["table"], p["table"]);
  auto open_join =
      http_post(port_, "/api/tables/" + p["table"].get<std::string>() + "/join", json::object());
  EXPECT_EQ(open_join.status, 403);
  EXPECT_EQ(open_join.body["error"]["code"], "private_table");
  EXPECT_FALSE(join(p["table"], p["invitations"][0]["invite"]).empty());
}

TEST_F(ServerTest, LeaveAndReplace) {
  json t = create_cm(2);
  const std::string id = t["table"];
  const std::string cred = join(id, t["invitations"][0]["invite"]);
  // Leaving before the start frees the seat and its invitation.
  auto bad =
      http_post(port_, "/api/tables/" + id + "/leave", {{"credential", std::string(64, '0')}});
  EXPECT_EQ(bad.body["error"]["code"], "bad_credential");
  EXPECT_EQ(http_post(port_, "/api/tables/" + id + "/leave", {{"credential", cred}}).status, 200);
  EXPECT_EQ(table_info(id)["seats"][0]["held"], false);
  const std::string cred2 = join(id, t["invitations"][0]["invite"]);
  EXPECT_NE(cred2, cred);
  // The creator fills seat 1 with a bot: the game starts.
  auto not_creator =
      http_post(port_, "/api/tables/" + id + "/replace",
                {{"creator", std::string(64, 'f')}, {"seat", 1}, {"agent", "random"}});
  EXPECT_EQ(not_creator.status, 403);
  EXPECT_EQ(not_creator.body["error"]["code"], "not_creator");
  auto bad_agent = http_post(port_, "/api/tables/" + id + "/replace",
                             {{"creator", t["creator"]}, {"seat", 1}, {"agent", "ismcts:ms=9999"}});
  EXPECT_EQ(bad_agent.body["error"]["code"], "bad_agent");
  EXPECT_EQ(table_info(id)["status"], "waiting");
  auto ok = http_post(port_, "/api/tables/" + id + "/replace",
                      {{"creator", t["creator"]}, {"seat", 1}, {"agent", "random"}});
  EXPECT_EQ(ok.status, 200) << ok.raw;
  auto info = table_info(id);
  EXPECT_EQ(info["status"], "playing");
  EXPECT_EQ(info["seats"][1]["played_by"], "bot");
  EXPECT_EQ(info["seats"][1]["reason"], "replaced");
  // Leaving during the game: the takeover bot plays the seat, the connection is told.
  auto c = connect(id, cred2);
  EXPECT_EQ(http_post(port_, "/api/tables/" + id + "/leave", {{"credential", cred2}}).status, 200);
  auto e = c->recv_type("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "bad_credential");
  EXPECT_EQ(table_info(id)["seats"][0]["reason"], "left");
  // The game plays to the end with bots only.
  for (int i = 0; i < 200 && table_info(id)["status"] != "finished"; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  EXPECT_EQ(table_info(id)["status"], "finished");
  // Replay for the seat that left (its credential still shows its own game).
  auto rep = http_post(port_, "/api/tables/" + id + "/replay", {{"credential", cred2}});
  EXPECT_EQ(rep.status, 200) << rep.raw;
  EXPECT_EQ(rep.body["viewer"], 0);
}

TEST_F(ServerTest, BoundsOnTablesAndSpectators) {
  max_tables_ = 2;
  max_spectators_ = 1;
  restart_server();
  json a = create_cm(1);
  create_cm(1);
  auto third = http_post(
      port_, "/api/tables",
      {{"game", "cheaty-mages"},
       {"players", 3},
       {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}, {{"kind", "human"}}})}});
  EXPECT_EQ(third.status, 429);  // a 4xx like every refusal (it was 503 before issue 25)
  EXPECT_GT(third.body["error"].value("retry_after", 0), 0);
  EXPECT_EQ(third.body["error"]["code"], "too_many_tables");
  auto first = connect(a["table"], "");
  WsClient second(port_);
  second.send({{"type", "hello"}, {"protocol", 1}, {"table", a["table"]}, {"spectate", true}});
  auto e = second.recv();
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "too_many_spectators");
  EXPECT_EQ(http_get(port_, "/healthz").body["tables"], 2);
}

}  // namespace
}  // namespace villainy::server::testing
