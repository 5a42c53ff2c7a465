// Typed game options: each has a name, a default, its allowed values and a one-line description.
//
// Trust: an option of kind kPath names a data file. Only a local user's command line may name a
// file (OptionSource::kLocalUser); the core then reads it (a regular file, size-limited) and keeps
// its content in the Options, so a game never opens a file itself. From any other source (a
// record, a network message: OptionSource::kUntrusted) a path option takes only its built-in
// values (`allowed`, e.g. "default") or the content carried along with the values (a record
// carries the data itself), and no file is ever opened.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "villainy/core/types.h"

namespace villainy {

enum class OptionKind {
  kChoice,  // one of `allowed` (free-form text when `allowed` is empty; checked by the game)
  kPath,    // a built-in name from `allowed`, or (local user only) the path of a data file
};

enum class OptionSource {
  kLocalUser,  // the command line of the person running the program: may name files
  kUntrusted,  // a record, a network message: never names a file
};

struct OptionSpec {
  std::string name;
  std::string default_value;
  // The allowed values. Empty means free-form text (checked by the game). For kPath: the
  // built-in values that name no file.
  std::vector<std::string> allowed;
  std::string description;
  OptionKind kind = OptionKind::kChoice;
  std::size_t max_file_bytes = 1 << 20;  // kPath: the largest file accepted
};

// A complete, validated set of option values: one per spec, defaults filled in.
class Options {
 public:
  Options() = default;
  // Validates `given` against `specs`. An unknown name or a value outside the allowed set is an
  // Error whose message lists what is allowed. A kPath option whose value is not built in is read
  // from the file it names when `source` is kLocalUser; otherwise its content must be in
  // `contents` (by option name), else it is an Error and nothing is opened.
  static Options parse(const std::vector<OptionSpec>& specs,
                       const std::map<std::string, std::string>& given,
                       OptionSource source = OptionSource::kUntrusted,
                       const std::map<std::string, std::string>& contents = {});
  // Parses "name=value" strings (command-line form).
  static std::map<std::string, std::string> parse_assignments(const std::vector<std::string>& kv);

  const std::string& get(const std::string& name) const;
  bool is(const std::string& name, const std::string& value) const { return get(name) == value; }
  const std::map<std::string, std::string>& values() const { return values_; }
  // The data of kPath options that name a file (option name → the file's content); a record
  // carries it, so that replaying needs no file.
  const std::map<std::string, std::string>& contents() const { return contents_; }
  // The content for a kPath option, or nullptr when its value is built in.
  const std::string* content(const std::string& name) const;

 private:
  std::map<std::string, std::string> values_;
  std::map<std::string, std::string> contents_;
};

}  // namespace villainy
