// One table: a game in progress with its seats, connections, bots and clocks. Everything a table
// does runs on its own strand, so its moves are applied in order with no races by construction;
// the public methods post to that strand and answer through callbacks or the peers' send().
// Bots think on a worker pool (never on the network threads); chance is drawn by the server from
// the table's seed, which never leaves the server.
#pragma once
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "villainy/core/agent.h"
#include "villainy/core/game.h"
#include "villainy/server/bots.h"
#include "villainy/server/catalog.h"
#include "villainy/server/store.h"

namespace villainy::server {

// A connection as the table sees it. send() and close() are thread-safe; the fields below are
// read and written on the table's strand only.
class Peer {
 public:
  virtual ~Peer() = default;
  virtual void send(std::shared_ptr<const std::string> frame) = 0;
  virtual void close() = 0;
  // The outcome of a client message the table handled: refused (an error frame was sent) or
  // accepted. The connection closes after 100 refusals in a row (docs/protocol.md, Limits).
  virtual void refused() {}
  virtual void accepted() {}

  bool attached = false;
  Player seat = kSpectator;
  int sent_seq = 0;  // the log has been sent up to this seq
  // Chat: at most 5 messages per 10 s.
  std::deque<std::chrono::steady_clock::time_point> chat_times;
};

struct TableLimits {
  int max_spectators = 50;
  int chat_history = 50;
};

struct TableEnv {
  Store* store;
  boost::asio::io_context* io;
  BotScheduler* bots;
  TableLimits limits;
  // Called on the table's strand when its game has ended (the server lets it leave memory).
  std::function<void(const std::string& id)> on_finished;
  // A bot's move is stored no sooner than this after its turn began (ServerConfig::bot_pace_ms).
  std::chrono::milliseconds bot_pace{0};
};

class Table : public std::enable_shared_from_this<Table> {
 public:
  using Reply = std::function<void(int status, nlohmann::json body)>;

  // A new table (stored by the caller's create_table before use): invitations per human seat.
  static std::shared_ptr<Table> create(const TableEnv& env, const std::string& id,
                                       const TableSpec& spec, std::uint64_t seed,
                                       const std::string& creator);
  // A stored table, every action replayed. Throws (StoreError/Error) when the record is broken.
  static std::shared_ptr<Table> restore(const TableEnv& env, const StoredTable& stored);
  Table(const TableEnv& env, std::string id, TableSpec spec, std::uint64_t seed,
        std::string creator);
  ~Table();

  const std::string& id() const { return id_; }
  nlohmann::json stored_config() const;  // what the store keeps (seed and creator included)
  nlohmann::json stored_seats() const;   // strand only (or before the table is shared)
  // Thread-safe copies of the public facts (GET /api/tables/ID) and flags.
  nlohmann::json summary() const;
  bool listed() const { return listed_.load(); }
  bool finished() const { return finished_.load(); }
  bool waiting() const { return !started_flag_.load(); }
  // True when some seat is a human seat (a people's table: its bots come first).
  bool has_people() const { return people_; }
  // The client address that created the table (in memory only; "" after a restart).
  std::string origin_address;
  // When the table was created (milliseconds since the epoch; stored with the table).
  std::int64_t created_ms() const { return created_ms_; }
  // Removes a table still waiting for people from the store and closes its connections;
  // `done(true)` when it was removed, `done(false)` when it had started meanwhile.
  void expire(std::function<void(bool)> done);
  // Starts the table's work after create/restore (deals, bots, timers).
  void start();
  void shutdown();  // cancels timers (server stop)

  // HTTP operations (docs/protocol.md); `reply` is called once, on the strand.
  void join(nlohmann::json body, Reply reply);
  void leave(nlohmann::json body, Reply reply);
  void replace(nlohmann::json body, Reply reply);
  void replay(nlohmann::json body, Reply reply);

