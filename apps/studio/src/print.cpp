// Print sheets: cut-out cards (63 × 88 mm, nine to an A4 page) with the name and text of each
// card in English and Traditional Chinese, from the game's catalogue.
#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "internal.h"
#include "villainy/core/narration.h"
#include "villainy/studio/studio.h"

namespace villainy::studio {

std::vector<PrintCard> print_cards(const Game& game) {
  const Catalogue& cat = game.catalogue();
  std::vector<PrintCard> out;
  for (const auto& [key, langs] : cat.cards()) {  // sorted by key: deterministic
    PrintCard c;
    c.kind = key;
    const CardText* en = cat.card(key, "en");
    const CardText* zh = cat.card(key, "zh-TW");
    if (en) {
      c.name_en = en->name;
      c.text_en = en->text;
    }
    if (zh) {
      c.name_zh = zh->name;
      c.text_zh = zh->text;
    }
    out.push_back(std::move(c));
  }
  if (out.empty())
    throw Error(
        fmt::format("{} has no cards in its catalogue (Game::catalogue()) to print", game.name()));
  return out;
}

std::string print_html(const Game& game, const std::vector<PrintCard>& cards) {
  std::vector<std::string> opts;
  for (auto& [k, v] : game.options().values()) opts.push_back(fmt::format("{}={}", k, v));
  const std::string title = game.info().title + " — print sheet";
  std::string o = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>" +
                  html_escape(title) + R"(</title><style>
@page{size:A4;margin:8mm}
body{font-family:sans-serif;margin:0;color:#111}
header{margin:4mm 0}
.sheet{display:flex;flex-wrap:wrap;gap:0}
.card{box-sizing:border-box;width:63mm;height:88mm;border:0.3mm dashed #777;padding:3mm;
overflow:hidden;display:flex;flex-direction:column;page-break-inside:avoid;break-inside:avoid}
.kind{font-size:2.6mm;text-transform:uppercase;color:#555;letter-spacing:.2mm}
.name{font-size:4mm;font-weight:bold;margin:1mm 0}
.text{font-size:2.9mm;line-height:1.25}
.zh{margin-top:auto;border-top:0.2mm solid #bbb;padding-top:1.5mm}
.zh .name{font-size:4mm}
.copies{font-size:2.4mm;color:#777;text-align:right}
@media print{header{display:none}}
</style></head><body>
)";
  o += fmt::format(
      "<header><h1>{}</h1><p>Options: {}. {} cards. Print at 100% and cut along the "
      "dashed lines.</p></header>\n<div class=\"sheet\">\n",
      html_escape(title), html_escape(fmt::format("{}", fmt::join(opts, " "))), cards.size());
  for (const auto& c : cards) {
    for (int copy = 0; copy < c.copies; ++copy) {
      o += "<div class=\"card\"><div class=\"kind\">" + html_escape(c.kind) + "</div>";
      o += "<div class=\"name\">" + html_escape(c.name_en) + "</div>";
      o += "<div class=\"text\">" + html_escape(c.text_en) + "</div>";
      o += "<div class=\"zh\" lang=\"zh-TW\"><div class=\"name\">" + html_escape(c.name_zh) +
           "</div><div class=\"text\">" + html_escape(c.text_zh) + "</div></div>";
      if (c.copies > 1)
        o += fmt::format("<div class=\"copies\">{} of {}</div>", copy + 1, c.copies);
      o += "</div>\n";
    }
  }
  return o + "</div>\n</body></html>\n";
}

void html_to_pdf(const std::string& html_path, const std::string& pdf_path) {
  const char* env = std::getenv("VILLAINY_CHROMIUM");
  const std::string chromium = env && *env ? env : "/usr/bin/chromium";
  namespace fs = std::filesystem;
  const fs::path html = fs::absolute(html_path), pdf = fs::absolute(pdf_path);
  char dir_template[] = "/tmp/villainy-chromium-XXXXXX";
  if (!mkdtemp(dir_template)) throw Error("print: cannot make a temporary folder for Chromium");
  const std::string profile = dir_template;
  std::vector<std::string> args = {chromium,
                                   "--headless",
                                   "--no-sandbox",
                                   "--disable-gpu",
                                   "--no-pdf-header-footer",
                                   "--user-data-dir=" + profile,
                                   "--print-to-pdf=" + pdf.string(),
                                   "file://" + html.string()};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::error_code ec;
  fs::remove(pdf, ec);
  const pid_t pid = fork();
  if (pid < 0) throw Error("print: cannot start Chromium (fork failed)");
  if (pid == 0) {  // the child: quiet, then Chromium
    const int null = ::open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, 1);
      dup2(null, 2);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  fs::remove_all(profile, ec);
  if (!WIFEXITED(status) || WEXITSTATUS(status) == 127)
    throw Error(
        fmt::format("print: could not run {} (install Debian's chromium, or set "
                    "VILLAINY_CHROMIUM)",
                    chromium));
  std::ifstream in(pdf, std::ios::binary);
  char magic[5] = {};
  in.read(magic, 4);
  if (!in || std::string(magic) != "%PDF")
    throw Error(fmt::format("print: {} did not write a PDF to '{}'", chromium, pdf_path));
}

}  // namespace villainy::studio
