// The bot workers: a fixed set of threads (nice +10, below the network threads) taking bot moves
// from two queues. Tables with people come first; all-bot tables run on at most all but one of
// the threads (when there are two or more), so they can never hold every thread while a
// people's table waits. A table has at most one bot move queued or running at a time (its
// share); ismcts moves are bounded in time (docs/protocol.md, "Fair bots").
#pragma once
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace villainy::server {

class BotScheduler {
 public:
  explicit BotScheduler(int threads);
  ~BotScheduler();
  BotScheduler(const BotScheduler&) = delete;
  BotScheduler& operator=(const BotScheduler&) = delete;

  // Queues a bot move; `people`: the table has a human seat.
  void submit(bool people, std::function<void()> job);
  // Drops the queued moves and stops the threads; waits up to `wait` for the moves running.
  // True when every thread has ended (then they are joined).
  bool stop(std::chrono::milliseconds wait);
  // Moves run so far, by kind (tests and the measurement program).
  long people_moves() const;
  long other_moves() const;

 private:
  void run();
  mutable std::mutex mu_;
  std::condition_variable cv_, ended_;
  std::deque<std::function<void()>> people_, others_;
  int max_others_ = 1, running_others_ = 0, alive_ = 0;
  long people_done_ = 0, others_done_ = 0;
  bool stop_ = false, joined_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace villainy::server
