// The engines of `loa serve`: a fixed number, each with its own table, lent
// to one search at a time. Games share them, so fifty open games cost the
// memory of a few engines, not fifty; a request waits for a free engine and
// gives up after a bounded time.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "loa/proof_book.hpp"
#include "loa/search.hpp"

namespace loa::cli {

class EnginePool {
 public:
  // With a `book`, every engine plays its proven wins without searching.
  EnginePool(int engines, int hash_mb, std::shared_ptr<const ProofBook> book = nullptr);

  // An engine on loan; returned to the pool when the lease ends.
  class Lease {
   public:
    Lease(EnginePool& pool, Engine& engine) : pool_(&pool), engine_(&engine) {}
    Lease(Lease&& other) noexcept : pool_(other.pool_), engine_(other.engine_) { other.pool_ = nullptr; }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    Engine& engine() { return *engine_; }

   private:
    EnginePool* pool_;
    Engine* engine_;
  };

  // A free engine, waiting up to `wait` for one; nullopt when none came free.
  std::optional<Lease> acquire(std::chrono::milliseconds wait);

  int size() const { return static_cast<int>(engines_.size()); }

 private:
  void release(Engine& engine);

  std::vector<std::unique_ptr<Engine>> engines_;
  std::vector<Engine*> free_;
  std::mutex mutex_;
  std::condition_variable freed_;
};

}  // namespace loa::cli
