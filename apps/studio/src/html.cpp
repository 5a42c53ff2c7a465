// The HTML report: one self-contained page, SVG charts drawn here (no scripts, no fonts, no
// external URL), print-friendly CSS. Numbers are formatted with fixed precision, so the same
// results give the same bytes.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "internal.h"
#include "villainy/studio/studio.h"

namespace villainy::studio {

std::string html_escape(const std::string& s) {
  std::string o;
  o.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        o += "&amp;";
        break;
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '"':
        o += "&quot;";
        break;
      case '\'':
        o += "&#39;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

namespace {

constexpr const char* kPalette[] = {"#3465a4", "#ce5c00", "#4e9a06", "#75507b",
                                    "#c4a000", "#cc0000", "#06989a", "#555753"};
const char* colour(size_t i) {
  return kPalette[i % (sizeof kPalette / sizeof kPalette[0])];
}

double rate_of(const Proportion& p) {
  return p.n ? static_cast<double>(p.k) / static_cast<double>(p.n) : 0.0;
}

std::string pct(double x) {
  return fmt::format("{:.1f}%", 100 * x);
}

// The smallest "nice" upper bound at or above x, for a rate axis.
double nice_max(double x) {
  for (double m : {0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.4, 0.5, 0.6, 0.8, 1.0})
    if (x <= m) return m;
  return 1.0;
}

std::string shorten(const std::string& s, size_t max) {
  if (s.size() <= max) return s;
  size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
  return s.substr(0, cut) + "…";
}

// A row label at the right edge of the label column: cut to what fits the column (about 46
// characters at 11 px), with the whole label as the SVG tooltip.
std::string row_label(int x, int y, const std::string& label) {
  const std::string cut = shorten(label, 46);
  if (cut == label)
    return fmt::format(R"(<text x="{}" y="{}" class="label">{}</text>)", x, y, html_escape(label));
  return fmt::format(R"(<text x="{}" y="{}" class="label"><title>{}</title>{}</text>)", x, y,
                     html_escape(label), html_escape(cut));
}

std::string legend(const std::vector<std::string>& series, int x, int y) {
  std::string o;
  for (size_t s = 0; s < series.size(); ++s) {
    o += fmt::format(R"(<rect x="{}" y="{}" width="10" height="10" fill="{}"/>)", x, y - 9,
                     colour(s));
    o += fmt::format(R"(<text x="{}" y="{}">{}</text>)", x + 14, y, html_escape(series[s]));
    x += 24 + static_cast<int>(series[s].size()) * 6;
  }
  return o;
}

// Horizontal bars with 95% whiskers, one group per row, one bar per series.
std::string svg_rates(const Figure& f) {
  const int label_w = 300, bar_w = 330, value_w = 220, bar_h = 10, gap = 4;
  const int n_series = static_cast<int>(f.series.size());
  const int row_h = n_series * (bar_h + 2) + gap;
  const int top = n_series > 1 ? 34 : 18;
  const int height = top + static_cast<int>(f.labels.size()) * row_h + 22;
  const int width = label_w + bar_w + value_w;
  double hi = f.reference > 0 ? f.reference : 0;
  for (const auto& series : f.rates)
    for (const auto& p : series) hi = std::max(hi, wilson95(p.k, p.n).high * (p.n ? 1 : 0));
  const double xmax = nice_max(hi * 1.02);
  auto X = [&](double r) { return label_w + static_cast<int>(std::lround(r / xmax * bar_w)); };
  std::string o = fmt::format(
      R"(<svg class="chart" width="{}" height="{}" viewBox="0 0 {} {}" role="img" aria-label="{}">)",
      width, height, width, height, html_escape(f.title));
  if (n_series > 1) o += legend(f.series, label_w, 14);
  for (int t = 0; t <= 4; ++t) {  // grid and ticks
    const double r = xmax * t / 4;
    const int x = X(r);
    o += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" class="grid"/>)", x, top - 4, x,
                     height - 18);
    o += fmt::format(R"(<text x="{}" y="{}" class="tick">{}</text>)", x, height - 6, pct(r));
  }
  for (size_t row = 0; row < f.labels.size(); ++row) {
    const int y0 = top + static_cast<int>(row) * row_h;
    o += row_label(label_w - 6, y0 + (n_series * (bar_h + 2)) / 2 + 4, f.labels[row]);
    for (int s = 0; s < n_series; ++s) {
      const Proportion& p = f.rates[static_cast<size_t>(s)][row];
      const int y = y0 + s * (bar_h + 2);
      if (p.n == 0) {
        o += fmt::format(R"(<text x="{}" y="{}" class="value">no sample</text>)", label_w + 4,
                         y + bar_h);
        continue;
      }
      const Interval ci = wilson95(p.k, p.n);
      const int cy = y + bar_h / 2;
      o += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}" opacity="0.8"/>)",
                       label_w, y, X(rate_of(p)) - label_w, bar_h, colour(static_cast<size_t>(s)));
      o += fmt::format(
          R"(<line x1="{0}" y1="{2}" x2="{1}" y2="{2}" class="ci"/><line x1="{0}" y1="{3}" x2="{0}" y2="{4}" class="ci"/><line x1="{1}" y1="{3}" x2="{1}" y2="{4}" class="ci"/>)",
          X(ci.low), X(ci.high), cy, cy - 4, cy + 4);
      o += fmt::format(R"(<text x="{}" y="{}" class="value">{} [{}–{}] n={}</text>)",
                       label_w + bar_w + 6, y + bar_h, pct(rate_of(p)), pct(ci.low), pct(ci.high),
                       p.n);
    }
  }
  if (f.reference > 0) {
    const int x = X(f.reference);
    o += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" class="ref"/>)", x, top - 6, x,
                     height - 18);
    o += fmt::format(R"(<text x="{}" y="{}" class="tick">fair share {}</text>)", x,
                     n_series > 1 ? top - 8 : 10, pct(f.reference));
  }
  return o + "</svg>";
}

