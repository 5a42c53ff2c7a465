// A table's play: advancing the game (chance, bots, human turns), clocks and absences, and the
// frames built for each viewer. Everything here runs on the table's strand.
#include "villainy/server/table.h"

#include <fmt/format.h>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <iostream>

#include "villainy/agents/agents.h"
#include "villainy/core/record.h"
#include "villainy/core/registry.h"

namespace villainy::server {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {
std::int64_t now_ms_epoch() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}
}  // namespace

Table::Table(const TableEnv& env, std::string id, TableSpec spec, std::uint64_t seed,
             std::string creator)
    : env_(env),
      strand_(boost::asio::make_strand(*env.io)),
      id_(std::move(id)),
      spec_(std::move(spec)),
      seed_(seed),
      creator_(std::move(creator)),
      bot_timer_(strand_),
      turn_timer_(strand_) {
  game_ = load_game(spec_.game, spec_.options, spec_.players);
  state_ = game_->new_initial_state();
  for (const auto& seat : spec_.seats) people_ = people_ || seat.kind == "human";
  created_ms_ = now_ms_epoch();
}

Table::~Table() = default;

std::shared_ptr<const std::string> Table::error_frame(const std::string& code,
                                                      const std::string& message,
                                                      const std::string& in) {
  json j = {{"type", "error"}, {"code", code}, {"message", message}};
  if (!in.empty()) j["in"] = in;
  return std::make_shared<const std::string>(
      j.dump(-1, ' ', false, json::error_handler_t::replace));
}

std::string Table::status() const {
  return done_ ? "finished" : started_ ? "playing" : "waiting";
}

void Table::start() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    if (self->started_ && !self->done_)
      for (Player p = 0; p < self->spec_.players; ++p) self->arm_absence(p);
    self->maybe_start();
    self->changed();
  });
}

void Table::shutdown() {
  boost::asio::post(strand_, [self = shared_from_this()] {
    // The server stops: nothing more happens here (every action is in the store). A bot's pace
    // timer holds the table (its handler keeps a reference); cancelled, its handler runs in
    // Server::stop's last poll, sees done_ and lets the table go.
    self->done_ = true;
    self->turn_timer_.cancel();
    self->bot_timer_.cancel();
    for (auto& s : self->seats_)
      if (s.absent_timer) s.absent_timer->cancel();
    for (auto& p : self->peers_) p->close();
    self->peers_.clear();
  });
}

void Table::maybe_start() {
  if (started_ || done_) return;
  for (const auto& s : seats_)
    if (s.kind == "human" && !held(s) && s.reason.empty()) return;
  try {
    env_.store->set_status(id_, "playing");
  } catch (const StoreError& e) {
    std::cerr << "villainy serve: table " << id_ << ": " << e.what() << "\n";
    return;
  }
  started_ = true;
  started_flag_ = true;
  for (Player p = 0; p < spec_.players; ++p) arm_absence(p);
}

void Table::changed() {
  advance();
  broadcast();
  update_summary();
}

void Table::advance() {
  if (!started_ || done_ || broken_) return;
  try {
    while (true) {
      if (state_->is_terminal()) {
        finish();
        return;
      }
      const Player p = state_->current_player();
      if (p == kChancePlayer) {
        Rng rng(derive_seed(derive_seed(seed_, 0), static_cast<std::uint64_t>(history_.size())));
        commit(state_->sample_chance(rng));
        continue;
      }
      Seat& s = seats_[static_cast<size_t>(p)];
      if (bot_plays(s)) {
        if (!bot_busy_) launch_bot(p);
      } else {
        arm_turn_clock();
      }
      return;
    }
  } catch (const std::exception& e) {
    // The store refused a commit (disk full, ...): the table stops rather than diverge.
    std::cerr << "villainy serve: table " << id_ << " stopped: " << e.what() << "\n";
    broken_ = true;
  }
}

void Table::commit(Action a) {
  const int seq = static_cast<int>(history_.size()) + 1;
  env_.store->append_action(id_, seq, game_->action_name(a));
  record_action(a);
}

