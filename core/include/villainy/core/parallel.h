// One parallel loop for the engine's batch work (simulate, tournament), with progress and error
// capture, whose results do not depend on the number of threads:
//
//   parallel_for(n, {.threads = t, .progress = p}, [&](int worker, std::uint64_t i) { ... });
//
// - body(worker, i) runs once for each item i in [0, n), on up to `threads` threads (the calling
//   thread is one of them); `worker` in [0, workers) names the thread, for per-thread resources
//   (agents, scratch buffers) that must not be shared. Items are handed out in increasing order,
//   `block` at a time (one thread runs a block's items in order).
// - progress(done, n) is called after each item, one call at a time (never concurrently).
// - When a body throws, no further block starts; once every thread has stopped, the exception of
//   the lowest failing item is rethrown (so the same input fails with the same error): an Error as
//   it is, any other std::exception as an Error with its message.
// - parallel_reduce gives each block its own accumulator and merges them in block order, so a
//   result (a sum, a histogram, a report) is the same byte for byte whatever the thread count.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace villainy {

struct ParallelOptions {
  int threads = 0;          // 0: all cores; never more threads than blocks
  std::uint64_t block = 1;  // items per hand-out (at least 1)
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // may be empty
};

// The number of threads a loop over `blocks` blocks uses for a request of `requested` (0: all
// cores): at least 1, at most `blocks`.
int parallel_workers(int requested, std::uint64_t blocks);

// See the file comment. Returns the number of workers used.
int parallel_for(std::uint64_t n, const ParallelOptions& options,
                 const std::function<void(int worker, std::uint64_t item)>& body);

// Runs body(worker, acc, i) for every item, with acc the accumulator of i's block (made by
// fresh()), and returns fresh() merged with every block's accumulator in block order
// (merge(into, part)). Deterministic for any thread count, given a deterministic body.
template <class Acc, class Fresh, class Body, class Merge>
Acc parallel_reduce(std::uint64_t n, const ParallelOptions& options, Fresh fresh, Body body,
                    Merge merge) {
  const std::uint64_t block = options.block > 0 ? options.block : 1;
  std::vector<std::optional<Acc>> parts(static_cast<std::size_t>((n + block - 1) / block));
  ParallelOptions o = options;
  o.block = block;
  parallel_for(n, o, [&](int worker, std::uint64_t i) {
    auto& part = parts[static_cast<std::size_t>(i / block)];
    if (!part) part.emplace(fresh());
    body(worker, *part, i);
  });
  Acc out = fresh();
  for (auto& p : parts)
    if (p) merge(out, *p);
  return out;
}

}  // namespace villainy