// One histogram per series (bins merged when the range is wide), with median and mean marked.
std::string svg_distribution(const Figure& f) {
  std::string o;
  for (size_t s = 0; s < f.dists.size(); ++s) {
    const Histogram& h = f.dists[s];
    const std::string name = s < f.series.size() ? f.series[s] : "";
    if (h.count() == 0) {
      o += fmt::format(R"(<p class="empty">{}: no sample</p>)", html_escape(name));
      continue;
    }
    const std::int64_t lo = h.min(), hi = h.max();
    const std::int64_t span = hi - lo + 1;
    const std::int64_t width_per_bin = std::max<std::int64_t>(1, (span + 59) / 60);
    const std::int64_t bins = (span + width_per_bin - 1) / width_per_bin;
    std::vector<std::uint64_t> counts(static_cast<size_t>(bins), 0);
    for (auto [v, c] : h.bins()) counts[static_cast<size_t>((v - lo) / width_per_bin)] += c;
    const std::uint64_t peak = *std::max_element(counts.begin(), counts.end());
    const int w = 600, ht = 90, left = 50, top = 20;
    const double bw = static_cast<double>(w) / static_cast<double>(bins);
    const int total_h = top + ht + 30;
    o += fmt::format(
        R"(<svg class="chart" width="{}" height="{}" viewBox="0 0 {} {}" role="img" aria-label="{}">)",
        left + w + 20, total_h, left + w + 20, total_h, html_escape(f.title + ": " + name));
    o += fmt::format(R"(<text x="{}" y="12" class="series">{}</text>)", left,
                     html_escape(name + " — " + h.summary()));
    for (size_t b = 0; b < counts.size(); ++b) {
      if (!counts[b]) continue;
      const double bh = static_cast<double>(counts[b]) / static_cast<double>(peak) * ht;
      o += fmt::format(R"(<rect x="{:.2f}" y="{:.2f}" width="{:.2f}" height="{:.2f}" fill="{}"/>)",
                       left + bw * static_cast<double>(b), top + ht - bh, std::max(0.5, bw - 0.5),
                       bh, colour(s));
    }
    auto X = [&](double v) {  // the centre of value v
      return left + (v - static_cast<double>(lo) + 0.5) / static_cast<double>(width_per_bin) * bw;
    };
    const double med = static_cast<double>(h.quantile(0.5));
    o += fmt::format(R"(<line x1="{0:.2f}" y1="{1}" x2="{0:.2f}" y2="{2}" class="ref"/>)", X(med),
                     top, top + ht);
    o += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}" class="axis"/>)", left, top + ht,
                     left + w, top + ht);
    o += fmt::format(R"(<text x="{}" y="{}" class="tick">{}</text>)", left, top + ht + 14, lo);
    o += fmt::format(R"(<text x="{}" y="{}" class="tick">{}</text>)", left + w, top + ht + 14, hi);
    o += fmt::format(R"(<text x="{:.2f}" y="{}" class="tick">median {}</text>)", X(med),
                     top + ht + 26, h.quantile(0.5));
    o += fmt::format(R"(<text x="{}" y="{}" class="label">{}</text>)", left - 4, top + 8, peak);
    if (width_per_bin > 1)
      o += fmt::format(R"(<text x="{}" y="{}" class="tick">bins of {}</text>)", left + w / 2,
                       top + ht + 14, width_per_bin);
    o += "</svg>";
  }
  return o;
}