  // WebSocket operations; answers go to the peer.
  void hello(std::shared_ptr<Peer> peer, std::string credential, bool spectate, int last_seq);
  void choice(std::shared_ptr<Peer> peer, Action action, int seq);
  void chat(std::shared_ptr<Peer> peer, std::string text);
  void taunt(std::shared_ptr<Peer> peer, std::string taunt);
  void take_back(std::shared_ptr<Peer> peer);
  void detach(std::shared_ptr<Peer> peer);

  static std::shared_ptr<const std::string> error_frame(const std::string& code,
                                                        const std::string& message,
                                                        const std::string& in);

 private:
  struct Seat {
    std::string kind;   // "human" or "bot"
    std::string agent;  // bot seats, and human seats replaced by the creator
    std::string name;
    std::string credential;  // empty: free
    bool active = false;     // the credential plays the seat (false after leave/replace)
    std::string invite;
    std::string reason;  // human seat played by a bot: timeout, absent, left, replaced
    std::int64_t bank_ms = 0;
    int connections = 0;
    std::shared_ptr<Agent> bot;
    std::string bot_spec;
    std::unique_ptr<boost::asio::steady_timer> absent_timer;
  };

  bool held(const Seat& s) const { return s.active && !s.credential.empty(); }
  bool bot_plays(const Seat& s) const { return s.kind == "bot" || !s.reason.empty(); }
  std::string status() const;
  void load_seats(const nlohmann::json& seats);
  void save_seats();
  int seat_by_credential(const std::string& credential, bool active_only) const;

  // Play (strand only).
  void changed();  // advance, then tell every peer, then refresh the summary
  void advance();
  void commit(Action a);
  void launch_bot(Player p);
  void bot_done(Action a, int seq, int gen, Player p);
  void bot_commit(Action a, int seq, int gen, Player p);
  void finish();
  void maybe_start();
  void arm_turn_clock();
  void charge_clock(Player p);
  void arm_absence(Player p);
  void drop_seat_peers(Player p, const std::string& why);

  // Frames (strand only).
  void broadcast();
  void send_view(Peer& peer, std::vector<std::shared_ptr<const nlohmann::json>>& views);
  nlohmann::json seats_json() const;
  nlohmann::json clock_json() const;
  nlohmann::json public_json() const;
  void update_summary();
  void post_talk(Peer& from, nlohmann::json frame);
  bool chat_allowed(Peer& peer, const std::string& in);

  TableEnv env_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::string id_;
  TableSpec spec_;
  std::uint64_t seed_;
  std::string creator_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<Action> history_;
  // The log: per action (seq k+1 at index k) and per viewer (seats..., spectator) the line
  // built for that viewer and the same action as events (docs/narration.md: the action's event,
  // then what the game narrated), sent with the log line for the browser. Viewers told the
  // same thing share one entry, so a public action is kept once, not once per viewer.
  struct LogEntry {
    std::string text;
    nlohmann::json events;
  };
  std::vector<std::vector<std::shared_ptr<const LogEntry>>> log_;
  // Logs action `a` for every viewer (text and events), applies it and appends it to history_.
  void record_action(Action a);
  std::vector<Seat> seats_;
  bool started_ = false, done_ = false, broken_ = false;
  bool people_ = false;
  std::int64_t created_ms_ = 0;
  std::atomic<bool> started_flag_{false};
  void send_only(Peer& peer);  // a view to one connection (its hello)
  std::vector<std::shared_ptr<Peer>> peers_;
  std::deque<nlohmann::json> talk_;
  // Bots.
  bool bot_busy_ = false;
  int bot_gen_ = 0;
  boost::asio::steady_timer bot_timer_;  // holds a paced bot move until its time
  std::chrono::steady_clock::time_point bot_start_;
  // The clock of the current human turn.
  boost::asio::steady_timer turn_timer_;
  int turn_seq_ = -1;
  std::chrono::steady_clock::time_point turn_start_;

  mutable std::mutex summary_mu_;
  nlohmann::json summary_;
  std::atomic<bool> listed_{false}, finished_{false};
};

}  // namespace villainy::server
