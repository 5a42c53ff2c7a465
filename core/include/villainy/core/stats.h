// Small statistics helpers for reports: proportions with 95% Wilson intervals, exact integer
// histograms with quantiles. Integer accumulators keep merged results identical whatever the
// number of threads.
#pragma once
#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace villainy {

struct Interval {
  double low, high;
};
// 95% Wilson score interval for k successes in n trials.
Interval wilson95(std::uint64_t k, std::uint64_t n);
// 95% normal interval for a mean, from sum, sum of squares and n.
Interval mean_ci95(double sum, double sum_sq, std::uint64_t n);

class Histogram {
 public:
  void add(std::int64_t value, std::uint64_t count = 1);
  void merge(const Histogram& o);
  std::uint64_t count() const { return n_; }
  double mean() const;
  std::int64_t min() const;
  std::int64_t max() const;
  // Smallest value v with at least q of the mass at or below v.
  std::int64_t quantile(double q) const;
  nlohmann::json to_json() const;  // n, mean, min, p10, p50, p90, max
  std::string summary() const;     // "mean 12.3 (p10 4, median 11, p90 21, max 40), n=…"
  const std::map<std::int64_t, std::uint64_t>& bins() const { return bins_; }

 private:
  std::map<std::int64_t, std::uint64_t> bins_;
  std::uint64_t n_ = 0;
  long double sum_ = 0;
};

struct Proportion {
  std::uint64_t k = 0, n = 0;
  void add(bool hit) {
    n++;
    k += hit ? 1 : 0;
  }
  void merge(const Proportion& o) {
    k += o.k;
    n += o.n;
  }
  nlohmann::json to_json() const;  // k, n, rate, ci95
  std::string str() const;         // "23.4% [22.1–24.8] (k/n)"
};

std::string percent(double x);

}  // namespace villainy