std::string fmt_value(double v) {
  if (std::fabs(v - std::round(v)) < 1e-9 && std::fabs(v) < 1e15)
    return fmt::format("{}", static_cast<std::int64_t>(std::llround(v)));
  return fmt::format("{:.3f}", v);
}

std::string values_table(const Figure& f) {
  std::string o = "<table><tr><th></th>";
  for (const auto& s : f.series) o += "<th>" + html_escape(s) + "</th>";
  o += "</tr>";
  for (size_t r = 0; r < f.labels.size(); ++r) {
    o += "<tr><td>" + html_escape(f.labels[r]) + "</td>";
    for (const auto& col : f.values) o += "<td class=\"num\">" + fmt_value(col[r]) + "</td>";
    o += "</tr>";
  }
  return o + "</table>";
}

std::string svg_values(const Figure& f) {
  double hi = 0;
  bool nonneg = true;
  for (const auto& col : f.values)
    for (double v : col) {
      hi = std::max(hi, v);
      nonneg &= v >= 0;
    }
  // Bars only for one quantity per row (per-card figures); mixed quantities get a table.
  if (!f.detail || !nonneg || hi <= 0 || f.labels.size() < 2 || f.values.size() != 1)
    return values_table(f);
  const int label_w = 300, bar_w = 330, bar_h = 10, row_h = 14;
  const int height = 10 + static_cast<int>(f.labels.size()) * row_h;
  std::string o = fmt::format(
      R"(<svg class="chart" width="{}" height="{}" viewBox="0 0 {} {}" role="img" aria-label="{}">)",
      label_w + bar_w + 120, height, label_w + bar_w + 120, height, html_escape(f.title));
  for (size_t r = 0; r < f.labels.size(); ++r) {
    const int y = 4 + static_cast<int>(r) * row_h;
    const double v = f.values[0][r];
    o += row_label(label_w - 6, y + bar_h, f.labels[r]);
    o += fmt::format(R"(<rect x="{}" y="{}" width="{:.2f}" height="{}" fill="{}" opacity="0.8"/>)",
                     label_w, y, v / hi * bar_w, bar_h, colour(0));
    o += fmt::format(R"(<text x="{:.2f}" y="{}" class="value">{}</text>)",
                     label_w + v / hi * bar_w + 4, y + bar_h, fmt_value(v));
  }
  return o + "</svg>";
}