void Table::record_action(Action a) {
  std::vector<Player> viewers;
  for (Player v = 0; v < spec_.players; ++v) viewers.push_back(v);
  viewers.push_back(kSpectator);
  std::vector<std::string> texts;
  texts.reserve(viewers.size());
  for (Player v : viewers) texts.push_back(state_->describe_action(a, v));
  const std::vector<std::vector<Event>> told = state_->apply_narrated(a, viewers);
  std::vector<std::shared_ptr<const LogEntry>> entries;
  for (size_t i = 0; i < viewers.size(); ++i) {
    json evs = json::array();
    for (const Event& e : told[i])
      if (!e.empty()) evs.push_back(e);
    std::shared_ptr<const LogEntry> same;
    for (const auto& prev : entries)
      if (prev->text == texts[i] && prev->events == evs) same = prev;
    entries.push_back(
        same ? same
             : std::make_shared<const LogEntry>(LogEntry{std::move(texts[i]), std::move(evs)}));
  }
  log_.push_back(std::move(entries));
  history_.push_back(a);
}

void Table::launch_bot(Player p) {
  Seat& s = seats_[static_cast<size_t>(p)];
  const std::string spec = s.agent.empty() ? spec_.takeover_agent : s.agent;
  if (!s.bot || s.bot_spec != spec) {
    s.bot = make_agent(spec, *game_);
    s.bot_spec = spec;
  }
  bot_busy_ = true;
  bot_start_ = std::chrono::steady_clock::now();
  const int gen = bot_gen_;
  const int seq = static_cast<int>(history_.size());
  std::shared_ptr<State> clone(state_->clone());
  auto legal = std::make_shared<std::vector<Action>>();
  clone->legal_actions(*legal);
  const std::uint64_t seat_seed = derive_seed(derive_seed(seed_, static_cast<std::uint64_t>(p) + 1),
                                              static_cast<std::uint64_t>(seq));
  env_.bots->submit(people_, [self = shared_from_this(), agent = s.bot, clone, legal, seat_seed,
                              seq, gen, p] {
    Rng rng(seat_seed);
    Action a = kInvalidAction;
    try {
      DecisionContext ctx(*clone, *legal);
      a = agent->act(ctx, rng);
    } catch (const std::exception& e) {
      std::cerr << "villainy serve: table " << self->id_ << ": bot failed: " << e.what() << "\n";
    }
    if (std::find(legal->begin(), legal->end(), a) == legal->end())
      a = (*legal)[rng.below(static_cast<std::uint32_t>(legal->size()))];
    boost::asio::post(self->strand_, [self, a, seq, gen, p] { self->bot_done(a, seq, gen, p); });
  });
}

void Table::bot_done(Action a, int seq, int gen, Player p) {
  // Paced: a bot that decided quickly waits out the rest of its pace, so that people can follow
  // the play and bot moves do not crowd out the people's moves on a busy server.
  const auto due = bot_start_ + env_.bot_pace;
  if (!done_ && std::chrono::steady_clock::now() < due) {
    bot_timer_.expires_at(due);
    bot_timer_.async_wait(
        [self = shared_from_this(), a, seq, gen, p](const boost::system::error_code&) {
          self->bot_commit(a, seq, gen, p);
        });
    return;
  }
  bot_commit(a, seq, gen, p);
}

void Table::bot_commit(Action a, int seq, int gen, Player p) {
  bot_busy_ = false;
  if (done_ || broken_) return;
  if (gen == bot_gen_ && seq == static_cast<int>(history_.size()) &&
      state_->current_player() == p && bot_plays(seats_[static_cast<size_t>(p)]) &&
      state_->is_legal(a)) {
    try {
      commit(a);
    } catch (const std::exception& e) {
      std::cerr << "villainy serve: table " << id_ << " stopped: " << e.what() << "\n";
      broken_ = true;
      return;
    }
  }
  changed();
}

