#include "villainy/core/json_input.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <vector>

namespace villainy {
using nlohmann::json;

std::string cut_for_message(std::string_view s, std::size_t max_bytes) {
  std::string out;
  const std::size_t n = std::min(s.size(), max_bytes);
  out.reserve(n + 24);
  for (std::size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    out += (c < 0x20 || c == 0x7f) ? '?' : static_cast<char>(c);
  }
  // Do not end inside a UTF-8 sequence.
  if (n < s.size()) {
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
    if (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0xC0) out.pop_back();
    out += fmt::format("…({} bytes)", s.size());
  }
  return out;
}

namespace {
// The length of the control character at s[i] (0 when none): C0, DEL, or C1 (U+0080..U+009F,
// encoded as C2 80..C2 9F).
std::size_t control_at(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x20 || c == 0x7f) return 1;
  if (c == 0xC2 && i + 1 < s.size()) {
    const auto d = static_cast<unsigned char>(s[i + 1]);
    if (d >= 0x80 && d <= 0x9f) return 2;
  }
  return 0;
}
}  // namespace

std::string terminal_safe(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = control_at(s, i);
    if (n == 0 || s[i] == '\n' || s[i] == '\t') {
      out += s[i];
      ++i;
    } else {
      out += '?';
      i += n;
    }
  }
  return out;
}

bool has_control_character(std::string_view s) {
  for (std::size_t i = 0; i < s.size(); ++i)
    if (control_at(s, i) != 0) return true;
  return false;
}

namespace {

// Builds the DOM like nlohmann's own SAX parser, and also knows the path being read, so that a
// parse error can name the field; refuses duplicate keys and deep nesting.
class PathSax {
 public:
  PathSax(json& root, int max_depth) : root_(root), max_depth_(max_depth) {}

