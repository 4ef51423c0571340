#include <gtest/gtest.h>

#include "loa/bitboard.hpp"

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
  EXPECT_EQ(kReach[1][d4][North], 4);                 // 8x8
  EXPECT_EQ(kReach[0][d4][North], 3);                 // 7x7
  EXPECT_EQ(kReach[0][make_square(7, 7)][South], 0);  // off the 7x7 board
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
