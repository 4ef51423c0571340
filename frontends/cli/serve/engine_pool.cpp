#include "serve/engine_pool.hpp"

namespace loa::cli {

EnginePool::EnginePool(int engines, int hash_mb, std::shared_ptr<const ProofBook> book) {
  for (int i = 0; i < engines; ++i) {
    engines_.push_back(std::make_unique<Engine>(static_cast<std::size_t>(hash_mb)));
    if (book) use_proof_book(*engines_.back(), book);
    free_.push_back(engines_.back().get());
  }
}

EnginePool::Lease::~Lease() {
  if (pool_) pool_->release(*engine_);
}

std::optional<EnginePool::Lease> EnginePool::acquire(std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  if (!freed_.wait_for(lock, wait, [&] { return !free_.empty(); })) return std::nullopt;
  Engine* engine = free_.back();
  free_.pop_back();
  return Lease(*this, *engine);
}

void EnginePool::release(Engine& engine) {
  {
    std::lock_guard lock(mutex_);
    engine.on_iteration = nullptr;
    engine.clear_stop();
    free_.push_back(&engine);
  }
  freed_.notify_one();
}

}  // namespace loa::cli
