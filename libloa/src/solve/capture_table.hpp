// Settled results of positions just after a capture, for one question
// (internal header of solver.cpp; docs/solver.md, "PN² and the capture table").
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "loa/base/types.hpp"

namespace loa::proof_tree {

// This is the transposition table the GHI problem allows: a capture cannot
// be undone, so no position before it can occur again, and what such a
// position is worth depends on the position, the points and the plies left
// alone, never on the path to it (the key holds all three). Results after
// quiet moves, where an earlier position may recur, are not kept.
//
// One slot per index, a later result replacing an earlier one. It starts
// small and doubles as it fills, up to `max_entries`: most solves are small,
// and the engine asks one every move. It doubles in place, inside a block
// reserved for `max_entries` at the start: only the slots in use are ever
// touched, so the memory it holds is its size and never more. Doubling into
// a new block held the old table, the new one and nothing freed before the
// copy ended, half as much again as the cap at the last step.
class CaptureTable {
 public:
  enum Result : std::uint8_t { Unknown, Proven, Disproven };
  static constexpr std::size_t kFirstSlots = 1024;

  explicit CaptureTable(std::size_t max_entries) : max_entries_(max_entries < kFirstSlots ? kFirstSlots : max_entries) {
    slots_.reserve(max_entries_);
    slots_.resize(kFirstSlots);
  }
  Result find(Key key) const {
    const Slot& s = slots_[key & (slots_.size() - 1)];
    return s.key == key ? s.result : Unknown;
  }
  void store(Key key, Result r) {
    if (2 * ++stored_ > slots_.size() && 2 * slots_.size() <= max_entries_) grow();
    slots_[key & (slots_.size() - 1)] = {key, r};
  }
  std::size_t slots() const { return slots_.size(); }
  std::size_t memory_bytes() const { return slots_.size() * sizeof(Slot); }
  // Where the slots are: the same block from the first slot to the last
  // doubling (what the tests check).
  const void* block() const { return slots_.data(); }

 private:
  struct Slot {
    Key key = 0;
    Result result = Unknown;
  };
  // From n slots to 2n: a key at index i (its low bits) goes to i or to
  // i + n, by the one bit the index gains, and the slots from n on are empty,
  // so each moves at most once and never onto another.
  void grow() {
    const std::size_t n = slots_.size();
    slots_.resize(2 * n);  // within the reserved block: no copy
    for (std::size_t i = 0; i < n; ++i) {
      Slot& s = slots_[i];
      if (s.result != Unknown && (s.key & n)) {
        slots_[i + n] = s;
        s = Slot{};
      }
    }
  }
  std::vector<Slot> slots_;
  std::size_t max_entries_;
  std::size_t stored_ = 0;
};

}  // namespace loa::proof_tree