void Table::finish() {
  std::vector<std::string> names;
  for (const auto& s : seats_) names.push_back(s.kind == "bot" ? s.agent : "human");
  Record r = make_record(*game_, history_, seed_, names, state_.get());
  env_.store->finish(id_, record_to_json(r));
  done_ = true;
  finished_ = true;
  turn_timer_.cancel();
  bot_timer_.cancel();
  for (auto& s : seats_)
    if (s.absent_timer) s.absent_timer->cancel();
  if (env_.on_finished) env_.on_finished(id_);
}

void Table::expire(std::function<void(bool)> done) {
  boost::asio::post(strand_, [self = shared_from_this(), done = std::move(done)] {
    if (self->started_ || self->done_) return done(false);
    try {
      self->env_.store->remove_table(self->id_);
    } catch (const std::exception& e) {
      std::cerr << "villainy serve: table " << self->id_ << ": " << e.what() << "\n";
      return done(false);
    }
    self->done_ = true;  // nothing more happens here
    self->turn_timer_.cancel();
    auto frame = error_frame("not_found", "the table expired before every seat was taken", "");
    for (auto& p : self->peers_) {
      p->send(frame);
      p->close();
      p->attached = false;
    }
    self->peers_.clear();
    self->listed_ = false;
    done(true);
  });
}

// ---- clocks and absences -------------------------------------------------------------------

void Table::arm_turn_clock() {
  const int seq = static_cast<int>(history_.size());
  if (!spec_.has_clock || turn_seq_ == seq) return;
  turn_seq_ = seq;
  turn_start_ = Clock::now();
  const Player p = state_->current_player();
  const auto budget =
      std::chrono::milliseconds(spec_.move_ms + seats_[static_cast<size_t>(p)].bank_ms);
  turn_timer_.expires_after(budget);
  turn_timer_.async_wait([self = shared_from_this(), seq, p](const boost::system::error_code& ec) {
    if (ec || self->done_ || seq != static_cast<int>(self->history_.size())) return;
    Seat& s = self->seats_[static_cast<size_t>(p)];
    if (self->state_->current_player() != p || self->bot_plays(s)) return;
    s.bank_ms = 0;
    s.reason = "timeout";
    self->save_seats();
    self->changed();
  });
}

void Table::charge_clock(Player p) {
  if (!spec_.has_clock || turn_seq_ != static_cast<int>(history_.size())) return;
  turn_timer_.cancel();
  const auto elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - turn_start_).count();
  Seat& s = seats_[static_cast<size_t>(p)];
  if (elapsed > spec_.move_ms) {
    s.bank_ms = std::max<std::int64_t>(0, s.bank_ms - (elapsed - spec_.move_ms));
    save_seats();
  }
}

void Table::arm_absence(Player p) {
  Seat& s = seats_[static_cast<size_t>(p)];
  if (!started_ || done_ || s.kind != "human" || !held(s) || s.connections > 0) return;
  if (!s.absent_timer) s.absent_timer = std::make_unique<boost::asio::steady_timer>(strand_);
  s.absent_timer->expires_after(std::chrono::milliseconds(spec_.absent_ms));
  s.absent_timer->async_wait([self = shared_from_this(), p](const boost::system::error_code& ec) {
    if (ec || self->done_) return;
    Seat& st = self->seats_[static_cast<size_t>(p)];
    if (st.connections > 0 || !st.reason.empty() || !self->held(st)) return;
    st.reason = "absent";
    self->save_seats();
    self->changed();
  });
}

void Table::drop_seat_peers(Player p, const std::string& why) {
  auto frame = error_frame("bad_credential", why, "");
  std::vector<std::shared_ptr<Peer>> keep;
  for (auto& peer : peers_) {
    if (peer->seat == p) {
      peer->send(frame);
      peer->close();
      peer->attached = false;
    } else {
      keep.push_back(peer);
    }
  }
  peers_ = std::move(keep);
  seats_[static_cast<size_t>(p)].connections = 0;
}

// ---- WebSocket operations ------------------------------------------------------------------

