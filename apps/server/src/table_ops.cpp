// A table's creation, restoration and stored form, and its HTTP operations (join, leave,
// replace, replay). The operations run on the table's strand: two people racing for one seat
// are served one after the other.
#include <fmt/format.h>

#include <boost/asio/post.hpp>

#include "villainy/core/registry.h"
#include "villainy/server/table.h"
#include "villainy/server/token.h"

namespace villainy::server {

using nlohmann::json;

std::shared_ptr<Table> Table::create(const TableEnv& env, const std::string& id,
                                     const TableSpec& spec, std::uint64_t seed,
                                     const std::string& creator) {
  auto t = std::make_shared<Table>(env, id, spec, seed, creator);
  for (int i = 0; i < spec.players; ++i) {
    Seat s;
    s.kind = spec.seats[static_cast<size_t>(i)].kind;
    s.agent = spec.seats[static_cast<size_t>(i)].agent;
    if (s.kind == "human") {
      s.invite = random_token(32);
      s.name = fmt::format("Seat {}", i);
      s.bank_ms = spec.bank_ms;
    }
    t->seats_.push_back(std::move(s));
  }
  t->update_summary();
  return t;
}

std::shared_ptr<Table> Table::restore(const TableEnv& env, const StoredTable& st) {
  const json& c = st.config;
  auto t = std::make_shared<Table>(env, st.id, TableSpec::from_json(c.at("spec")),
                                   c.at("seed").get<std::uint64_t>(),
                                   c.at("creator").get<std::string>());
  t->load_seats(st.seats);
  int step = 0;
  for (const auto& name : st.actions) {
    ++step;
    auto a = t->game_->action_from_name(name);
    if (!a || !t->state_->is_legal(*a))
      throw Error(fmt::format("table {}: stored action {} '{}' is not legal", st.id, step, name));
    t->record_action(*a);
  }
  t->started_ = st.status != "waiting";
  t->started_flag_ = t->started_;
  t->created_ms_ = c.value("created_ms", t->created_ms_);
  t->done_ = st.status == "finished";
  t->finished_ = t->done_;
  t->update_summary();
  return t;
}

json Table::stored_config() const {
  return {{"spec", spec_.to_json()},
          {"seed", seed_},
          {"creator", creator_},
          {"created_ms", created_ms_}};
}

json Table::stored_seats() const {
  json out = json::array();
  for (const auto& s : seats_)
    out.push_back({{"kind", s.kind},
                   {"agent", s.agent},
                   {"name", s.name},
                   {"credential", s.credential},
                   {"active", s.active},
                   {"invite", s.invite},
                   {"reason", s.reason},
                   {"bank_ms", s.bank_ms}});
  return out;
}

void Table::load_seats(const json& seats) {
  seats_.clear();
  for (const auto& j : seats) {
    Seat s;
    s.kind = j.at("kind").get<std::string>();
    s.agent = j.at("agent").get<std::string>();
    s.name = j.at("name").get<std::string>();
    s.credential = j.at("credential").get<std::string>();
    s.active = j.at("active").get<bool>();
    s.invite = j.at("invite").get<std::string>();
    s.reason = j.at("reason").get<std::string>();
    s.bank_ms = j.at("bank_ms").get<std::int64_t>();
    seats_.push_back(std::move(s));
  }
  if (static_cast<int>(seats_.size()) != spec_.players)
    throw Error(fmt::format("table {}: stored seats do not match the player count", id_));
}

void Table::save_seats() {
  env_.store->save_seats(id_, stored_seats());
}

int Table::seat_by_credential(const std::string& credential, bool active_only) const {
  if (!is_hex_token(credential, 64)) return -1;
  for (size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    if (!s.credential.empty() && tokens_equal(s.credential, credential) &&
        (s.active || !active_only))
      return static_cast<int>(i);
  }
  return -1;
}

namespace {
json err(const std::string& code, const std::string& msg) {
  return {{"protocol", kProtocolVersion}, {"error", {{"code", code}, {"message", msg}}}};
}

// A display name: 1–24 characters (code points), none that hide or reorder text.
std::string name_problem(const std::string& s) {
  if (s.size() > 96) return "1 to 24 characters";
  return user_text_problem(s, 1, 24);
}
}  // namespace

void Table::join(json body, Reply reply) {
  boost::asio::post(strand_, [self = shared_from_this(), body = std::move(body),
                              reply = std::move(reply)] {
    try {
      check_fields(body, {"invite", "seat", "name"}, "join");
    } catch (const ApiError& e) {
      return reply(e.status, err(e.code, e.what()));
    }
    std::string name;
    if (body.contains("name")) {
      if (!body["name"].is_string())
        return reply(400, err("bad_field", "join.name: must be a string"));
      const std::string why = name_problem(body["name"].get<std::string>());
      if (!why.empty())
        return reply(400, err("bad_field", "join.name: " + why +
                                               " (1 to 24 characters; no control, bidirectional "
                                               "or invisible characters)"));
      name = body["name"].get<std::string>();
    }
    if (self->started_ || self->done_)
      return reply(409, err("no_open_seat", "the game has started; seats are joined before it"));
    int seat = -1;
    if (body.contains("invite")) {
      if (body.contains("seat"))
        return reply(400, err("bad_field", "join: give either invite or seat, not both"));
      const json& inv = body["invite"];
      if (inv.is_string())
        for (size_t i = 0; i < self->seats_.size(); ++i)
          if (is_hex_token(inv.get<std::string>(), 64) && !self->seats_[i].invite.empty() &&
              tokens_equal(self->seats_[i].invite, inv.get<std::string>()))
            seat = static_cast<int>(i);
      if (seat < 0) return reply(403, err("bad_invitation", "join.invite: no such invitation"));
      const Seat& s = self->seats_[static_cast<size_t>(seat)];
      if (self->held(s) || !s.reason.empty())
        return reply(409, err("seat_taken", fmt::format("seat {} is already taken", seat)));
    } else {
      if (self->spec_.visibility != "open")
        return reply(403, err("private_table", "this table is joined by invitation only"));
      if (body.contains("seat")) {
        const json& sj = body["seat"];
        if (!sj.is_number_integer() || sj.get<std::int64_t>() < 0 ||
            sj.get<std::int64_t>() >= self->spec_.players)
          return reply(400, err("bad_field", fmt::format("join.seat: an integer from 0 to {}",
                                                         self->spec_.players - 1)));
        seat = sj.get<int>();
        const Seat& s = self->seats_[static_cast<size_t>(seat)];
        if (s.kind != "human")
          return reply(409, err("seat_taken", fmt::format("seat {} is a bot seat", seat)));
        if (self->held(s) || !s.reason.empty())
          return reply(409, err("seat_taken", fmt::format("seat {} is already taken", seat)));
      } else {
        for (size_t i = 0; i < self->seats_.size() && seat < 0; ++i) {
          const Seat& s = self->seats_[i];
          if (s.kind == "human" && !self->held(s) && s.reason.empty()) seat = static_cast<int>(i);
        }
        if (seat < 0) return reply(409, err("no_open_seat", "every human seat is taken"));
      }
    }
    Seat& s = self->seats_[static_cast<size_t>(seat)];
    const std::string old_name = s.name;
    s.credential = random_token(32);
    s.active = true;
    if (!name.empty()) s.name = name;
    try {
      self->save_seats();
    } catch (const std::exception&) {
      s.credential.clear();
      s.active = false;
      s.name = old_name;
      return reply(500, err("server_error", "the seat could not be stored; nothing changed"));
    }
    json ok = {{"protocol", kProtocolVersion},
               {"table", self->id_},
               {"seat", seat},
               {"credential", s.credential}};
    self->maybe_start();
    self->changed();
    reply(200, ok);
  });
}

void Table::leave(json body, Reply reply) {
  boost::asio::post(
      strand_, [self = shared_from_this(), body = std::move(body), reply = std::move(reply)] {
        try {
          check_fields(body, {"credential"}, "leave");
        } catch (const ApiError& e) {
          return reply(e.status, err(e.code, e.what()));
        }
        if (!body.contains("credential") || !body["credential"].is_string())
          return reply(400, err("missing_field", "leave: 'credential' (a string) is required"));
        const int seat = self->seat_by_credential(body["credential"].get<std::string>(), true);
        if (seat < 0)
          return reply(403, err("bad_credential", "leave.credential holds no seat at this table"));
        if (self->done_) return reply(409, err("game_over", "the game is over"));
        Seat& s = self->seats_[static_cast<size_t>(seat)];
        if (!self->started_) {
          s.credential.clear();
          s.active = false;
          s.name = fmt::format("Seat {}", seat);
        } else {
          s.active = false;
          s.reason = "left";
          self->bot_gen_++;
        }
        self->save_seats();
        self->drop_seat_peers(seat, "the seat was given up (leave)");
        self->changed();
        reply(200, {{"protocol", kProtocolVersion}, {"ok", true}});
      });
}

void Table::replace(json body, Reply reply) {
  boost::asio::post(strand_, [self = shared_from_this(), body = std::move(body),
                              reply = std::move(reply)] {
    std::string agent;
    int seat = -1;
    try {
      check_fields(body, {"creator", "seat", "agent"}, "replace");
      if (!body.contains("creator") || !body["creator"].is_string() ||
          !is_hex_token(body["creator"].get<std::string>(), 64) ||
          !tokens_equal(body["creator"].get<std::string>(), self->creator_))
        return reply(403, err("not_creator", "replace.creator is not this table's creator token"));
      if (!body.contains("seat") || !body["seat"].is_number_integer() ||
          body["seat"].get<std::int64_t>() < 0 ||
          body["seat"].get<std::int64_t>() >= self->spec_.players)
        return reply(400, err("bad_field", fmt::format("replace.seat: an integer from 0 to {}",
                                                       self->spec_.players - 1)));
      seat = body["seat"].get<int>();
      if (!body.contains("agent") || !body["agent"].is_string())
        return reply(400, err("missing_field", "replace: 'agent' (a string) is required"));
      agent = check_network_agent(body["agent"].get<std::string>(), *self->game_, "replace.agent");
    } catch (const ApiError& e) {
      return reply(e.status, err(e.code, e.what()));
    }
    if (self->done_) return reply(409, err("game_over", "the game is over"));
    Seat& s = self->seats_[static_cast<size_t>(seat)];
    s.agent = agent;
    if (s.kind == "human") {
      s.active = false;
      s.reason = "replaced";
      self->drop_seat_peers(seat, "the creator put a bot in this seat");
    }
    self->bot_gen_++;
    self->save_seats();
    self->maybe_start();
    self->changed();
    reply(200, {{"protocol", kProtocolVersion}, {"ok", true}});
  });
}

void Table::replay(json body, Reply reply) {
  boost::asio::post(strand_, [self = shared_from_this(), body = std::move(body),
                              reply = std::move(reply)] {
    try {
      check_fields(body, {"credential", "steps"}, "replay");
      if (body.contains("steps") && !body["steps"].is_boolean())
        return reply(400, err("bad_field", "replay.steps: must be true or false"));
    } catch (const ApiError& e) {
      return reply(e.status, err(e.code, e.what()));
    }
    Player viewer = kSpectator;
    if (body.contains("credential")) {
      if (!body["credential"].is_string())
        return reply(400, err("bad_field", "replay.credential: must be a string"));
      viewer = self->seat_by_credential(body["credential"].get<std::string>(), false);
      if (viewer < 0)
        return reply(403, err("bad_credential", "replay.credential held no seat at this table"));
    }
    if (!self->done_) return reply(409, err("not_finished", "the game is still running"));
    const size_t vi =
        viewer >= 0 ? static_cast<size_t>(viewer) : static_cast<size_t>(self->spec_.players);
    json log = json::array();
    for (size_t k = 0; k < self->log_.size(); ++k) {
      const LogEntry& e = *self->log_[k][vi];
      log.push_back({{"seq", k + 1}, {"text", e.text}, {"events", e.events}});
    }
    json out = {
        {"protocol", kProtocolVersion},
        {"table", self->id_},
        {"game", self->spec_.game},
        {"players", self->spec_.players},
        {"viewer", viewer >= 0 ? json(viewer) : json()},
        {"seq", self->history_.size()},
        {"log", log},
        {"view", self->state_->view_json(viewer)},
        {"result", {{"returns", self->state_->returns()}, {"winners", self->state_->winners()}}}};
    if (body.value("steps", false)) {
      // The viewer's view after each step, as it was sent live (a view equal to the one before
      // it is left out): the game replayed from the start, for this viewer only.
      json views = json::array();
      auto s = self->game_->new_initial_state();
      json last = s->view_json(viewer);
      views.push_back({{"seq", 0}, {"view", last}});
      for (size_t k = 0; k < self->history_.size(); ++k) {
        s->apply_unchecked(self->history_[k]);
        json v = s->view_json(viewer);
        if (v != last) views.push_back({{"seq", k + 1}, {"view", v}});
        last = std::move(v);
      }
      out["views"] = std::move(views);
    }
    reply(200, out);
  });
}

}  // namespace villainy::server
