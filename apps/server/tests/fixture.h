// The tests' server: a real server on 127.0.0.1 with an ephemeral port and a fresh data folder,
// plus helpers that create tables, join seats and check frames against the engine.
#pragma once
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <memory>

#include "test_client.h"
#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "villainy/games/all.h"
#include "villainy/server/server.h"
#include "villainy/server/store.h"
#include "villainy/server/token.h"

namespace villainy::server::testing {

inline std::string fresh_dir(const std::string& tag) {
  static int n = 0;
  auto dir = std::filesystem::temp_directory_path() /
             ("villainy-test-" + tag + "-" + std::to_string(getpid()) + "-" + std::to_string(n++));
  std::filesystem::remove_all(dir);
  return dir.string();
}

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    register_all_games();
    register_all_agents();
    dir_ = fresh_dir("srv");
    start_server();
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }
  void start_server() {
    ServerConfig cfg;
    cfg.port = 0;
    cfg.data_dir = dir_;
    cfg.quiet = true;
    cfg.max_tables = max_tables_;
    cfg.max_spectators = max_spectators_;
    cfg.web_dir = web_dir_;
    cfg.bot_pace_ms = bot_pace_ms_;
    if (tweak_) tweak_(cfg);
    server_ = std::make_unique<Server>(cfg);
    server_->start();
    port_ = server_->port();
  }
  void restart_server() {
    server_.reset();
    start_server();
  }

  // Creates a table; returns the 201 body.
  json create(const json& body) {
    auto r = http_post(port_, "/api/tables", body);
    EXPECT_EQ(r.status, 201) << r.raw;
    return r.body;
  }
  json create_cm(int humans, const json& extra = json::object()) {
    json seats = json::array();
    for (int i = 0; i < 3; ++i)
      seats.push_back(i < humans ? json{{"kind", "human"}}
                                 : json{{"kind", "bot"}, {"agent", "random"}});
    json body = {{"game", "cheaty-mages"}, {"players", 3}, {"seats", seats}};
    for (auto it = extra.begin(); it != extra.end(); ++it) body[it.key()] = it.value();
    return create(body);
  }
  std::string join(const std::string& table, const std::string& invite) {
    auto r = http_post(port_, "/api/tables/" + table + "/join", {{"invite", invite}});
    EXPECT_EQ(r.status, 200) << r.raw;
    return r.body.value("credential", "");
  }
  json table_info(const std::string& table) { return http_get(port_, "/api/tables/" + table).body; }

  // A connected, welcomed seat (or spectator when credential is empty).
  std::unique_ptr<WsClient> connect(const std::string& table, const std::string& credential,
                                    int last_seq = 0) {
    auto c = std::make_unique<WsClient>(port_);
    json hello = {{"type", "hello"}, {"protocol", 1}, {"table", table}, {"last_seq", last_seq}};
    if (credential.empty())
      hello["spectate"] = true;
    else
      hello["credential"] = credential;
    c->send(hello);
    auto w = c->recv();
    EXPECT_TRUE(w && (*w)["type"] == "welcome") << (w ? w->dump() : "no answer");
    return c;
  }

  StoredTable stored(const std::string& table) { return open_sqlite_store(dir_)->load(table); }

  std::string dir_;
  int max_tables_ = 1000, max_spectators_ = 50;
  std::string web_dir_;  // the browser client's folder (none by default: the plain page)
  int bot_pace_ms_ = 0;  // bots as fast as they can, except in the pacing test
  std::function<void(ServerConfig&)> tweak_;  // other settings of a test
  std::unique_ptr<Server> server_;
  std::uint16_t port_ = 0;
};

// The engine's states after each stored action: states[k] is the state at seq k.
struct EngineReplay {
  std::shared_ptr<const Game> game;
  std::vector<std::unique_ptr<State>> states;
  std::vector<Action> actions;
  explicit EngineReplay(const StoredTable& t) {
    const json& spec = t.config["spec"];
    game = load_game(spec["game"].get<std::string>(),
                     spec["options"].get<std::map<std::string, std::string>>(),
                     spec["players"].get<int>());
    states.push_back(game->new_initial_state());
    for (const auto& name : t.actions) {
      Action a = *game->action_from_name(name);
      actions.push_back(a);
      auto next = states.back()->clone();
      next->apply(a);
      states.push_back(std::move(next));
    }
  }
};

// Checks one view frame against the engine: the view, the choices and the log lines.
inline void expect_frame_matches(const json& frame, const EngineReplay& e, Player viewer) {
  const int seq = frame["seq"].get<int>();
  ASSERT_LT(seq, static_cast<int>(e.states.size()));
  const State& s = *e.states[static_cast<size_t>(seq)];
  EXPECT_EQ(frame["view"], s.view_json(viewer)) << "seq " << seq;
  const bool mine = viewer >= 0 && frame["to_move"] == viewer;
  if (mine && frame["seats"][viewer]["played_by"] == "human")
    EXPECT_EQ(frame["choices"], decision_options_json(s, viewer)) << "seq " << seq;
  else
    EXPECT_TRUE(frame["choices"].empty()) << "seq " << seq;
  for (const auto& l : frame["log"]) {
    const int k = l["seq"].get<int>();
    ASSERT_GE(k, 1);
    ASSERT_LE(k, seq);
    EXPECT_EQ(l["text"], e.states[static_cast<size_t>(k - 1)]->describe_action(
                             e.actions[static_cast<size_t>(k - 1)], viewer));
  }
}

}  // namespace villainy::server::testing