void Table::hello(std::shared_ptr<Peer> peer, std::string credential, bool spectate, int last_seq) {
  boost::asio::post(strand_, [self = shared_from_this(), peer, credential = std::move(credential),
                              spectate, last_seq] {
    auto refuse = [&](const std::string& code, const std::string& msg) {
      peer->send(error_frame(code, msg, "hello"));
      peer->close();
    };
    const int seq = static_cast<int>(self->history_.size());
    if (last_seq > seq)
      return refuse("bad_last_seq",
                    fmt::format("last_seq {} is beyond the table's seq {}", last_seq, seq));
    Player seat = kSpectator;
    if (spectate) {
      int n = 0;
      for (auto& p : self->peers_) n += p->seat == kSpectator ? 1 : 0;
      if (n >= self->env_.limits.max_spectators)
        return refuse("too_many_spectators", fmt::format("the table has its {} spectators",
                                                         self->env_.limits.max_spectators));
    } else {
      seat = self->seat_by_credential(credential, true);
      if (seat < 0) return refuse("bad_credential", "the credential holds no seat at this table");
    }
    peer->attached = true;
    peer->seat = seat;
    peer->sent_seq = last_seq;
    self->peers_.push_back(peer);
    // Only what changes the table for everyone (a seat now connected, an absence ended) is
    // told to everyone; otherwise the hello is answered to its connection only.
    bool public_change = false;
    if (seat >= 0) {
      Seat& s = self->seats_[static_cast<size_t>(seat)];
      public_change = s.connections == 0;
      s.connections++;
      if (s.absent_timer) s.absent_timer->cancel();
      if (s.reason == "absent") {
        s.reason.clear();
        self->bot_gen_++;
        self->save_seats();
        public_change = true;
      }
    }
    json welcome = {{"type", "welcome"},
                    {"protocol", kProtocolVersion},
                    {"role", seat >= 0 ? "player" : "spectator"},
                    {"seat", seat >= 0 ? json(seat) : json()},
                    {"table", self->public_json()},
                    {"chat", json(self->talk_)}};
    peer->send(std::make_shared<const std::string>(welcome.dump()));
    peer->accepted();
    if (public_change) {
      self->changed();
    } else {
      self->send_only(*peer);
    }
  });
}

void Table::send_only(Peer& peer) {
  std::vector<std::shared_ptr<const json>> views(static_cast<size_t>(spec_.players) + 1);
  send_view(peer, views);
}

void Table::choice(std::shared_ptr<Peer> peer, Action action, int seq) {
  boost::asio::post(strand_, [self = shared_from_this(), peer, action, seq] {
    if (!peer->attached) return;
    auto refuse = [&](const std::string& code, const std::string& msg) {
      peer->send(error_frame(code, msg, "choice"));
      peer->refused();
    };
    const int now = static_cast<int>(self->history_.size());
    if (self->done_) return refuse("game_over", "the game is over");
    if (!self->started_) return refuse("not_started", "the game starts when every seat is filled");
    if (self->broken_) return refuse("server_error", "the table is stopped (store failure)");
    if (peer->seat < 0) return refuse("not_your_turn", "spectators do not play");
    if (seq != now)
      return refuse("stale_seq",
                    fmt::format("the choice answers seq {} but the table is at seq {}", seq, now));
    const Player p = self->state_->current_player();
    Seat& s = self->seats_[static_cast<size_t>(peer->seat)];
    if (p != peer->seat)
      return refuse("not_your_turn",
                    p >= 0 ? fmt::format("seat {} is to act, not seat {}", p, peer->seat)
                           : std::string("chance is about to be drawn"));
    if (self->bot_plays(s))
      return refuse("not_your_turn",
                    fmt::format("a bot plays your seat ({}); send take_back first", s.reason));
    if (action < 0 || action >= self->game_->num_distinct_actions() ||
        !self->state_->is_legal(action))
      return refuse("illegal_action",
                    fmt::format("action {} is not among the choices at seq {}", action, now));
    self->charge_clock(p);
    try {
      self->commit(action);
    } catch (const std::exception& e) {
      std::cerr << "villainy serve: table " << self->id_ << ": " << e.what() << "\n";
      return refuse("server_error", "the action could not be stored; nothing changed");
    }
    peer->accepted();
    self->changed();
  });
}