std::string rates_table(const Figure& f) {
  std::string o = "<details><summary>numbers</summary><table><tr><th></th>";
  for (const auto& s : f.series)
    o += fmt::format("<th>{0} (k/n)</th><th>{0} rate [95% CI]</th>", html_escape(s));
  o += "</tr>";
  for (size_t r = 0; r < f.labels.size(); ++r) {
    o += "<tr><td>" + html_escape(f.labels[r]) + "</td>";
    for (const auto& col : f.rates) {
      const Proportion& p = col[r];
      const Interval ci = wilson95(p.k, p.n);
      o += fmt::format("<td class=\"num\">{}/{}</td><td class=\"num\">{} [{}–{}]</td>", p.k, p.n,
                       pct(rate_of(p)), pct(ci.low), pct(ci.high));
    }
    o += "</tr>";
  }
  return o + "</table></details>";
}

}  // namespace

std::string page_head(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><title>" +
         html_escape(title) + R"(</title><style>
body{font-family:sans-serif;margin:1.5em auto;max-width:62em;color:#222;line-height:1.35}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
h3{font-size:1.05em;margin-bottom:.2em}
.meta{color:#444}.note{background:#fff4d6;border:1px solid #e0c070;padding:.4em .7em}
.caption{color:#555;font-size:.9em;margin:.1em 0 .4em}
svg.chart{display:block;font-size:11px;margin:.3em 0}
svg text.label{text-anchor:end}svg text.tick{text-anchor:middle;fill:#555;font-size:10px}
svg text.value{fill:#333}svg text.series{font-weight:bold}
svg line.grid{stroke:#ddd}svg line.axis{stroke:#888}svg line.ci{stroke:#111;stroke-width:1.2}
svg line.ref{stroke:#a00;stroke-dasharray:4 3}
table{border-collapse:collapse;font-size:.85em;margin:.3em 0}
td,th{border:1px solid #ccc;padding:.15em .45em}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.sig td{font-weight:bold;background:#eef5ff}
section.figure{page-break-inside:avoid}
@media print{body{max-width:none;margin:0}}
</style></head><body>
)";
}

std::string figure_html(const Figure& f, const std::string& agents) {
  std::string o = fmt::format("<section class=\"figure\" id=\"{}\"><h3>{}</h3>\n",
                              html_escape(f.id), html_escape(f.title));
  o += fmt::format("<p class=\"caption\">n = {}. {}. Read: {}.</p>\n", html_escape(f.sample),
                   html_escape(agents), html_escape(f.note));
  switch (f.kind) {
    case Figure::Kind::kRates:
      o += svg_rates(f) + "\n" + rates_table(f);
      break;
    case Figure::Kind::kDistribution:
      o += svg_distribution(f);
      break;
    case Figure::Kind::kValues:
      o += svg_values(f);
      break;
  }
  return o + "\n</section>\n";
}

std::string run_header_html(const SimulateResult& r) {
  std::vector<std::string> opts;
  for (auto& [k, v] : r.game->options().values()) opts.push_back(fmt::format("{}={}", k, v));
  std::string o = fmt::format(
      "<p class=\"meta\">{} games, {} players, seed {}. Options: {}.</p>\n<p "
      "class=\"meta\">{}.</p>\n",
      r.games, r.game->num_players(), r.seed, html_escape(fmt::format("{}", fmt::join(opts, " "))),
      html_escape(agents_line(r.seats)));
  if (all_random(r.seats)) o += "<p class=\"note\">" + html_escape(kRandomPlayNote) + "</p>\n";
  return o;
}

std::string html_report(const SimulateResult& r) {
  const std::string title = r.game->info().title + " — designer report";
  std::string o = page_head(title);
  o += "<h1>" + html_escape(title) + "</h1>\n" + run_header_html(r);
  const std::vector<Figure> figs = r.figures();
  o += "<nav><ul>\n";
  for (const auto& f : figs)
    o += fmt::format("<li><a href=\"#{}\">{}</a></li>\n", html_escape(f.id), html_escape(f.title));
  o += "</ul></nav>\n";
  const std::string agents = agents_line(r.seats);
  for (const auto& f : figs) o += figure_html(f, agents);
  o += "<h2>Text report</h2>\n<pre>" + html_escape(r.report_text()) + "</pre>\n";
  return o + "</body></html>\n";
}

}  // namespace villainy::studio
