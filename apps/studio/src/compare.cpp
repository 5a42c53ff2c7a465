// `villainy compare`: every figure of the defaults against each variant, on paired seeds, with
// the difference and its 95% interval (Newcombe for rates, Welch for means). The intervals treat
// the two runs as independent samples; paired seeds correlate them positively, so the intervals
// are conservative (a difference they call significant is one).
#include <fmt/format.h>

#include <cmath>

#include "internal.h"
#include "villainy/studio/studio.h"

namespace villainy::studio {

std::vector<std::string> variant_assignments(const std::string& variant) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : variant + ",") {
    if (c == ',' || c == ' ') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (out.empty()) throw Error(fmt::format("--variant '{}' names no option NAME=VALUE", variant));
  return out;
}

namespace {
bool same_shape(const Figure& a, const Figure& b) {
  return a.kind == b.kind && a.series == b.series && a.labels.size() == b.labels.size() &&
         a.rates.size() == b.rates.size() && a.dists.size() == b.dists.size() &&
         a.values.size() == b.values.size();
}
}  // namespace

std::vector<DiffRow> diff_rows(const SimulateResult& base, const SimulateResult& variant) {
  std::vector<DiffRow> out;
  const auto fa = base.figures(), fb = variant.figures();
  for (const Figure& a : fa) {
    auto it = std::find_if(fb.begin(), fb.end(), [&](const Figure& f) { return f.id == a.id; });
    if (it == fb.end() || !same_shape(a, *it)) continue;
    const Figure& b = *it;
    DiffRow proto;
    proto.figure_id = a.id;
    proto.figure_title = a.title;
    proto.detail = a.detail;
    switch (a.kind) {
      case Figure::Kind::kRates:
        for (size_t s = 0; s < a.series.size(); ++s)
          for (size_t r = 0; r < a.labels.size(); ++r) {
            const Proportion &pa = a.rates[s][r], &pb = b.rates[s][r];
            if (pa.n == 0 && pb.n == 0) continue;
            DiffRow d = proto;
            d.kind = DiffRow::Kind::kRate;
            d.label = a.labels[r];
            d.series = a.series.size() > 1 ? a.series[s] : "";
            d.base = pa.n ? static_cast<double>(pa.k) / static_cast<double>(pa.n) : 0;
            d.variant = pb.n ? static_cast<double>(pb.k) / static_cast<double>(pb.n) : 0;
            d.base_n = pa.n;
            d.variant_n = pb.n;
            d.diff = d.variant - d.base;
            if (pa.n && pb.n) {
              const Interval ci = diff_ci95(pa, pb);
              d.low = ci.low;
              d.high = ci.high;
              d.has_ci = true;
              d.significant = ci.low > 0 || ci.high < 0;
            }
            out.push_back(d);
          }
        break;
      case Figure::Kind::kDistribution:
        for (size_t s = 0; s < a.dists.size(); ++s) {
          const Histogram &ha = a.dists[s], &hb = b.dists[s];
          if (ha.count() == 0 && hb.count() == 0) continue;
          DiffRow d = proto;
          d.kind = DiffRow::Kind::kMean;
          d.label = "mean";
          d.series = s < a.series.size() ? a.series[s] : "";
          d.base = ha.mean();
          d.variant = hb.mean();
          d.base_n = ha.count();
          d.variant_n = hb.count();
          d.diff = d.variant - d.base;
          if (ha.count() > 1 && hb.count() > 1) {
            const Interval ci = mean_diff_ci95(ha, hb);
            d.low = ci.low;
            d.high = ci.high;
            d.has_ci = true;
            d.significant = ci.low > 0 || ci.high < 0;
          }
          out.push_back(d);
        }
        break;
      case Figure::Kind::kValues:
        for (size_t s = 0; s < a.values.size(); ++s)
          for (size_t r = 0; r < a.labels.size(); ++r) {
            DiffRow d = proto;
            d.kind = DiffRow::Kind::kValue;
            d.label = a.labels[r];
            d.series = s < a.series.size() ? a.series[s] : "";
            d.base = a.values[s][r];
            d.variant = b.values[s][r];
            d.diff = d.variant - d.base;
            out.push_back(d);
          }
        break;
    }
  }
  return out;
}