void Table::take_back(std::shared_ptr<Peer> peer) {
  boost::asio::post(strand_, [self = shared_from_this(), peer] {
    if (!peer->attached) return;
    if (peer->seat < 0 || self->done_) {
      peer->send(
          error_frame("nothing_to_take_back", "no seat of yours is played by a bot", "take_back"));
      return peer->refused();
    }
    Seat& s = self->seats_[static_cast<size_t>(peer->seat)];
    if (s.reason != "timeout" && s.reason != "absent") {
      peer->send(error_frame("nothing_to_take_back", "your seat is not played by a takeover bot",
                             "take_back"));
      return peer->refused();
    }
    peer->accepted();
    s.reason.clear();
    self->bot_gen_++;
    self->save_seats();
    self->changed();
  });
}

void Table::detach(std::shared_ptr<Peer> peer) {
  boost::asio::post(strand_, [self = shared_from_this(), peer] {
    auto it = std::find(self->peers_.begin(), self->peers_.end(), peer);
    if (it == self->peers_.end()) return;
    self->peers_.erase(it);
    peer->attached = false;
    if (peer->seat >= 0) {
      Seat& s = self->seats_[static_cast<size_t>(peer->seat)];
      if (--s.connections <= 0) {
        s.connections = 0;
        self->arm_absence(peer->seat);
        self->broadcast();
        self->update_summary();
      }
    }
  });
}

// ---- chat ----------------------------------------------------------------------------------

bool Table::chat_allowed(Peer& peer, const std::string& in) {
  const auto now = Clock::now();
  while (!peer.chat_times.empty() && now - peer.chat_times.front() > std::chrono::seconds(10))
    peer.chat_times.pop_front();
  if (peer.chat_times.size() >= 5) {
    peer.send(error_frame("rate_limited", "at most 5 chat or taunt messages per 10 seconds", in));
    peer.refused();
    return false;
  }
  peer.chat_times.push_back(now);
  return true;
}

void Table::post_talk(Peer& from, json frame) {
  json who = {{"seat", from.seat >= 0 ? json(from.seat) : json()},
              {"name", from.seat >= 0 ? seats_[static_cast<size_t>(from.seat)].name
                                      : std::string("spectator")}};
  frame["from"] = who;
  frame["time_ms"] = now_ms_epoch();
  auto text = std::make_shared<const std::string>(frame.dump());
  for (auto& p : peers_) p->send(text);
  talk_.push_back(std::move(frame));
  while (static_cast<int>(talk_.size()) > env_.limits.chat_history) talk_.pop_front();
}

void Table::chat(std::shared_ptr<Peer> peer, std::string text) {
  boost::asio::post(strand_, [self = shared_from_this(), peer, text] {
    if (!peer->attached || !self->chat_allowed(*peer, "chat")) return;
    peer->accepted();
    self->post_talk(*peer, {{"type", "chat"}, {"text", text}});
  });
}

void Table::taunt(std::shared_ptr<Peer> peer, std::string id) {
  boost::asio::post(strand_, [self = shared_from_this(), peer, id = std::move(id)] {
    if (!peer->attached) return;
    const Taunt* t = find_taunt(id);
    if (!t) {
      std::vector<std::string> ids;
      for (const auto& x : taunts()) ids.push_back(x.id);
      peer->send(error_frame(
          "unknown_taunt",
          fmt::format("no taunt '{}' (the taunts are {})", id.substr(0, 40), fmt::join(ids, ", ")),
          "taunt"));
      return peer->refused();
    }
    if (!self->chat_allowed(*peer, "taunt")) return;
    peer->accepted();
    self->post_talk(
        *peer,
        {{"type", "taunt"}, {"taunt", t->id}, {"text", {{"en", t->en}, {"zh-Hant", t->zh}}}});
  });
}

// ---- frames --------------------------------------------------------------------------------

