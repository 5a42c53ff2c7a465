#include "terminal.h"

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "villainy/core/json_input.h"

namespace villainy::cli {

namespace {

// Decodes the UTF-8 code point at s[i] and advances i (an invalid byte counts as one character).
std::uint32_t next_code_point(std::string_view s, size_t& i) {
  const auto b = static_cast<unsigned char>(s[i]);
  int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
  if (i + static_cast<size_t>(len) > s.size()) len = 1;
  std::uint32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
    if ((c >> 6) != 0x2) {  // not a continuation byte: take the lead byte alone
      len = 1;
      cp = b;
      break;
    }
    cp = (cp << 6) | (c & 0x3F);
  }
  i += static_cast<size_t>(len);
  return cp;
}

bool is_wide(std::uint32_t cp) {
  return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
         (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
         (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
         (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1F64F) ||
         (cp >= 0x20000 && cp <= 0x3FFFD);
}

bool is_zero_width(std::uint32_t cp) {
  return (cp >= 0x300 && cp <= 0x36F) || cp == 0x200B || cp == 0x200D || cp == 0xFE0F;
}

// Punctuation that must not start a line (it stays with the character before it).
bool no_line_start(std::uint32_t cp) {
  switch (cp) {
    case 0x3001:  // 、
    case 0x3002:  // 。
    case 0xFF0C:  // ，
    case 0xFF1A:  // ：
    case 0xFF1B:  // ；
    case 0xFF01:  // ！
    case 0xFF1F:  // ？
    case 0xFF09:  // ）
    case 0x300D:  // 」
    case 0x300F:  // 』
    case 0x3011:  // 】
      return true;
    default:
      return false;
  }
}

// Opening brackets that must not end a line (they stay with the character after them).
bool no_line_end(std::uint32_t cp) {
  return cp == 0xFF08 || cp == 0x300C || cp == 0x300E || cp == 0x3010;  // （「『【
}

// Length of the ANSI escape sequence at s[i] (0 when there is none).
size_t escape_length(std::string_view s, size_t i) {
  if (s[i] != '\033' || i + 1 >= s.size() || s[i + 1] != '[') return 0;
  size_t j = i + 2;
  while (j < s.size() && !(s[j] >= 0x40 && s[j] <= 0x7E)) ++j;
  return j < s.size() ? j - i + 1 : s.size() - i;
}

struct Unit {
  std::string text;
  int width = 0;
  bool space = false;
};

// Splits text into space runs, words and single wide characters.
std::vector<Unit> units_of(std::string_view s) {
  std::vector<Unit> out;
  bool last_wide = false;
  bool glue = false;  // the previous character was an opening bracket
  for (size_t i = 0; i < s.size();) {
    if (size_t e = escape_length(s, i)) {
      if (out.empty() || out.back().space) out.push_back({});
      out.back().text.append(s.substr(i, e));
      i += e;
      continue;
    }
    const size_t start = i;
    const std::uint32_t cp = next_code_point(s, i);
    const std::string_view bytes = s.substr(start, i - start);
    if (cp == ' ' || cp == '\t') {
      if (out.empty() || !out.back().space) out.push_back({"", 0, true});
      out.back().text += ' ';
      out.back().width += 1;
      last_wide = false;
      glue = false;
    } else if (is_wide(cp)) {
      if ((glue || no_line_start(cp)) && !out.empty() && !out.back().space) {
        out.back().text.append(bytes);
        out.back().width += 2;
      } else {
        out.push_back({std::string(bytes), 2, false});
      }
      last_wide = true;
      glue = no_line_end(cp);
    } else {
      // A narrow character right after a wide one starts a new unit (a break is allowed there).
      if ((last_wide && !glue) || out.empty() || out.back().space) out.push_back({});
      out.back().text.append(bytes);
      out.back().width += is_zero_width(cp) ? 0 : 1;
      last_wide = false;
      glue = false;
    }
  }
  return out;
}

}  // namespace

int display_width(std::string_view text) {
  int w = 0;
  for (size_t i = 0; i < text.size();) {
    if (size_t e = escape_length(text, i)) {
      i += e;
      continue;
    }
    const std::uint32_t cp = next_code_point(text, i);
    w += is_wide(cp) ? 2 : is_zero_width(cp) ? 0 : 1;
  }
  return w;
}

std::vector<std::string> wrap(std::string_view text, int width, std::string_view first,
                              std::string_view rest) {
  std::vector<std::string> lines;
  std::string cur(first);
  int cw = display_width(first);
  bool content = false;  // the current line holds text beyond its prefix
  std::string space;     // the space run before the next word
  // The text's own leading spaces are kept (they indent the first line).
  size_t lead = 0;
  while (lead < text.size() && text[lead] == ' ') ++lead;
  cur.append(text.substr(0, lead));
  cw += static_cast<int>(lead);
  const int rest_width = display_width(rest);
  auto new_line = [&] {
    lines.push_back(cur);
    cur.assign(rest);
    cw = rest_width;
    content = false;
  };
  for (Unit& u : units_of(text.substr(lead))) {
    if (u.space) {
      space = u.text;
      continue;
    }
    const int sw = content ? static_cast<int>(space.size()) : 0;
    if (content && cw + sw + u.width > width) {
      new_line();
    } else if (content) {
      cur += space;
      cw += sw;
    }
    space.clear();
    // A word longer than a whole line is cut at the line's end.
    while (cw + u.width > width && !content && u.width > 0 && width - cw > 0) {
      size_t i = 0;
      int w = 0;
      std::string head;
      while (i < u.text.size()) {
        size_t j = i;
        const std::uint32_t cp = next_code_point(u.text, j);
        const int cwid = is_wide(cp) ? 2 : is_zero_width(cp) ? 0 : 1;
        if (cw + w + cwid > width) break;
        w += cwid;
        i = j;
      }
      if (i == 0) break;  // not even one character fits: give up cutting
      cur.append(u.text.substr(0, i));
      u.text.erase(0, i);
      u.width -= w;
      cw += w;
      content = true;
      new_line();
    }
    cur += u.text;
    cw += u.width;
    content = true;
  }
  lines.push_back(cur);
  return lines;
}

namespace {

// Length of the list marker ("* ", "- ", "12. ") at line[at], 0 when there is none.
size_t list_marker(std::string_view line, size_t at) {
  size_t m = at;
  while (m < line.size() && line[m] >= '0' && line[m] <= '9') ++m;
  if (m > at) return m + 1 < line.size() && line[m] == '.' && line[m + 1] == ' ' ? m + 2 - at : 0;
  return at + 1 < line.size() && (line[at] == '*' || line[at] == '-') && line[at + 1] == ' ' ? 2
                                                                                             : 0;
}

}  // namespace

std::string wrap_block(std::string_view block, int width, int hang_by) {
  std::string out;
  size_t start = 0;
  while (start < block.size()) {
    size_t nl = block.find('\n', start);
    const bool has_nl = nl != std::string_view::npos;
    const std::string_view line = block.substr(start, has_nl ? nl - start : std::string_view::npos);
    size_t indent = 0;
    while (indent < line.size() && line[indent] == ' ') ++indent;
    // In paragraphs (hang 0) a list item ("* text", "- text", "12. text") hangs under its text.
    const size_t item = hang_by == 0 ? list_marker(line, indent) : 0;
    const size_t hang = item != 0 ? indent + item : indent + static_cast<size_t>(hang_by);
    const std::string rest(hang, ' ');
    for (const auto& l : wrap(line, width, "", rest)) {
      out += l;
      out += '\n';
    }
    if (!has_nl) break;
    start = nl + 1;
  }
  return out;
}

Colour colour_from_name(std::string_view name) {
  struct Named {
    const char* name;
    Colour colour;
  };
  static constexpr Named kNames[] = {
      {"red", Colour::kRed},        {"green", Colour::kGreen},     {"yellow", Colour::kYellow},
      {"gold", Colour::kYellow},    {"brown", Colour::kYellow},    {"blue", Colour::kBlue},
      {"purple", Colour::kMagenta}, {"magenta", Colour::kMagenta}, {"pink", Colour::kMagenta},
      {"cyan", Colour::kCyan},      {"teal", Colour::kCyan},       {"white", Colour::kWhite},
      {"grey", Colour::kDim},       {"gray", Colour::kDim},        {"black", Colour::kBold},
      {"orange", Colour::kYellow},  {"silver", Colour::kWhite},
  };
  for (const auto& n : kNames)
    if (name == n.name) return n.colour;
  return Colour::kNone;
}

bool Screen::colour_wanted(int fd) {
  const char* no = std::getenv("NO_COLOR");
  if (no && *no) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fd) != 0;
}

std::string Screen::paint(std::string_view text, Colour c) const {
  if (!colour_ || c == Colour::kNone) return std::string(text);
  const char* code = "";
  switch (c) {
    case Colour::kNone:
      break;
    case Colour::kBold:
      code = "1";
      break;
    case Colour::kDim:
      code = "2";
      break;
    case Colour::kRed:
      code = "91";
      break;
    case Colour::kGreen:
      code = "92";
      break;
    case Colour::kYellow:
      code = "93";
      break;
    case Colour::kBlue:
      code = "94";
      break;
    case Colour::kMagenta:
      code = "95";
      break;
    case Colour::kCyan:
      code = "96";
      break;
    case Colour::kWhite:
      code = "97";
      break;
  }
  return std::string("\033[") + code + "m" + std::string(text) + "\033[0m";
}

std::string terminal_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    // The colour codes paint() makes: ESC [ digits and ';' m. Nothing else passes.
    if (s[i] == '\033' && i + 1 < s.size() && s[i + 1] == '[') {
      size_t j = i + 2;
      while (j < s.size() && ((s[j] >= '0' && s[j] <= '9') || s[j] == ';')) ++j;
      if (j < s.size() && s[j] == 'm') {
        out.append(s.substr(i, j + 1 - i));
        i = j + 1;
        continue;
      }
    }
    const size_t next = s.find('\033', i + 1);
    const size_t end = next == std::string_view::npos ? s.size() : next;
    out += terminal_safe(s.substr(i, end - i));
    i = end;
  }
  return out;
}

