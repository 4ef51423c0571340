#include <gtest/gtest.h>

#include <optional>
#include <thread>
#include <vector>

#include "loa/search/tt.hpp"

namespace loa {
namespace {

TEST(TranspositionTable, StoresAndFinds) {
  TranspositionTable tt(1);
  const Key key = 0x123456789ABCDEF0ULL;
  EXPECT_FALSE(tt.probe(key));
  tt.store(key, Move(1, 10, false), -250, 17, 6, Bound::Lower);
  const std::optional<TTEntry> e = tt.probe(key);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->best(), Move(1, 10, false));
  EXPECT_EQ(e->value, -250);
  EXPECT_EQ(e->eval, 17);
  EXPECT_EQ(e->depth, 6);
  EXPECT_EQ(e->bound(), Bound::Lower);
  // Same bucket, other key: not found.
  EXPECT_FALSE(tt.probe(key ^ (Key{1} << 40)));
  tt.clear();
  EXPECT_FALSE(tt.probe(key));
}

TEST(TranspositionTable, KeepsTheMoveWhenAnUpdateHasNone) {
  TranspositionTable tt(1);
  tt.store(42, Move(3, 4, true), 10, 0, 3, Bound::Exact);
  tt.store(42, Move::none(), 12, 0, 4, Bound::Upper);
  EXPECT_EQ(tt.probe(42)->best(), Move(3, 4, true));
  EXPECT_EQ(tt.probe(42)->depth, 4);
}

TEST(TranspositionTable, BucketHoldsFourAndReplacesTheShallowest) {
  TranspositionTable tt(1);
  // Keys that share a bucket (low bits) but differ in the stored high bits.
  for (int i = 0; i < 4; ++i) tt.store(Key(i + 1) << 40, Move(0, 1, false), i, 0, 10 + i, Bound::Exact);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(tt.probe(Key(i + 1) << 40));
  tt.store(Key(9) << 40, Move(0, 2, false), 0, 0, 20, Bound::Exact);
  EXPECT_FALSE(tt.probe(Key(1) << 40)) << "depth 10 was the shallowest";
  EXPECT_TRUE(tt.probe(Key(9) << 40));
  EXPECT_GT(tt.hashfull(), 0);
}

TEST(TranspositionTable, SizeIsAPowerOfTwoWithinBudget) {
  TranspositionTable tt(3);
  EXPECT_EQ(tt.megabytes(), 2u);
  tt.resize(16);
  EXPECT_EQ(tt.megabytes(), 16u);
}

TEST(TranspositionTable, ZeroMegabytesIsOneBucketThatStillWorks) {
  TranspositionTable tt(0);
  EXPECT_EQ(tt.megabytes(), 0u);
  // Four entries in the one bucket: a fifth position replaces the shallowest.
  for (Key k = 1; k <= 5; ++k) tt.store(k << 40 | k, Move::none(), Value(k), Value(0), int(k), Bound::Exact);
  EXPECT_FALSE(tt.probe(Key(1) << 40 | 1));
  ASSERT_TRUE(tt.probe(Key(5) << 40 | 5));
  EXPECT_EQ(tt.probe(Key(5) << 40 | 5)->depth, 5);
}

// Threads that write and read the same bucket at once get back whole
// entries: every field of what a probe returns belongs to the key asked for.
// On two cores a write seldom lands between a probe's two loads, so this is
// chiefly the ThreadSanitizer build's case (no data race in the table).
TEST(TranspositionTable, ConcurrentUseKeepsEveryEntryWhole) {
  TranspositionTable tt(0);  // one bucket: every store contends
  auto fields_of = [](Key k) { return std::pair{Move(int(k % 64), int(k / 64 % 64), false), Value(k % 1000)}; };
  auto work = [&](Key seed, int& hits, int& bad) {
    for (Key i = 0; i < 200000; ++i) {
      const Key k = (seed + i % 37) * 0x9E3779B97F4A7C15ULL;
      const auto [move, value] = fields_of(k);
      tt.store(k, move, value, value, int(k % 50), Bound::Exact);
      const Key other = (seed + (i * 7) % 37) * 0x9E3779B97F4A7C15ULL;
      if (const auto e = tt.probe(other)) {
        ++hits;
        const auto [m, v] = fields_of(other);
        bad += e->best() != m || e->value != v || e->eval != v || e->depth != int(other % 50);
      }
    }
  };
  std::vector<int> hits(3), bad(3);
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) threads.emplace_back(work, Key(t * 11), std::ref(hits[t]), std::ref(bad[t]));
  for (auto& t : threads) t.join();
  EXPECT_GT(hits[0] + hits[1] + hits[2], 0);
  EXPECT_EQ(bad[0] + bad[1] + bad[2], 0);
}

}  // namespace
}  // namespace loa
