// `villainy print GAME [--option cards=PATH|cast=PATH] --out cards.html|cards.pdf`: cut-out
// cards with names and texts in English and Traditional Chinese, for a physical playtest of the
// version being studied (the options choose the card file).
#include <fmt/format.h>

#include <memory>

#include "commands.h"
#include "villainy/core/registry.h"
#include "villainy/studio/jobs.h"
#include "villainy/studio/studio.h"

namespace villainy::cli {

namespace {
struct PrintArgs {
  std::string game, out;
  std::vector<std::string> options;
  int players = 0;
};

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
}  // namespace

void add_print_command(CLI::App& app) {
  auto a = std::make_shared<PrintArgs>();
  CLI::App* p = app.add_subcommand(
      "print", "print sheets: cut-out cards in English and 繁體中文 (HTML, or PDF via Chromium)");
  p->add_option("game", a->game, "game name")->required();
  p->add_option("--option", a->options,
                "rule option NAME=VALUE, e.g. cast=my-cast.json or cards=my-cards.json");
  p->add_option("--players", a->players, "player count (default: the fewest)")
      ->check(int_in(0, kMaxPlayersFlag));
  p->add_option("--out", a->out, "cards.html or cards.pdf")->required();
  p->callback([a] {
    try {
      const bool pdf = ends_with(a->out, ".pdf");
      if (!pdf && !ends_with(a->out, ".html") && !ends_with(a->out, ".htm"))
        throw Error(fmt::format("--out '{}' must end in .html or .pdf", a->out));
      const GameEntry& e = find_game(a->game);
      const int players = a->players > 0 ? a->players : e.info.min_players;
      check_player_count(e, players);
      auto game = load_game(a->game, Options::parse_assignments(a->options), players,
                            OptionSource::kLocalUser);
      const std::string html = studio::print_html(*game, studio::print_cards(*game));
      if (!pdf) {
        studio::write_text_file(a->out, html);
      } else {
        const std::string tmp = a->out + ".html";
        studio::write_text_file(tmp, html);
        studio::html_to_pdf(tmp, a->out);
        std::remove(tmp.c_str());
      }
      fmt::print("Wrote {}\n", a->out);
    } catch (const std::exception& e) {
      fmt::print(stderr, "villainy: error: {}\n", e.what());
      throw CLI::RuntimeError(2);
    }
  });
}

}  // namespace villainy::cli
