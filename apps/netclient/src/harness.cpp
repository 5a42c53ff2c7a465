#include "villainy/netclient/harness.h"

#include <fmt/format.h>

namespace villainy::net {

TableRun::TableRun(boost::asio::io_context& ioc, Lobby lobby, TablePlan plan,
                   std::function<void(TableRun&)> on_done)
    : ioc_(ioc), lobby_(std::move(lobby)), plan_(std::move(plan)), on_done_(std::move(on_done)) {}

void TableRun::start() {
  const CreatedTable t = lobby_.create(plan_.spec);
  table_ = t.table;
  std::vector<std::pair<Player, std::string>> viewers;  // (viewer, credential)
  for (const auto& [seat, invite] : t.invitations)
    viewers.emplace_back(seat, lobby_.join_by_invite(t.table, invite).credential);
  for (int i = 0; i < plan_.spectators; ++i) viewers.emplace_back(kSpectator, std::string());
  transcripts_.resize(viewers.size());
  for (size_t i = 0; i < viewers.size(); ++i) {
    transcripts_[i].viewer = viewers[i].first;
    credentials_.push_back(viewers[i].second);
    ClientOptions o;
    o.host = lobby_.host();
    o.port = lobby_.port();
    o.table = table_;
    o.credential = viewers[i].second;
    o.think_ms = plan_.think_ms;
    if (viewers[i].first != kSpectator) o.choose = random_chooser(derive_seed(plan_.seed, i));
    if (plan_.keep_transcripts)
      o.on_frame = [this, i](const std::string& raw) { transcripts_[i].frames.push_back(raw); };
    o.on_finished = [this] { client_done(); };
    o.on_failure = [this, i](const std::string& why) {
      if (failure_.empty()) failure_ = fmt::format("client {}: {}", i, why);
      client_done();
    };
    clients_.push_back(TableClient::create(ioc_, std::move(o)));
  }
  for (auto& c : clients_) c->start();
  if (clients_.empty()) client_done();
}

void TableRun::drop(size_t client) {
  if (client < clients_.size()) clients_[client]->drop();
}

void TableRun::client_done() {
  if (done_) return;
  if (++finished_clients_ < clients_.size() && failure_.empty()) return;
  done_ = true;
  if (!failure_.empty())
    for (auto& c : clients_) c->stop();
  if (on_done_) on_done_(*this);
}

}  // namespace villainy::net
