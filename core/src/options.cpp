#include "villainy/core/options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace villainy {

Options Options::parse(const std::vector<OptionSpec>& specs,
                       const std::map<std::string, std::string>& given) {
  Options o;
  for (const auto& s : specs) o.values_[s.name] = s.default_value;
  for (const auto& [name, value] : given) {
    auto it =
        std::find_if(specs.begin(), specs.end(), [&](const auto& s) { return s.name == name; });
    if (it == specs.end()) {
      std::vector<std::string> names;
      for (const auto& s : specs) names.push_back(s.name);
      throw Error(fmt::format(
          "unknown option '{}'; the options are: {}", name,
          names.empty() ? std::string("(none)") : fmt::format("{}", fmt::join(names, ", "))));
    }
    if (!it->allowed.empty() &&
        std::find(it->allowed.begin(), it->allowed.end(), value) == it->allowed.end()) {
      throw Error(fmt::format("option '{}' cannot be '{}'; allowed values: {}", name, value,
                              fmt::join(it->allowed, ", ")));
    }
    if (it->allowed.empty() && value.empty())
      throw Error(fmt::format("option '{}' needs a value", name));
    o.values_[name] = value;
  }
  return o;
}

std::map<std::string, std::string> Options::parse_assignments(const std::vector<std::string>& kv) {
  std::map<std::string, std::string> out;
  for (const auto& s : kv) {
    auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(fmt::format("option '{}' must be written NAME=VALUE", s));
    out[s.substr(0, eq)] = s.substr(eq + 1);
  }
  return out;
}

const std::string& Options::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw Error(fmt::format("no option named '{}'", name));
  return it->second;
}

}  // namespace villainy
