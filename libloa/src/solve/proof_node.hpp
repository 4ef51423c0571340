// The proof-number tree's node array, and how a full one frees room
// (internal header of solver.cpp; docs/solver.md, "When the tree fills").
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "loa/base/types.hpp"

namespace loa::proof_tree {

// Proof and disproof numbers saturate here: "infinite".
constexpr std::uint32_t kInfinite = 1u << 30;

inline std::uint32_t add(std::uint32_t a, std::uint32_t b) { return std::min(kInfinite, a + b); }

// A node of the proof-number tree: 16 bytes. Children are stored together,
// `count` of them from `first`, always after their parent; a node with
// count 0 and not settled has not been expanded (or was folded back).
struct Node {
  std::uint32_t proof = 1, disproof = 1;
  std::uint32_t first = 0;
  std::uint16_t count = 0;
  Move move;

  bool settled() const { return proof == 0 || disproof == 0; }
};
static_assert(sizeof(Node) <= 16);

// The node array's capacity when the tree is made (or `max_nodes`, if
// smaller): most solves are small.
constexpr std::size_t kFirstCapacity = std::size_t{1} << 12;

// The node array's capacity once it is full at `capacity`, in a tree of at
// most `max_nodes`: it doubles, but goes to `max_nodes` at once when doubling
// twice would reach it. A vector that grows copies its nodes into the new
// block while it still holds the old one, twice the old capacity at that
// moment; this way that never passes `max_nodes`. Doubling up to the cap did
// nearly twice: a 4 GiB tree copied into a 4.4 GiB block, the Dask worker
// past its memory limit and killed (2026-12-04).
inline std::size_t grown_capacity(std::size_t capacity, std::size_t max_nodes) {
  return capacity >= max_nodes / 4 ? max_nodes : 2 * capacity;
}

// Bytes of scratch memory collect() needs for each node it looks at, beyond
// the node itself: the tree's share of memory is divided by 16 plus this.
constexpr std::size_t kCollectScratchBytes = 2;

// Frees room in the tree rooted at nodes[0], in place, so that a search can
// go on when its memory is full:
// - a settled node keeps only the children its proof needs (the first
//   settled one where not all are, since the side choosing there needs one;
//   every one otherwise): the proof walk finds exactly what it wrote before;
// - then, if more than `target` nodes are still left, every open subtree
//   below the root smaller than the least power of two that brings the tree
//   to `target` (or as near as it can) folds back into a leaf that keeps its
//   numbers. The largest subtrees, the work that costs most to redo, stay.
// Returns the number of nodes freed.
std::size_t collect(std::vector<Node>& nodes, std::size_t target);

}  // namespace loa::proof_tree
