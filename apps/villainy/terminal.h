// Terminal output for `villainy play` and `replay`: lines wrapped to 80 columns (display width:
// CJK characters count two columns, colour codes none), optional colour, and clearing the screen
// with its scrollback for hot-seat play.
#pragma once
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace villainy::cli {

inline constexpr int kScreenWidth = 80;

// Display width of UTF-8 text: East Asian wide and fullwidth characters count 2, combining marks
// and ANSI escape sequences (colour) 0, everything else 1.
int display_width(std::string_view text);

// Wraps one line of text to `width` columns. The first output line starts with `first`, the
// following ones with `rest` (a hanging indent). Breaks at spaces, and between two CJK characters
// (which have no spaces between them); a word longer than a line is cut. Never returns an empty
// vector.
std::vector<std::string> wrap(std::string_view text, int width, std::string_view first,
                              std::string_view rest);

// Wraps a block of lines (as a game's view_text): each line keeps its own indentation, and its
// continuation lines are indented `hang` more columns; with hang 0 (paragraphs, a rules text) a
// list item ("* ", "- ", "3. ") hangs under its text. Each line is wrapped once: a text to be
// wrapped holds paragraphs, not wrapped lines.
std::string wrap_block(std::string_view block, int width = kScreenWidth, int hang = 2);

// The named colours the terminal uses (ANSI 8-colour set, bright where it reads better).
enum class Colour { kNone, kBold, kDim, kRed, kGreen, kYellow, kBlue, kMagenta, kCyan, kWhite };

// A colour named in game data ("grey", "purple", "gold", ...); kNone when unknown.
Colour colour_from_name(std::string_view name);

// The one terminal-safe writer's filter: `s` with the colour codes paint() makes (ESC [ digits
// and ';' m) kept and every other control character written as '?' (terminal_safe): text from a
// card file, a record or the network never moves the cursor, clears the screen or sets the title.
std::string terminal_text(std::string_view s);

// Everything the screen prints goes through terminal_text (line, block, prompt); only clear()
// writes its own sequence.
class Screen {
 public:
  // Colour is on when `colour` is true: see colour_wanted().
  Screen(std::FILE* out, bool colour) : out_(out), colour_(colour) {}
  // True when `fd` is a terminal, NO_COLOR is unset or empty, and TERM is not "dumb".
  static bool colour_wanted(int fd);

  bool colour() const { return colour_; }
  // `text` in colour `c` (unchanged when colour is off).
  std::string paint(std::string_view text, Colour c) const;
  // Prints `text` (one logical line) wrapped, with the given first-line and hanging prefixes.
  void line(std::string_view text, std::string_view first = "", std::string_view rest = "  ");
  // Prints a block of lines (each wrapped keeping its indentation).
  void block(std::string_view text);
  // Prints paragraphs (a rules text): wrapped once, continuations under their line's start.
  void paragraphs(std::string_view text);
  // Prints text as is (a prompt, no newline) and flushes.
  void prompt(std::string_view text);
  // Clears the screen and the scrollback (ESC[2J, ESC[3J, cursor home).
  void clear();

 private:
  void write(std::string_view text);
  std::FILE* out_;
  bool colour_;
};

}  // namespace villainy::cli
