#include "villainy/netclient/client.h"

#include <fmt/format.h>

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "villainy/agents/agents.h"
#include "villainy/core/types.h"
#include "villainy/netclient/lobby.h"

namespace villainy::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using nlohmann::json;
using Ws = websocket::stream<beast::tcp_stream>;

std::function<int(const json&)> random_chooser(std::uint64_t seed) {
  auto rng = std::make_shared<Rng>(seed);
  return [rng](const json& frame) {
    const json& c = frame.at("choices");
    return c.at(rng->below(static_cast<std::uint32_t>(c.size()))).at("id").get<int>();
  };
}

std::function<int(const json&)> first_chooser() {
  return [](const json& frame) { return frame.at("choices").at(0).at("id").get<int>(); };
}

std::function<int(const json&)> make_chooser(const std::string& agent, std::uint64_t seed) {
  const AgentSpec spec = AgentSpec::parse(agent);
  if (spec.name == "random") {
    spec.check_only({"seed"});
    return random_chooser(static_cast<std::uint64_t>(spec.get_int("seed", static_cast<int>(seed))));
  }
  if (spec.name == "first") {
    spec.check_only({});
    return first_chooser();
  }
  throw Error(fmt::format(
      "agent '{}' cannot run in a client: it decides from the full game state (a "
      "DecisionContext), and a client is sent only its own view and choices. A client plays "
      "'random' or 'first'; let the server play '{}' in a bot seat instead (villainy client "
      "--create GAME --bots {}, or the creator's replace)",
      agent, agent, agent));
}

struct TableClient::Impl {
  explicit Impl(asio::io_context& ioc) : resolver(ioc), timer(ioc), think(ioc) {}
  tcp::resolver resolver;
  asio::steady_timer timer, think;
  std::shared_ptr<Ws> ws;
  beast::flat_buffer buffer;
};

std::shared_ptr<TableClient> TableClient::create(asio::io_context& ioc, ClientOptions opts) {
  return std::shared_ptr<TableClient>(new TableClient(ioc, std::move(opts)));
}

TableClient::TableClient(asio::io_context& ioc, ClientOptions opts)
    : ioc_(ioc), opts_(std::move(opts)), impl_(std::make_unique<Impl>(ioc)) {
  last_seq_ = opts_.last_seq;
  delay_ms_ = opts_.reconnect_delay_ms;
}

TableClient::~TableClient() = default;

void TableClient::start() {
  if (started_) return;
  started_ = true;
  down_since_ = std::chrono::steady_clock::now();
  connect();
}

void TableClient::connect() {
  if (stopped_) return;
  const unsigned gen = ++generation_;
  auto self = shared_from_this();
  auto ws = std::make_shared<Ws>(ioc_);
  impl_->ws = ws;
  impl_->buffer.clear();
  writing_ = false;
  out_.clear();
  beast::get_lowest_layer(*ws).expires_after(std::chrono::seconds(5));
  impl_->resolver.async_resolve(
      opts_.host, std::to_string(opts_.port),
      [this, self, gen, ws](beast::error_code ec, const tcp::resolver::results_type& results) {
        if (gen != generation_) return;
        if (ec) return schedule_reconnect();
        beast::get_lowest_layer(*ws).async_connect(
            results, [this, self, gen, ws](beast::error_code ec2, const tcp::endpoint&) {
              if (gen != generation_) return;
              if (ec2) return schedule_reconnect();
              beast::get_lowest_layer(*ws).expires_never();
              auto to = websocket::stream_base::timeout::suggested(beast::role_type::client);
              to.idle_timeout = std::chrono::seconds(15);
              to.keep_alive_pings = true;
              ws->set_option(to);
              ws->async_handshake(
                  fmt::format("{}:{}", opts_.host, opts_.port), "/ws",
                  [this, self, gen](beast::error_code ec3) {
                    if (gen != generation_) return;
                    if (ec3) return schedule_reconnect();
                    connected_ = true;
                    delay_ms_ = opts_.reconnect_delay_ms;
                    answered_seq_ = -1;  // a choice sent before a drop may be lost: answer again
                    awaiting_ = false;
                    json hello{{"type", "hello"},
                               {"protocol", kProtocol},
                               {"table", opts_.table},
                               {"last_seq", last_seq_}};
                    if (opts_.credential.empty())
                      hello["spectate"] = true;
                    else
                      hello["credential"] = opts_.credential;
                    send(hello.dump());
                    read_next();
                  });
            });
      });
}

void TableClient::schedule_reconnect() {
  connected_ = false;
  if (stopped_ || finished_ || failed_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - down_since_ > std::chrono::milliseconds(opts_.reconnect_give_up_ms)) {
    failed_ = true;
    if (opts_.on_failure)
      opts_.on_failure(fmt::format("no connection to {}:{} for {} ms", opts_.host, opts_.port,
                                   opts_.reconnect_give_up_ms));
    return;
  }
  ++generation_;  // ignore whatever the old connection still reports
  auto self = shared_from_this();
  impl_->timer.expires_after(std::chrono::milliseconds(delay_ms_));
  delay_ms_ = std::min(1000, delay_ms_ * 2);
  impl_->timer.async_wait([this, self](beast::error_code ec) {
    if (ec || stopped_) return;
    ++reconnects_;
    connect();
  });
}

