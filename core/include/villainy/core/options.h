// Typed game options: each has a name, a default, its allowed values and a one-line description.
//
// Trust: an option of kind kPath names a data file. Only a local user's command line may name a
// file (OptionSource::kLocalUser); the core then reads it (a regular file, size-limited) and keeps
// its content in the Options, so a game never opens a file itself. From any other source (a
// record, a network message: OptionSource::kUntrusted) a path option takes only its built-in
// values (`allowed`, e.g. "default") or the content carried along with the values (a record
// carries the data itself), and no file is ever opened.
//
// Typed access: every value is validated when the Options are parsed (an error names the option
// and what is allowed), so a game reads typed values and never parses strings itself:
//
//   OptionSpec::integer("round-limit", 40, 0, 10000, "rounds before ...")  → o.get_int(name)
//   OptionSpec::boolean("sacrifice", true, "...")  (values on/off)         → o.get_bool(name)
//   OptionSpec::choice("ties", "none", {"none", "defender"}, "...")        → o.get_choice(name),
//       o.get_enum<TieRule>(name) (the enum's values 0, 1, … in the order of `allowed`)
//   a kPath option ("cast")                                               → o.get_path(name)
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "villainy/core/types.h"

namespace villainy {

enum class OptionKind {
  kChoice,  // one of `allowed` (free-form text when `allowed` is empty; checked by the game)
  kPath,    // a built-in name from `allowed`, or (local user only) the path of a data file
  kInt,     // a whole number in [min_value, max_value] (written in decimal)
  kBool,    // allowed[0] (true, e.g. "on") or allowed[1] (false, e.g. "off")
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
  std::size_t max_file_bytes = 1 << 20;       // kPath: the largest file accepted
  std::int64_t min_value = 0, max_value = 0;  // kInt: the range, both ends allowed

  static OptionSpec choice(std::string name, std::string default_value,
                           std::vector<std::string> allowed, std::string description);
  // A yes/no option written `true_word` or `false_word` (default on/off).
  static OptionSpec boolean(std::string name, bool default_value, std::string description,
                            std::string true_word = "on", std::string false_word = "off");
  static OptionSpec integer(std::string name, std::int64_t default_value, std::int64_t min_value,
                            std::int64_t max_value, std::string description);
  static OptionSpec path(std::string name, std::vector<std::string> built_in,
                         std::string description, std::size_t max_file_bytes = 1 << 20);
  // What the option accepts, for help and errors: "top, ends", "0..10000", "default or a file".
  std::string allowed_text() const;
};

// The value of a kPath option: its text (a built-in name or a path) and, when it named a file,
// the file's content.
struct PathValue {
  const std::string& value;
  const std::string* content;  // nullptr for a built-in value
  bool built_in() const { return content == nullptr; }
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

  // The value as written (every kind).
  const std::string& get(const std::string& name) const;
  // Typed values; asking for the wrong kind (or an unknown name) is an Error naming the option.
  std::int64_t get_int(const std::string& name) const;
  bool get_bool(const std::string& name) const;
  const std::string& get_choice(const std::string& name) const;
  // The position of a kChoice value in its `allowed` list.
  int get_choice_index(const std::string& name) const;
  // A kChoice value as an enum whose values 0, 1, … follow the order of `allowed`.
  template <class E>
  E get_enum(const std::string& name) const {
    static_assert(std::is_enum_v<E>);
    return static_cast<E>(get_choice_index(name));
  }
  // A kChoice value mapped by an explicit table; a value missing from it is an Error.
  template <class E>
  E get_enum(const std::string& name,
             std::initializer_list<std::pair<std::string_view, E>> mapping) const {
    const std::string& v = get_choice(name);
    for (const auto& [word, e] : mapping)
      if (word == v) return e;
    throw_unmapped(name, v);
  }
  PathValue get_path(const std::string& name) const;
  bool is(const std::string& name, const std::string& value) const { return get(name) == value; }
  const std::map<std::string, std::string>& values() const { return values_; }
  // The data of kPath options that name a file (option name → the file's content); a record
  // carries it, so that replaying needs no file.
  const std::map<std::string, std::string>& contents() const { return contents_; }
  // The content for a kPath option, or nullptr when its value is built in.
  const std::string* content(const std::string& name) const;

 private:
  struct Typed {
    OptionKind kind = OptionKind::kChoice;
    std::int64_t number = 0;  // kInt: the value; kBool: 1 for true; kChoice: the index (or -1)
  };
  const Typed& typed(const std::string& name, OptionKind kind) const;
  [[noreturn]] static void throw_unmapped(const std::string& name, const std::string& value);
  std::map<std::string, std::string> values_;
  std::map<std::string, Typed> typed_;
  std::map<std::string, std::string> contents_;
};

}  // namespace villainy
