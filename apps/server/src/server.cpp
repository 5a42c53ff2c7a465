// The server: threads, the store, the tables' registry, and the HTTP routes of the lobby.
#include "villainy/server/server.h"

#include <fmt/format.h>
#include <sys/resource.h>

#include <boost/asio/strand.hpp>
#include <iostream>

#include "server_impl.h"
#include "villainy/agents/agents.h"
#include "villainy/core/registry.h"
#include "villainy/server/catalog.h"
#include "villainy/server/token.h"
#include "web.h"

namespace villainy::server {

using nlohmann::json;
namespace net = boost::asio;
using tcp = net::ip::tcp;

std::string wire(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {
HttpReply json_reply(int status, json body) {
  body["protocol"] = kProtocolVersion;
  return {status, "application/json", wire(body)};
}
HttpReply error_reply(int status, const std::string& code, const std::string& message) {
  return json_reply(status, {{"error", {{"code", code}, {"message", message}}}});
}
// The soft limit on open files raised to the hard one; the connection cap fits within it.
int file_limit() {
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return 1024;
  if (rl.rlim_cur < rl.rlim_max) {
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    getrlimit(RLIMIT_NOFILE, &rl);
  }
  return rl.rlim_cur > 1000000 ? 1000000 : static_cast<int>(rl.rlim_cur);
}
std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}
}  // namespace

Server::Impl::Impl(const ServerConfig& c)
    : cfg(c),
      ioc_owner(std::make_unique<net::io_context>()),
      ioc(*ioc_owner),
      bots_owner(std::make_unique<BotScheduler>(std::max(1, c.bot_threads))),
      bots(*bots_owner),
      create_rate(c.create_per_minute),
      join_rate(c.join_per_minute),
      chat_rate(c.chat_per_minute) {
  // Room for the store, the listening socket and the log besides the connections.
  const int fit = std::max(16, file_limit() - 64);
  conns = std::make_unique<ConnRegistry>(std::min(cfg.max_connections, fit),
                                         cfg.max_connections_per_address);
  store = open_sqlite_store(cfg.data_dir);
  games_body = wire({{"protocol", kProtocolVersion}, {"games", games_json()}});
  games_gzip = gzip(games_body);
  // Only the tables not finished come back into memory; finished games are read on demand.
  for (const StoredTable& st : store->load_unfinished()) {
    try {
      tables[st.id] = Table::restore(env(), st);
    } catch (const std::exception& e) {
      log(fmt::format("table {} not restored: {}", st.id, e.what()));
    }
  }
}

Server::Impl::~Impl() {
  tables.clear();
  finished.clear();
  sweep_timer.reset();
  work.reset();
  acceptor.reset();
  bots_owner.reset();  // discarded bot jobs release their tables while the io_context lives
  ioc_owner.reset();
}

TableEnv Server::Impl::env() {
  TableEnv e;
  e.store = store.get();
  e.io = &ioc;
  e.bots = &bots;
  e.limits.max_spectators = cfg.max_spectators;
  e.bot_pace = std::chrono::milliseconds(cfg.bot_pace_ms);
  e.on_finished = [this](const std::string& id) { table_finished(id); };
  return e;
}

void Server::Impl::table_finished(const std::string& id) {
  std::lock_guard lock(mu);
  auto it = tables.find(id);
  if (it == tables.end()) return;
  finished.push_front(it->second);
  tables.erase(it);
  while (finished.size() > kFinishedCache) finished.pop_back();
}

void Server::Impl::sweep_waiting() {
  const std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  std::vector<std::shared_ptr<Table>> old;
  {
    std::lock_guard lock(mu);
    for (auto& [id, t] : tables)
      if (t->waiting() && now - t->created_ms() >= cfg.waiting_expiry_ms) old.push_back(t);
  }
  for (auto& t : old)
    t->expire([this, t](bool removed) {
      if (!removed) return;
      std::lock_guard lock(mu);
      auto it = tables.find(t->id());
      if (it != tables.end() && it->second == t) tables.erase(it);
      log(fmt::format("table {} expired (waiting)", t->id()));
    });
  const int every = std::clamp(cfg.waiting_expiry_ms / 4, 50, 30000);
  sweep_timer->expires_after(std::chrono::milliseconds(every));
  sweep_timer->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) sweep_waiting();
  });
}

