#include "villainy/core/stats.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "villainy/core/types.h"

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

namespace {
// a += b, or an Error: a count never wraps (a doctored partial result could hold 2^64 - 1).
void add_count(std::uint64_t& a, std::uint64_t b) {
  if (__builtin_add_overflow(a, b, &a))
    throw Error("overflows: a count passes 2^64 - 1 (the partial results cannot all be right)");
}
void add_signed(std::int64_t& a, std::int64_t b) {
  if (__builtin_add_overflow(a, b, &a))
    throw Error(
        "overflows: a sum passes the 64-bit range (the partial results cannot all be right)");
}
}  // namespace

void Histogram::add(std::int64_t value, std::uint64_t count) {
  std::uint64_t n = n_;
  add_count(n, count);
  add_count(bins_[value], count);
  n_ = n;
  sum_ += static_cast<long double>(value) * count;
}

void Histogram::merge(const Histogram& o) {
  std::uint64_t n = n_;
  add_count(n, o.n_);
  for (auto [v, c] : o.bins_) {
    auto it = bins_.find(v);
    if (it != bins_.end() && it->second > UINT64_MAX - c) add_count(it->second, c);  // throws
  }
  for (auto [v, c] : o.bins_) bins_[v] += c;
  n_ = n;
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

Interval diff_ci95(const Proportion& a, const Proportion& b) {
  if (a.n == 0 || b.n == 0) return {-1, 1};
  const double pa = static_cast<double>(a.k) / static_cast<double>(a.n);
  const double pb = static_cast<double>(b.k) / static_cast<double>(b.n);
  const Interval ia = wilson95(a.k, a.n), ib = wilson95(b.k, b.n);
  const double d = pb - pa;
  return {d - std::sqrt((pb - ib.low) * (pb - ib.low) + (ia.high - pa) * (ia.high - pa)),
          d + std::sqrt((ib.high - pb) * (ib.high - pb) + (pa - ia.low) * (pa - ia.low))};
}

double variance(const Histogram& h) {
  if (h.count() < 2) return 0;
  const long double m = h.mean();
  long double ss = 0;
  for (auto [v, c] : h.bins()) ss += (static_cast<long double>(v) - m) * (v - m) * c;
  return static_cast<double>(ss / static_cast<long double>(h.count() - 1));
}

Interval mean_diff_ci95(const Histogram& a, const Histogram& b) {
  if (a.count() == 0 || b.count() == 0) return {-1e300, 1e300};
  const double d = b.mean() - a.mean();
  const double se = std::sqrt(variance(a) / static_cast<double>(a.count()) +
                              variance(b) / static_cast<double>(b.count()));
  return {d - 1.959963984540054 * se, d + 1.959963984540054 * se};
}

void Fields::merge(const Fields& into, const Fields& from) {
  if (into.entries_.size() != from.entries_.size())
    throw Error(fmt::format("cannot merge reports of different shapes ({} and {} fields)",
                            into.entries_.size(), from.entries_.size()));
  for (size_t i = 0; i < into.entries_.size(); ++i) {
    const Entry& a = into.entries_[i];
    const Entry& b = from.entries_[i];
    if (a.name != b.name || a.type != b.type)
      throw Error(fmt::format("cannot merge field '{}' with '{}'", a.name, b.name));
    try {
      switch (a.type) {
        case Type::kU64:
          add_count(*static_cast<std::uint64_t*>(a.ptr), *static_cast<std::uint64_t*>(b.ptr));
          break;
        case Type::kI64:
          add_signed(*static_cast<std::int64_t*>(a.ptr), *static_cast<std::int64_t*>(b.ptr));
          break;
        case Type::kProportion: {
          auto& pa = *static_cast<Proportion*>(a.ptr);
          const auto& pb = *static_cast<const Proportion*>(b.ptr);
          std::uint64_t k = pa.k, n = pa.n;
          add_count(k, pb.k);
          add_count(n, pb.n);
          pa.k = k;
          pa.n = n;
          break;
        }
        case Type::kHistogram:
          static_cast<Histogram*>(a.ptr)->merge(*static_cast<Histogram*>(b.ptr));
          break;
      }
    } catch (const Error& e) {
      throw Error(fmt::format("field '{}': {}", a.name, e.what()));
    }
  }
}

nlohmann::json Fields::save() const {
  nlohmann::json j = nlohmann::json::object();
  for (const Entry& e : entries_) {
    switch (e.type) {
      case Type::kU64:
        j[e.name] = *static_cast<const std::uint64_t*>(e.ptr);
        break;
      case Type::kI64:
        j[e.name] = *static_cast<const std::int64_t*>(e.ptr);
        break;
      case Type::kProportion: {
        const auto& p = *static_cast<const Proportion*>(e.ptr);
        j[e.name] = {p.k, p.n};
        break;
      }
      case Type::kHistogram: {
        nlohmann::json bins = nlohmann::json::array();
        for (auto [v, c] : static_cast<const Histogram*>(e.ptr)->bins()) bins.push_back({v, c});
        j[e.name] = bins;
        break;
      }
    }
  }
  return j;
}

void Fields::load(const nlohmann::json& j, const std::string& where) const {
  if (!j.is_object()) throw Error(fmt::format("{}: the report is not a JSON object", where));
  for (const Entry& e : entries_) {
    auto it = j.find(e.name);
    auto bad = [&](const char* what) {
      return Error(fmt::format("{}: field '{}' {}", where, e.name, what));
    };
    if (it == j.end()) throw bad("is missing");
    const nlohmann::json& v = *it;
    switch (e.type) {
      case Type::kU64:
        if (!v.is_number_unsigned()) throw bad("is not a count (unsigned integer)");
        *static_cast<std::uint64_t*>(e.ptr) = v.get<std::uint64_t>();
        break;
      case Type::kI64:
        if (!v.is_number_integer()) throw bad("is not an integer");
        *static_cast<std::int64_t*>(e.ptr) = v.get<std::int64_t>();
        break;
      case Type::kProportion: {
        if (!v.is_array() || v.size() != 2 || !v[0].is_number_unsigned() ||
            !v[1].is_number_unsigned() || v[0].get<std::uint64_t>() > v[1].get<std::uint64_t>())
          throw bad("is not a proportion [k, n] with k <= n");
        auto& p = *static_cast<Proportion*>(e.ptr);
        p.k = v[0].get<std::uint64_t>();
        p.n = v[1].get<std::uint64_t>();
        break;
      }
      case Type::kHistogram: {
        if (!v.is_array()) throw bad("is not a histogram [[value, count], …]");
        Histogram h;
        for (const auto& b : v) {
          if (!b.is_array() || b.size() != 2 || !b[0].is_number_integer() ||
              !b[1].is_number_unsigned())
            throw bad("has a bin that is not [value, count]");
          try {
            h.add(b[0].get<std::int64_t>(), b[1].get<std::uint64_t>());
          } catch (const Error& x) {
            throw bad(x.what());
          }
        }
        *static_cast<Histogram*>(e.ptr) = std::move(h);
        break;
      }
    }
  }
}

}  // namespace villainy
