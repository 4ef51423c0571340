// The transposition table: buckets of four 16-byte slots, replaced by depth
// and age. Owned by the engine, shared by all its search threads, sized by
// its caller.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "loa/base/types.hpp"
#include "loa/search/eval.hpp"

namespace loa {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

// What the table knows of a position, as a probe returns it.
struct TTEntry {
  std::uint16_t move = 0;
  std::int16_t value = 0;
  std::int16_t eval = 0;
  std::int8_t depth = 0;
  std::uint8_t bound_age = 0;  // bound in the low 2 bits, age above

  Bound bound() const { return Bound(bound_age & 3); }
  Move best() const { return Move::from_raw(move); }
};

// Threads read and write the table without locks. A slot is two 64-bit
// words written one after the other: the entry packed into `data`, and
// `check` = key ^ data. A reader that meets a slot half-written by another
// thread finds check ^ data != key and treats it as a miss, so a torn entry
// is never used (Hyatt and Mann's lockless hashing). Relaxed atomics cost
// nothing over plain loads and stores on x86-64 and keep the races defined.
class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

  // Sizes the table to the largest power of two of buckets within the
  // budget, and clears it. 0 makes the smallest table, one bucket: for
  // tests and fuzzing, where a megabyte to clear per run is the cost.
  void resize(std::size_t megabytes);
  // Not while a search is running.
  void clear();
  // Marks the start of a new search so that old entries are replaced first.
  void new_search() { age_ = std::uint8_t((age_ + 4) & 0xFC); }

  // The entry for `key`, if the table holds one.
  std::optional<TTEntry> probe(Key key) const;
  void store(Key key, Move move, Value value, Value eval, int depth, Bound bound);
  // Starts loading the bucket of `key` into the cache ahead of its probe,
  // which would otherwise wait on main memory.
  void prefetch(Key key) const {
#if defined(__GNUC__)
    __builtin_prefetch(&bucket(key));
#else
    (void)key;
#endif
  }

  std::size_t megabytes() const { return (mask_ + 1) * sizeof(Bucket) >> 20; }
  // Permille of a sample of entries written in the current search.
  int hashfull() const;

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  struct alignas(64) Bucket {
    Slot slots[4];
  };
  static_assert(sizeof(Bucket) == 64);

  Bucket& bucket(Key key) const { return buckets_[key & mask_]; }

  // The buckets live in memory aligned to 2 MiB pages (see resize()).
  struct FreeBuckets {
    void operator()(Bucket* p) const;
  };
  std::unique_ptr<Bucket[], FreeBuckets> buckets_;
  Key mask_ = 0;
  std::uint8_t age_ = 0;
};

}  // namespace loa
