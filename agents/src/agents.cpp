#include "villainy/agents/agents.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <deque>
#include <mutex>

#include "villainy/core/game.h"
#include "villainy/core/json_input.h"

namespace villainy {

AgentSpec AgentSpec::parse(const std::string& spec) {
  AgentSpec s;
  size_t pos = spec.find(':');
  s.name = spec.substr(0, pos);
  if (s.name.empty()) throw Error(fmt::format("agent '{}' has no name", cut_for_message(spec)));
  while (pos != std::string::npos) {
    size_t next = spec.find(':', pos + 1);
    std::string kv =
        spec.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1);
    size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(fmt::format("agent '{}': parameter '{}' must be KEY=VALUE", cut_for_message(spec),
                              cut_for_message(kv)));
    s.params[kv.substr(0, eq)] = kv.substr(eq + 1);
    pos = next;
  }
  return s;
}

int AgentSpec::get_int(const std::string& key, int def, int lo, int hi) const {
  auto it = params.find(key);
  if (it == params.end()) return def;
  return static_cast<int>(parse_int_in(
      it->second, lo, hi, fmt::format("agent '{}': parameter {}", cut_for_message(name), key)));
}

double AgentSpec::get_double(const std::string& key, double def, double lo, double hi) const {
  auto it = params.find(key);
  if (it == params.end()) return def;
  return parse_double_in(it->second, lo, hi,
                         fmt::format("agent '{}': parameter {}", cut_for_message(name), key));
}

std::string AgentSpec::get(const std::string& key, const std::string& def) const {
  auto it = params.find(key);
  return it == params.end() ? def : it->second;
}

void AgentSpec::check_only(const std::vector<std::string>& allowed) const {
  for (const auto& [k, v] : params)
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end())
      throw Error(fmt::format(
          "agent '{}' has no parameter '{}'; its parameters: {}", cut_for_message(name),
          cut_for_message(k),
          allowed.empty() ? std::string("(none)") : fmt::format("{}", fmt::join(allowed, ", "))));
}

namespace {
struct Entry {
  std::string name, game, description;
  AgentMaker maker;
};
// A deque: registering more agents never moves an entry (make_agent uses one unlocked).
std::deque<Entry>& entries() {
  static std::deque<Entry> e;
  return e;
}
std::mutex& mu() {
  static std::mutex m;
  return m;
}
}  // namespace

void register_agent(const std::string& name, const std::string& game, AgentMaker maker,
                    const std::string& description) {
  std::lock_guard lock(mu());
  for (auto& e : entries())
    if (e.name == name && e.game == game) return;
  entries().push_back({name, game, description, std::move(maker)});
}

std::unique_ptr<Agent> make_agent(const std::string& spec_text, const Game& game) {
  AgentSpec spec = AgentSpec::parse(spec_text);
  const Entry* found = nullptr;
  {
    std::lock_guard lock(mu());
    for (auto& e : entries())
      if (e.name == spec.name && (e.game.empty() || e.game == game.name())) found = &e;
  }
  if (!found) {
    std::vector<std::string> names;
    for (auto& [n, d] : available_agents(game.name())) names.push_back(n);
    throw Error(fmt::format("unknown agent '{}' for {}; the agents are: {}",
                            cut_for_message(spec.name), game.name(), fmt::join(names, ", ")));
  }
  return found->maker(spec, game);
}

std::vector<std::pair<std::string, std::string>> available_agents(const std::string& game) {
  std::lock_guard lock(mu());
  std::vector<std::pair<std::string, std::string>> out;
  for (auto& e : entries())
    if (e.game.empty() || e.game == game) out.emplace_back(e.name, e.description);
  return out;
}

}  // namespace villainy
