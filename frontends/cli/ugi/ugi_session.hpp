// The UGI engine session behind `loa ugi` (docs/protocols.md): one command
// line in, answers out through a callback. A search runs on its own thread,
// so stop, isready and query are answered while it thinks.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "loa/search/search.hpp"

namespace loa::cli {

class UgiSession {
 public:
  // `out` receives every line the engine says, from whichever thread.
  // `hash_mb` is the table's size until a setoption changes it, which may
  // ask for at most `max_hash_mb` (0: half the machine's memory).
  explicit UgiSession(std::function<void(const std::string&)> out, std::size_t hash_mb = 16,
                      std::size_t max_hash_mb = 0);
  ~UgiSession() { stop_search(); }

  // Handles one command line; false when the session should end.
  bool handle(const std::string& line);

 private:
  void say(const std::string& text) {
    std::lock_guard lock(out_);
    out_fn_(text);
  }
  void error(const std::string& text) { say("info string error: " + text); }
  void stop_search() {
    if (!searcher_.joinable()) return;
    {
      std::lock_guard lock(stop_mutex_);
      stop_requested_ = true;
    }
    stop_cv_.notify_all();
    engine_.stop();
    searcher_.join();
  }
  void set_option(std::istringstream& in);
  void set_position(std::istringstream& in);
  void go(std::istringstream& in);
  void query(const std::string& what);

  Engine engine_;
  Rules rules_ = olympiad();
  Game game_;
  std::thread searcher_;
  std::mutex out_;
  std::function<void(const std::string&)> out_fn_;
  std::size_t max_hash_mb_;
  // Move Overhead: what each timed move leaves for the system and the GUI
  // (a loaded machine, a slow pipe).
  int move_overhead_ms_ = Limits{}.overhead_ms;
  // Under "go infinite" the answer waits for stop, even when the search
  // ends by itself (a proven result).
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  bool stop_requested_ = false;
};

}  // namespace loa::cli
