#include "villainy/core/options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "villainy/core/json_input.h"

namespace villainy {

Options Options::parse(const std::vector<OptionSpec>& specs,
                       const std::map<std::string, std::string>& given, OptionSource source,
                       const std::map<std::string, std::string>& contents) {
  Options o;
  for (const auto& s : specs) o.values_[s.name] = s.default_value;
  const auto find = [&](const std::string& name) {
    return std::find_if(specs.begin(), specs.end(), [&](const auto& s) { return s.name == name; });
  };
  for (const auto& [name, value] : given) {
    auto it = find(name);
    if (it == specs.end()) {
      std::vector<std::string> names;
      for (const auto& s : specs) names.push_back(s.name);
      throw Error(fmt::format(
          "unknown option '{}'; the options are: {}", cut_for_message(name),
          names.empty() ? std::string("(none)") : fmt::format("{}", fmt::join(names, ", "))));
    }
    const bool built_in =
        std::find(it->allowed.begin(), it->allowed.end(), value) != it->allowed.end();
    if (it->kind == OptionKind::kPath && !built_in) {
      if (value.empty()) throw Error(fmt::format("option '{}' needs a value", name));
      auto c = contents.find(name);
      if (c != contents.end()) {
        if (c->second.size() > it->max_file_bytes)
          throw Error(fmt::format("option '{}': its data is larger than {} bytes", name,
                                  it->max_file_bytes));
        o.contents_[name] = c->second;
      } else if (source == OptionSource::kLocalUser) {
        try {
          o.contents_[name] = read_text_file(value, it->max_file_bytes);
        } catch (const Error& e) {
          throw Error(fmt::format("option '{}': {}", name, e.what()));
        }
      } else {
        throw Error(fmt::format(
            "option '{}' cannot be '{}' here: only a local user's command line may name a file "
            "(built-in values: {})",
            name, cut_for_message(value), fmt::join(it->allowed, ", ")));
      }
      o.values_[name] = value;
      continue;
    }
    if (!it->allowed.empty() && !built_in) {
      throw Error(fmt::format("option '{}' cannot be '{}'; allowed values: {}", name,
                              cut_for_message(value), fmt::join(it->allowed, ", ")));
    }
    if (it->allowed.empty() && value.empty())
      throw Error(fmt::format("option '{}' needs a value", name));
    o.values_[name] = value;
  }
  for (const auto& [name, text] : contents) {
    auto it = find(name);
    if (it == specs.end() || it->kind != OptionKind::kPath || !o.contents_.count(name))
      throw Error(fmt::format("data given for option '{}', which names no data file",
                              cut_for_message(name)));
  }
  return o;
}

std::map<std::string, std::string> Options::parse_assignments(const std::vector<std::string>& kv) {
  std::map<std::string, std::string> out;
  for (const auto& s : kv) {
    auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(fmt::format("option '{}' must be written NAME=VALUE", cut_for_message(s)));
    out[s.substr(0, eq)] = s.substr(eq + 1);
  }
  return out;
}

const std::string& Options::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw Error(fmt::format("no option named '{}'", name));
  return it->second;
}

const std::string* Options::content(const std::string& name) const {
  auto it = contents_.find(name);
  return it == contents_.end() ? nullptr : &it->second;
}

}  // namespace villainy
