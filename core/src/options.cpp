#include "villainy/core/options.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "villainy/core/json_input.h"

namespace villainy {

OptionSpec OptionSpec::choice(std::string name, std::string default_value,
                              std::vector<std::string> allowed, std::string description) {
  OptionSpec s;
  s.name = std::move(name);
  s.default_value = std::move(default_value);
  s.allowed = std::move(allowed);
  s.description = std::move(description);
  return s;
}

OptionSpec OptionSpec::boolean(std::string name, bool default_value, std::string description,
                               std::string true_word, std::string false_word) {
  OptionSpec s;
  s.name = std::move(name);
  s.default_value = default_value ? true_word : false_word;
  s.allowed = {std::move(true_word), std::move(false_word)};
  s.description = std::move(description);
  s.kind = OptionKind::kBool;
  return s;
}

OptionSpec OptionSpec::integer(std::string name, std::int64_t default_value, std::int64_t min_value,
                               std::int64_t max_value, std::string description) {
  OptionSpec s;
  s.name = std::move(name);
  s.default_value = std::to_string(default_value);
  s.description = std::move(description);
  s.kind = OptionKind::kInt;
  s.min_value = min_value;
  s.max_value = max_value;
  return s;
}

OptionSpec OptionSpec::path(std::string name, std::vector<std::string> built_in,
                            std::string description, std::size_t max_file_bytes) {
  OptionSpec s;
  s.name = std::move(name);
  s.default_value = built_in.empty() ? std::string() : built_in.front();
  s.allowed = std::move(built_in);
  s.description = std::move(description);
  s.kind = OptionKind::kPath;
  s.max_file_bytes = max_file_bytes;
  return s;
}

std::string OptionSpec::allowed_text() const {
  switch (kind) {
    case OptionKind::kInt:
      return fmt::format("{}..{}", min_value, max_value);
    case OptionKind::kPath:
      return allowed.empty() ? std::string("the path of a file")
                             : fmt::format("{} or the path of a file", fmt::join(allowed, ", "));
    case OptionKind::kBool:
    case OptionKind::kChoice:
      break;
  }
  return allowed.empty() ? std::string("any text") : fmt::format("{}", fmt::join(allowed, ", "));
}

namespace {

// Checks `value` against a kInt, kBool or kChoice spec and returns its typed form (the number,
// 1/0, or the index in `allowed`, -1 for free text). Errors name the option and what is allowed.
std::int64_t typed_value(const OptionSpec& s, const std::string& value) {
  if (s.kind == OptionKind::kInt) {
    try {
      return parse_int_in(value, s.min_value, s.max_value, fmt::format("option '{}'", s.name));
    } catch (const Error&) {
      throw Error(fmt::format("option '{}' cannot be '{}'; allowed values: a whole number {}",
                              s.name, cut_for_message(value), s.allowed_text()));
    }
  }
  if (s.kind == OptionKind::kBool && s.allowed.size() != 2)
    throw Error(fmt::format("option '{}': a yes/no option needs exactly two words", s.name));
  const auto it = std::find(s.allowed.begin(), s.allowed.end(), value);
  if (it != s.allowed.end()) {
    const auto index = static_cast<std::int64_t>(it - s.allowed.begin());
    return s.kind == OptionKind::kBool ? (index == 0 ? 1 : 0) : index;
  }
  if (!s.allowed.empty())
    throw Error(fmt::format("option '{}' cannot be '{}'; allowed values: {}", s.name,
                            cut_for_message(value), s.allowed_text()));
  if (value.empty()) throw Error(fmt::format("option '{}' needs a value", s.name));
  return -1;
}

}  // namespace

Options Options::parse(const std::vector<OptionSpec>& specs,
                       const std::map<std::string, std::string>& given, OptionSource source,
                       const std::map<std::string, std::string>& contents) {
  Options o;
  for (const auto& s : specs) {
    o.values_[s.name] = s.default_value;
    if (s.kind != OptionKind::kPath) o.typed_[s.name] = {s.kind, typed_value(s, s.default_value)};
  }
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
    if (it->kind == OptionKind::kPath) {  // a built-in value
      o.values_[name] = value;
      continue;
    }
    o.typed_[name] = {it->kind, typed_value(*it, value)};
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
    // The same option twice (chain=ends,chain=top) is refused: one of them would be lost.
    auto [it, fresh] = out.emplace(s.substr(0, eq), s.substr(eq + 1));
    if (!fresh)
      throw Error(fmt::format("option '{}' is given twice ({}={} and {})",
                              cut_for_message(it->first), cut_for_message(it->first),
                              cut_for_message(it->second), cut_for_message(s)));
  }
  return out;
}

const std::string& Options::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw Error(fmt::format("no option named '{}'", name));
  return it->second;
}

const Options::Typed& Options::typed(const std::string& name, OptionKind kind) const {
  static constexpr const char* kKinds[] = {"a choice", "a file", "a whole number", "a yes/no"};
  auto it = typed_.find(name);
  if (it == typed_.end()) {
    if (!values_.count(name)) throw Error(fmt::format("no option named '{}'", name));
    throw Error(fmt::format("option '{}' is not {}", name, kKinds[static_cast<int>(kind)]));
  }
  if (it->second.kind != kind)
    throw Error(fmt::format("option '{}' is {}, not {}", name,
                            kKinds[static_cast<int>(it->second.kind)],
                            kKinds[static_cast<int>(kind)]));
  return it->second;
}

std::int64_t Options::get_int(const std::string& name) const {
  return typed(name, OptionKind::kInt).number;
}

bool Options::get_bool(const std::string& name) const {
  return typed(name, OptionKind::kBool).number != 0;
}

const std::string& Options::get_choice(const std::string& name) const {
  typed(name, OptionKind::kChoice);
  return get(name);
}

int Options::get_choice_index(const std::string& name) const {
  const std::int64_t index = typed(name, OptionKind::kChoice).number;
  if (index < 0) throw Error(fmt::format("option '{}' is free text, not a list of values", name));
  return static_cast<int>(index);
}

void Options::throw_unmapped(const std::string& name, const std::string& value) {
  throw Error(
      fmt::format("option '{}': the value '{}' has no meaning here", name, cut_for_message(value)));
}

PathValue Options::get_path(const std::string& name) const {
  if (typed_.count(name)) throw Error(fmt::format("option '{}' does not name a file", name));
  return {get(name), content(name)};
}

const std::string* Options::content(const std::string& name) const {
  auto it = contents_.find(name);
  return it == contents_.end() ? nullptr : &it->second;
}

}  // namespace villainy
