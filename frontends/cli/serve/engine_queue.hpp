// The engines of `loa serve`: a fixed number of threads, each with its own
// engine and table, taking searches from one queue of bounded length. Games
// share them, so fifty open games cost the memory of a few engines; a search
// that finds the queue full is refused at once (the client gets a 503), and
// one that waited too long for an engine is refused when its turn comes.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "loa/search/search.hpp"
#include "loa/solve/proof_book.hpp"

namespace loa::cli {

class EngineQueue {
 public:
  // A search to run: given the engine, or nullptr when it waited longer
  // than `max_wait` (it must then answer that it never ran).
  using Task = std::function<void(Engine*)>;

  // With a `book`, every engine plays its proven wins without searching.
  EngineQueue(int engines, int hash_mb, std::size_t max_waiting, std::chrono::milliseconds max_wait,
              std::shared_ptr<const ProofBook> book = nullptr);
  ~EngineQueue();  // stops the engines (running searches are asked to stop)
  EngineQueue(const EngineQueue&) = delete;
  EngineQueue& operator=(const EngineQueue&) = delete;

  // Queues a task; false when max_waiting tasks are already waiting.
  // Waiting tasks whose `dropped` says so (their client has gone) give up
  // their place first: each is run at once with nullptr, so that it frees
  // what it holds.
  bool submit(Task task, std::function<bool()> dropped);

  int engines() const { return static_cast<int>(engines_.size()); }
  std::size_t max_waiting() const { return max_waiting_; }

 private:
  struct Waiting {
    Task task;
    std::function<bool()> dropped;
    std::chrono::steady_clock::time_point since;
  };
  void run(Engine& engine);

  std::vector<std::unique_ptr<Engine>> engines_;
  std::vector<std::thread> threads_;
  std::deque<Waiting> waiting_;
  const std::size_t max_waiting_;
  const std::chrono::milliseconds max_wait_;
  bool stopping_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
};

}  // namespace loa::cli
