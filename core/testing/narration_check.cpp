#include "narration_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

namespace villainy::testing {

namespace {

constexpr int kAppliedPerCall = 2;  // actions applied (on clones) per narration_difference call

std::string cut_long(std::string s) {
  if (s.size() > 2000) s = s.substr(0, 2000) + "…";
  return s;
}

std::string viewer_label(Player v) {
  return v == kSpectator ? std::string("the spectator") : fmt::format("seat {}", v);
}

std::string dump(const std::vector<Event>& es) {
  nlohmann::json j = nlohmann::json::array();
  for (const Event& e : es) j.push_back(e);
  return cut_long(j.dump());
}

// The first event that does not render (in any language) for `viewer`, or "".
std::string render_problems(const Catalogue& cat, const std::vector<Event>& es, Player viewer) {
  for (const Event& e : es)
    if (std::string p = render_problem(cat, e, viewer); !p.empty()) return p;
  return "";
}

// Missing translations of a catalogue, reported once per catalogue and process.
std::string catalogue_problem_once(const Catalogue& cat) {
  // Keyed by address and sizes: a later game's catalogue may reuse a freed one's address.
  static std::mutex mu;
  static std::set<std::tuple<const Catalogue*, size_t, size_t, size_t>> seen;
  size_t messages = 0;
  for (const auto& [lang, table] : cat.messages()) messages = messages * 31 + table.size();
  {
    std::lock_guard lock(mu);
    if (!seen.insert({&cat, messages, cat.messages().size(), cat.cards().size()}).second) return "";
  }
  const auto missing = cat.missing_translations();
  if (missing.empty()) return "";
  return fmt::format("the catalogue lacks {} translation(s), e.g. {}", missing.size(),
                     missing.front());
}

}  // namespace

std::string render_problem(const Catalogue& cat, const Event& e, Player viewer) {
  if (e.empty()) return "";
  for (const std::string& lang : languages()) {
    RenderContext ctx;
    ctx.lang = lang;
    ctx.viewer = viewer;
    // The catalogue renders a broken event as "[id]"; strict mode says why (on a copy, only then).
    if (!cat.has_message(e.id, lang))
      return fmt::format("event '{}' has no {} template", e.id, lang);
    if (cat.render(e, ctx) != "[" + e.id + "]") continue;
    Catalogue strict = cat;
    strict.set_strict(true);
    try {
      strict.render(e, ctx);
    } catch (const Error& err) {
      return fmt::format("event {} does not render: {}", cut_long(nlohmann::json(e).dump()),
                         err.what());
    }
  }
  return "";
}

std::string narration_difference(
    const State& a, const State& b, Player v, std::uint64_t seed,
    const std::function<std::string(const State&, const State&, Player)>& views_differ) {
  if (!a.narrates() || a.is_terminal()) return "";
  const Catalogue& cat = a.game().catalogue();
  if (std::string p = catalogue_problem_once(cat); !p.empty()) return p;
  std::vector<Action> la, lb, common;
  a.legal_actions(la);
  b.legal_actions(lb);
  std::set_intersection(la.begin(), la.end(), lb.begin(), lb.end(), std::back_inserter(common));
  if (common.empty()) return "";
  // The effect of `x` shows the states apart to v: then the events may say so.
  auto shows_apart = [&](Action x) {
    auto a2 = a.clone(), b2 = b.clone();
    a2->apply(x);
    b2->apply(x);
    return !views_differ(*a2, *b2, v).empty();
  };
  // The action's own event (also the choice label when v decides), for every common action.
  for (Action x : common) {
    const Event ea = a.action_event(x, v), eb = b.action_event(x, v);
    for (const Event* e : {&ea, &eb})
      if (std::string p = render_problem(cat, *e, v); !p.empty())
        return fmt::format("'{}' for {}: {}", a.game().action_name(x), viewer_label(v), p);
    if (ea == eb || shows_apart(x)) continue;
    return fmt::format("the event of '{}' for {} depends on what it cannot see: {} vs {}",
                       a.game().action_name(x), viewer_label(v),
                       cut_long(nlohmann::json(ea).dump()), cut_long(nlohmann::json(eb).dump()));
  }
  // What applying a few of them narrates.
  Rng rng(seed ^ 0x6e61727261746eULL);
  for (int k = 0; k < kAppliedPerCall && k < static_cast<int>(common.size()); ++k) {
    const Action x = common[rng.below(static_cast<std::uint32_t>(common.size()))];
    auto a2 = a.clone(), b2 = b.clone();
    const std::vector<Event> ea = a2->apply_narrated(x, v), eb = b2->apply_narrated(x, v);
    if (std::string p = render_problems(cat, ea, v); !p.empty())
      return fmt::format("after '{}', for {}: {}", a.game().action_name(x), viewer_label(v), p);
    if (std::string p = render_problems(cat, eb, v); !p.empty())
      return fmt::format("after '{}', for {}: {}", a.game().action_name(x), viewer_label(v), p);
    if (ea == eb || !views_differ(*a2, *b2, v).empty()) continue;
    return fmt::format("what '{}' narrates to {} depends on what it cannot see: {} vs {}",
                       a.game().action_name(x), viewer_label(v), dump(ea), dump(eb));
  }
  // Two actions described alike to v (a card played face down, whichever it is) are told alike:
  // their events, and what applying them narrates, are equal unless v's views afterwards differ.
  // One random pair per call.
  if (a.current_player() == v) return "";  // the one who decides knows what it chose
  std::map<std::string, std::vector<Action>> alike;
  for (Action x : la) alike[a.describe_action(x, v)].push_back(x);
  std::vector<const std::vector<Action>*> groups;
  for (const auto& [text, xs] : alike)
    if (xs.size() >= 2) groups.push_back(&xs);
  if (groups.empty()) return "";
  const auto& g = *groups[rng.below(static_cast<std::uint32_t>(groups.size()))];
  const Action x = g[rng.below(static_cast<std::uint32_t>(g.size()))];
  Action y = g[rng.below(static_cast<std::uint32_t>(g.size() - 1))];
  if (y == x) y = g.back();
  auto ax = a.clone(), ay = a.clone();
  std::vector<Event> ex = ax->apply_narrated(x, v), ey = ay->apply_narrated(y, v);
  if (ex == ey || !views_differ(*ax, *ay, v).empty()) return "";
  return fmt::format("'{}' and '{}' look alike to {} ('{}') but are told apart: {} vs {}",
                     a.game().action_name(x), a.game().action_name(y), viewer_label(v),
                     cut_long(a.describe_action(x, v)), dump(ex), dump(ey));
}

NarrationReport check_narration_games(const std::shared_ptr<const Game>& game, int games,
                                      std::uint64_t seed) {
  NarrationReport r;
  const Catalogue& cat = game->catalogue();
  for (const auto& m : cat.missing_translations()) {
    if (r.problems.size() >= 20) break;
    r.problems.push_back(m);
  }
  std::vector<Player> viewers;
  for (Player p = 0; p < game->num_players(); ++p) viewers.push_back(p);
  viewers.push_back(kSpectator);
  std::set<std::string> ids;
  std::vector<Action> legal;
  for (int g = 0; g < games; ++g) {
    ++r.games;
    Rng rng(derive_seed(seed, static_cast<std::uint64_t>(g)));
    auto s = game->new_initial_state();
    for (int step = 0; !s->is_terminal(); ++step) {
      Action a;
      if (s->is_chance()) {
        a = s->sample_chance(rng);
      } else {
        s->legal_actions(legal);
        // Every choice offered renders too (it is the label the person reads).
        const Player p = s->current_player();
        for (Action x : legal) {
          const Event e = s->action_event(x, p);
          RenderContext ctx;
          ctx.viewer = p;
          ctx.choice = true;
          for (const std::string& lang : languages()) {
            ctx.lang = lang;
            if (!e.empty() && cat.render(e, ctx) == "[" + e.id + "]" && r.problems.size() < 20)
              r.problems.push_back(fmt::format(
                  "game {} step {}: the choice '{}' does not render "
                  "in {}: {}",
                  g, step, game->action_name(x), lang, cut_long(nlohmann::json(e).dump())));
          }
        }
        a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      }
      const std::string name = game->action_name(a);
      const auto events = s->apply_narrated(a, viewers);
      ++r.steps;
      for (size_t i = 0; i < viewers.size(); ++i) {
        for (const Event& e : events[i]) {
          ++r.events;
          ids.insert(e.id);
          if (std::string p = render_problem(cat, e, viewers[i]);
              !p.empty() && r.problems.size() < 20)
            r.problems.push_back(fmt::format("game {} step {} ('{}'), for {}: {}", g, step, name,
                                             viewer_label(viewers[i]), p));
        }
      }
      if (step > game->max_game_length()) {
        r.problems.push_back(fmt::format("game {}: longer than max_game_length", g));
        break;
      }
    }
  }
  r.ids.assign(ids.begin(), ids.end());
  return r;
}

}  // namespace villainy::testing
