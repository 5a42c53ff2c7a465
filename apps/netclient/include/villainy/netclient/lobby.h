// The lobby half of protocol 1 (docs/protocol.md): HTTP calls that create, list, join, leave and
// replay tables, and the decoder of WebSocket frames used by the leak audit.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "villainy/netclient/audit.h"
#include "villainy/netclient/http.h"

namespace villainy::net {

inline constexpr int kProtocol = 1;

// One seat of a table to create: a human seat, or a bot seat with an agent spec.
struct SeatSpec {
  bool bot = false;
  std::string agent;  // for bots: "random", "heuristic", "ismcts:ms=200", …
};

struct TableSpec {
  std::string game;
  int players = 0;
  std::map<std::string, std::string> options;
  std::vector<SeatSpec> seats;
  std::string visibility = "open";
  std::optional<int> absent_ms;
  std::string takeover_agent;  // empty: the server's default
  nlohmann::json to_json() const;
};

struct CreatedTable {
  std::string table, creator;
  std::map<int, std::string> invitations;  // seat -> invitation
};

struct Seat {
  std::string table;
  int seat = -1;
  std::string credential;
};

// Each call throws villainy::Error naming the server's error code and message when refused.
class Lobby {
 public:
  Lobby(std::string host, unsigned short port) : host_(std::move(host)), port_(port) {}
  CreatedTable create(const TableSpec& spec) const;
  // By invitation, or a given open seat (seat >= 0), or the lowest free human seat (seat < 0).
  Seat join_by_invite(const std::string& table, const std::string& invite,
                      const std::string& name = {}) const;
  Seat join_open(const std::string& table, int seat = -1, const std::string& name = {}) const;
  void leave(const std::string& table, const std::string& credential) const;
  void replace(const std::string& table, const std::string& creator, int seat,
               const std::string& agent) const;
  nlohmann::json table(const std::string& table) const;  // GET /api/tables/ID
  nlohmann::json open_tables() const;                    // GET /api/tables
  nlohmann::json games() const;                          // GET /api/games
  // POST /api/tables/ID/replay: a seat's (credential) or the spectator's (empty) replay.
  nlohmann::json replay(const std::string& table, const std::string& credential = {}) const;
  const std::string& host() const { return host_; }
  unsigned short port() const { return port_; }

 private:
  nlohmann::json call(const std::string& method, const std::string& target,
                      const nlohmann::json& body, int want_status) const;
  std::string host_;
  unsigned short port_;
};

// Decodes a protocol-1 frame for the audit: a "view" frame's view, seq, choices and log (the
// k-th action's log line has seq k, i.e. action index k - 1); other frames carry none of these.
DecodedFrame decode_frame(const nlohmann::json& frame);
// The decoder and the field names and enumerated values of protocol 1.
const AuditProtocol& audit_protocol();

}  // namespace villainy::net
