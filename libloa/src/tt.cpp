#include "loa/tt.hpp"

#include <algorithm>

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

void TranspositionTable::resize(std::size_t megabytes) {
  const std::size_t budget = megabytes << 20;
  std::size_t count = 1;
  while (count * 2 * sizeof(Bucket) <= budget) count *= 2;
  buckets_ = std::make_unique<Bucket[]>(count);
  mask_ = count - 1;
}

void TranspositionTable::clear() {
  for (Key i = 0; i <= mask_; ++i)
    for (Slot& s : buckets_[i].slots) s.check.store(0, relaxed), s.data.store(0, relaxed);
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
