#include "villainy/netclient/server_process.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "villainy/core/types.h"
#include "villainy/netclient/http.h"

namespace villainy::net {

unsigned short free_loopback_port() {
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::acceptor a(
      ioc, {boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(0)});
  return a.local_endpoint().port();
}

std::vector<std::string> no_address_limits() {
  return {"--create-per-minute",
          "0",
          "--join-per-minute",
          "0",
          "--chat-per-minute",
          "0",
          "--max-waiting-per-address",
          "0",
          "--max-connections-per-address",
          "0",
          "--max-bot-tables-per-address",
          "0"};
}

std::vector<std::string> test_server_args(int bot_pace_ms) {
  std::vector<std::string> a = no_address_limits();
  a.push_back("--bot-pace-ms");
  a.push_back(std::to_string(bot_pace_ms));
  return a;
}

ServerProcess::ServerProcess(std::string program, std::string data_dir,
                             std::vector<std::string> extra_args, unsigned short port)
    : program_(std::move(program)),
      data_dir_(std::move(data_dir)),
      log_(data_dir_ + ".server.log"),
      extra_(std::move(extra_args)),
      port_(port ? port : free_loopback_port()) {}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) stop(2000);
}

std::string ServerProcess::url() const {
  return fmt::format("ws://127.0.0.1:{}", port_);
}

std::string ServerProcess::log_tail(size_t bytes) const {
  std::ifstream in(log_);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string s = ss.str();
  return s.size() > bytes ? s.substr(s.size() - bytes) : s;
}

void ServerProcess::start(int timeout_ms) {
  if (pid_ > 0) throw Error("the server is already running");
  std::vector<std::string> args = {program_,    "serve",  "--host",
                                   "127.0.0.1", "--port", std::to_string(port_),
                                   "--data",    data_dir_};
  args.insert(args.end(), extra_.begin(), extra_.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) throw Error("fork failed");
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the test program
    const int fd = open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  pid_ = pid;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (std::chrono::steady_clock::now() < deadline) {
    int st = 0;
    if (exited(&st))
      throw Error(fmt::format("the server exited at start (status {}):\n{}", st, log_tail()));
    try {
      if (http_request("127.0.0.1", port_, "GET", "/healthz", {}, std::chrono::seconds(1)).status ==
          200)
        return;
    } catch (const Error&) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill9();
  throw Error(
      fmt::format("the server did not answer /healthz within {} ms:\n{}", timeout_ms, log_tail()));
}

bool ServerProcess::exited(int* status) {
  if (pid_ <= 0) return true;
  int st = 0;
  if (waitpid(pid_, &st, WNOHANG) == pid_) {
    pid_ = -1;
    if (status) *status = st;
    return true;
  }
  return false;
}

void ServerProcess::kill9() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int st = 0;
  waitpid(pid_, &st, 0);
  pid_ = -1;
}

int ServerProcess::stop(int grace_ms) {
  if (pid_ <= 0) return 0;
  ::kill(pid_, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(grace_ms);
  int st = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid_, &st, WNOHANG) == pid_) {
      pid_ = -1;
      return WIFEXITED(st) ? WEXITSTATUS(st) : -WTERMSIG(st);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::kill(pid_, SIGKILL);
  waitpid(pid_, &st, 0);
  pid_ = -1;
  return -SIGKILL;
}

}  // namespace villainy::net