bool Server::Impl::trusted_proxy(const std::string& peer) const {
  return std::find(cfg.trusted_proxies.begin(), cfg.trusted_proxies.end(), peer) !=
         cfg.trusted_proxies.end();
}

std::string Server::Impl::client_address(const std::string& peer, const Request& req) const {
  if (!trusted_proxy(peer)) return peer;
  auto trim = [](std::string v) {
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.pop_back();
    size_t b = 0;
    while (b < v.size() && (v[b] == ' ' || v[b] == '\t')) ++b;
    return v.substr(b, 64);
  };
  if (auto f = req.find("X-Forwarded-For"); f != req.end()) {
    std::string v(f->value());
    const auto comma = v.rfind(',');
    std::string last = trim(comma == std::string::npos ? v : v.substr(comma + 1));
    if (!last.empty()) return last;
  }
  if (auto f = req.find("X-Real-IP"); f != req.end()) {
    std::string v = trim(std::string(f->value()));
    if (!v.empty()) return v;
  }
  return peer;
}

HttpReply Server::Impl::limit_reply(const std::string& code, const std::string& message,
                                    int retry_after_s) {
  HttpReply r = json_reply(
      429, {{"error", {{"code", code}, {"message", message}, {"retry_after", retry_after_s}}}});
  r.headers.emplace_back("Retry-After", std::to_string(retry_after_s));
  return r;
}

void Server::Impl::log(const std::string& line) const {
  if (!cfg.quiet) std::cerr << "villainy serve: " << line << "\n";
}

std::shared_ptr<Table> Server::Impl::find(const std::string& id) {
  if (!is_hex_token(id, 16)) return nullptr;
  {
    std::lock_guard lock(mu);
    auto it = tables.find(id);
    if (it != tables.end()) return it->second;
    for (auto f = finished.begin(); f != finished.end(); ++f)
      if ((*f)->id() == id) {
        finished.splice(finished.begin(), finished, f);
        return finished.front();
      }
  }
  // A finished game: rebuilt from the store (its viewers' logs and views), kept in the cache.
  try {
    if (store->status_of(id) != "finished") return nullptr;
    auto t = Table::restore(env(), store->load(id));
    std::lock_guard lock(mu);
    for (auto& f : finished)
      if (f->id() == id) return f;
    finished.push_front(t);
    while (finished.size() > kFinishedCache) finished.pop_back();
    return t;
  } catch (const std::exception& e) {
    log(fmt::format("table {} not read: {}", id, e.what()));
    return nullptr;
  }
}

void Server::Impl::accept() {
  acceptor->async_accept(net::make_strand(ioc),
                         [this](boost::system::error_code ec, tcp::socket socket) {
                           if (ec == net::error::operation_aborted || !acceptor->is_open()) return;
                           if (!ec) start_http_session(std::move(socket), *this);
                           accept();
                         });
}

