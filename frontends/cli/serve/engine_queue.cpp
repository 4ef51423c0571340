#include "serve/engine_queue.hpp"

#include <algorithm>

namespace loa::cli {

EngineQueue::EngineQueue(int engines, int hash_mb, std::size_t max_waiting, std::chrono::milliseconds max_wait,
                         std::shared_ptr<const ProofBook> book, std::size_t per_client,
                         std::shared_ptr<const nnue::Network> net)
    : max_waiting_(max_waiting),
      max_wait_(max_wait),
      per_client_(per_client),
      net_(net),
      engines_per_client_(per_client ? std::size_t(std::max(1, engines / 2)) : std::size_t(std::max(1, engines))) {
  for (int i = 0; i < engines; ++i) {
    engines_.push_back(std::make_unique<Engine>(static_cast<std::size_t>(hash_mb)));
    if (book) use_proof_book(*engines_.back(), book);
    engines_.back()->set_network(net);
  }
  for (auto& engine : engines_) threads_.emplace_back([this, e = engine.get()] { run(*e); });
}

EngineQueue::~EngineQueue() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  for (auto& engine : engines_) engine->stop();
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

namespace {

void count_down(std::map<std::string, std::size_t>& counts, const std::string& client) {
  const auto it = counts.find(client);
  if (it != counts.end() && --it->second == 0) counts.erase(it);
}

}  // namespace

EngineQueue::Submitted EngineQueue::submit(Task task, std::function<bool()> dropped, const std::string& client) {
  std::vector<Task> gone;
  Submitted result = Submitted::QueueFull;
  {
    std::lock_guard lock(mutex_);
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      if (it->dropped && it->dropped()) {
        gone.push_back(std::move(it->task));
        count_down(held_, it->client);
        it = waiting_.erase(it);
      } else {
        ++it;
      }
    }
    if (per_client_ && held_.count(client) && held_[client] >= per_client_) {
      result = Submitted::ClientFull;
    } else if (!stopping_ && waiting_.size() < max_waiting_) {
      waiting_.push_back({std::move(task), std::move(dropped), std::chrono::steady_clock::now(), client});
      ++held_[client];
      result = Submitted::Queued;
    }
  }
  for (Task& t : gone) t(nullptr);
  // Every engine looks: the one woken may not be the one whose turn it is.
  if (result == Submitted::Queued) wake_.notify_all();
  return result;
}

std::deque<EngineQueue::Waiting>::iterator EngineQueue::next_allowed() {
  return std::find_if(waiting_.begin(), waiting_.end(), [this](const Waiting& w) {
    const auto it = running_.find(w.client);
    return it == running_.end() || it->second < engines_per_client_;
  });
}

void EngineQueue::run(Engine& engine) {
  for (;;) {
    Waiting next;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || next_allowed() != waiting_.end(); });
      if (stopping_) return;
      const auto it = next_allowed();
      next = std::move(*it);
      waiting_.erase(it);
      ++running_[next.client];
    }
    const bool too_late = std::chrono::steady_clock::now() - next.since > max_wait_;
    engine.clear_stop();
    next.task(too_late ? nullptr : &engine);
    engine.on_iteration = nullptr;
    {
      std::lock_guard lock(mutex_);
      count_down(running_, next.client);
      count_down(held_, next.client);
    }
    // A task of this client that had to wait for its share may run now.
    wake_.notify_all();
  }
}

}  // namespace loa::cli
