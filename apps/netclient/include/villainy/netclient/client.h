// The headless WebSocket client of protocol 1 (docs/protocol.md): holds one seat by its credential
// (or watches as a spectator), answers the choices it is offered with a chooser, and reconnects
// with its credential and last seq after a dropped connection or a server restart. Asynchronous on
// a caller's io_context, so one thread can run hundreds of clients (the load test).
//
// A client never has the game state: it sees its viewer's view, choices and log only. So it
// cannot run the project's search or heuristic agents (they need a DecisionContext over a State);
// its own choosers pick among the offered choices (random, first). A seat that should be played
// by heuristic or ismcts is a server-side bot seat (see docs/protocol.md, "seats").
// Run the io_context on one thread: a client's handlers are not synchronised otherwise.
#pragma once
#include <boost/asio/io_context.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "villainy/core/random.h"

namespace villainy::net {

struct ClientOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string table;
  std::string credential;  // empty: watch as a spectator
  long last_seq = 0;       // resume: the highest seq whose log lines the client already has
  // Picks the action id to play from a view frame whose `choices` is not empty.
  std::function<int(const nlohmann::json& frame)> choose;
  // Every frame received, in order, as raw text (the leak audit's transcript).
  std::function<void(const std::string& raw)> on_frame;
  std::function<void(const nlohmann::json& frame)> on_view;   // each view frame, decoded
  std::function<void(const nlohmann::json& frame)> on_error;  // each error frame
  std::function<void()> on_finished;                          // the view with status "finished"
  std::function<void(const std::string& why)> on_failure;     // gave up (refused hello, no server)
  int think_ms = 0;                  // wait this long before answering (a person thinking)
  int reconnect_delay_ms = 50;       // first retry delay; doubles up to 1 s
  int reconnect_give_up_ms = 30000;  // stop retrying after this long without a connection
  bool close_when_finished = true;
};

// A chooser that plays uniformly at random among the offered choices (seeded: deterministic).
std::function<int(const nlohmann::json&)> random_chooser(std::uint64_t seed);
// A chooser that plays the first offered choice.
std::function<int(const nlohmann::json&)> first_chooser();
// The chooser for an agent name a client can run ("random", "random:seed=N", "first"); throws
// villainy::Error for agents that need the full state (heuristic, ismcts, …), saying why.
std::function<int(const nlohmann::json&)> make_chooser(const std::string& agent,
                                                       std::uint64_t seed);

class TableClient : public std::enable_shared_from_this<TableClient> {
 public:
  static std::shared_ptr<TableClient> create(boost::asio::io_context& ioc, ClientOptions opts);
  ~TableClient();
  void start();
  // Cuts the connection at once (no close handshake), then reconnects with the last seq.
  void drop();
  // Closes for good.
  void stop();

  bool finished() const { return finished_; }
  bool failed() const { return failed_; }
  bool connected() const { return connected_; }
  long last_seq() const { return last_seq_; }
  int seat() const { return seat_; }
  int reconnects() const { return reconnects_; }
  int choices_sent() const { return choices_sent_; }
  const nlohmann::json& last_view() const { return last_view_; }
  // Milliseconds from each choice sent to the first view of a later seq (bot thinking of the
  // following seats is not in it: the server sends that view as soon as the choice is applied).
  const std::vector<double>& latencies_ms() const { return latencies_; }
  const std::vector<std::string>& error_codes() const { return error_codes_; }

  struct Impl;

 private:
  explicit TableClient(boost::asio::io_context& ioc, ClientOptions opts);
  void connect();
  void schedule_reconnect();
  void on_text(const std::string& text);
  void send(std::string text);
  void write_next();
  void read_next();

  boost::asio::io_context& ioc_;
  ClientOptions opts_;
  std::unique_ptr<Impl> impl_;
  unsigned generation_ = 0;
  bool started_ = false, stopped_ = false, finished_ = false, failed_ = false;
  bool connected_ = false, writing_ = false;
  long last_seq_ = 0;
  long answered_seq_ = -1;
  int last_action_ = -1;
  int seat_ = -1;
  int reconnects_ = 0, choices_sent_ = 0;
  int delay_ms_ = 0;
  std::chrono::steady_clock::time_point down_since_;
  std::chrono::steady_clock::time_point sent_at_;
  bool awaiting_ = false;
  std::vector<std::string> out_;
  std::vector<double> latencies_;
  std::vector<std::string> error_codes_;
  nlohmann::json last_view_;
};

}  // namespace villainy::net
