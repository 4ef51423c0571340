// The proof-number tree's internal node array (libloa/src/solve/proof_node.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>

#include "solve/proof_node.hpp"

namespace {

using loa::proof_tree::grown_capacity;
using loa::proof_tree::kFirstCapacity;

// A solve is given memory for `max_nodes` nodes; its array starts at
// kFirstCapacity and grows as it fills. While a vector grows it holds the old
// block and the copy of it in the new one: that peak must fit the budget
// too, or a worker sized for the budget is killed at the last step.
TEST(ProofTreeNodes, GrowingNeverHoldsMoreThanTheBudget) {
  for (std::size_t max_nodes = kFirstCapacity; max_nodes < (std::size_t{1} << 28); max_nodes = max_nodes * 9 / 8 + 1) {
    std::size_t capacity = std::min(max_nodes, kFirstCapacity);
    int steps = 0;
    while (capacity < max_nodes) {
      const std::size_t next = grown_capacity(capacity, max_nodes);
      ASSERT_GT(next, capacity) << "max " << max_nodes;
      ASSERT_LE(next, max_nodes) << "max " << max_nodes;
      // The first block is small whatever the budget; every later copy fits.
      if (steps > 0) {
        ASSERT_LE(2 * capacity, max_nodes) << "from " << capacity << " to " << next << ", max " << max_nodes;
      }
      capacity = next;
      ++steps;
    }
    EXPECT_EQ(capacity, max_nodes);
    EXPECT_LE(steps, 20) << "max " << max_nodes;  // it still grows geometrically
  }
}

}  // namespace