void Screen::write(std::string_view text) {
  const std::string safe = terminal_text(text);
  std::fwrite(safe.data(), 1, safe.size(), out_);
}

void Screen::line(std::string_view text, std::string_view first, std::string_view rest) {
  for (const auto& l : wrap(text, kScreenWidth, first, rest)) {
    write(l);
    std::fputc('\n', out_);
  }
}

void Screen::block(std::string_view text) {
  write(wrap_block(text));
}

void Screen::paragraphs(std::string_view text) {
  const std::string w = wrap_block(text, kScreenWidth, 0);
  std::fputs(w.c_str(), out_);
}

void Screen::prompt(std::string_view text) {
  // Wrapped like a line (a long question fits 80 columns); the trailing spaces after the last
  // word (before the cursor) are kept, with room for them on the last line.
  size_t end = text.size();
  while (end > 0 && text[end - 1] == ' ') --end;
  const std::string_view tail = text.substr(end);
  std::string out;
  std::string_view body = text.substr(0, end);
  while (true) {
    const size_t nl = body.find('\n');
    const std::string_view piece = body.substr(0, nl);
    if (!piece.empty()) {
      const auto lines = wrap(piece, kScreenWidth - static_cast<int>(tail.size()), "", "  ");
      for (size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + lines[i];
    }
    if (nl == std::string_view::npos) break;
    out += '\n';
    body.remove_prefix(nl + 1);
  }
  out += tail;
  write(out);
  std::fflush(out_);
}

void Screen::clear() {
  std::fputs("\033[2J\033[3J\033[H", out_);
  std::fflush(out_);
}

}  // namespace villainy::cli
