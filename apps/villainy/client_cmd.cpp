// `villainy client`: the headless client of the online protocol (docs/protocol.md). Creates a
// table or joins one (invitation, open seat, or a credential to resume), plays its seat with a
// chooser over the choices it is sent, prints its viewer's log, and reconnects by itself.
//
// Decision (the issue is open here): a client never has the game state, only its viewer's view
// and choices, so it cannot run agents that decide from a DecisionContext over a State
// (heuristic, ismcts). It plays `random` (seeded) or `first` itself. With another agent and
// --create, the client's seat is made a server-side bot seat with that agent and the client
// watches the game as a spectator; joining an existing table with such an agent is refused with
// that explanation.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <iostream>

#include "commands.h"
#include "villainy/core/options.h"
#include "villainy/core/types.h"
#include "villainy/netclient/client.h"
#include "villainy/netclient/lobby.h"

namespace villainy::cli {

namespace {

struct ClientArgs {
  std::string url = "ws://127.0.0.1:8080";
  std::string table, invite, credential, name, create, bots = "heuristic", agent = "random";
  std::vector<std::string> options;
  int players = 0, seat = -1, open_seats = 0, think_ms = 0;
  long last_seq = 0;
  bool spectate = false, json = false, quiet = false, is_private = false;
  std::uint64_t seed = 1;
};

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  for (;;) {
    const size_t c = s.find(',', start);
    out.push_back(s.substr(start, c == std::string::npos ? std::string::npos : c - start));
    if (c == std::string::npos) break;
    start = c + 1;
  }
  return out;
}

bool local_agent(const std::string& agent) {
  const std::string n = agent.substr(0, agent.find(':'));
  return n == "random" || n == "first";
}

int run_client(const ClientArgs& a) {
  const net::Endpoint ep = net::Endpoint::parse(a.url);
  net::Lobby lobby(ep.host, ep.port);
  std::string table = a.table, credential = a.credential;
  bool spectate = a.spectate;
  if (!a.create.empty()) {
    if (!a.table.empty()) throw Error("--create and --table cannot be given together");
    if (a.players <= 0) throw Error("--create needs --players");
    net::TableSpec spec;
    spec.game = a.create;
    spec.players = a.players;
    spec.options = Options::parse_assignments(a.options);
    spec.visibility = a.is_private ? "private" : "open";
    const bool local = local_agent(a.agent);
    spec.seats.push_back(local ? net::SeatSpec{} : net::SeatSpec{true, a.agent});
    std::vector<std::string> bots = split(a.bots);
    const int others = a.players - 1 - a.open_seats;
    if (a.open_seats < 0 || others < 0)
      throw Error(fmt::format("--open-seats must be 0–{}", a.players - 1));
    if (bots.size() == 1) bots.assign(static_cast<size_t>(others), bots[0]);
    if (static_cast<int>(bots.size()) != others)
      throw Error(fmt::format("--bots names {} agents for {} bot seats", bots.size(), others));
    for (int i = 0; i < a.open_seats; ++i) spec.seats.push_back(net::SeatSpec{});
    for (const auto& b : bots) spec.seats.push_back(net::SeatSpec{true, b});
    net::CreatedTable t = lobby.create(spec);
    table = t.table;
    fmt::print("table {} created; creator token {}\n", t.table, t.creator);
    for (auto& [seat, inv] : t.invitations)
      if (seat != 0 || !local) fmt::print("  seat {} invitation: {}\n", seat, inv);
    if (local) {
      credential = lobby.join_by_invite(t.table, t.invitations.at(0), a.name).credential;
    } else {
      spectate = true;
      fmt::print("seat 0 is played on the server by '{}'; watching as a spectator\n", a.agent);
    }
  } else {
    if (table.empty()) throw Error("give --table ID or --create GAME");
    if (!spectate && credential.empty()) {
      if (!local_agent(a.agent)) net::make_chooser(a.agent, a.seed);  // throws with the reason
      const net::Seat s = a.invite.empty() ? lobby.join_open(table, a.seat, a.name)
                                           : lobby.join_by_invite(table, a.invite, a.name);
      credential = s.credential;
      fmt::print("seat {} of table {}\n", s.seat, table);
    }
  }
  if (!credential.empty())
    fmt::print(stderr, "to resume: villainy client --url {} --table {} --credential {}\n", a.url,
               table, credential);

  boost::asio::io_context ioc;
  net::ClientOptions o;
  o.host = ep.host;
  o.port = ep.port;
  o.table = table;
  o.credential = spectate ? std::string() : credential;
  o.last_seq = a.last_seq;
  o.think_ms = a.think_ms;
  if (!spectate) o.choose = net::make_chooser(a.agent, a.seed);
  std::string failure;
  o.on_failure = [&](const std::string& why) { failure = why; };
  o.on_frame = [&](const std::string& raw) {
    if (a.json) {
      fmt::print("{}\n", terminal_safe(raw));
      std::fflush(stdout);
    }
  };
  o.on_error = [&](const nlohmann::json& e) {
    fmt::print(stderr, "server: {} {}\n", e.value("code", ""), e.value("message", ""));
  };
  o.on_view = [&](const nlohmann::json& v) {
    if (a.json || a.quiet) return;
    if (v.contains("log"))
      for (const auto& l : v["log"])
        fmt::print("[{}] {}\n", l.value("seq", 0), terminal_safe(l.value("text", "")));
  };
  auto client = net::TableClient::create(ioc, o);
  client->start();
  ioc.run();
  if (!failure.empty()) throw Error(failure);
  const nlohmann::json& last = client->last_view();
  if (!a.json && last.is_object() && last.contains("result") && !last["result"].is_null())
    fmt::print("game over after {} actions: winners {}, returns {}\n", last.value("seq", 0),
               last["result"].value("winners", nlohmann::json::array()).dump(),
               last["result"].value("returns", nlohmann::json::array()).dump());
  return client->finished() ? 0 : 1;
}

}  // namespace

