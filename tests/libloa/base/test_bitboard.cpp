#include <gtest/gtest.h>

#include <cstdint>

#include "loa/base/bitboard.hpp"

namespace loa {
namespace {

TEST(Bitboard, BoardMasks) {
  EXPECT_EQ(board_mask(8), ~Bitboard{0});
  EXPECT_EQ(popcount(board_mask(7)), 49);
  EXPECT_FALSE(board_mask(7) & kFileH);
  EXPECT_FALSE(board_mask(7) & (kRank1 << 56));
}

TEST(Bitboard, ConnectivityIsEightNeighbour) {
  const Bitboard a1 = square_bb(make_square(0, 0)), b2 = square_bb(make_square(1, 1));
  const Bitboard c1 = square_bb(make_square(2, 0)), h1 = square_bb(make_square(7, 0));
  const Bitboard a2 = square_bb(make_square(0, 1));
  EXPECT_TRUE(is_connected(a1));
  EXPECT_TRUE(is_connected(a1 | b2));       // diagonal
  EXPECT_TRUE(is_connected(a1 | b2 | c1));  // through b2
  EXPECT_FALSE(is_connected(a1 | c1));      // gap
  EXPECT_FALSE(is_connected(h1 | a2));      // no wrap-around from h1 to a2
  EXPECT_EQ(group_count(a1 | c1 | h1), 3);
  EXPECT_EQ(group_count(0), 0);
}

TEST(Bitboard, RaysAndReach) {
  const Square d4 = make_square(3, 3);
  EXPECT_EQ(popcount(kRays[d4][North]), 4);
  EXPECT_EQ(popcount(kRays[d4][SouthWest]), 3);
  EXPECT_EQ(kReach[8 - kMinSize][d4][North], 4);                 // 8x8
  EXPECT_EQ(kReach[7 - kMinSize][d4][North], 3);                 // 7x7
  EXPECT_EQ(kReach[6 - kMinSize][d4][North], 2);                 // 6x6
  EXPECT_EQ(kReach[5 - kMinSize][d4][North], 1);                 // 5x5
  EXPECT_EQ(kReach[5 - kMinSize][d4][East], 1);                  // 5x5
  EXPECT_EQ(kReach[7 - kMinSize][make_square(7, 7)][South], 0);  // off the 7x7 board
  EXPECT_EQ(kReach[5 - kMinSize][make_square(5, 0)][North], 0);  // off the 5x5 board
}

TEST(Bitboard, LinesPartitionTheBoardPerOrientation) {
  for (int o = 0; o < 4; ++o) {
    Bitboard all = 0;
    for (Square s = 0; s < kSquares; ++s) {
      const int line = line_of(s, o);
      EXPECT_TRUE(line_mask(line) & square_bb(s));
      all |= line_mask(line);
    }
    EXPECT_EQ(all, ~Bitboard{0});
  }
}

}  // namespace
}  // namespace loa

namespace loa {
namespace {

// Holes of an 8-connected set: 4-connected regions of empty squares that do
// not reach the edge of the board.
int brute_holes(Bitboard b, int size) {
  const Bitboard board = board_mask(size);
  Bitboard empty = board & ~b, seen = 0;
  int holes = 0;
  for (Bitboard rest = empty; rest;) {
    Bitboard region = square_bb(lsb(rest)), grown = region;
    do {
      region = grown;
      grown = region | ((region << 1) & ~kFileA) | ((region >> 1) & ~kFileH) | (region << 8) | (region >> 8);
      grown &= empty;
    } while (grown != region);
    rest &= ~region;
    seen |= region;
    bool touches_edge = false;
    for (Bitboard r = region; r;) {
      const Square s = pop_lsb(r);
      touches_edge |= file_of(s) == 0 || rank_of(s) == 0 || file_of(s) == size - 1 || rank_of(s) == size - 1;
    }
    holes += !touches_edge;
  }
  return holes;
}

TEST(Bitboard, EulerNumberIsGroupsMinusHoles) {
  std::uint64_t x = 88172645463325252ULL;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const int size = 7 + (i & 1);
    // Sparse and dense boards both: and/or a second draw.
    std::uint64_t y = x * 0x9E3779B97F4A7C15ULL;
    const Bitboard b = (i % 3 == 0 ? (x & y) : i % 3 == 1 ? x : (x | y)) & board_mask(size);
    ASSERT_EQ(euler_number(b), group_count(b) - brute_holes(b, size)) << std::hex << b;
    ASSERT_EQ(is_connected(b), group_count(b) <= 1) << std::hex << b;
  }
}

}  // namespace
}  // namespace loa
