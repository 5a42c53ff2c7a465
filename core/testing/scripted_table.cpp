#include "scripted_table.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "villainy/core/registry.h"

namespace villainy::testing {
namespace {

std::string seat_name(Player p) {
  if (p == kChancePlayer) return "chance";
  if (p == kTerminalPlayer) return "nobody (the game is over)";
  return fmt::format("seat {}", p);
}

// Names sharing the part before ':' (or the first 3 letters) with `name`, for "did you mean".
std::vector<std::string> similar(const Game& g, std::string_view name) {
  const auto colon = name.find(':');
  const std::string_view stem =
      colon != std::string_view::npos ? name.substr(0, colon + 1) : name.substr(0, 3);
  std::vector<std::string> out;
  for (Action a = 0; a < g.num_distinct_actions() && out.size() < 12; ++a) {
    std::string n = g.action_name(a);
    if (!stem.empty() && n.starts_with(stem)) out.push_back(std::move(n));
  }
  return out;
}

}  // namespace

ScriptedTable::ScriptedTable(const std::string& game, int num_players,
                             const std::map<std::string, std::string>& options)
    : ScriptedTable(load_game(game, options, num_players)) {}

ScriptedTable::ScriptedTable(std::shared_ptr<const Game> game)
    : game_(std::move(game)), state_(game_->new_initial_state()) {}

Action ScriptedTable::id(std::string_view name) const {
  if (auto a = game_->action_from_name(name)) return *a;
  const auto near = similar(*game_, name);
  throw ScriptError(fmt::format(
      "{}: no action named '{}'{}", game_->name(), name,
      near.empty() ? std::string() : fmt::format("; similar: {}", fmt::join(near, ", "))));
}

std::string ScriptedTable::where() const {
  const std::size_t n = history_.size();
  const std::size_t from = n > 8 ? n - 8 : 0;
  std::vector<std::string> last(history_.begin() + static_cast<std::ptrdiff_t>(from),
                                history_.end());
  return fmt::format("after step {} (last: {}), {} to move", n,
                     last.empty() ? std::string("none") : fmt::format("{}", fmt::join(last, ", ")),
                     seat_name(to_move()));
}

std::vector<std::string> ScriptedTable::legal_names() const {
  std::vector<std::string> out;
  for (Action a : state_->legal_actions()) out.push_back(name(a));
  return out;
}

std::set<std::string> ScriptedTable::legal_set() const {
  const auto v = legal_names();
  return {v.begin(), v.end()};
}

void ScriptedTable::take(std::string_view action, Action a) {
  if (!state_->is_legal(a)) {
    auto l = legal_names();
    if (l.size() > 30) {
      l.resize(30);
      l.push_back("…");
    }
    throw ScriptError(fmt::format("step {}: '{}' is not legal {}; legal: {}", history_.size() + 1,
                                  action, where(), fmt::join(l, ", ")));
  }
  state_->apply(a);
  history_.emplace_back(action);
}

ScriptedTable& ScriptedTable::play(std::string_view action) {
  const Action a = id(action);
  if (state_->is_chance() || state_->is_terminal())
    throw ScriptError(fmt::format("step {}: play('{}') but no seat decides: {}",
                                  history_.size() + 1, action, where()));
  take(action, a);
  return *this;
}

ScriptedTable& ScriptedTable::force(std::string_view outcome) {
  const Action a = id(outcome);
  if (!state_->is_chance())
    throw ScriptError(fmt::format("step {}: force('{}') but chance does not decide: {}",
                                  history_.size() + 1, outcome, where()));
  take(outcome, a);
  return *this;
}

ScriptedTable& ScriptedTable::step(std::string_view action) {
  take(action, id(action));
  return *this;
}

ScriptedTable& ScriptedTable::steps(const std::vector<std::string>& actions) {
  for (const auto& a : actions) step(a);
  return *this;
}

int ScriptedTable::settle_chance(const std::vector<std::string>& preferred) {
  int forced = 0;
  std::vector<Action> legal;
  while (state_->is_chance()) {
    state_->legal_actions(legal);
    if (legal.empty()) throw ScriptError("a chance node without outcomes " + where());
    Action pick = legal.front();
    for (const auto& p : preferred) {
      const Action a = id(p);
      if (std::find(legal.begin(), legal.end(), a) != legal.end()) {
        pick = a;
        break;
      }
    }
    take(name(pick), pick);
    ++forced;
  }
  return forced;
}

::testing::AssertionResult ScriptedTable::expect_legal(std::string_view action) const {
  const Action a = id(action);
  if (state_->is_legal(a)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "'" << action << "' is not legal " << where()
         << "; legal: " << fmt::format("{}", fmt::join(legal_names(), ", "));
}

::testing::AssertionResult ScriptedTable::expect_illegal(std::string_view action) {
  const Action a = id(action);
  if (state_->is_legal(a))
    return ::testing::AssertionFailure() << "'" << action << "' is legal " << where();
  const std::uint64_t before = state_->fingerprint();
  std::vector<nlohmann::json> views;
  for (Player p = 0; p < num_players(); ++p) views.push_back(view(p));
  views.push_back(view(kSpectator));
  try {
    state_->apply(a);
    return ::testing::AssertionFailure()
           << "applying the illegal '" << action << "' did not throw " << where();
  } catch (const Error&) {
    // expected: an illegal action is refused with villainy::Error
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure()
           << "applying the illegal '" << action
           << "' threw something other than villainy::Error: " << e.what();
  }
  if (state_->fingerprint() != before)
    return ::testing::AssertionFailure()
           << "the refused '" << action << "' changed the state's fingerprint " << where();
  for (Player p = 0; p < num_players(); ++p)
    if (view(p) != views[static_cast<std::size_t>(p)])
      return ::testing::AssertionFailure()
             << "the refused '" << action << "' changed seat " << p << "'s view " << where();
  if (view(kSpectator) != views.back())
    return ::testing::AssertionFailure()
           << "the refused '" << action << "' changed the spectator's view " << where();
  return ::testing::AssertionSuccess();
}

}  // namespace villainy::testing
