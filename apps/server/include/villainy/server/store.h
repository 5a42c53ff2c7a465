// The server's store: tables (configuration, seats, status), their actions and finished records.
// The server talks to this interface only, so a shared database can replace the embedded SQLite
// store when one server is not enough. Every method commits before it returns (durable against
// the process being killed); a failure throws StoreError and leaves the store as it was.
#pragma once
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace villainy::server {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct StoredTable {
  std::string id;
  nlohmann::json config;             // game, players, options, seed, creator, clock, ...
  nlohmann::json seats;              // array of seat objects (credentials included)
  std::string status;                // "waiting", "playing", "finished"
  std::vector<std::string> actions;  // action names in order (seq 1, 2, ...)
  nlohmann::json record;             // the core record once finished, else null
};

class Store {
 public:
  virtual ~Store() = default;
  virtual void create_table(const std::string& id, const nlohmann::json& config,
                            const nlohmann::json& seats) = 0;
  virtual void save_seats(const std::string& id, const nlohmann::json& seats) = 0;
  virtual void set_status(const std::string& id, const std::string& status) = 0;
  // Appends the action with number `seq` (1-based); a seq that is not the next one is an error.
  virtual void append_action(const std::string& id, int seq, const std::string& action) = 0;
  virtual void finish(const std::string& id, const nlohmann::json& record) = 0;
  virtual std::vector<StoredTable> load_all() = 0;
  // The tables not finished (what a starting server holds in memory; finished ones are read
  // on demand with load()).
  virtual std::vector<StoredTable> load_unfinished() = 0;
  // Removes a table and its actions (an expired waiting table). Unknown ids are no error.
  virtual void remove_table(const std::string& id) = 0;
  // The table's status, or "" when there is no such table (cheaper than load()).
  virtual std::string status_of(const std::string& id) = 0;
  virtual StoredTable load(const std::string& id) = 0;  // StoreError when unknown
};

// SQLite in WAL mode, file DIR/villainy.sqlite3 (DIR is created when missing). Thread-safe.
std::unique_ptr<Store> open_sqlite_store(const std::string& dir);

}  // namespace villainy::server