HttpReply Server::Impl::create_table(const std::string& body, const std::string& addr) {
  auto j = json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    return error_reply(400, "bad_json", "the body must be a JSON object");
  TableSpec spec;
  try {
    spec = parse_table_request(j);
  } catch (const ApiError& e) {
    return error_reply(e.status, e.code, e.what());
  }
  // A request that would create a table costs one token of its address (refusals cost none:
  // they create nothing and are cheap).
  int retry = 0;
  if (!create_rate.take(addr, retry))
    return limit_reply(
        "rate_limited",
        fmt::format("at most {} tables a minute from one address", cfg.create_per_minute), retry);
  bool people = false;
  for (const auto& seat : spec.seats) people = people || seat.kind == "human";
  if (!people && cfg.bot_table_max_ms >= 0)
    for (const auto& seat : spec.seats) {
      const AgentSpec a = AgentSpec::parse(seat.agent);
      if (a.name == "ismcts" && a.params.count("ms") &&
          std::stod(a.params.at("ms")) > cfg.bot_table_max_ms)
        return error_reply(400, "bad_agent",
                           fmt::format("table.seats: a table of bots only may use ismcts with ms "
                                       "up to {} (people's tables up to 2000)",
                                       cfg.bot_table_max_ms));
    }
  std::lock_guard lock(mu);
  int waiting_here = 0, bots_all = 0, bots_here = 0;
  for (auto& [id, t] : tables) {
    const bool mine = !addr.empty() && t->origin_address == addr;
    if (mine && t->waiting() && t->has_people()) ++waiting_here;
    if (!t->has_people()) {
      ++bots_all;
      bots_here += mine ? 1 : 0;
    }
  }
  if (static_cast<int>(tables.size()) >= cfg.max_tables)
    return limit_reply("too_many_tables",
                       fmt::format("the server holds its {} tables; try later", cfg.max_tables),
                       60);
  if (people && cfg.max_waiting_per_address > 0 && waiting_here >= cfg.max_waiting_per_address)
    return limit_reply("too_many_tables",
                       fmt::format("at most {} tables waiting for people from one address",
                                   cfg.max_waiting_per_address),
                       60);
  if (!people && (bots_all >= cfg.max_bot_tables || (cfg.max_bot_tables_per_address > 0 &&
                                                     bots_here >= cfg.max_bot_tables_per_address)))
    return limit_reply("too_many_tables",
                       fmt::format("at most {} tables of bots only at once ({} per address)",
                                   cfg.max_bot_tables, cfg.max_bot_tables_per_address),
                       10);
  std::string id;
  do id = random_token(8);
  while (tables.count(id));
  auto table = Table::create(env(), id, spec, random_u64(), random_token(32));
  try {
    store->create_table(id, table->stored_config(), table->stored_seats());
  } catch (const std::exception& e) {
    log(e.what());
    return error_reply(500, "server_error", "the table could not be stored");
  }
  // Read the seats before the table is shared: from then on only its strand touches them.
  json invitations = json::array();
  const json seats = table->stored_seats();
  for (size_t i = 0; i < seats.size(); ++i)
    if (seats[i]["kind"] == "human")
      invitations.push_back({{"seat", i}, {"invite", seats[i]["invite"]}});
  table->origin_address = addr;
  tables[id] = table;
  table->start();
  return json_reply(201, {{"table", id},
                          {"creator", table->stored_config()["creator"]},
                          {"invitations", invitations}});
}

HttpReply Server::Impl::list_tables() {
  json list = json::array();
  std::lock_guard lock(mu);
  for (auto& [id, t] : tables) {
    if (!t->listed()) continue;
    json s = t->summary();
    json item = {{"table", s["table"]},           {"game", s["game"]},
                 {"players", s["players"]},       {"status", s["status"]},
                 {"open_seats", s["open_seats"]}, {"seq", s["seq"]},
                 {"options", s["options"]},       {"clock", s["clock"]}};
    list.push_back(item);
  }
  return json_reply(200, {{"tables", list}});
}

HttpReply Server::Impl::home_page() {
  std::string html =
      "<!doctype html><html><head><meta charset=\"utf-8\"><title>villainy</title></head><body>"
      "<h1>villainy</h1><p>Protocol 1: see docs/protocol.md. A browser client comes later.</p>"
      "<h2>Games</h2><ul>";
  const json games = json::parse(games_body);
  for (const auto& g : games["games"])
    html += fmt::format("<li><b>{}</b> — {} / {} ({}–{} players)</li>",
                        html_escape(g["name"].get<std::string>()),
                        html_escape(g["title"]["en"].get<std::string>()),
                        html_escape(g["title"]["zh-Hant"].get<std::string>()),
                        g["min_players"].get<int>(), g["max_players"].get<int>());
  html += "</ul><h2>Open tables</h2><ul>";
  int n = 0;
  const json open = json::parse(list_tables().body);
  for (const auto& t : open["tables"]) {
    ++n;
    html += fmt::format("<li>{} — {} players, {}, open seats: {}</li>",
                        html_escape(t["table"].get<std::string>()), t["players"].get<int>(),
                        html_escape(t["game"].get<std::string>()), t["open_seats"].dump());
  }
  if (n == 0) html += "<li>none</li>";
  html += "</ul></body></html>\n";
  return {200, "text/html; charset=utf-8", html};
}

