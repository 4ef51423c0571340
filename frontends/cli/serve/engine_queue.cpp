#include "serve/engine_queue.hpp"

namespace loa::cli {

EngineQueue::EngineQueue(int engines, int hash_mb, std::size_t max_waiting, std::chrono::milliseconds max_wait,
                         std::shared_ptr<const ProofBook> book)
    : max_waiting_(max_waiting), max_wait_(max_wait) {
  for (int i = 0; i < engines; ++i) {
    engines_.push_back(std::make_unique<Engine>(static_cast<std::size_t>(hash_mb)));
    if (book) use_proof_book(*engines_.back(), book);
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

bool EngineQueue::submit(Task task, std::function<bool()> dropped) {
  std::vector<Task> gone;
  bool queued = false;
  {
    std::lock_guard lock(mutex_);
    for (auto it = waiting_.begin(); it != waiting_.end();) {
      if (it->dropped && it->dropped()) {
        gone.push_back(std::move(it->task));
        it = waiting_.erase(it);
      } else {
        ++it;
      }
    }
    if (!stopping_ && waiting_.size() < max_waiting_) {
      waiting_.push_back({std::move(task), std::move(dropped), std::chrono::steady_clock::now()});
      queued = true;
    }
  }
  for (Task& t : gone) t(nullptr);
  if (queued) wake_.notify_one();
  return queued;
}

void EngineQueue::run(Engine& engine) {
  for (;;) {
    Waiting next;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !waiting_.empty(); });
      if (stopping_) return;
      next = std::move(waiting_.front());
      waiting_.pop_front();
    }
    const bool too_late = std::chrono::steady_clock::now() - next.since > max_wait_;
    engine.clear_stop();
    next.task(too_late ? nullptr : &engine);
    engine.on_iteration = nullptr;
  }
}

}  // namespace loa::cli
