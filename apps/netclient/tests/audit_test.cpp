// The leak audit's checker, fed frames built here (no server): honest frames pass, and each kind
// of leak it guards against is caught — another seat's card in a frame, another seat's view, a
// log line built for someone else, a hidden chance outcome's name, choices for the wrong viewer.
#include "villainy/netclient/audit.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "villainy/agents/agents.h"
#include "villainy/core/game.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"
#include "villainy/core/runner.h"
#include "villainy/games/all.h"
#include "villainy/netclient/lobby.h"

namespace villainy::net {
namespace {

using nlohmann::json;

struct Game1 {
  Record record;
  std::vector<Action> actions;
  std::shared_ptr<const Game> game;
};

Game1 play(const std::string& name, int players, std::uint64_t seed) {
  register_all_games();
  register_all_agents();
  Game1 g;
  g.game = load_game(name, {}, players);
  RandomAgent a;
  std::vector<Agent*> seats(static_cast<size_t>(players), &a);
  RunOptions o;
  o.seed = seed;
  o.keep_actions = true;
  RunResult r = run_game(*g.game, seats, o);
  g.actions = r.actions;
  g.record = make_record(*g.game, r.actions, seed,
                         std::vector<std::string>(static_cast<size_t>(players), "random"),
                         r.final_state.get());
  return g;
}

// What an honest server sends `viewer`: a view frame after every action (protocol 1 framing).
Transcript honest(const Game1& g, Player viewer) {
  Transcript t{viewer, {}};
  auto s = g.game->new_initial_state();
  json log = json::array();
  for (size_t k = 0;; ++k) {
    json f{{"type", "view"}, {"seq", k}, {"view", s->view_json(viewer)}};
    f["choices"] = decision_options_json(*s, viewer);
    f["log"] = log;
    f["status"] = s->is_terminal() ? "finished" : "playing";
    t.frames.push_back(f.dump());
    if (k == g.actions.size()) break;
    const std::string text = s->describe_action(g.actions[k], viewer);
    // The events built for this viewer, as the server's log entries carry them.
    const json events = s->apply_narrated(g.actions[k], viewer);
    log = json::array({{{"seq", k + 1}, {"text", text}, {"events", events}}});
  }
  return t;
}

TEST(LeakAudit, HonestFramesHaveNoLeaks) {
  for (auto [name, n] : {std::pair<std::string, int>{"cheaty-mages", 3}, {"supporting-cast", 4}}) {
    Game1 g = play(name, n, 7);
    std::vector<Transcript> ts;
    for (Player p = 0; p < n; ++p) ts.push_back(honest(g, p));
    ts.push_back(honest(g, kSpectator));
    TableAudit a = audit_table(g.record, ts, audit_protocol());
    EXPECT_TRUE(a.leaks.empty()) << name << ": " << a.leaks.front().what;
    EXPECT_EQ(a.messages, (g.actions.size() + 1) * static_cast<size_t>(n + 1));
    EXPECT_EQ(a.views, a.messages);
  }
}

// The first step at which seat 1's view holds a token seat 0 has not seen, and the token.
std::pair<size_t, std::string> secret_of_seat1(const Game1& g) {
  auto s = g.game->new_initial_state();
  std::set<std::string> seen0;
  for (size_t k = 0; k <= g.actions.size(); ++k) {
    std::vector<std::string> t0, t1;
    json_tokens(s->view_json(0), t0);
    json_tokens(s->view_json(1), t1);
    seen0.insert(t0.begin(), t0.end());
    for (auto& x : t1)
      if (!seen0.count(x) && x.find('-') != std::string::npos) return {k, x};
    s->apply(g.actions[k]);
  }
  return {0, ""};
}

TEST(LeakAudit, CatchesAnotherSeatsCardInAFrame) {
  Game1 g = play("cheaty-mages", 3, 7);
  auto [step, secret] = secret_of_seat1(g);
  ASSERT_FALSE(secret.empty());
  Transcript t = honest(g, 0);
  json f = json::parse(t.frames[step]);
  f["hint"] = secret;  // a field the protocol does not have, holding seat 1's spell
  t.frames[step] = f.dump();
  TableAudit a = audit_table(g.record, {t}, audit_protocol());
  ASSERT_EQ(a.leaks.size(), 1u);
  EXPECT_NE(a.leaks[0].what.find(secret), std::string::npos) << a.leaks[0].what;
  EXPECT_EQ(a.leaks[0].frame, step);

  // As an object key, and inside a longer text, too.
  Transcript t2 = honest(g, 0);
  json f2 = json::parse(t2.frames[step]);
  f2["seats"] = json::array({json{{"seat", 1}, {"hand", json{{secret, 1}}}}});
  f2["chat"] = "psst, seat 1 holds " + secret + "!";
  t2.frames[step] = f2.dump();
  EXPECT_EQ(audit_table(g.record, {t2}, audit_protocol()).leaks.size(), 2u);
}

// Events are known to the viewer they were built for only: seat 0 sent seat 1's events (its own
// deals named by card) is caught.
TEST(LeakAudit, CatchesAnotherSeatsEventsInTheLog) {
  Game1 g = play("cheaty-mages", 3, 11);
  Transcript t = honest(g, 0), other = honest(g, 1);
  ASSERT_TRUE(audit_table(g.record, {t}, audit_protocol()).leaks.empty());
  size_t swapped = 0;
  for (size_t k = 1; k < t.frames.size(); ++k) {
    json f = json::parse(t.frames[k]), o = json::parse(other.frames[k]);
    if (f["log"][0]["events"] == o["log"][0]["events"]) continue;
    f["log"][0]["events"] = o["log"][0]["events"];
    t.frames[k] = f.dump();
    ++swapped;
  }
  ASSERT_GT(swapped, 0u);
  TableAudit a = audit_table(g.record, {t}, audit_protocol());
  ASSERT_FALSE(a.leaks.empty());
  EXPECT_NE(a.leaks[0].what.find("events"), std::string::npos) << a.leaks[0].what;
}

TEST(LeakAudit, CatchesAnotherSeatsViewAndLogAndChoices) {
  Game1 g = play("cheaty-mages", 3, 11);
  const size_t step = 3;  // after the opening deals: hands differ
  // Seat 0 is sent seat 1's view.
  Transcript t = honest(g, 0), other = honest(g, 1);
  json f = json::parse(t.frames[step]);
  f["view"] = json::parse(other.frames[step])["view"];
  t.frames[step] = f.dump();
  TableAudit a = audit_table(g.record, {t}, audit_protocol());
  ASSERT_FALSE(a.leaks.empty());
  EXPECT_NE(a.leaks[0].what.find("not view_json(seat 0)"), std::string::npos) << a.leaks[0].what;

  // A log line built for another seat (the first line that differs between seat 0 and seat 1).
  Transcript t3 = honest(g, 0);
  size_t k = 1;
  for (; k < other.frames.size(); ++k)
    if (json::parse(other.frames[k])["log"] != json::parse(t3.frames[k])["log"]) break;
  ASSERT_LT(k, other.frames.size());
  json f3 = json::parse(t3.frames[k]);
  f3["log"] = json::parse(other.frames[k])["log"];
  t3.frames[k] = f3.dump();
  EXPECT_FALSE(audit_table(g.record, {t3}, audit_protocol()).leaks.empty());

  // A spectator offered the choices of the seat to act.
  Transcript sp = honest(g, kSpectator), seat = honest(g, 0);
  size_t c = 0;
  for (; c < seat.frames.size(); ++c)
    if (!json::parse(seat.frames[c])["choices"].empty()) break;
  ASSERT_LT(c, seat.frames.size());
  json f4 = json::parse(sp.frames[c]);
  f4["choices"] = json::parse(seat.frames[c])["choices"];
  sp.frames[c] = f4.dump();
  EXPECT_FALSE(audit_table(g.record, {sp}, audit_protocol()).leaks.empty());
}

TEST(LeakAudit, CatchesAHiddenChanceOutcomeAndAMissingEnd) {
  Game1 g = play("cheaty-mages", 4, 5);
  // The name of the first chance action whose narration the spectator does not share with
  // every seat (a private deal), sent to the spectator at the start.
  auto s = g.game->new_initial_state();
  std::string hidden;
  for (Action a : g.actions) {
    if (s->is_chance() && s->describe_action(a, kSpectator) != s->describe_action(a, 0)) {
      hidden = g.game->action_name(a);
      break;
    }
    s->apply(a);
  }
  ASSERT_FALSE(hidden.empty());
  Transcript t = honest(g, kSpectator);
  json f = json::parse(t.frames[0]);
  f["next"] = hidden;
  t.frames[0] = f.dump();
  EXPECT_EQ(audit_table(g.record, {t}, audit_protocol()).leaks.size(), 1u);

  // A transcript that stops before the end is reported when the end is required.
  Transcript cut = honest(g, 2);
  cut.frames.resize(10);
  EXPECT_EQ(audit_table(g.record, {cut}, audit_protocol()).leaks.size(), 1u);
  EXPECT_TRUE(audit_table(g.record, {cut}, audit_protocol(), false).leaks.empty());
  // A frame that is not JSON is reported.
  cut.frames.push_back("{not json");
  EXPECT_EQ(audit_table(g.record, {cut}, audit_protocol(), false).leaks.size(), 1u);
}

}  // namespace
}  // namespace villainy::net
