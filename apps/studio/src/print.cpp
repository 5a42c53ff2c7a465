// Print sheets: cut-out cards (63 × 88 mm, nine to an A4 page) with the name and text of each
// card in English and Traditional Chinese, from the game's catalogue.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "internal.h"
#include "villainy/studio/studio.h"

namespace villainy::studio {

std::string print_html(const Game& game, const std::vector<PrintCard>& cards) {
  std::vector<std::string> opts;
  for (auto& [k, v] : game.options().values()) opts.push_back(k + "=" + v);
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

}  // namespace villainy::studio
