// The engines of `loa serve`: a fixed number of threads, each with its own
// engine and table, taking searches from one queue of bounded length. Games
// share them, so fifty open games cost the memory of a few engines; a search
// that finds the queue full is refused at once (the client gets a 503), and
// one that waited too long for an engine is refused when its turn comes.
// Clients are served fairly: one client has at most `per_client` searches
// running or waiting, and at most half the engines (one at least) search for
// it at once, so that another client's search finds an engine free however
// many streams the first holds open.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
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
  // `per_client` 0: no bound per client but the queue's.
  EngineQueue(int engines, int hash_mb, std::size_t max_waiting, std::chrono::milliseconds max_wait,
              std::shared_ptr<const ProofBook> book = nullptr, std::size_t per_client = 0,
              std::shared_ptr<const nnue::Network> net = nullptr);
  ~EngineQueue();  // stops the engines (running searches are asked to stop)
  EngineQueue(const EngineQueue&) = delete;
  EngineQueue& operator=(const EngineQueue&) = delete;

  enum class Submitted { Queued, QueueFull, ClientFull };
  // Queues a task of `client`; refused when max_waiting tasks are already
  // waiting, or the client has per_client running or waiting. Waiting tasks
  // whose `dropped` says so (their client has gone) give up their place
  // first: each is run at once with nullptr, so that it frees what it holds.
  Submitted submit(Task task, std::function<bool()> dropped, const std::string& client = "");

  int engines() const { return static_cast<int>(engines_.size()); }
  std::size_t max_waiting() const { return max_waiting_; }
  std::size_t per_client() const { return per_client_; }
  // The network the engines play with (loa serve --eval); a search may ask for none.
  const std::shared_ptr<const nnue::Network>& network() const { return net_; }

 private:
  struct Waiting {
    Task task;
    std::function<bool()> dropped;
    std::chrono::steady_clock::time_point since;
    std::string client;
  };
  void run(Engine& engine);
  // The first waiting task whose client may have another engine (under mutex_).
  std::deque<Waiting>::iterator next_allowed();

  std::vector<std::unique_ptr<Engine>> engines_;
  std::vector<std::thread> threads_;
  std::deque<Waiting> waiting_;
  const std::size_t max_waiting_;
  const std::chrono::milliseconds max_wait_;
  const std::size_t per_client_;
  const std::shared_ptr<const nnue::Network> net_;
  const std::size_t engines_per_client_;
  // Each client's tasks that are running, and running or waiting (under mutex_).
  std::map<std::string, std::size_t> running_, held_;
  bool stopping_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
};

}  // namespace loa::cli
