#include <gtest/gtest.h>

#include "loa/tt.hpp"

namespace loa {
namespace {

TEST(TranspositionTable, StoresAndFinds) {
  TranspositionTable tt(1);
  const Key key = 0x123456789ABCDEF0ULL;
  EXPECT_EQ(tt.probe(key), nullptr);
  tt.store(key, Move(1, 10, false), -250, 17, 6, Bound::Lower);
  const TTEntry* e = tt.probe(key);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->best(), Move(1, 10, false));
  EXPECT_EQ(e->value, -250);
  EXPECT_EQ(e->eval, 17);
  EXPECT_EQ(e->depth, 6);
  EXPECT_EQ(e->bound(), Bound::Lower);
  // Same bucket, other key: not found.
  EXPECT_EQ(tt.probe(key ^ (Key{1} << 40)), nullptr);
  tt.clear();
  EXPECT_EQ(tt.probe(key), nullptr);
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
  for (int i = 0; i < 4; ++i) EXPECT_NE(tt.probe(Key(i + 1) << 40), nullptr);
  tt.store(Key(9) << 40, Move(0, 2, false), 0, 0, 20, Bound::Exact);
  EXPECT_EQ(tt.probe(Key(1) << 40), nullptr) << "depth 10 was the shallowest";
  EXPECT_NE(tt.probe(Key(9) << 40), nullptr);
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
  EXPECT_EQ(tt.probe(Key(1) << 40 | 1), nullptr);
  ASSERT_NE(tt.probe(Key(5) << 40 | 5), nullptr);
  EXPECT_EQ(tt.probe(Key(5) << 40 | 5)->depth, 5);
}

}  // namespace
}  // namespace loa
