// Child processes for the referees (POSIX): a program run to completion with
// its CPU time measured, and an interactive program talked to line by line.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace loa::cli {

struct RunResult {
  std::string out, err;
  int exit_code = -1;      // when it exited normally
  int signal = 0;          // when a signal ended it
  double cpu_seconds = 0;  // user + system
  bool timed_out = false;  // killed at the CPU or wall limit
  bool failed_to_start = false;
};

// Runs argv in `dir` with `input` on stdin; kills it past `cpu_limit` seconds
// of CPU (RLIMIT_CPU, as the POTM host does) or `wall_limit` seconds.
RunResult run_program(const std::vector<std::string>& argv, const std::string& dir, const std::string& input,
                      double cpu_limit, double wall_limit);

// A program that stays up for a whole game.
class Interactive {
 public:
  Interactive() = default;
  Interactive(const Interactive&) = delete;
  Interactive& operator=(const Interactive&) = delete;
  ~Interactive();

  // Starts argv; false (and error()) when it cannot be started.
  bool start(const std::vector<std::string>& argv);
  // Sends a line; false when the program has closed its input.
  bool send(const std::string& line);
  // The next line of its stdout within `timeout` seconds of wall time, or
  // nothing (end of output or time out: see timed_out()).
  std::optional<std::string> read_line(double timeout);
  bool timed_out() const { return timed_out_; }
  // Bytes sent that it has not read (yet): after it has ended its output,
  // input it never read.
  std::size_t unread_input() const;
  // CPU seconds used so far (user + system).
  double cpu_seconds() const;
  // Whatever it wrote on stderr so far.
  std::string drain_stderr();
  // Waits up to `timeout` seconds for it to exit, killing it after that.
  // Returns its exit code, or -1 if it had to be killed or died by a signal.
  int finish(double timeout);
  const std::string& error() const { return error_; }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string buffer_, err_text_, error_;
  bool timed_out_ = false;
  double final_cpu_ = 0;
};

}  // namespace loa::cli
