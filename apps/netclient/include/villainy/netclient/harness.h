// Runs whole online tables through the client for the test programs (leak audit, load test):
// creates a table, takes its human seats by invitation, connects one client per human seat plus
// spectators, records every frame each client receives, and reports when every client has seen
// the end. Everything runs on the caller's io_context (one thread).
#pragma once
#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "villainy/netclient/audit.h"
#include "villainy/netclient/client.h"
#include "villainy/netclient/lobby.h"

namespace villainy::net {

struct TablePlan {
  TableSpec spec;
  int spectators = 1;
  std::uint64_t seed = 1;  // the clients' choosers
  int think_ms = 0;
  bool keep_transcripts = true;
};

class TableRun : public std::enable_shared_from_this<TableRun> {
 public:
  TableRun(boost::asio::io_context& ioc, Lobby lobby, TablePlan plan,
           std::function<void(TableRun&)> on_done);
  // Creates the table and starts the clients; throws villainy::Error when the lobby refuses.
  void start();
  bool done() const { return done_; }
  bool failed() const { return !failure_.empty(); }
  const std::string& failure() const { return failure_; }
  const std::string& table() const { return table_; }
  const TablePlan& plan() const { return plan_; }
  // One per client: the human seats in seat order, then the spectators.
  const std::vector<Transcript>& transcripts() const { return transcripts_; }
  const std::vector<std::shared_ptr<TableClient>>& clients() const { return clients_; }
  const std::vector<std::string>& credentials() const { return credentials_; }  // per client
  // Cuts one client's connection (it reconnects with its last seq).
  void drop(size_t client);

 private:
  void client_done();
  boost::asio::io_context& ioc_;
  Lobby lobby_;
  TablePlan plan_;
  std::function<void(TableRun&)> on_done_;
  std::string table_, failure_;
  std::vector<Transcript> transcripts_;
  std::vector<std::shared_ptr<TableClient>> clients_;
  std::vector<std::string> credentials_;
  size_t finished_clients_ = 0;
  bool done_ = false;
};

}  // namespace villainy::net
