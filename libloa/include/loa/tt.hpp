// The transposition table: buckets of four 16-byte entries, replaced by depth
// and age. Owned by the engine that searches with it, sized by its caller.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "loa/eval.hpp"
#include "loa/types.hpp"

namespace loa {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct TTEntry {
  std::uint32_t key32 = 0;
  std::uint16_t move = 0;
  std::int16_t value = 0;
  std::int16_t eval = 0;
  std::int8_t depth = 0;
  std::uint8_t bound_age = 0;  // bound in the low 2 bits, age above
  std::uint32_t unused = 0;

  Bound bound() const { return Bound(bound_age & 3); }
  Move best() const { return Move::from_raw(move); }
};
static_assert(sizeof(TTEntry) == 16);

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }

  // Sizes the table to the largest power of two of buckets within the
  // budget, and clears it. 0 makes the smallest table, one bucket: for
  // tests and fuzzing, where a megabyte to clear per run is the cost.
  void resize(std::size_t megabytes);
  void clear();
  // Marks the start of a new search so that old entries are replaced first.
  void new_search() { age_ = std::uint8_t((age_ + 4) & 0xFC); }

  // The entry for `key`, or nullptr.
  const TTEntry* probe(Key key) const;
  void store(Key key, Move move, Value value, Value eval, int depth, Bound bound);

  std::size_t megabytes() const { return buckets_.size() * sizeof(Bucket) >> 20; }
  // Permille of a sample of entries written in the current search.
  int hashfull() const;

 private:
  struct Bucket {
    TTEntry entries[4];
  };
  Bucket& bucket(Key key) { return buckets_[key & mask_]; }
  const Bucket& bucket(Key key) const { return buckets_[key & mask_]; }

  std::vector<Bucket> buckets_;
  Key mask_ = 0;
  std::uint8_t age_ = 0;
};

}  // namespace loa
