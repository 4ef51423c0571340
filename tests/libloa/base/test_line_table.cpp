#include <gtest/gtest.h>

#include <random>

#include "loa/base/line_table.hpp"

namespace loa {
namespace {

TEST(LineTable, ExtractMatchesBitByBit) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 2000; ++i) {
    const Bitboard b = rng(), mask = line_mask(int(rng() % kLines));
    unsigned expect = 0, bit = 1;
    for (Square s = 0; s < kSquares; ++s)
      if (mask & square_bb(s)) {
        if (b & square_bb(s)) expect |= bit;
        bit <<= 1;
      }
    EXPECT_EQ(extract_bits(b, mask), expect);
    EXPECT_EQ(extract_line(b, mask), expect);
  }
}

TEST(LineTable, SmallCases) {
  // A lone piece on a line of 3 moves one step either way.
  EXPECT_EQ(detail::moves_along(3, 0b010, 0), 2);
  // Two own pieces at the ends of a line of 3: each moves 2, onto the other.
  EXPECT_EQ(detail::moves_along(3, 0b101, 0), 0);
  // Own piece, opponent, empty: the own piece can't jump the opponent; the
  // opponent's piece is not ours to move.
  EXPECT_EQ(detail::moves_along(3, 0b001, 0b010), 0);
  // Own, empty, opponent on 3 squares: two pieces, capture in two steps.
  EXPECT_EQ(detail::moves_along(3, 0b001, 0b100), 1);
  // A full 8-line of own pieces cannot move along it.
  EXPECT_EQ(detail::moves_along(8, 0xFF, 0), 0);
}

// Every entry holds both sides' counts of its pattern, each within its four
// bits, and sums of spread entries keep the two apart.
TEST(LineTable, EntriesHoldBothSides) {
  for (int length = 0; length <= kMaxSize; ++length) {
    const int base = (detail::pow3(length) - 1) / 2;
    for (unsigned own = 0; own < (1u << length); ++own)
      for (unsigned opp = 0; opp < (1u << length); ++opp) {
        if (own & opp) continue;
        const unsigned entry = kLineMoves[base + kTernary[own] + 2 * kTernary[opp]];
        ASSERT_EQ(entry & 15, unsigned(detail::moves_along(length, own, opp))) << length << " " << own << " " << opp;
        ASSERT_EQ(entry >> 4, unsigned(detail::moves_along(length, opp, own))) << length << " " << own << " " << opp;
      }
  }
  unsigned sum = 0;
  for (int i = 0; i < 64; ++i) sum += detail::spread(0x45);
  EXPECT_EQ(sum & detail::kOwnMask, 64u * 5);
  EXPECT_EQ(sum >> detail::kOppShift, 64u * 4);
}

}  // namespace
}  // namespace loa
