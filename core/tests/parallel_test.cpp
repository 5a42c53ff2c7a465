// Tests of the parallel loop (core/parallel.h): every item once, progress in order and never
// concurrent, the lowest failing item's error, and results independent of the thread count.
#include "villainy/core/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "villainy/core/types.h"

namespace villainy {
namespace {

TEST(ParallelFor, RunsEveryItemOnceWithSerialProgress) {
  for (int threads : {1, 2, 4}) {
    for (std::uint64_t block : {1u, 3u, 64u}) {
      const std::uint64_t n = 101;
      std::vector<std::atomic<int>> hits(n);
      std::vector<std::uint64_t> progress;
      int in_progress = 0, overlaps = 0;
      ParallelOptions o;
      o.threads = threads;
      o.block = block;
      o.progress = [&](std::uint64_t done, std::uint64_t total) {
        overlaps += in_progress++ != 0;
        EXPECT_EQ(total, n);
        progress.push_back(done);
        --in_progress;
      };
      const int workers = parallel_for(n, o, [&](int worker, std::uint64_t i) {
        EXPECT_GE(worker, 0);
        EXPECT_LT(worker, threads);
        hits[i]++;
      });
      EXPECT_LE(workers, threads);
      for (std::uint64_t i = 0; i < n; ++i) EXPECT_EQ(hits[i].load(), 1) << i;
      ASSERT_EQ(progress.size(), n);
      for (std::uint64_t i = 0; i < n; ++i) EXPECT_EQ(progress[i], i + 1);
      EXPECT_EQ(overlaps, 0);
    }
  }
}

TEST(ParallelFor, NoItemsAndMoreThreadsThanItems) {
  int calls = 0;
  EXPECT_EQ(parallel_for(0, {}, [&](int, std::uint64_t) { ++calls; }), 1);
  EXPECT_EQ(calls, 0);
  ParallelOptions o;
  o.threads = 8;
  std::atomic<int> c{0};
  EXPECT_EQ(parallel_for(3, o, [&](int, std::uint64_t) { c++; }), 3);
  EXPECT_EQ(c.load(), 3);
  EXPECT_EQ(parallel_workers(0, 1000), parallel_workers(0, 1000));
  EXPECT_GE(parallel_workers(0, 1000), 1);
  EXPECT_EQ(parallel_workers(5, 2), 2);
}

TEST(ParallelFor, TheLowestFailingItemsErrorIsRethrownAndLaterBlocksDoNotStart) {
  for (int threads : {1, 2, 3}) {
    std::atomic<std::uint64_t> ran{0};
    ParallelOptions o;
    o.threads = threads;
    try {
      parallel_for(10'000, o, [&](int, std::uint64_t i) {
        ran++;
        if (i == 40 || i == 41 || i == 900) throw std::out_of_range("item " + std::to_string(i));
      });
      FAIL() << "no error";
    } catch (const Error& e) {  // a std::exception reaches the caller as an Error
      EXPECT_STREQ(e.what(), "item 40");
    }
    EXPECT_LT(ran.load(), 10'000u);  // stopped early
  }
}

// A sum that depends on the order of addition (floating point), and a list of the first items:
// with blocks merged in order, both are the same for any thread count.
struct Acc {
  double sum = 0;
  std::vector<std::uint64_t> first;
};

Acc reduce_with(int threads) {
  ParallelOptions o;
  o.threads = threads;
  o.block = 7;
  return parallel_reduce<Acc>(
      1000, o, [] { return Acc{}; },
      [](int, Acc& a, std::uint64_t i) {
        a.sum += 1.0 / static_cast<double>(i + 1) * (i % 2 ? 1e8 : 1e-8);
        if (a.first.size() < 3) a.first.push_back(i);
      },
      [](Acc& into, const Acc& part) {
        into.sum += part.sum;
        for (auto x : part.first)
          if (into.first.size() < 5) into.first.push_back(x);
      });
}

TEST(ParallelReduce, SameResultForAnyThreadCount) {
  const Acc one = reduce_with(1);
  EXPECT_EQ(one.first, (std::vector<std::uint64_t>{0, 1, 2, 7, 8}));
  for (int threads : {2, 3, 4}) {
    const Acc many = reduce_with(threads);
    EXPECT_EQ(many.sum, one.sum) << threads;  // bit for bit
    EXPECT_EQ(many.first, one.first) << threads;
  }
}

}  // namespace
}  // namespace villainy
