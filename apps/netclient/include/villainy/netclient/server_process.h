// Starts `villainy serve` as a child process on 127.0.0.1 for the test programs: waits for
// /healthz, can kill it with SIGKILL and start it again on the same port and data folder, and
// always stops it (destructor) so no server outlives a test.
#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

namespace villainy::net {

// A free TCP port on 127.0.0.1 (bound and released; the kernel does not hand it out again soon).
unsigned short free_loopback_port();

// `villainy serve` flags that lift the per-address limits (rates, waiting tables, connections):
// the test programs run every client from 127.0.0.1, as one address.
std::vector<std::string> no_address_limits();
// The flags of the test programs' server: no_address_limits() and the bots' pace.
std::vector<std::string> test_server_args(int bot_pace_ms);

class ServerProcess {
 public:
  // `program` is the villainy executable; `data_dir` the store folder (created by the server).
  // `extra_args` are appended after `serve --host 127.0.0.1 --port P --data DIR`.
  ServerProcess(std::string program, std::string data_dir, std::vector<std::string> extra_args = {},
                unsigned short port = 0);
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // Starts the server and waits (up to `timeout_ms`) until GET /healthz answers 200; throws
  // villainy::Error (with the end of the server's stderr) when it does not.
  void start(int timeout_ms = 20000);
  // SIGKILL, then reap: the crash the store must survive.
  void kill9();
  // SIGTERM, then SIGKILL after `grace_ms`; returns the exit status (or -signal).
  int stop(int grace_ms = 5000);
  bool running() const { return pid_ > 0; }
  // True when the child has exited by itself (then reaped); `status` gets its wait status.
  bool exited(int* status = nullptr);
  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  std::string url() const;                       // ws://127.0.0.1:PORT
  std::string log_path() const { return log_; }  // the server's stdout+stderr
  std::string log_tail(size_t bytes = 4000) const;

 private:
  std::string program_, data_dir_, log_;
  std::vector<std::string> extra_;
  unsigned short port_;
  pid_t pid_ = -1;
};

}  // namespace villainy::net