std::string format_diff(const DiffRow& d) {
  if (d.kind == DiffRow::Kind::kRate) {
    std::string o = fmt::format("{:.2f}% → {:.2f}%: {:+.2f} points", 100 * d.base, 100 * d.variant,
                                100 * d.diff);
    if (d.has_ci) o += fmt::format(" [{:+.2f}, {:+.2f}]", 100 * d.low, 100 * d.high);
    return o;
  }
  std::string o = fmt::format("{:.3f} → {:.3f}: {:+.3f}", d.base, d.variant, d.diff);
  if (d.has_ci) o += fmt::format(" [{:+.3f}, {:+.3f}]", d.low, d.high);
  return o;
}

namespace {
// The defaults run for the same player count as run i.
const CompareRun& base_of(const Comparison& c, size_t i) {
  for (size_t j = i + 1; j-- > 0;)
    if (c.runs[j].players == c.runs[i].players && c.runs[j].variant == "defaults") return c.runs[j];
  throw Error("compare: a variant without its defaults run");
}

std::string options_text(const SimulateResult& r) {
  std::string o;
  for (auto& [k, v] : r.game->options().values())
    o += fmt::format("{}{}={}", o.empty() ? "" : " ", k, v);
  return o;
}
}  // namespace

nlohmann::json compare_json(const Comparison& c) {
  nlohmann::json j;
  j["game"] = c.game;
  for (const auto& run : c.runs) {
    nlohmann::json r;
    r["players"] = run.players;
    r["variant"] = run.variant;
    r["options"] = run.result.game->options().values();
    r["seats"] = run.result.seats;
    r["agents"] = agents_line(run.result.seats);
    r["games"] = run.result.games;
    r["seed"] = run.result.seed;
    j["runs"].push_back(r);
  }
  j["comparisons"] = nlohmann::json::array();
  for (size_t i = 0; i < c.runs.size(); ++i) {
    if (c.runs[i].variant == "defaults") continue;
    nlohmann::json cmp;
    cmp["players"] = c.runs[i].players;
    cmp["variant"] = c.runs[i].variant;
    cmp["rows"] = nlohmann::json::array();
    for (const DiffRow& d : diff_rows(base_of(c, i).result, c.runs[i].result)) {
      nlohmann::json row = {{"figure", d.figure_id},       {"label", d.label},
                            {"series", d.series},          {"defaults", d.base},
                            {"variant", d.variant},        {"difference", d.diff},
                            {"significant", d.significant}};
      if (d.kind == DiffRow::Kind::kRate) row["kind"] = "rate";
      if (d.kind == DiffRow::Kind::kMean) row["kind"] = "mean";
      if (d.kind == DiffRow::Kind::kValue) row["kind"] = "value";
      if (d.has_ci) row["ci95"] = {d.low, d.high};
      if (d.base_n) row["n_defaults"] = d.base_n;
      if (d.variant_n) row["n_variant"] = d.variant_n;
      cmp["rows"].push_back(row);
    }
    j["comparisons"].push_back(cmp);
  }
  return j;
}