// A game's message catalogue (messages and card names/texts in every language) and the public
// facts of its card data, for the options of one table (or the defaults).
HttpReply Server::Impl::catalogue(const std::string& game,
                                  const std::map<std::string, std::string>& options, int players) {
  const std::shared_ptr<const Game> g = load_game(game, options, players);
  json body = g->catalogue().to_json();
  body["game"] = game;
  body["data"] = game_facts(*g);
  HttpReply r = json_reply(200, body);
  r.cache_control = "no-cache";
  r.compressible = true;
  return r;
}

namespace {
HttpReply web_reply(WebFile f) {
  HttpReply r{200, f.content_type, std::move(f.body), f.cache_control};
  r.compressible = f.compressible;
  r.gzip_body = std::move(f.gzip_body);
  return r;
}
// True when the request's method is the one the path takes; otherwise answers 405.
bool allowed(bool ok, const char* method, const std::string& path,
             const std::function<void(HttpReply)>& done) {
  if (!ok)
    done(error_reply(405, "method_not_allowed",
                     fmt::format("{} takes {} only", path.substr(0, 80), method)));
  return ok;
}
}  // namespace

// A request for /api/tables/ID[/OP]: `rest` is what follows /api/tables/.
void Server::Impl::handle_table(const Request& req, const std::string& addr,
                                const std::string& path, std::string rest,
                                const std::function<void(HttpReply)>& done) {
  const bool get = req.method() == http::verb::get || req.method() == http::verb::head;
  const bool post = req.method() == http::verb::post;
  auto only = [&](bool ok, const char* method) { return allowed(ok, method, path, done); };
  std::string op;
  if (auto slash = rest.find('/'); slash != std::string::npos) {
    op = rest.substr(slash + 1);
    rest.resize(slash);
  }
  auto table = find(rest);
  if (!table) return done(error_reply(404, "not_found", "no table " + rest.substr(0, 40)));
  if (op.empty()) {
    if (!only(get, "GET")) return;
    json s = table->summary();
    s.erase("open_seats");
    return done(json_reply(200, s));
  }
  if (op == "catalogue") {
    if (!only(get, "GET")) return;
    const json s = table->summary();
    return done(catalogue(s["game"].get<std::string>(),
                          s["options"].get<std::map<std::string, std::string>>(),
                          s["players"].get<int>()));
  }
  if (op != "join" && op != "leave" && op != "replace" && op != "replay")
    return done(error_reply(404, "not_found", "no path " + path.substr(0, 80)));
  if (!only(post, "POST")) return;
  if (op == "join") {
    int retry = 0;
    if (!join_rate.take(addr, retry))
      return done(limit_reply(
          "rate_limited",
          fmt::format("at most {} joins a minute from one address", cfg.join_per_minute), retry));
  }
  auto body = json::parse(req.body(), nullptr, false);
  if (body.is_discarded() || !body.is_object())
    return done(error_reply(400, "bad_json", "the body must be a JSON object"));
  Table::Reply reply = [done](int status, json j) {
    j["protocol"] = kProtocolVersion;
    done({status, "application/json", wire(j)});
  };
  if (op == "join") table->join(body, reply);
  if (op == "leave") table->leave(body, reply);
  if (op == "replace") table->replace(body, reply);
  if (op == "replay") table->replay(body, reply);
}

