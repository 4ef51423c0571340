// The solver's table of results after captures (libloa/src/solve/capture_table.hpp).
#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <vector>

#include "solve/capture_table.hpp"

namespace {

using loa::Key;
using loa::proof_tree::CaptureTable;

// The table doubles as it fills, up to its cap, and must do so inside the
// block it started in: doubling into a new block held the old table and the
// new one at once, half as much again as the cap at the last step. And
// doubling must lose nothing: a result is found at the end unless a later
// one took its slot (the same index in the table as it was then).
TEST(CaptureTable, DoublesInPlaceAndKeepsEveryResultNotReplaced) {
  constexpr std::size_t kMax = 1 << 14;
  CaptureTable table(kMax);
  const void* block = table.block();
  std::mt19937_64 random(29);
  struct Stored {
    Key key;
    CaptureTable::Result result;
    std::size_t slots;  // the table's size just after this was stored
  };
  std::vector<Stored> stored;
  for (int i = 0; i < 12000; ++i) {
    const Key key = random();
    const auto result = (key >> 40) & 1 ? CaptureTable::Proven : CaptureTable::Disproven;
    table.store(key, result);
    ASSERT_EQ(table.block(), block) << "after " << i + 1 << " results, " << table.slots() << " slots";
    ASSERT_LE(table.slots(), kMax);
    stored.push_back({key, result, table.slots()});
  }
  EXPECT_EQ(table.slots(), kMax);
  int found = 0;
  for (std::size_t i = 0; i < stored.size(); ++i) {
    bool replaced = false;
    for (std::size_t j = i + 1; j < stored.size() && !replaced; ++j) {
      const Key mask = stored[j].slots - 1;
      replaced = (stored[j].key & mask) == (stored[i].key & mask);
    }
    EXPECT_EQ(table.find(stored[i].key), replaced ? CaptureTable::Unknown : stored[i].result) << "result " << i;
    found += !replaced;
  }
  // Most results survive: the check above is not about an empty table.
  EXPECT_GT(found, 6000);
}

}  // namespace
