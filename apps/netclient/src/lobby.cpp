#include "villainy/netclient/lobby.h"

#include <fmt/format.h>

#include "villainy/core/types.h"

namespace villainy::net {

using nlohmann::json;

json TableSpec::to_json() const {
  json j;
  j["game"] = game;
  j["players"] = players;
  if (!options.empty()) j["options"] = options;
  json seats_j = json::array();
  for (const auto& s : seats)
    seats_j.push_back(s.bot ? json{{"kind", "bot"}, {"agent", s.agent}} : json{{"kind", "human"}});
  j["seats"] = seats_j;
  j["visibility"] = visibility;
  if (absent_ms) j["absent_ms"] = *absent_ms;
  if (!takeover_agent.empty()) j["takeover_agent"] = takeover_agent;
  return j;
}

json Lobby::call(const std::string& method, const std::string& target, const json& body,
                 int want_status) const {
  HttpResponse r = http_request(host_, port_, method, target, body.is_null() ? "" : body.dump());
  json j = r.json();
  if (r.status != want_status) {
    std::string code = "?", message = r.body.substr(0, 300);
    if (j.is_object() && j.contains("error") && j["error"].is_object()) {
      code = j["error"].value("code", "?");
      message = j["error"].value("message", message);
    }
    throw Error(fmt::format("{} {}: HTTP {} {}: {}", method, target, r.status, code, message));
  }
  return j;
}

CreatedTable Lobby::create(const TableSpec& spec) const {
  json j = call("POST", "/api/tables", spec.to_json(), 201);
  CreatedTable t;
  t.table = j.at("table").get<std::string>();
  t.creator = j.at("creator").get<std::string>();
  for (const auto& inv : j.at("invitations"))
    t.invitations[inv.at("seat").get<int>()] = inv.at("invite").get<std::string>();
  return t;
}

static Seat seat_from(const json& j) {
  return Seat{j.at("table").get<std::string>(), j.at("seat").get<int>(),
              j.at("credential").get<std::string>()};
}

Seat Lobby::join_by_invite(const std::string& table, const std::string& invite,
                           const std::string& name) const {
  json body{{"invite", invite}};
  if (!name.empty()) body["name"] = name;
  return seat_from(call("POST", "/api/tables/" + table + "/join", body, 200));
}

Seat Lobby::join_open(const std::string& table, int seat, const std::string& name) const {
  json body = json::object();
  if (seat >= 0) body["seat"] = seat;
  if (!name.empty()) body["name"] = name;
  return seat_from(call("POST", "/api/tables/" + table + "/join", body, 200));
}

void Lobby::leave(const std::string& table, const std::string& credential) const {
  call("POST", "/api/tables/" + table + "/leave", json{{"credential", credential}}, 200);
}

void Lobby::replace(const std::string& table, const std::string& creator, int seat,
                    const std::string& agent) const {
  call("POST", "/api/tables/" + table + "/replace",
       json{{"creator", creator}, {"seat", seat}, {"agent", agent}}, 200);
}

json Lobby::table(const std::string& table) const {
  return call("GET", "/api/tables/" + table, json(), 200);
}
json Lobby::open_tables() const {
  return call("GET", "/api/tables", json(), 200);
}
json Lobby::games() const {
  return call("GET", "/api/games", json(), 200);
}

json Lobby::replay(const std::string& table, const std::string& credential) const {
  json body = json::object();
  if (!credential.empty()) body["credential"] = credential;
  return call("POST", "/api/tables/" + table + "/replay", body, 200);
}

DecodedFrame decode_frame(const json& frame) {
  DecodedFrame d;
  if (!frame.is_object()) throw Error("a frame must be a JSON object");
  const auto type = frame.find("type");
  if (type == frame.end() || !type->is_string()) throw Error("a frame needs a string 'type'");
  if (*type != "view") return d;
  const auto view = frame.find("view");
  if (view == frame.end()) throw Error("a view frame without 'view'");
  d.view = &*view;
  d.step = frame.at("seq").get<long>();
  const auto choices = frame.find("choices");
  if (choices != frame.end() && !(choices->is_array() && choices->empty())) d.choices = &*choices;
  const auto log = frame.find("log");
  if (log != frame.end())
    for (const auto& e : *log)
      d.log.push_back({e.at("seq").get<long>() - 1, e.at("text").get<std::string>()});
  d.game_over = frame.value("status", "") == "finished";
  return d;
}

const AuditProtocol& audit_protocol() {
  static const AuditProtocol p{
      decode_frame,
      {// field names
       "type", "protocol", "role", "seat", "table", "chat", "from", "name", "text", "time_ms",
       "seq", "status", "to_move", "view", "choices", "id", "log", "seats", "clock", "move_ms",
       "bank_ms", "turn_left_ms", "result", "returns", "winners", "kind", "held", "connected",
       "played_by", "reason", "agent", "code", "message", "in", "taunt", "en", "zh-Hant", "game",
       "players", "visibility", "options", "absent_ms", "takeover_agent", "open_seats", "title",
       "ok", "events", "args",  // a log entry's events: {id, args} (docs/narration.md)
                                // enumerated values
       "welcome", "view", "error", "pong", "player", "spectator", "waiting", "playing", "finished",
       "human", "bot", "timeout", "absent", "left", "replaced", "open", "private", "hello",
       "choice", "take_back", "ping"}};
  return p;
}

}  // namespace villainy::net