void TableClient::read_next() {
  auto self = shared_from_this();
  const unsigned gen = generation_;
  auto ws = impl_->ws;
  ws->async_read(impl_->buffer, [this, self, gen, ws](beast::error_code ec, std::size_t) {
    if (gen != generation_) return;
    if (ec) {
      if (connected_) down_since_ = std::chrono::steady_clock::now();
      connected_ = false;
      if (!finished_ && !stopped_ && !failed_) schedule_reconnect();
      return;
    }
    std::string text = beast::buffers_to_string(impl_->buffer.data());
    impl_->buffer.consume(impl_->buffer.size());
    on_text(text);
    if (gen == generation_ && !stopped_ && ws->is_open()) read_next();
  });
}

void TableClient::on_text(const std::string& text) {
  if (opts_.on_frame) opts_.on_frame(text);
  json frame;
  try {
    frame = json::parse(text);
  } catch (const json::exception&) {
    return;  // the audit reports it; a client ignores what it cannot read
  }
  if (!frame.is_object()) return;
  const std::string type = frame.value("type", "");
  if (type == "welcome") {
    if (frame.contains("seat") && frame["seat"].is_number_integer()) seat_ = frame["seat"];
    return;
  }
  if (type == "error") {
    const std::string code = frame.value("code", "");
    error_codes_.push_back(code);
    if (opts_.on_error) opts_.on_error(frame);
    if (frame.value("in", "") == "hello" || code == "not_hello" || code == "bad_credential" ||
        code == "unsupported_protocol" || code == "bad_last_seq" || code == "not_found") {
      // The hello was refused: retrying the same hello cannot help.
      failed_ = true;
      stopped_ = true;
      ++generation_;
      beast::error_code ignored;
      if (impl_->ws) beast::get_lowest_layer(*impl_->ws).socket().close(ignored);
      if (opts_.on_failure) opts_.on_failure(fmt::format("refused: {} {}", code, frame.dump()));
      return;
    }
    if (code == "stale_seq" || code == "illegal_action" || code == "not_your_turn")
      awaiting_ = false;  // the choice changed nothing; the next view offers again
    if (code == "rate_limited" && awaiting_) {
      // The choice was dropped (protocol: 20 messages a second): send it again a little later.
      awaiting_ = false;
      auto self = shared_from_this();
      const unsigned gen = generation_;
      const long seq = answered_seq_;
      impl_->think.expires_after(std::chrono::milliseconds(100));
      impl_->think.async_wait([this, self, gen, seq](beast::error_code ec) {
        if (ec || gen != generation_ || stopped_ || last_seq_ != seq) return;
        sent_at_ = std::chrono::steady_clock::now();
        awaiting_ = true;
        send(json{{"type", "choice"}, {"action", last_action_}, {"seq", seq}}.dump());
      });
    }
    return;
  }
  if (type != "view") return;
  const long seq = frame.value("seq", 0L);
  if (awaiting_ && seq > answered_seq_) {
    latencies_.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - sent_at_)
            .count());
    awaiting_ = false;
  }
  last_seq_ = std::max(last_seq_, seq);
  last_view_ = frame;
  if (opts_.on_view) opts_.on_view(frame);
  if (frame.value("status", "") == "finished") {
    finished_ = true;
    if (opts_.on_finished) opts_.on_finished();
    if (opts_.close_when_finished) stop();
    return;
  }
  const auto choices = frame.find("choices");
  if (!opts_.choose || choices == frame.end() || !choices->is_array() || choices->empty()) return;
  if (seq <= answered_seq_) return;  // already answered this seq (a repeated view)
  answered_seq_ = seq;
  const int action = opts_.choose(frame);
  auto answer = [this, action, seq]() {
    if (stopped_ || !connected_) return;
    last_action_ = action;
    sent_at_ = std::chrono::steady_clock::now();
    awaiting_ = true;
    ++choices_sent_;
    send(json{{"type", "choice"}, {"action", action}, {"seq", seq}}.dump());
  };
  if (opts_.think_ms > 0) {
    auto self = shared_from_this();
    const unsigned gen = generation_;
    impl_->think.expires_after(std::chrono::milliseconds(opts_.think_ms));
    impl_->think.async_wait([this, self, gen, answer](beast::error_code ec) {
      if (!ec && gen == generation_) answer();
    });
  } else {
    answer();
  }
}

void TableClient::send(std::string text) {
  out_.push_back(std::move(text));
  if (!writing_) write_next();
}

void TableClient::write_next() {
  if (out_.empty() || !impl_->ws) {
    writing_ = false;
    return;
  }
  writing_ = true;
  auto self = shared_from_this();
  auto ws = impl_->ws;
  auto msg = std::make_shared<std::string>(std::move(out_.front()));
  out_.erase(out_.begin());
  const unsigned gen = generation_;
  ws->text(true);
  ws->async_write(asio::buffer(*msg), [this, self, gen, msg](beast::error_code ec, std::size_t) {
    if (gen != generation_) return;
    if (ec) {
      writing_ = false;
      return;  // the read side notices the broken connection and reconnects
    }
    write_next();
  });
}

void TableClient::drop() {
  if (!connected_ || stopped_) return;
  connected_ = false;
  down_since_ = std::chrono::steady_clock::now();
  ++generation_;
  beast::error_code ignored;
  beast::get_lowest_layer(*impl_->ws).socket().close(ignored);
  schedule_reconnect();
}

void TableClient::stop() {
  if (stopped_) return;
  stopped_ = true;
  ++generation_;
  impl_->timer.cancel();
  impl_->think.cancel();
  if (impl_->ws && connected_) {
    auto ws = impl_->ws;
    auto self = shared_from_this();
    ws->async_close(websocket::close_code::normal, [ws, self](beast::error_code) {});
  }
  connected_ = false;
}

}  // namespace villainy::net
