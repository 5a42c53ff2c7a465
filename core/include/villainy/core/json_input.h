// Reading untrusted JSON (records, card data, later network messages) and the files that hold it.
//
// Every error is an Error whose message names the source (a file name or "record") and the field
// path, e.g. "game.json: actions[12]: expected a string of at most 256 bytes", and is short: long
// input is cut (cut_for_message), file content is never echoed.
//   - parse_json_text refuses NUL bytes, bytes after the document, nesting deeper than a limit,
//     duplicate keys and numbers out of range (1e400), naming the field it was reading;
//   - JsonField reads typed values with ranges, without truncation (4294967300 is not 4);
//   - read_text_file reads only regular files (no /dev/stdin, /dev/zero, FIFOs), up to a size.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "villainy/core/types.h"

namespace villainy {

// `s` as it may appear in a message: at most `max_bytes` bytes (then "…(N bytes)"), with control
// characters written as '?'.
std::string cut_for_message(std::string_view s, std::size_t max_bytes = 64);

// Text from a file, a record or the network as it may be written to a terminal: every control
// character (C0 but newline and tab, DEL, the C1 range U+0080..U+009F) becomes '?', so that no
// escape sequence (clear the screen, move the cursor, set the title) reaches the terminal. The
// one terminal-safe writer of the command line (apps/villainy/terminal.h) passes everything
// through it; the program's own colour codes are added after.
std::string terminal_safe(std::string_view s);
// True when `s` holds a character terminal_safe() would replace (newline and tab included).
bool has_control_character(std::string_view s);

struct JsonLimits {
  int max_depth = 32;  // nesting of arrays and objects
};

// Parses a whole JSON document. Throws Error "SOURCE: PATH: what (at byte N)".
nlohmann::json parse_json_text(std::string_view text, std::string_view source,
                               const JsonLimits& limits = {});

// Reads a regular file of at most `max_bytes` bytes. Anything else (missing, a directory, a
// device, a FIFO, too large) is an Error naming the path and the reason, never the content.
// Opening does not block (O_NONBLOCK) and the size is checked before reading.
std::string read_text_file(const std::string& path, std::size_t max_bytes);

// Numbers written as text (command-line flags, agent parameters, option values). `what` names
// the input in the error ("--games", "agent 'ismcts': parameter ms"). The whole text must be
// the number; out of range is an Error, never a wrapped or saturated value.
std::int64_t parse_int_in(std::string_view text, std::int64_t lo, std::int64_t hi,
                          std::string_view what);
std::uint64_t parse_uint_in(std::string_view text, std::uint64_t lo, std::uint64_t hi,
                            std::string_view what);
// A finite decimal number in [lo, hi] (no nan, inf, hex).
double parse_double_in(std::string_view text, double lo, double hi, std::string_view what);

// A JSON value with its source and path, for typed reading with clear errors.
class JsonField {
 public:
  JsonField(const nlohmann::json& j, std::string source, std::string path = "")
      : j_(&j), source_(std::move(source)), path_(std::move(path)) {}

  const nlohmann::json& json() const { return *j_; }
  const std::string& path() const { return path_; }
  // "SOURCE: PATH: what" as an Error.
  [[noreturn]] void fail(std::string_view what) const;

  // The object's member `key`; missing (or not an object) is an Error.
  JsonField operator[](const char* key) const;
  bool has(const char* key) const;
  // An array's element.
  JsonField operator[](std::size_t i) const;

  // Checks the kind and returns *this (for chaining): an object; an array of a size in [lo, hi].
  const JsonField& object() const;
  std::size_t array(std::size_t lo = 0, std::size_t hi = SIZE_MAX) const;

  // An integer in [lo, hi] (both inclusive); a float like 4.0 is not an integer.
  std::int64_t integer(std::int64_t lo, std::int64_t hi) const;
  int int_in(int lo, int hi) const { return static_cast<int>(integer(lo, hi)); }
  std::uint64_t uinteger(std::uint64_t hi = UINT64_MAX) const;
  // A finite number in [lo, hi].
  double number(double lo, double hi) const;
  bool boolean() const;
  // A string of at most max_bytes bytes; non_empty refuses "".
  std::string string(std::size_t max_bytes = 4096, bool non_empty = false) const;
  // A string shown to people (a card's name or text): as string(), and without control
  // characters (has_control_character), so no file can carry a terminal escape sequence.
  std::string text(std::size_t max_bytes = 4096, bool non_empty = false) const;
  // An identifier (a card's key, used in action names): 1 to max_bytes of a-z, 0-9 and '-'.
  std::string key(std::size_t max_bytes = 64) const;

  // Refuses members other than `allowed` (a misspelled optional field, e.g. "txt_zh", would
  // otherwise be lost silently): "SOURCE: PATH.txt_zh: unknown field (the fields are: …)".
  const JsonField& only(std::initializer_list<std::string_view> allowed) const;

 private:
  std::string child_path(std::string_view key) const;
  const nlohmann::json* j_;
  std::string source_, path_;
};

// The keys of one list of cards: a key used twice is an Error naming both entries.
class UniqueKeys {
 public:
  // `f` is the key's field (for the message), `key` its value.
  void add(const JsonField& f, const std::string& key);

 private:
  std::vector<std::pair<std::string, std::string>> seen_;  // key, the path it was read at
};

}  // namespace villainy