void add_client_command(CLI::App& app) {
  auto args = std::make_shared<ClientArgs>();
  auto* c = app.add_subcommand(
      "client", "headless client: create or join a table on a villainy server and play it");
  c->add_option("--url", args->url, "server, ws://HOST:PORT (default ws://127.0.0.1:8080)");
  c->add_option("--table", args->table, "table id to join or watch");
  c->add_option("--invite", args->invite, "invitation token for a seat of --table");
  c->add_option("--seat", args->seat, "open seat of --table to take (default: the lowest free)");
  c->add_option("--credential", args->credential, "resume a seat held by this credential");
  c->add_option("--last-seq", args->last_seq, "with --credential: the last seq already seen");
  c->add_flag("--spectate", args->spectate, "watch --table as a spectator");
  c->add_option("--create", args->create, "create a table of this game (you take seat 0)");
  c->add_option("--players", args->players, "with --create: number of players");
  c->add_option("--option", args->options, "with --create: rule option NAME=VALUE (repeatable)");
  c->add_option("--bots", args->bots,
                "with --create: server-side agents of the other seats, comma-separated or one "
                "for all (default heuristic)");
  c->add_option("--open-seats", args->open_seats,
                "with --create: leave this many human seats for others (invitations printed)");
  c->add_flag("--private", args->is_private, "with --create: an unlisted, invitation-only table");
  c->add_option("--agent", args->agent,
                "who plays your seat: random[:seed=N] or first in this client; any other agent "
                "(heuristic, ismcts:ms=…) plays it on the server (with --create)");
  c->add_option("--name", args->name, "your name at the table (1–24 characters)");
  c->add_option("--seed", args->seed, "seed of the random chooser");
  c->add_option("--think-ms", args->think_ms, "wait this long before each choice");
  c->add_flag("--json", args->json, "print every frame received, raw");
  c->add_flag("--quiet", args->quiet, "print only the result");
  c->callback([args]() {
    try {
      std::exit(run_client(*args));
    } catch (const std::exception& e) {
      fmt::print(stderr, "villainy: error: {}\n", e.what());
      std::exit(2);
    }
  });
}

}  // namespace villainy::cli
