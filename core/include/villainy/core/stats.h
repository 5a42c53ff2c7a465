// Small statistics helpers for reports: proportions with 95% Wilson intervals, exact integer
// histograms with quantiles. Integer accumulators keep merged results identical whatever the
// number of threads.
#pragma once
#include <array>
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

// 95% interval for the difference b − a of two independent proportions (Newcombe's hybrid score
// method from the two Wilson intervals). Paired seeds make the samples positively correlated, so
// for a compare on paired seeds this interval is conservative.
Interval diff_ci95(const Proportion& a, const Proportion& b);
// Mean and sample variance of a histogram's values.
double variance(const Histogram& h);
// 95% Welch interval for the difference of means mean(b) − mean(a).
Interval mean_diff_ci95(const Histogram& a, const Histogram& b);

// The accumulators of a report, named, in a fixed order: what a partial result saves, loads and
// merges (lossless: every accumulator is an integer count, a proportion or an exact histogram).
class Fields {
 public:
  enum class Type { kU64, kI64, kProportion, kHistogram };
  struct Entry {
    std::string name;
    Type type;
    void* ptr;
  };
  Fields& operator()(const std::string& name, std::uint64_t& x) {
    return put(name, Type::kU64, &x);
  }
  Fields& operator()(const std::string& name, std::int64_t& x) { return put(name, Type::kI64, &x); }
  Fields& operator()(const std::string& name, Proportion& x) {
    return put(name, Type::kProportion, &x);
  }
  Fields& operator()(const std::string& name, Histogram& x) {
    return put(name, Type::kHistogram, &x);
  }
  template <class T, std::size_t N>
  Fields& operator()(const std::string& name, std::array<T, N>& xs) {
    for (std::size_t i = 0; i < N; ++i) (*this)(name + "." + std::to_string(i), xs[i]);
    return *this;
  }
  template <class T>
  Fields& operator()(const std::string& name, std::vector<T>& xs) {
    for (std::size_t i = 0; i < xs.size(); ++i) (*this)(name + "." + std::to_string(i), xs[i]);
    return *this;
  }
  const std::vector<Entry>& entries() const { return entries_; }

  // Adds every accumulator of `from` (the same report kind, same shape) into `into`.
  static void merge(const Fields& into, const Fields& from);
  nlohmann::json save() const;
  // Replaces the accumulators with the saved ones; a missing or malformed field is an Error
  // naming it and `where`.
  void load(const nlohmann::json& j, const std::string& where) const;

 private:
  Fields& put(const std::string& name, Type t, void* p) {
    entries_.push_back({name, t, p});
    return *this;
  }
  std::vector<Entry> entries_;
};

// One figure of the designer report, as data: the HTML report draws it, `compare` takes the
// difference of two of them. Every figure says what it counts and on how many.
struct Figure {
  enum class Kind {
    kRates,         // rows × series of proportions (bars with 95% intervals)
    kDistribution,  // one histogram per series
    kValues,        // rows × series of plain numbers (no interval)
  };
  std::string id;     // stable key within the report, e.g. "win_rate_by_seat"
  std::string title;  // "Win rate by seat"
  std::string note;   // what one sample is and how to read it
  Kind kind = Kind::kRates;
  std::vector<std::string> labels;             // rows (kRates, kValues)
  std::vector<std::string> series;             // series names (at least one)
  std::vector<std::vector<Proportion>> rates;  // kRates: [series][row]
  std::vector<Histogram> dists;                // kDistribution: [series]
  std::vector<std::vector<double>> values;     // kValues: [series][row]
  double reference = -1;  // kRates: a reference rate drawn as a line (e.g. 1/players); <0 none
  std::string sample;     // "2000 games", "12345 rounds"
  bool detail = false;    // one row per card: `compare` prints only its significant rows as text

  static Figure make(Kind kind, std::string id, std::string title, std::string note,
                     std::string sample) {
    Figure f;
    f.kind = kind;
    f.id = std::move(id);
    f.title = std::move(title);
    f.note = std::move(note);
    f.sample = std::move(sample);
    return f;
  }
};

}  // namespace villainy
