// The terminal's own words (prompts, hand-over, confirmations) in English and 繁體中文. The games'
// words come from their catalogues (Game::catalogue()); these are the program's frame around them.
// Every entry has both languages (the table holds the two side by side).
#pragma once
#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>

namespace villainy::cli {

// The text of `id` in `lang` ("en" or "zh-TW"; anything else is English). Throws Error for an
// unknown id (a programming error, caught by the golden transcripts).
std::string_view ui_text(std::string_view lang, std::string_view id);

// ui_text with fmt-style named arguments, e.g. ui(lang, "your-choice", fmt::arg("seat", 2)).
template <typename... Args>
std::string ui(std::string_view lang, std::string_view id, Args&&... args) {
  return fmt::format(fmt::runtime(ui_text(lang, id)), std::forward<Args>(args)...);
}

}  // namespace villainy::cli
