#include "loa/tt.hpp"

#include <algorithm>

namespace loa {

void TranspositionTable::resize(std::size_t megabytes) {
  const std::size_t budget = megabytes << 20;
  std::size_t count = 1;
  while (count * 2 * sizeof(Bucket) <= budget) count *= 2;
  buckets_.assign(count, Bucket{});
  mask_ = count - 1;
}

void TranspositionTable::clear() {
  std::fill(buckets_.begin(), buckets_.end(), Bucket{});
  age_ = 0;
}

const TTEntry* TranspositionTable::probe(Key key) const {
  const std::uint32_t k = std::uint32_t(key >> 32);
  for (const TTEntry& e : bucket(key).entries)
    if (e.key32 == k && e.bound() != Bound::None) return &e;
  return nullptr;
}

void TranspositionTable::store(Key key, Move move, Value value, Value eval, int depth, Bound bound) {
  const std::uint32_t k = std::uint32_t(key >> 32);
  Bucket& b = bucket(key);
  TTEntry* slot = &b.entries[0];
  for (TTEntry& e : b.entries) {
    if (e.key32 == k) {
      slot = &e;
      // Keep a deeper result of this search unless the new one is exact.
      if (bound != Bound::Exact && (e.bound_age & 0xFC) == age_ && e.depth > depth + 2) return;
      if (move.is_none()) move = e.best();
      break;
    }
    // Otherwise replace the entry that is oldest, then shallowest.
    auto worth = [this](const TTEntry& x) { return x.depth - 8 * ((age_ - (x.bound_age & 0xFC)) & 0xFF) / 4; };
    if (worth(e) < worth(*slot)) slot = &e;
  }
  slot->key32 = k;
  slot->move = move.raw();
  slot->value = std::int16_t(value);
  slot->eval = std::int16_t(eval == kNoEval ? kNoEval : std::clamp(eval, -kInfinite, kInfinite));
  slot->depth = std::int8_t(std::clamp(depth, -100, 127));
  slot->bound_age = std::uint8_t(age_ | std::uint8_t(bound));
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const std::size_t n = std::min<std::size_t>(250, buckets_.size());
  for (std::size_t i = 0; i < n; ++i)
    for (const TTEntry& e : buckets_[i].entries) used += e.bound() != Bound::None && (e.bound_age & 0xFC) == age_;
  return int(used * 1000 / (n * 4));
}

}  // namespace loa
