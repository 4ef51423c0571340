#include "loa/search/tt.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace loa {

namespace {

constexpr std::uint64_t pack(const TTEntry& e) {
  return std::uint64_t(e.move) | std::uint64_t(std::uint16_t(e.value)) << 16 |
         std::uint64_t(std::uint16_t(e.eval)) << 32 | std::uint64_t(std::uint8_t(e.depth)) << 48 |
         std::uint64_t(e.bound_age) << 56;
}

constexpr TTEntry unpack(std::uint64_t d) {
  return {std::uint16_t(d), std::int16_t(std::uint16_t(d >> 16)), std::int16_t(std::uint16_t(d >> 32)),
          std::int8_t(std::uint8_t(d >> 48)), std::uint8_t(d >> 56)};
}

constexpr auto relaxed = std::memory_order_relaxed;

}  // namespace

void TranspositionTable::FreeBuckets::operator()(Bucket* p) const { std::free(p); }

void TranspositionTable::resize(std::size_t megabytes) {
  const std::size_t budget = megabytes << 20;
  std::size_t count = 1;
  while (count * 2 * sizeof(Bucket) <= budget) count *= 2;
  // A probe is a cache miss, and in a table of 4 KiB pages often a TLB miss
  // as well: on Linux the table asks for 2 MiB pages where it fills them.
  constexpr std::size_t kLargePage = std::size_t(2) << 20;
  const std::size_t bytes = count * sizeof(Bucket);
  const std::size_t align = bytes >= kLargePage ? kLargePage : alignof(Bucket);
  buckets_.reset();
  void* memory = std::aligned_alloc(align, bytes);
  if (!memory) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kLargePage) madvise(memory, bytes, MADV_HUGEPAGE);
#endif
  buckets_.reset(static_cast<Bucket*>(memory));
  std::uninitialized_value_construct_n(buckets_.get(), count);
  mask_ = count - 1;
  // Writing every page now, not during the first search, makes the kernel
  // supply them here (the value construction above may have written none).
  clear();
}

void TranspositionTable::clear() {
  // The buckets hold nothing but 64-bit atomics, all-zero bits is their
  // empty state, and no search runs: one memset is the fastest way there.
  std::memset(static_cast<void*>(buckets_.get()), 0, (mask_ + 1) * sizeof(Bucket));
  age_ = 0;
}

std::optional<TTEntry> TranspositionTable::probe(Key key) const {
  for (const Slot& s : bucket(key).slots) {
    const std::uint64_t data = s.data.load(relaxed);
    if ((s.check.load(relaxed) ^ data) == key && (data >> 56 & 3) != std::uint64_t(Bound::None)) return unpack(data);
  }
  return std::nullopt;
}

void TranspositionTable::store(Key key, Move move, Value value, Value eval, int depth, Bound bound) {
  Bucket& b = bucket(key);
  Slot* slot = &b.slots[0];
  TTEntry old = unpack(slot->data.load(relaxed));
  // Older entries first, then shallower ones, make room.
  auto worth = [this](const TTEntry& x) { return x.depth - 8 * ((age_ - (x.bound_age & 0xFC)) & 0xFF) / 4; };
  for (Slot& s : b.slots) {
    const std::uint64_t data = s.data.load(relaxed);
    const TTEntry e = unpack(data);
    if ((s.check.load(relaxed) ^ data) == key) {
      // Keep a deeper result of this search unless the new one is exact.
      if (bound != Bound::Exact && (e.bound_age & 0xFC) == age_ && e.depth > depth + 2) return;
      if (move.is_none()) move = e.best();
      slot = &s;
      break;
    }
    if (worth(e) < worth(old)) slot = &s, old = e;
  }
  TTEntry e;
  e.move = move.raw();
  e.value = std::int16_t(value);
  e.eval = std::int16_t(eval == kNoEval ? kNoEval : std::clamp(eval, -kInfinite, kInfinite));
  e.depth = std::int8_t(std::clamp(depth, -100, 127));
  e.bound_age = std::uint8_t(age_ | std::uint8_t(bound));
  const std::uint64_t data = pack(e);
  slot->data.store(data, relaxed);
  slot->check.store(key ^ data, relaxed);
}

int TranspositionTable::hashfull() const {
  int used = 0;
  const std::size_t n = std::min<std::size_t>(250, mask_ + 1);
  for (std::size_t i = 0; i < n; ++i)
    for (const Slot& s : buckets_[i].slots) {
      const TTEntry e = unpack(s.data.load(relaxed));
      used += e.bound() != Bound::None && (e.bound_age & 0xFC) == age_;
    }
  return int(used * 1000 / (n * 4));
}

}  // namespace loa
