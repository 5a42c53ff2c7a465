#include "villainy/netclient/audit.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "villainy/core/game.h"
#include "villainy/core/registry.h"

namespace villainy::net {

void json_tokens(const nlohmann::json& j, std::vector<std::string>& out) {
  if (j.is_string()) {
    out.push_back(j.get<std::string>());
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      out.push_back(it.key());
      json_tokens(it.value(), out);
    }
  } else if (j.is_array()) {
    for (const auto& e : j) json_tokens(e, out);
  }
}

namespace {

constexpr long kNever = std::numeric_limits<long>::max();

std::size_t hash_json(const nlohmann::json& j) {
  return std::hash<std::string>{}(j.dump());
}

// A token worth searching for inside longer texts: a key-like name, not a plain word.
bool key_like(const std::string& t) {
  return t.size() >= 5 && t.find_first_of("-.:") != std::string::npos &&
         t.find(' ') == std::string::npos;
}

// What the engine says each viewer may know, step by step, for one finished game.
struct Timeline {
  int n = 0;
  long length = 0;  // number of actions
  // Per viewer index (seats 0..n-1, spectator n):
  std::vector<std::vector<std::size_t>> view_hash;                 // [v][t], t = 0..length
  std::vector<std::vector<std::size_t>> options_hash;              // [v][t]
  std::vector<std::vector<std::string>> describe;                  // [v][t], t = 0..length-1
  std::vector<std::unordered_map<std::string, long>> first_known;  // token -> first step known
  std::unordered_set<std::string> universe;  // every viewer's tokens and every action name
  std::vector<std::string> key_like_tokens;  // the key-like members of the universe

  long known_at(int v, const std::string& tok) const {
    auto it = first_known[static_cast<size_t>(v)].find(tok);
    return it == first_known[static_cast<size_t>(v)].end() ? kNever : it->second;
  }
  void learn(int v, const std::string& tok, long t) {
    auto& m = first_known[static_cast<size_t>(v)];
    auto it = m.find(tok);
    if (it == m.end())
      m.emplace(tok, t);
    else if (t < it->second)
      it->second = t;
  }
};

Timeline build_timeline(const Record& r) {
  ReplayResult rep = replay_record(r);
  Timeline tl;
  tl.n = rep.game->num_players();
  tl.length = static_cast<long>(rep.actions.size());
  const int nv = tl.n + 1;
  tl.view_hash.resize(static_cast<size_t>(nv));
  tl.options_hash.resize(static_cast<size_t>(nv));
  tl.describe.resize(static_cast<size_t>(nv));
  tl.first_known.resize(static_cast<size_t>(nv));
  auto player_of = [&](int v) { return v == tl.n ? kSpectator : static_cast<Player>(v); };
  auto state = rep.game->new_initial_state();
  std::vector<Player> viewers;
  for (int v = 0; v < nv; ++v) viewers.push_back(player_of(v));
  std::vector<std::string> toks;
  for (long t = 0;; ++t) {
    for (int v = 0; v < nv; ++v) {
      const nlohmann::json view = state->view_json(player_of(v));
      tl.view_hash[static_cast<size_t>(v)].push_back(hash_json(view));
      toks.clear();
      json_tokens(view, toks);
      for (auto& s : toks) {
        tl.learn(v, s, t);
        if (!tl.universe.count(s)) tl.universe.insert(s);
      }
      const nlohmann::json opts = decision_options_json(*state, player_of(v));
      tl.options_hash[static_cast<size_t>(v)].push_back(hash_json(opts));
      toks.clear();
      json_tokens(opts, toks);
      for (auto& s : toks) tl.learn(v, s, t);
    }
    if (t == tl.length) break;
    const Action a = rep.actions[static_cast<size_t>(t)];
    const Player actor = state->current_player();
    bool same_for_all = true;
    for (int v = 0; v < nv; ++v) {
      tl.describe[static_cast<size_t>(v)].push_back(state->describe_action(a, player_of(v)));
      if (tl.describe[static_cast<size_t>(v)].back() != tl.describe[0].back()) same_for_all = false;
    }
    const std::string name = rep.game->action_name(a);
    tl.universe.insert(name);
    const std::string& spectator_line = tl.describe[static_cast<size_t>(tl.n)].back();
    for (int v = 0; v < nv; ++v) {
      const bool told_more =
          actor == kChancePlayer && tl.describe[static_cast<size_t>(v)].back() != spectator_line;
      if (actor == player_of(v) || same_for_all || told_more) tl.learn(v, name, t + 1);
    }
    // What each viewer is told of the action (the events built for it, which the invariant
    // suite checks reveal nothing more): known to that viewer from the next step on.
    const auto told = state->apply_narrated(a, viewers);
    for (int v = 0; v < nv; ++v) {
      toks.clear();
      json_tokens(nlohmann::json(told[static_cast<size_t>(v)]), toks);
      for (auto& s : toks) tl.learn(v, s, t + 1);
    }
  }
  for (const auto& s : tl.universe)
    if (key_like(s)) tl.key_like_tokens.push_back(s);
  std::sort(tl.key_like_tokens.begin(), tl.key_like_tokens.end());
  return tl;
}

// Scans `j` (skipping the subtree `skip`) for tokens viewer v does not know at step t.
struct ScanSkip {
  std::vector<const nlohmann::json*> subtrees;  // checked exactly already (view, choices)
  std::unordered_set<std::string> texts;        // log lines checked exactly already
};

void scan(const Timeline& tl, int v, long t, const nlohmann::json& j, const ScanSkip& skip,
          const std::string& where, std::vector<std::string>& found) {
  if (std::find(skip.subtrees.begin(), skip.subtrees.end(), &j) != skip.subtrees.end()) return;
  auto check = [&](const std::string& s, const char* kind) {
    if (skip.texts.count(s)) return;
    if (tl.known_at(v, s) <= t) return;  // a string the viewer knows (a token, a public fact)
    if (tl.universe.count(s)) {
      found.push_back(
          fmt::format("{} '{}' at {} is not known to this viewer at step {}", kind, s, where, t));
      return;
    }
    if (s.size() > 5)
      for (const auto& k : tl.key_like_tokens)
        if (k.size() < s.size() && s.find(k) != std::string::npos && tl.known_at(v, k) > t)
          found.push_back(fmt::format("{} at {} contains '{}', not known to this viewer at step {}",
                                      kind, where, k, t));
  };
  if (j.is_string()) {
    check(j.get<std::string>(), "string");
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      check(it.key(), "key");
      scan(tl, v, t, it.value(), skip, where + "." + it.key(), found);
    }
  } else if (j.is_array()) {
    size_t i = 0;
    for (const auto& e : j) scan(tl, v, t, e, skip, fmt::format("{}[{}]", where, i++), found);
  }
}

}  // namespace

