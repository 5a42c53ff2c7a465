// The server: threads, the store, the tables' registry, and the HTTP routes of the lobby.
#include "villainy/server/server.h"

#include <fmt/format.h>

#include <boost/asio/strand.hpp>
#include <iostream>

#include "server_impl.h"
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
      bots_owner(
          std::make_unique<net::thread_pool>(static_cast<size_t>(std::max(1, c.bot_threads)))),
      bots(*bots_owner) {
  store = open_sqlite_store(cfg.data_dir);
  games_body = wire({{"protocol", kProtocolVersion}, {"games", games_json()}});
  for (const StoredTable& st : store->load_all()) {
    try {
      tables[st.id] = Table::restore(env(), st);
    } catch (const std::exception& e) {
      log(fmt::format("table {} not restored: {}", st.id, e.what()));
    }
  }
}

Server::Impl::~Impl() {
  tables.clear();
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
  return e;
}

void Server::Impl::log(const std::string& line) const {
  if (!cfg.quiet) std::cerr << "villainy serve: " << line << "\n";
}

std::shared_ptr<Table> Server::Impl::find(const std::string& id) {
  if (!is_hex_token(id, 16)) return nullptr;
  std::lock_guard lock(mu);
  auto it = tables.find(id);
  return it == tables.end() ? nullptr : it->second;
}

void Server::Impl::accept() {
  acceptor->async_accept(net::make_strand(ioc),
                         [this](boost::system::error_code ec, tcp::socket socket) {
                           if (ec == net::error::operation_aborted || !acceptor->is_open()) return;
                           if (!ec) start_http_session(std::move(socket), *this);
                           accept();
                         });
}

HttpReply Server::Impl::create_table(const std::string& body) {
  auto j = json::parse(body, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    return error_reply(400, "bad_json", "the body must be a JSON object");
  TableSpec spec;
  try {
    spec = parse_table_request(j);
  } catch (const ApiError& e) {
    return error_reply(e.status, e.code, e.what());
  }
  std::lock_guard lock(mu);
  int open = 0;
  for (auto& [id, t] : tables) open += t->finished() ? 0 : 1;
  if (open >= cfg.max_tables)
    return error_reply(503, "too_many_tables",
                       fmt::format("the server holds its {} tables; try later", cfg.max_tables));
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
  return r;
}

namespace {
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
void Server::Impl::handle_table(const Request& req, const std::string& path, std::string rest,
                                const std::function<void(HttpReply)>& done) {
  const bool get = req.method() == http::verb::get;
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

void Server::Impl::handle_http(const Request& req, std::function<void(HttpReply)> done) {
  std::string path(req.target());
  if (auto q = path.find('?'); q != std::string::npos) path.resize(q);
  const bool get = req.method() == http::verb::get;
  const bool post = req.method() == http::verb::post;
  auto only = [&](bool ok, const char* method) { return allowed(ok, method, path, done); };
  try {
    if (path == "/") {
      if (!only(get, "GET")) return;
      if (auto f = read_web_file(cfg.web_dir, "/"))
        return done({200, f->content_type, std::move(f->body), f->cache_control});
      done(home_page());
      return;
    }
    if (path == "/healthz") {
      if (!only(get, "GET")) return;
      int n = 0;
      {
        std::lock_guard lock(mu);
        for (auto& [id, t] : tables) n += t->finished() ? 0 : 1;
      }
      done(json_reply(200, {{"ok", true}, {"tables", n}, {"connections", connections.load()}}));
      return;
    }
    if (path == "/api/games") {
      if (only(get, "GET")) done({200, "application/json", games_body});
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
      if (post) return done(create_table(req.body()));
      only(false, "GET or POST");
      return;
    }
    const std::string prefix = "/api/tables/";
    if (path.rfind(prefix, 0) == 0)
      return handle_table(req, path, path.substr(prefix.size()), done);
    if (get && path.rfind("/api/", 0) != 0) {
      if (auto f = read_web_file(cfg.web_dir, path))
        return done({200, f->content_type, std::move(f->body), f->cache_control});
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

void Server::stop() {
  Impl& s = *impl_;
  {
    std::lock_guard lock(s.stop_mu);
    if (s.stopped) return;
    s.stopped = true;
  }
  if (s.started) {
    net::post(s.ioc, [&s] {
      boost::system::error_code ec;
      s.acceptor->close(ec);
    });
    {
      std::lock_guard lock(s.mu);
      for (auto& [id, t] : s.tables) t->shutdown();
    }
    s.work.reset();
    // Let the closes go out, then stop whatever is left (open HTTP keep-alives, timers).
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    s.ioc.stop();
    for (auto& t : s.threads) t.join();
    s.threads.clear();
  }
  s.bots.stop();
  s.bots.join();
  // Run what is still queued (the tables' shutdown: connections dropped, cycles broken).
  s.ioc.restart();
  s.ioc.poll();
  {
    std::lock_guard lock(s.mu);
    s.tables.clear();
  }
  s.stop_cv.notify_all();
}

void Server::wait() {
  std::unique_lock lock(impl_->stop_mu);
  impl_->stop_cv.wait(lock, [this] { return impl_->stopped; });
}

}  // namespace villainy::server