void Server::Impl::handle_http(const Request& req, const std::string& addr,
                               std::function<void(HttpReply)> done) {
  std::string path(req.target());
  if (auto q = path.find('?'); q != std::string::npos) path.resize(q);
  const bool get = req.method() == http::verb::get || req.method() == http::verb::head;
  const bool post = req.method() == http::verb::post;
  auto only = [&](bool ok, const char* method) { return allowed(ok, method, path, done); };
  try {
    if (path == "/") {
      if (!only(get, "GET")) return;
      if (auto f = read_web_file(cfg.web_dir, "/")) return done(web_reply(std::move(*f)));
      done(home_page());
      return;
    }
    if (path == "/healthz") {
      if (!only(get, "GET")) return;
      int n = 0;
      {
        std::lock_guard lock(mu);
        n = static_cast<int>(tables.size());
      }
      done(json_reply(200, {{"ok", true}, {"tables", n}, {"connections", connections.load()}}));
      return;
    }
    if (path == "/api/games") {
      if (!only(get, "GET")) return;
      HttpReply r{200, "application/json", games_body};
      r.cache_control = "no-cache";
      r.compressible = true;
      r.gzip_body = games_gzip;
      done(std::move(r));
      return;
    }
    const std::string games_prefix = "/api/games/";
    if (path.rfind(games_prefix, 0) == 0) {
      const std::string rest = path.substr(games_prefix.size());
      const auto slash = rest.find('/');
      if (slash == std::string::npos || rest.substr(slash + 1) != "catalogue")
        return done(error_reply(404, "not_found", "no path " + path.substr(0, 80)));
      if (!only(get, "GET")) return;
      const std::string name = rest.substr(0, slash);
      for (const GameEntry* e : registered_games())
        if (e->info.name == name) return done(catalogue(name, {}, e->info.min_players));
      return done(error_reply(404, "unknown_game", "no game " + name.substr(0, 40)));
    }
    if (path == "/api/tables") {
      if (get) return done(list_tables());
      if (post) return done(create_table(req.body(), addr));
      only(false, "GET or POST");
      return;
    }
    const std::string prefix = "/api/tables/";
    if (path.rfind(prefix, 0) == 0)
      return handle_table(req, addr, path, path.substr(prefix.size()), done);
    if (get && path.rfind("/api/", 0) != 0) {
      if (auto f = read_web_file(cfg.web_dir, path)) return done(web_reply(std::move(*f)));
    }
    done(error_reply(404, "not_found", "no path " + path.substr(0, 80)));
  } catch (const std::exception& e) {
    log(fmt::format("request {} failed: {}", path.substr(0, 80), e.what()));
    done(error_reply(500, "server_error", "the request failed"));
  }
}

Server::Server(const ServerConfig& cfg) : impl_(std::make_unique<Impl>(cfg)) {}

Server::~Server() {
  stop();
}

void Server::start() {
  Impl& s = *impl_;
  tcp::endpoint ep(net::ip::make_address(s.cfg.host), s.cfg.port);
  s.acceptor.emplace(s.ioc);
  s.acceptor->open(ep.protocol());
  s.acceptor->set_option(net::socket_base::reuse_address(true));
  s.acceptor->bind(ep);
  s.acceptor->listen(net::socket_base::max_listen_connections);
  s.work.emplace(s.ioc.get_executor());
  s.accept();
  s.sweep_timer.emplace(s.ioc);
  net::post(s.ioc, [&s] { s.sweep_waiting(); });
  {
    std::lock_guard lock(s.mu);
    for (auto& [id, t] : s.tables) t->start();
  }
  for (int i = 0; i < std::max(1, s.cfg.io_threads); ++i)
    s.threads.emplace_back([&s] { s.ioc.run(); });
  s.started = true;
}

std::uint16_t Server::port() const {
  return impl_->acceptor->local_endpoint().port();
}

bool Server::stop(std::chrono::milliseconds bot_wait) {
  Impl& s = *impl_;
  {
    std::lock_guard lock(s.stop_mu);
    if (s.stopped) return true;
    s.stopped = true;
  }
  bool clean = true;
  if (s.started) {
    net::post(s.ioc, [&s] {
      boost::system::error_code ec;
      s.acceptor->close(ec);
      if (s.sweep_timer) s.sweep_timer->cancel();
    });
    {
      std::lock_guard lock(s.mu);
      for (auto& [id, t] : s.tables) t->shutdown();
      // Finished tables too: their viewers' connections and the tables hold each other.
      for (auto& t : s.finished) t->shutdown();
    }
    s.work.reset();
    // Let the closes go out, then stop whatever is left (open HTTP keep-alives, timers).
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    s.ioc.stop();
    for (auto& t : s.threads) t.join();
    s.threads.clear();
  }
  clean = s.bots.stop(bot_wait);
  if (!clean) {
    s.stop_cv.notify_all();
    return false;
  }
  // Run what is still queued (the tables' shutdown: connections dropped, cycles broken).
  s.ioc.restart();
  s.ioc.poll();
  {
    std::lock_guard lock(s.mu);
    s.tables.clear();
    s.finished.clear();
  }
  s.stop_cv.notify_all();
  return clean;
}

void Server::wait() {
  std::unique_lock lock(impl_->stop_mu);
  impl_->stop_cv.wait(lock, [this] { return impl_->stopped; });
}

}  // namespace villainy::server