  bool null() { return value(json(nullptr)); }
  bool boolean(bool b) { return value(json(b)); }
  bool number_integer(json::number_integer_t v) { return value(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return value(json(v)); }
  bool number_float(json::number_float_t v, const json::string_t&) {
    if (!std::isfinite(v)) return refuse("number out of range");
    return value(json(v));
  }
  bool string(json::string_t& s) { return value(json(std::move(s))); }
  bool binary(json::binary_t&) { return refuse("binary values are not JSON"); }
  bool start_object(std::size_t) { return open(json::object()); }
  bool start_array(std::size_t) { return open(json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(json::string_t& k) {
    Frame& f = stack_.back();
    if (f.node->contains(k)) {
      f.key = k;
      return refuse("duplicate key");
    }
    f.key = std::move(k);
    return true;
  }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) {
    position_ = position;
    if (error_.empty()) error_ = library_message(ex);
    return false;
  }

  const std::string& error() const { return error_; }
  std::size_t position() const { return position_; }
  // The path of the value being read when the error happened.
  std::string path() const {
    std::string p;
    for (std::size_t i = 0; i < stack_.size(); ++i) {
      const Frame& f = stack_[i];
      if (f.node->is_array()) {
        // The element being read: the last one when a child container is open, else the next.
        const std::size_t open_child = i + 1 < stack_.size() ? 1 : 0;
        p += fmt::format("[{}]", f.node->size() - open_child);
      } else {
        if (f.key.empty()) break;  // between members
        if (!p.empty()) p += '.';
        p += cut_for_message(f.key, 40);
      }
    }
    return p;
  }

 private:
  struct Frame {
    json* node;
    std::string key;
  };
  json* place(json v) {
    if (stack_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    Frame& f = stack_.back();
    if (f.node->is_array()) {
      f.node->push_back(std::move(v));
      return &f.node->back();
    }
    json* slot = &(*f.node)[f.key];
    *slot = std::move(v);
    return slot;
  }
  // A member's value is complete: the object is between members again.
  void done() {
    if (!stack_.empty() && stack_.back().node->is_object()) stack_.back().key.clear();
  }
  bool value(json v) {
    place(std::move(v));
    done();
    return true;
  }
  bool open(json v) {
    if (static_cast<int>(stack_.size()) >= max_depth_)
      return refuse(fmt::format("nested deeper than {} levels", max_depth_));
    json* node = place(std::move(v));
    stack_.push_back({node, {}});
    return true;
  }
  bool close() {
    stack_.pop_back();
    done();
    return true;
  }
  bool refuse(std::string what) {
    error_ = std::move(what);
    return false;
  }
  // The library's message without its prefix and without the text it read (which could be long,
  // or a file's content).
  static std::string library_message(const nlohmann::detail::exception& ex) {
    std::string m = ex.what();
    if (ex.id == 406) return "number out of range";
    auto s = m.find("syntax error");
    if (s != std::string::npos) m = m.substr(s);
    auto lr = m.find("; last read: '");
    if (lr != std::string::npos) {
      auto ex_pos = m.rfind("; expected ");
      std::string tail = ex_pos != std::string::npos && ex_pos > lr ? m.substr(ex_pos) : "";
      m = m.substr(0, lr) + tail;
    }
    return cut_for_message(m, 160);
  }

  json& root_;
  int max_depth_;
  std::vector<Frame> stack_;
  std::string error_;
  std::size_t position_ = 0;
};

}  // namespace

json parse_json_text(std::string_view text, std::string_view source, const JsonLimits& limits) {
  // The library stops at a NUL as if the input ended; JSON text never holds one.
  if (auto nul = text.find('\0'); nul != std::string_view::npos)
    throw Error(fmt::format("{}: not valid JSON: a NUL byte at byte {}", source, nul));
  json root;
  PathSax sax(root, limits.max_depth);
  bool ok = false;
  try {
    ok = json::sax_parse(text.begin(), text.end(), &sax, json::input_format_t::json, true);
  } catch (const json::exception& e) {
    throw Error(fmt::format("{}: not valid JSON: {}", source, cut_for_message(e.what(), 160)));
  }
  if (!ok) {
    std::string path = sax.path();
    throw Error(fmt::format("{}: not valid JSON: {}{} (at byte {})", source,
                            path.empty() ? "" : path + ": ", sax.error(), sax.position()));
  }
  return root;
}

std::string read_text_file(const std::string& path, std::size_t max_bytes) {
  const std::string shown = cut_for_message(path, 200);
  // O_NONBLOCK: opening a FIFO must not wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw Error(fmt::format("{}: cannot be opened ({})", shown, std::strerror(errno)));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    throw Error(fmt::format("{}: cannot be read ({})", shown, std::strerror(errno)));
  if (!S_ISREG(st.st_mode)) throw Error(fmt::format("{}: is not a regular file", shown));
  if (st.st_size < 0 || static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw Error(fmt::format("{}: is larger than {} bytes", shown, max_bytes));
  std::string out(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t got = 0;
  // Read at most max_bytes + 1: a file that grows while read is refused too.
  while (true) {
    if (got == out.size()) {
      if (out.size() > max_bytes) break;
      out.resize(std::min(max_bytes + 1, out.size() + 4096));
    }
    ssize_t r = ::read(fd, out.data() + got, out.size() - got);
    if (r < 0) {
      if (errno == EINTR) continue;
      throw Error(fmt::format("{}: cannot be read ({})", shown, std::strerror(errno)));
    }
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  if (got > max_bytes) throw Error(fmt::format("{}: is larger than {} bytes", shown, max_bytes));
  out.resize(got);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Numbers from text
// ---------------------------------------------------------------------------------------------
namespace {
[[noreturn]] void bad_number(std::string_view text, std::string_view what, std::string_view kind) {
  throw Error(fmt::format("{} must be {}, not '{}'", what, kind, cut_for_message(text)));
}
}  // namespace

std::int64_t parse_int_in(std::string_view text, std::int64_t lo, std::int64_t hi,
                          std::string_view what) {
  const std::string kind = fmt::format("an integer from {} to {}", lo, hi);
  std::int64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end || v < lo || v > hi)
    bad_number(text, what, kind);
  return v;
}

std::uint64_t parse_uint_in(std::string_view text, std::uint64_t lo, std::uint64_t hi,
                            std::string_view what) {
  const std::string kind = fmt::format("an integer from {} to {}", lo, hi);
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end || v < lo || v > hi)
    bad_number(text, what, kind);
  return v;
}

double parse_double_in(std::string_view text, double lo, double hi, std::string_view what) {
  const std::string kind = fmt::format("a number from {} to {}", lo, hi);
  // Plain decimal notation only: digits, sign, point, exponent (from_chars also reads "nan",
  // "inf" and "infinity").
  for (char c : text)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.' ||
          c == 'e' || c == 'E'))
      bad_number(text, what, kind);
  double v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end || !std::isfinite(v) || v < lo || v > hi)
    bad_number(text, what, kind);
  return v;
}

// ---------------------------------------------------------------------------------------------
// JsonField
// ---------------------------------------------------------------------------------------------
void JsonField::fail(std::string_view what) const {
  if (path_.empty()) throw Error(fmt::format("{}: {}", source_, what));
  throw Error(fmt::format("{}: {}: {}", source_, path_, what));
}

std::string JsonField::child_path(std::string_view key) const {
  std::string k = cut_for_message(key, 40);
  return path_.empty() ? k : path_ + "." + k;
}

const JsonField& JsonField::object() const {
  if (!j_->is_object()) fail("expected an object");
  return *this;
}

bool JsonField::has(const char* key) const {
  return j_->is_object() && j_->contains(key);
}

JsonField JsonField::operator[](const char* key) const {
  object();
  auto it = j_->find(key);
  if (it == j_->end()) fail(fmt::format("missing field '{}'", key));
  return JsonField(*it, source_, child_path(key));
}

JsonField JsonField::operator[](std::size_t i) const {
  if (!j_->is_array() || i >= j_->size()) fail(fmt::format("has no element {}", i));
  return JsonField((*j_)[i], source_, fmt::format("{}[{}]", path_, i));
}

std::size_t JsonField::array(std::size_t lo, std::size_t hi) const {
  if (!j_->is_array()) fail("expected an array");
  const std::size_t n = j_->size();
  if (n < lo || n > hi) {
    if (lo == hi) fail(fmt::format("expected exactly {} entries, not {}", lo, n));
    if (hi == SIZE_MAX) fail(fmt::format("expected at least {} entries, not {}", lo, n));
    fail(fmt::format("expected {} to {} entries, not {}", lo, hi, n));
  }
  return n;
}

std::int64_t JsonField::integer(std::int64_t lo, std::int64_t hi) const {
  const auto range = [&] { return fmt::format("expected an integer in [{}, {}]", lo, hi); };
  if (j_->is_number_unsigned()) {
    const auto v = j_->get<std::uint64_t>();
    if (hi < 0 || v > static_cast<std::uint64_t>(hi) ||
        (lo > 0 && v < static_cast<std::uint64_t>(lo)))
      fail(range());
    return static_cast<std::int64_t>(v);
  }
  if (j_->is_number_integer()) {
    const auto v = j_->get<std::int64_t>();
    if (v < lo || v > hi) fail(range());
    return v;
  }
  fail(range());
}

std::uint64_t JsonField::uinteger(std::uint64_t hi) const {
  const auto range = [&] { return fmt::format("expected an integer in [0, {}]", hi); };
  if (j_->is_number_unsigned()) {
    const auto v = j_->get<std::uint64_t>();
    if (v > hi) fail(range());
    return v;
  }
  if (j_->is_number_integer() && j_->get<std::int64_t>() >= 0) {
    const auto v = static_cast<std::uint64_t>(j_->get<std::int64_t>());
    if (v > hi) fail(range());
    return v;
  }
  fail(range());
}

double JsonField::number(double lo, double hi) const {
  if (!j_->is_number()) fail(fmt::format("expected a number in [{}, {}]", lo, hi));
  const double v = j_->get<double>();
  if (!std::isfinite(v) || v < lo || v > hi)
    fail(fmt::format("expected a number in [{}, {}]", lo, hi));
  return v;
}

bool JsonField::boolean() const {
  if (!j_->is_boolean()) fail("expected true or false");
  return j_->get<bool>();
}

std::string JsonField::string(std::size_t max_bytes, bool non_empty) const {
  if (!j_->is_string()) fail(non_empty ? "expected a non-empty string" : "expected a string");
  const auto& s = j_->get_ref<const std::string&>();
  if (non_empty && s.empty()) fail("expected a non-empty string");
  if (s.size() > max_bytes)
    fail(fmt::format("expected a string of at most {} bytes, not {}", max_bytes, s.size()));
  return s;
}

std::string JsonField::text(std::size_t max_bytes, bool non_empty) const {
  std::string s = string(max_bytes, non_empty);
  if (has_control_character(s))
    fail("must not hold control characters (a newline, a tab, an escape sequence)");
  return s;
}

std::string JsonField::key(std::size_t max_bytes) const {
  std::string s = string(max_bytes, true);
  for (char ch : s)
    if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'))
      fail(fmt::format("key '{}' may use only a-z, 0-9 and '-'", cut_for_message(s)));
  return s;
}

const JsonField& JsonField::only(std::initializer_list<std::string_view> allowed) const {
  object();
  for (const auto& [k, v] : j_->items()) {
    bool known = false;
    for (std::string_view a : allowed) known = known || k == a;
    if (known) continue;
    std::string list;
    for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
    JsonField(v, source_, child_path(k))
        .fail(fmt::format("unknown field (the fields are: {})", list));
  }
  return *this;
}

void UniqueKeys::add(const JsonField& f, const std::string& key) {
  for (const auto& [k, at] : seen_)
    if (k == key) f.fail(fmt::format("'{}' is used twice (also at {})", cut_for_message(key), at));
  seen_.emplace_back(key, f.path());
}

}  // namespace villainy
