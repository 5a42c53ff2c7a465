#include "villainy/server/bots.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace villainy::server {

BotScheduler::BotScheduler(int threads) {
  const int n = std::max(1, threads);
  max_others_ = n >= 2 ? n - 1 : 1;
  alive_ = n;
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { run(); });
}

BotScheduler::~BotScheduler() {
  stop(std::chrono::hours(1));
}

void BotScheduler::submit(bool people, std::function<void()> job) {
  {
    std::lock_guard lock(mu_);
    if (stop_) return;
    (people ? people_ : others_).push_back(std::move(job));
  }
  cv_.notify_one();
}

void BotScheduler::run() {
  // Below the network threads: a person's move is stored and answered first on busy cores.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
  std::unique_lock lock(mu_);
  while (true) {
    cv_.wait(lock, [this] {
      return stop_ || !people_.empty() || (!others_.empty() && running_others_ < max_others_);
    });
    if (stop_) break;
    const bool people = !people_.empty();
    auto& q = people ? people_ : others_;
    std::function<void()> job = std::move(q.front());
    q.pop_front();
    if (!people) ++running_others_;
    lock.unlock();
    job();
    job = nullptr;  // release the table before taking the lock
    lock.lock();
    if (people) {
      ++people_done_;
    } else {
      --running_others_;
      ++others_done_;
      cv_.notify_one();  // an all-bot move may run again
    }
  }
  --alive_;
  ended_.notify_all();
}

bool BotScheduler::stop(std::chrono::milliseconds wait) {
  std::deque<std::function<void()>> drop_people, drop_others;
  {
    std::unique_lock lock(mu_);
    if (joined_) return true;
    stop_ = true;
    drop_people.swap(people_);
    drop_others.swap(others_);
    cv_.notify_all();
    if (!ended_.wait_for(lock, wait, [this] { return alive_ == 0; })) return false;
    joined_ = true;
  }
  for (auto& t : threads_) t.join();
  threads_.clear();
  return true;
}

long BotScheduler::people_moves() const {
  std::lock_guard lock(mu_);
  return people_done_;
}

long BotScheduler::other_moves() const {
  std::lock_guard lock(mu_);
  return others_done_;
}

}  // namespace villainy::server
