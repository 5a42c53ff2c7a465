// The terminal's line wrapping (apps/villainy/terminal.h): 80 columns by display width, CJK
// characters two columns wide, breaks between them, hanging indents, colour codes zero-width.
#include "terminal.h"

#include <gtest/gtest.h>

namespace villainy::cli {
namespace {

TEST(Terminal, DisplayWidthCountsWideCharactersTwiceAndColourNever) {
  EXPECT_EQ(display_width("Seat 2"), 6);
  EXPECT_EQ(display_width("大野狼"), 6);
  EXPECT_EQ(display_width("\033[96mSeat 1\033[0m"), 6);
  EXPECT_EQ(display_width("é"), 1);
}

TEST(Terminal, WrapsAtSpacesWithAHangingIndent) {
  const auto lines = wrap("one two three four", 9, "  ", "    ");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "  one two");
  EXPECT_EQ(lines[1], "    three");
  EXPECT_EQ(lines[2], "    four");
  for (const auto& l : lines) EXPECT_LE(display_width(l), 9) << l;
}

TEST(Terminal, BreaksChineseBetweenCharactersKeepingPunctuation) {
  const auto lines = wrap("請把鍵盤交給２號玩家，然後按（Enter）。", 12, "", "");
  for (const auto& l : lines) EXPECT_LE(display_width(l), 12) << l;
  for (const auto& l : lines) {
    EXPECT_NE(l.rfind("，", 0), 0u) << "a line starts with a comma: " << l;
    EXPECT_NE(l.rfind("。", 0), 0u) << l;
    EXPECT_FALSE(l.size() >= 3 && l.substr(l.size() - 3) == "（") << "ends with (: " << l;
  }
  std::string joined;
  for (const auto& l : lines) joined += l;
  EXPECT_EQ(joined, "請把鍵盤交給２號玩家，然後按（Enter）。");
}

TEST(Terminal, CutsAWordLongerThanALine) {
  const auto lines = wrap(std::string(25, 'x'), 10, "", "");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], std::string(10, 'x'));
  EXPECT_EQ(lines[2], std::string(5, 'x'));
}

TEST(Terminal, BlocksKeepEachLinesIndent) {
  const std::string out = wrap_block("top\n    indented words that go on and on\n", 20);
  EXPECT_EQ(out, "top\n    indented words\n      that go on and\n      on\n");
}

TEST(Terminal, ColoursAreNamedFromData) {
  EXPECT_EQ(colour_from_name("purple"), Colour::kMagenta);
  EXPECT_EQ(colour_from_name("plaid"), Colour::kNone);
  const Screen plain(stdout, false), coloured(stdout, true);
  EXPECT_EQ(plain.paint("x", Colour::kRed), "x");
  EXPECT_EQ(coloured.paint("x", Colour::kRed), "\033[91mx\033[0m");
}

// Issue 30 (3): the one terminal-safe writer. Whatever text reaches the screen (a card name from
// a file or a record, a seat's agent spec from a record), only the screen's own colour codes
// reach the terminal; every other control character is written as '?'.
TEST(Terminal, TheScreenPassesOnlyItsOwnColourCodes_Issue30) {
  EXPECT_EQ(terminal_text("\033[2J\033[3J\033[Hx"), "?[2J?[3J?[Hx");
  EXPECT_EQ(terminal_text("\033]0;title\007 \xc2\x9b"
                          "2J"),
            "?]0;title? ?2J");
  EXPECT_EQ(terminal_text("\033[1;31mred\033[0m"), "\033[1;31mred\033[0m");
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  Screen scr(f, true);
  scr.line(scr.paint("Cure", Colour::kRed) + " \033[2Jgone");
  scr.block("hand: \033[2Khidden\n");
  scr.prompt("\033[1A> ");
  std::rewind(f);
  std::string out(4096, '\0');
  out.resize(std::fread(out.data(), 1, out.size(), f));
  std::fclose(f);
  EXPECT_EQ(out, scr.paint("Cure", Colour::kRed) + " ?[2Jgone\nhand: ?[2Khidden\n?[1A> ");
}

}  // namespace
}  // namespace villainy::cli