TableAudit audit_table(const Record& full, const std::vector<Transcript>& transcripts,
                       const AuditProtocol& protocol, bool require_final) {
  TableAudit out;
  Timeline tl = build_timeline(full);
  // Public table facts: the options and the seats' agents, known to everyone from the start.
  std::vector<std::string> pub;
  for (const auto& [k, val] : full.options) {
    pub.push_back(k);
    pub.push_back(val);
  }
  pub.insert(pub.end(), full.seats.begin(), full.seats.end());
  pub.insert(pub.end(), protocol.vocabulary.begin(), protocol.vocabulary.end());
  for (int v = 0; v <= tl.n; ++v)
    for (const auto& s : pub) tl.learn(v, s, 0);
  for (const Transcript& tr : transcripts) {
    const int v = tr.viewer == kSpectator ? tl.n : tr.viewer;
    const std::string who =
        tr.viewer == kSpectator ? std::string("spectator") : fmt::format("seat {}", tr.viewer);
    if (v < 0 || v > tl.n) {
      out.leaks.push_back({tr.viewer, 0, fmt::format("{}: no such viewer", who)});
      continue;
    }
    const auto& vh = tl.view_hash[static_cast<size_t>(v)];
    long cur = 0;  // the step of the latest matched view
    bool final_seen = false;
    auto leak = [&](size_t i, std::string what) {
      out.leaks.push_back({tr.viewer, i, fmt::format("{}, frame {}: {}", who, i, what)});
    };
    for (size_t i = 0; i < tr.frames.size(); ++i) {
      ++out.messages;
      nlohmann::json frame;
      try {
        frame = nlohmann::json::parse(tr.frames[i]);
      } catch (const nlohmann::json::exception&) {
        leak(i, "not JSON");
        continue;
      }
      DecodedFrame d;
      try {
        d = protocol.decode(frame);
      } catch (const std::exception& e) {
        leak(i, fmt::format("cannot be decoded: {}", e.what()));
        continue;
      }
      if (d.view) {
        const std::size_t h = hash_json(*d.view);
        long at = -1;
        if (d.step) {
          if (*d.step >= 0 && *d.step <= tl.length && vh[static_cast<size_t>(*d.step)] == h)
            at = *d.step;
        } else {
          for (long t = cur; t <= tl.length; ++t)
            if (vh[static_cast<size_t>(t)] == h) {
              at = t;
              break;
            }
        }
        if (at < 0) {
          leak(i, d.step
                      ? fmt::format("the view is not view_json({}) after {} actions", who, *d.step)
                      : fmt::format("the view equals no view_json({}) from step {} on", who, cur));
        } else {
          if (at < cur)
            leak(i, fmt::format("the view of step {} comes after one of step {}", at, cur));
          cur = std::max(cur, at);
          ++out.views;
          final_seen = at == tl.length;
        }
      }
      const long t = d.step && *d.step >= 0 && *d.step <= tl.length ? *d.step : cur;
      ScanSkip skip;
      if (d.view) skip.subtrees.push_back(d.view);
      if (d.choices) {
        if (hash_json(*d.choices) !=
            tl.options_hash[static_cast<size_t>(v)][static_cast<size_t>(t)])
          leak(i, fmt::format("the choices are not decision_options_json({}) at step {}", who, t));
        else
          skip.subtrees.push_back(d.choices);
      }
      for (const auto& line : d.log) {
        const auto& desc = tl.describe[static_cast<size_t>(v)];
        if (line.step) {
          if (*line.step < 0 || *line.step >= tl.length ||
              desc[static_cast<size_t>(*line.step)] != line.text)
            leak(i, fmt::format("log line '{}' is not describe_action(action {}, {})", line.text,
                                *line.step, who));
          else if (*line.step >= std::max(t, cur) + 1)
            leak(i, fmt::format("log line of action {} arrives before the view of step {}",
                                *line.step, *line.step + 1));
          else
            skip.texts.insert(line.text);
        } else if (std::find(desc.begin(), desc.begin() + std::min<long>(tl.length, t + 1),
                             line.text) == desc.begin() + std::min<long>(tl.length, t + 1)) {
          leak(i, fmt::format("log line '{}' is no describe_action(…, {}) up to step {}", line.text,
                              who, t));
        } else {
          skip.texts.insert(line.text);
        }
      }
      std::vector<std::string> found;
      scan(tl, v, std::max(t, cur), frame, skip, "frame", found);
      for (auto& f : found) leak(i, f);
    }
    if (require_final && !final_seen)
      out.leaks.push_back({tr.viewer, tr.frames.size(),
                           fmt::format("{}: the last view is not the final one (step {} of {})",
                                       who, cur, tl.length)});
  }
  return out;
}

}  // namespace villainy::net