json Table::seats_json() const {
  json out = json::array();
  for (size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    json j = {{"seat", i}, {"kind", s.kind}, {"played_by", bot_plays(s) ? "bot" : "human"}};
    if (s.kind == "bot") {
      j["agent"] = s.agent;
    } else {
      j["name"] = s.name;
      j["held"] = held(s);
      j["connected"] = s.connections > 0;
      if (!s.reason.empty()) j["reason"] = s.reason;
    }
    out.push_back(j);
  }
  return out;
}

json Table::clock_json() const {
  if (!spec_.has_clock) return json();
  json banks = json::array();
  for (const auto& s : seats_) banks.push_back(s.kind == "human" ? json(s.bank_ms) : json());
  json c = {{"move_ms", spec_.move_ms}, {"bank_ms", banks}, {"turn_left_ms", json()}};
  const Player p = state_->current_player();
  if (started_ && !done_ && p >= 0 && turn_seq_ == static_cast<int>(history_.size()) &&
      !bot_plays(seats_[static_cast<size_t>(p)])) {
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - turn_start_).count();
    c["turn_left_ms"] =
        std::max<std::int64_t>(0, spec_.move_ms + seats_[static_cast<size_t>(p)].bank_ms - elapsed);
  }
  return c;
}

json Table::public_json() const {
  json clock =
      spec_.has_clock ? json{{"move_ms", spec_.move_ms}, {"bank_ms", spec_.bank_ms}} : json();
  return {{"table", id_},
          {"game", spec_.game},
          {"players", spec_.players},
          {"status", status()},
          {"seq", history_.size()},
          {"visibility", spec_.visibility},
          {"options", spec_.options},
          {"clock", clock},
          {"absent_ms", spec_.absent_ms},
          {"takeover_agent", spec_.takeover_agent},
          {"seats", seats_json()}};
}

void Table::update_summary() {
  json s = public_json();
  std::vector<int> open;
  for (size_t i = 0; i < seats_.size(); ++i)
    if (!started_ && seats_[i].kind == "human" && !held(seats_[i]) && seats_[i].reason.empty())
      open.push_back(static_cast<int>(i));
  s["open_seats"] = open;
  std::lock_guard lock(summary_mu_);
  summary_ = std::move(s);
  listed_ = spec_.visibility == "open" && !done_;
}

json Table::summary() const {
  std::lock_guard lock(summary_mu_);
  return summary_;
}

void Table::send_view(Peer& peer, std::vector<std::shared_ptr<const json>>& views) {
  const int seq = static_cast<int>(history_.size());
  const Player viewer = peer.seat;
  const size_t vi = viewer >= 0 ? static_cast<size_t>(viewer) : views.size() - 1;
  if (!views[vi]) views[vi] = std::make_shared<const json>(state_->view_json(viewer));
  const Player p = state_->current_player();
  const bool playing = started_ && !done_;
  json choices = json::array();
  if (playing && viewer >= 0 && p == viewer && !bot_plays(seats_[static_cast<size_t>(viewer)]))
    choices = decision_options_json(*state_, viewer);
  json log = json::array();
  for (int k = std::max(peer.sent_seq, 0); k < seq; ++k) {
    const LogEntry& e = *log_[static_cast<size_t>(k)][vi];
    log.push_back({{"seq", k + 1}, {"text", e.text}, {"events", e.events}});
  }
  peer.sent_seq = seq;
  json result;
  if (done_) result = {{"returns", state_->returns()}, {"winners", state_->winners()}};
  json frame = {{"type", "view"},
                {"seq", seq},
                {"status", status()},
                {"to_move", playing && p >= 0 ? json(p) : json()},
                {"view", *views[vi]},
                {"choices", choices},
                {"log", log},
                {"seats", seats_json()},
                {"clock", clock_json()},
                {"result", result}};
  peer.send(std::make_shared<const std::string>(frame.dump()));
}

void Table::broadcast() {
  std::vector<std::shared_ptr<const json>> views(static_cast<size_t>(spec_.players) + 1);
  for (auto& p : peers_)
    if (p->attached) send_view(*p, views);
}

}  // namespace villainy::server
