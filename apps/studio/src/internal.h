// Shared pieces of the studio's renderers (internal).
#pragma once
#include <string>
#include <vector>

#include "villainy/core/simulate.h"

namespace villainy::studio {

std::string page_head(const std::string& title);
std::string figure_html(const Figure& f, const std::string& agents);
std::string run_header_html(const SimulateResult& r);

// One row of a comparison: a figure's value in the defaults and in a variant, and the difference
// (variant − defaults) with its 95% interval where the figure has one.
struct DiffRow {
  std::string figure_id, figure_title, label, series;
  enum class Kind { kRate, kMean, kValue } kind = Kind::kRate;
  double base = 0, variant = 0, diff = 0, low = 0, high = 0;
  std::uint64_t base_n = 0, variant_n = 0;
  bool has_ci = false, significant = false, detail = false;
};
std::vector<DiffRow> diff_rows(const SimulateResult& base, const SimulateResult& variant);
std::string format_diff(const DiffRow& d);

}  // namespace villainy::studio
