#include "referees/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

namespace loa::cli {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

double rusage_seconds(const rusage& r) {
  return double(r.ru_utime.tv_sec + r.ru_stime.tv_sec) + double(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
}

// Forks argv with the three standard streams on pipes. In the child: chdir,
// optional CPU limit, exec. Returns the pid or -1.
pid_t spawn(const std::vector<std::string>& argv, const std::string& dir, double cpu_limit, int fds[3]) {
  int in[2], out[2], err[2];
  if (pipe(in) || pipe(out) || pipe(err)) return -1;
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    dup2(in[0], 0), dup2(out[1], 1), dup2(err[1], 2);
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
    if (!dir.empty() && chdir(dir.c_str()) != 0) _exit(127);
    if (cpu_limit > 0) {
      const rlim_t s = rlim_t(std::ceil(cpu_limit));
      rlimit lim{s, s + 1};
      setrlimit(RLIMIT_CPU, &lim);
    }
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(in[0]), close(out[1]), close(err[1]);
  fds[0] = in[1], fds[1] = out[0], fds[2] = err[0];
  for (int i = 0; i < 3; ++i) fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
  return pid;
}

// Reads what is available from fd into text; false at end of file.
bool drain(int fd, std::string& text) {
  char chunk[4096];
  for (;;) {
    const ssize_t n = read(fd, chunk, sizeof chunk);
    if (n > 0) {
      if (text.size() < (1u << 20)) text.append(chunk, std::size_t(n));
      continue;
    }
    return n < 0 && (errno == EAGAIN || errno == EINTR);
  }
}

}  // namespace

RunResult run_program(const std::vector<std::string>& argv, const std::string& dir, const std::string& input,
                      double cpu_limit, double wall_limit) {
  RunResult r;
  signal(SIGPIPE, SIG_IGN);
  int fds[3];
  const pid_t pid = spawn(argv, dir, cpu_limit, fds);
  if (pid < 0) {
    r.failed_to_start = true;
    return r;
  }
  std::size_t written = 0;
  if (input.empty()) close(fds[0]), fds[0] = -1;
  const auto start = Clock::now();
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    if (fds[0] >= 0) {
      const ssize_t n = write(fds[0], input.data() + written, input.size() - written);
      if (n > 0) written += std::size_t(n);
      if (n < 0 && errno != EAGAIN) written = input.size();
      if (written == input.size()) close(fds[0]), fds[0] = -1;
    }
    pollfd p[2] = {{fds[1], POLLIN, 0}, {fds[2], POLLIN, 0}};
    poll(p, 2, 20);
    if (out_open) out_open = drain(fds[1], r.out);
    if (err_open) err_open = drain(fds[2], r.err);
    if (seconds_since(start) > wall_limit) {
      kill(pid, SIGKILL);
      r.timed_out = true;
      break;
    }
  }
  for (int fd : fds)
    if (fd >= 0) close(fd);
  int status = 0;
  rusage usage{};
  wait4(pid, &status, 0, &usage);
  r.cpu_seconds = rusage_seconds(usage);
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  if (r.exit_code == 127 && r.out.empty()) r.failed_to_start = true;
  // The kernel sends SIGXCPU, then SIGKILL, at the CPU limit.
  if (r.signal == SIGXCPU || (r.signal == SIGKILL && cpu_limit > 0 && r.cpu_seconds >= cpu_limit)) r.timed_out = true;
  return r;
}

Interactive::~Interactive() {
  if (pid_ > 0) finish(0.5);
}

bool Interactive::start(const std::vector<std::string>& argv) {
  signal(SIGPIPE, SIG_IGN);
  int fds[3];
  pid_ = spawn(argv, "", 0, fds);
  if (pid_ < 0) {
    error_ = "cannot start " + argv[0] + ": " + std::strerror(errno);
    return false;
  }
  in_ = fds[0], out_ = fds[1], err_ = fds[2];
  return true;
}

bool Interactive::send(const std::string& line) {
  const std::string text = line + "\n";
  std::size_t done = 0;
  const auto start = Clock::now();
  while (done < text.size()) {
    const ssize_t n = write(in_, text.data() + done, text.size() - done);
    if (n > 0)
      done += std::size_t(n);
    else if (n < 0 && errno != EAGAIN && errno != EINTR)
      return false;
    if (seconds_since(start) > 5) return false;
  }
  return true;
}

std::optional<std::string> Interactive::read_line(double timeout) {
  timed_out_ = false;
  const auto start = Clock::now();
  for (;;) {
    const auto nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    const double left = timeout - seconds_since(start);
    if (left <= 0) {
      timed_out_ = true;
      return std::nullopt;
    }
    pollfd p[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    poll(p, 2, int(std::min(left * 1000, 50.0)) + 1);
    drain(err_, err_text_);
    if (!drain(out_, buffer_) && buffer_.find('\n') == std::string::npos) return std::nullopt;
  }
}

std::size_t Interactive::unread_input() const {
  int bytes = 0;
  // FIONREAD on a pipe's write end counts what waits in the pipe.
  if (in_ < 0 || ioctl(in_, FIONREAD, &bytes) != 0) return 0;
  return std::size_t(bytes);
}

double Interactive::cpu_seconds() const {
  if (pid_ <= 0) return final_cpu_;
  // utime and stime are fields 14 and 15 of /proc/PID/stat, in clock ticks.
  std::ifstream stat("/proc/" + std::to_string(pid_) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto close_paren = text.rfind(')');
  if (close_paren == std::string::npos) return final_cpu_;
  std::istringstream fields(text.substr(close_paren + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i)
    if (i >= 14) ticks += std::atof(field.c_str());
  return ticks / double(sysconf(_SC_CLK_TCK));
}

std::string Interactive::drain_stderr() {
  if (err_ >= 0) drain(err_, err_text_);
  return err_text_;
}

int Interactive::finish(double timeout) {
  if (pid_ <= 0) return -1;
  if (in_ >= 0) close(in_), in_ = -1;
  const auto start = Clock::now();
  int status = 0;
  rusage usage{};
  pid_t done = 0;
  while ((done = wait4(pid_, &status, WNOHANG, &usage)) == 0 && seconds_since(start) < timeout) {
    drain(out_, buffer_);
    drain(err_, err_text_);
    usleep(5000);
  }
  bool killed = false;
  if (done == 0) {
    kill(pid_, SIGKILL);
    wait4(pid_, &status, 0, &usage);
    killed = true;
  }
  // What it wrote before it ended stays readable (read_line()).
  drain(out_, buffer_);
  drain(err_, err_text_);
  final_cpu_ = rusage_seconds(usage);
  close(out_), close(err_);
  out_ = err_ = -1;
  pid_ = -1;
  return killed || !WIFEXITED(status) ? -1 : WEXITSTATUS(status);
}

}  // namespace loa::cli
