#include "villainy/core/stats.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

namespace villainy {

Interval wilson95(std::uint64_t k, std::uint64_t n) {
  if (n == 0) return {0.0, 1.0};
  const double z = 1.959963984540054;
  const double p = static_cast<double>(k) / static_cast<double>(n);
  const double nn = static_cast<double>(n);
  const double denom = 1 + z * z / nn;
  const double centre = (p + z * z / (2 * nn)) / denom;
  const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Interval mean_ci95(double sum, double sum_sq, std::uint64_t n) {
  if (n == 0) return {0, 0};
  const double nn = static_cast<double>(n);
  const double mean = sum / nn;
  const double var = n > 1 ? std::max(0.0, (sum_sq - sum * sum / nn) / (nn - 1)) : 0.0;
  const double half = 1.959963984540054 * std::sqrt(var / nn);
  return {mean - half, mean + half};
}

void Histogram::add(std::int64_t value, std::uint64_t count) {
  bins_[value] += count;
  n_ += count;
  sum_ += static_cast<long double>(value) * count;
}

void Histogram::merge(const Histogram& o) {
  for (auto [v, c] : o.bins_) bins_[v] += c;
  n_ += o.n_;
  sum_ += o.sum_;
}

double Histogram::mean() const {
  return n_ ? static_cast<double>(sum_ / n_) : 0.0;
}
std::int64_t Histogram::min() const {
  return bins_.empty() ? 0 : bins_.begin()->first;
}
std::int64_t Histogram::max() const {
  return bins_.empty() ? 0 : bins_.rbegin()->first;
}

std::int64_t Histogram::quantile(double q) const {
  if (n_ == 0) return 0;
  const double target = q * static_cast<double>(n_);
  std::uint64_t acc = 0;
  for (auto [v, c] : bins_) {
    acc += c;
    if (static_cast<double>(acc) >= target) return v;
  }
  return bins_.rbegin()->first;
}

nlohmann::json Histogram::to_json() const {
  return {{"n", n_},
          {"mean", mean()},
          {"min", min()},
          {"p10", quantile(0.1)},
          {"median", quantile(0.5)},
          {"p90", quantile(0.9)},
          {"max", max()}};
}

std::string Histogram::summary() const {
  return fmt::format("mean {:.2f} (min {}, p10 {}, median {}, p90 {}, max {}), n={}", mean(), min(),
                     quantile(0.1), quantile(0.5), quantile(0.9), max(), n_);
}

nlohmann::json Proportion::to_json() const {
  auto ci = wilson95(k, n);
  return {{"k", k},
          {"n", n},
          {"rate", n ? static_cast<double>(k) / static_cast<double>(n) : 0.0},
          {"ci95", {ci.low, ci.high}}};
}

std::string Proportion::str() const {
  auto ci = wilson95(k, n);
  return fmt::format("{:6.2f}% [{:.2f}–{:.2f}] ({}/{})",
                     n ? 100.0 * static_cast<double>(k) / static_cast<double>(n) : 0.0,
                     100 * ci.low, 100 * ci.high, k, n);
}

std::string percent(double x) {
  return fmt::format("{:.2f}%", 100 * x);
}

}  // namespace villainy