std::string compare_text(const Comparison& c) {
  std::string o;
  for (size_t i = 0; i < c.runs.size(); ++i) {
    const CompareRun& run = c.runs[i];
    if (run.variant == "defaults") {
      o += fmt::format("=== {} players: defaults ({})\n{}; {} games, seed {}\n", run.players,
                       options_text(run.result), agents_line(run.result.seats), run.result.games,
                       run.result.seed);
      if (all_random(run.result.seats)) o += std::string(kRandomPlayNote) + "\n";
      continue;
    }
    o += fmt::format(
        "\n--- {} players: {} vs defaults (paired seeds; difference variant − defaults, 95% "
        "CI; * = significant)\n",
        run.players, run.variant);
    std::string figure;
    int hidden = 0, significant = 0, with_ci = 0;
    for (const DiffRow& d : diff_rows(base_of(c, i).result, run.result)) {
      significant += d.significant;
      with_ci += d.has_ci;
      if (d.detail && !d.significant) {
        ++hidden;
        continue;
      }
      if (d.figure_title != figure) {
        figure = d.figure_title;
        o += figure + ":\n";
      }
      o += fmt::format("  {} {:<50} {}\n", d.significant ? '*' : ' ',
                       d.series.empty() || d.series == d.label
                           ? d.label
                           : fmt::format("{} ({})", d.label, d.series),
                       format_diff(d));
    }
    o += fmt::format(
        "{} significant differences among {} rows with an interval (about {} would be by chance "
        "alone at 95%)",
        significant, with_ci, with_ci / 20);
    if (hidden)
      o += fmt::format("; {} card rows without a significant difference not shown", hidden);
    o += "\n";
  }
  return o;
}

std::string compare_html(const Comparison& c) {
  const std::string title = fmt::format("{} — variants compared", c.game);
  std::string o = page_head(title) + "<h1>" + html_escape(title) + "</h1>\n";
  o += "<p class=\"meta\">Each variant against the defaults on paired seeds (game i has the same "
       "seed in every run). Difference = variant − defaults with its 95% interval (Newcombe for "
       "rates, Welch for means; conservative for paired seeds). Bold rows: the interval excludes "
       "0.</p>\n";
  for (size_t i = 0; i < c.runs.size(); ++i) {
    const CompareRun& run = c.runs[i];
    if (run.variant == "defaults") {
      o += fmt::format("<h2>{} players</h2>\n", run.players) + run_header_html(run.result);
      continue;
    }
    const auto rows = diff_rows(base_of(c, i).result, run.result);
    int sig = 0;
    for (const auto& d : rows) sig += d.significant;
    o += fmt::format("<h3>{} vs defaults ({} players): {} significant differences</h3>\n",
                     html_escape(run.variant), run.players, sig);
    o += "<table><tr><th>figure</th><th>row</th><th>defaults</th><th>variant</th><th>difference "
         "[95% CI]</th><th></th></tr>\n";
    for (const auto& d : rows) {
      const bool rate = d.kind == DiffRow::Kind::kRate;
      auto v = [&](double x) {
        return rate ? fmt::format("{:.2f}%", 100 * x) : fmt::format("{:.3f}", x);
      };
      std::string ci = d.has_ci
                           ? (rate ? fmt::format(" [{:+.2f}, {:+.2f}]", 100 * d.low, 100 * d.high)
                                   : fmt::format(" [{:+.3f}, {:+.3f}]", d.low, d.high))
                           : "";
      // A small interval plot: the difference and its interval around 0.
      std::string plot;
      if (d.has_ci) {
        const double scale = std::max({std::fabs(d.low), std::fabs(d.high), 1e-12});
        auto X = [&](double x) { return 80 + x / scale * 70; };
        plot = fmt::format(
            R"(<svg width="160" height="12" viewBox="0 0 160 12"><line x1="80" y1="0" x2="80" y2="12" class="axis"/><line x1="{:.1f}" y1="6" x2="{:.1f}" y2="6" class="ci"/><circle cx="{:.1f}" cy="6" r="3" fill="{}"/></svg>)",
            X(d.low), X(d.high), X(d.diff), d.significant ? "#cc0000" : "#555753");
      }
      o += fmt::format(
          "<tr{}><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td "
          "class=\"num\">{}{}{}</td><td>{}</td></tr>\n",
          d.significant ? " class=\"sig\"" : "", html_escape(d.figure_title),
          html_escape(d.series.empty() || d.series == d.label ? d.label
                                                              : d.label + " (" + d.series + ")"),
          v(d.base), v(d.variant),
          rate ? fmt::format("{:+.2f} points", 100 * d.diff) : fmt::format("{:+.3f}", d.diff),
          html_escape(ci), "", plot);
    }
    o += "</table>\n";
  }
  return o + "</body></html>\n";
}

}  // namespace villainy::studio
