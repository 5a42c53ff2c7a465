// The embedded store: SQLite in WAL mode. One connection guarded by a mutex (the server's
// writes are small; WAL lets them commit without blocking readers). synchronous=NORMAL in WAL
// mode keeps every commit across a killed process (kill -9); only an OS crash or power loss may
// drop the last commits.
#include <sqlite3.h>

#include <filesystem>
#include <mutex>

#include "villainy/server/store.h"

namespace villainy::server {
namespace {

class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK)
      throw StoreError(std::string("store: cannot prepare statement: ") + sqlite3_errmsg(db));
  }
  ~Stmt() { sqlite3_finalize(s_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  Stmt& bind(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  bool step() {
    int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw StoreError(std::string("store: ") + sqlite3_errmsg(db_));
  }
  std::string text(int col) const {
    const unsigned char* t = sqlite3_column_text(s_, col);
    return t ? std::string(reinterpret_cast<const char*>(t),
                           static_cast<size_t>(sqlite3_column_bytes(s_, col)))
             : std::string();
  }
  std::int64_t integer(int col) const { return sqlite3_column_int64(s_, col); }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
};

class SqliteStore : public Store {
 public:
  explicit SqliteStore(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw StoreError("store: cannot create directory " + dir + ": " + ec.message());
    const std::string path = (std::filesystem::path(dir) / "villainy.sqlite3").string();
    if (sqlite3_open_v2(path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                        nullptr) != SQLITE_OK) {
      std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw StoreError("store: cannot open " + path + ": " + msg);
    }
    sqlite3_busy_timeout(db_, 5000);
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL");
    exec("PRAGMA foreign_keys=ON");
    exec(
        "CREATE TABLE IF NOT EXISTS tables ("
        " id TEXT PRIMARY KEY, config TEXT NOT NULL, seats TEXT NOT NULL,"
        " status TEXT NOT NULL, record TEXT)");
    exec(
        "CREATE TABLE IF NOT EXISTS actions ("
        " table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,"
        " action TEXT NOT NULL, PRIMARY KEY (table_id, seq)) WITHOUT ROWID");
  }
  ~SqliteStore() override { sqlite3_close(db_); }

  void create_table(const std::string& id, const nlohmann::json& config,
                    const nlohmann::json& seats) override {
    std::lock_guard lock(mu_);
    Stmt s(db_, "INSERT INTO tables (id, config, seats, status) VALUES (?, ?, ?, 'waiting')");
    s.bind(1, id).bind(2, config.dump()).bind(3, seats.dump()).step();
  }
  void save_seats(const std::string& id, const nlohmann::json& seats) override {
    std::lock_guard lock(mu_);
    Stmt s(db_, "UPDATE tables SET seats = ? WHERE id = ?");
    s.bind(1, seats.dump()).bind(2, id).step();
    check_changed(id);
  }
  void set_status(const std::string& id, const std::string& status) override {
    std::lock_guard lock(mu_);
    Stmt s(db_, "UPDATE tables SET status = ? WHERE id = ?");
    s.bind(1, status).bind(2, id).step();
    check_changed(id);
  }
  void append_action(const std::string& id, int seq, const std::string& action) override {
    std::lock_guard lock(mu_);
    exec("BEGIN IMMEDIATE");
    try {
      Stmt last(db_, "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = ?");
      last.bind(1, id).step();
      if (last.integer(0) != seq - 1)
        throw StoreError("store: table " + id + " has " + std::to_string(last.integer(0)) +
                         " actions, cannot append action " + std::to_string(seq));
      Stmt s(db_, "INSERT INTO actions (table_id, seq, action) VALUES (?, ?, ?)");
      s.bind(1, id).bind(2, static_cast<std::int64_t>(seq)).bind(3, action).step();
      exec("COMMIT");
    } catch (...) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  }
  void finish(const std::string& id, const nlohmann::json& record) override {
    std::lock_guard lock(mu_);
    Stmt s(db_, "UPDATE tables SET status = 'finished', record = ? WHERE id = ?");
    s.bind(1, record.dump()).bind(2, id).step();
    check_changed(id);
  }
  std::vector<StoredTable> load_all() override {
    std::lock_guard lock(mu_);
    std::vector<std::string> ids;
    {
      Stmt s(db_, "SELECT id FROM tables ORDER BY rowid");
      while (s.step()) ids.push_back(s.text(0));
    }
    std::vector<StoredTable> out;
    for (const auto& id : ids) out.push_back(load_locked(id));
    return out;
  }
  std::vector<StoredTable> load_unfinished() override {
    std::lock_guard lock(mu_);
    std::vector<std::string> ids;
    {
      Stmt s(db_, "SELECT id FROM tables WHERE status != 'finished' ORDER BY rowid");
      while (s.step()) ids.push_back(s.text(0));
    }
    std::vector<StoredTable> out;
    for (const auto& id : ids) out.push_back(load_locked(id));
    return out;
  }
  void remove_table(const std::string& id) override {
    std::lock_guard lock(mu_);
    exec("BEGIN IMMEDIATE");
    try {
      Stmt a(db_, "DELETE FROM actions WHERE table_id = ?");
      a.bind(1, id).step();
      Stmt t(db_, "DELETE FROM tables WHERE id = ?");
      t.bind(1, id).step();
      exec("COMMIT");
    } catch (...) {
      sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
      throw;
    }
  }
  std::string status_of(const std::string& id) override {
    std::lock_guard lock(mu_);
    Stmt s(db_, "SELECT status FROM tables WHERE id = ?");
    s.bind(1, id);
    return s.step() ? s.text(0) : std::string();
  }
  StoredTable load(const std::string& id) override {
    std::lock_guard lock(mu_);
    return load_locked(id);
  }

 private:
  StoredTable load_locked(const std::string& id) {
    StoredTable t;
    Stmt s(db_, "SELECT config, seats, status, record FROM tables WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) throw StoreError("store: no table " + id);
    t.id = id;
    t.config = parse(s.text(0), id);
    t.seats = parse(s.text(1), id);
    t.status = s.text(2);
    std::string rec = s.text(3);
    t.record = rec.empty() ? nlohmann::json() : parse(rec, id);
    Stmt a(db_, "SELECT seq, action FROM actions WHERE table_id = ? ORDER BY seq");
    a.bind(1, id);
    while (a.step()) {
      if (a.integer(0) != static_cast<std::int64_t>(t.actions.size()) + 1)
        throw StoreError("store: table " + id + " misses action " +
                         std::to_string(t.actions.size() + 1));
      t.actions.push_back(a.text(1));
    }
    return t;
  }
  static nlohmann::json parse(const std::string& s, const std::string& id) {
    auto j = nlohmann::json::parse(s, nullptr, false);
    if (j.is_discarded()) throw StoreError("store: table " + id + " has malformed JSON");
    return j;
  }
  void check_changed(const std::string& id) {
    if (sqlite3_changes(db_) != 1) throw StoreError("store: no table " + id);
  }
  void exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = err ? err : "unknown error";
      sqlite3_free(err);
      throw StoreError(std::string("store: ") + sql + ": " + msg);
    }
  }

  std::mutex mu_;
  sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<Store> open_sqlite_store(const std::string& dir) {
  return std::make_unique<SqliteStore>(dir);
}

}  // namespace villainy::server
