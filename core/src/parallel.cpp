#include "villainy/core/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>

#include "villainy/core/types.h"

namespace villainy {

int parallel_workers(int requested, std::uint64_t blocks) {
  const auto cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const std::uint64_t want = static_cast<std::uint64_t>(requested > 0 ? requested : cores);
  return static_cast<int>(std::max<std::uint64_t>(1, std::min(want, blocks)));
}

int parallel_for(std::uint64_t n, const ParallelOptions& options,
                 const std::function<void(int worker, std::uint64_t item)>& body) {
  const std::uint64_t block = std::max<std::uint64_t>(1, options.block);
  const std::uint64_t blocks = n / block + (n % block != 0 ? 1 : 0);
  const int workers = parallel_workers(options.threads, blocks);
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mu;  // guards done, the progress callback and the first error
  std::uint64_t done = 0;
  std::uint64_t failed_item = std::numeric_limits<std::uint64_t>::max();
  std::exception_ptr error;

  auto run = [&](int worker) {
    for (;;) {
      if (stop.load()) return;
      const std::uint64_t b = next.fetch_add(1);
      if (b >= blocks) return;
      const std::uint64_t end = std::min(n, (b + 1) * block);
      for (std::uint64_t i = b * block; i < end; ++i) {
        try {
          body(worker, i);
        } catch (...) {
          std::lock_guard lock(mu);
          if (i < failed_item) {
            failed_item = i;
            error = std::current_exception();
          }
          stop.store(true);
          return;
        }
        if (options.progress) {
          std::lock_guard lock(mu);
          options.progress(++done, n);
        }
      }
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(workers - 1));
  for (int w = 1; w < workers; ++w) pool.emplace_back(run, w);
  run(0);
  for (auto& t : pool) t.join();
  if (error) {
    try {
      std::rethrow_exception(error);
    } catch (const Error&) {
      throw;
    } catch (const std::exception& e) {
      throw Error(e.what());  // every failure reaches the caller as an Error, message kept
    }
  }
  return workers;
}

}  // namespace villainy
