// Typed game options: each has a name, a default, its allowed values and a one-line description.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "villainy/core/types.h"

namespace villainy {

struct OptionSpec {
  std::string name;
  std::string default_value;
  // The allowed values. Empty means free-form text (e.g. a data file path), checked by the game.
  std::vector<std::string> allowed;
  std::string description;
};

// A complete, validated set of option values: one per spec, defaults filled in.
class Options {
 public:
  Options() = default;
  // Validates `given` against `specs`. An unknown name or a value outside the allowed set is an
  // Error whose message lists what is allowed.
  static Options parse(const std::vector<OptionSpec>& specs,
                       const std::map<std::string, std::string>& given);
  // Parses "name=value" strings (command-line form).
  static std::map<std::string, std::string> parse_assignments(const std::vector<std::string>& kv);

  const std::string& get(const std::string& name) const;
  bool is(const std::string& name, const std::string& value) const { return get(name) == value; }
  const std::map<std::string, std::string>& values() const { return values_; }

 private:
  std::map<std::string, std::string> values_;
};

}  // namespace villainy
