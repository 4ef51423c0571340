// Bitboard algebra and the constant geometry tables of the 8x8 layout. A
// smaller board lives in the same layout (7x7 on files a-g, ranks 1-7, and so
// on down to 5x5); squares outside its mask are always empty, so every table
// here serves every size.
#pragma once

#include <array>
#include <cstdint>

#include "loa/base/types.hpp"

namespace loa {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;

// The compiler's builtins rather than <bit>: the contest entries are compiled
// as C++17 by some arenas (CodinGame), and these are what std::popcount and
// std::countr_zero come down to in GCC and Clang anyway.
constexpr int popcount(Bitboard b) { return __builtin_popcountll(b); }
// The lowest set square of a non-empty bitboard.
constexpr Square lsb(Bitboard b) { return __builtin_ctzll(b); }
// The highest set square of a non-empty bitboard.
constexpr Square msb(Bitboard b) { return 63 - __builtin_clzll(b); }

// Removes and returns the lowest set square of a non-empty bitboard.
constexpr Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

// The squares of a size x size board in the 8x8 layout.
constexpr Bitboard board_mask(int size) {
  Bitboard m = 0;
  for (int r = 0; r < size; ++r)
    for (int f = 0; f < size; ++f) m |= square_bb(make_square(f, r));
  return m;
}

// All squares a king's step from any square of `b` (and `b` itself).
constexpr Bitboard dilate(Bitboard b) {
  const Bitboard h = b | ((b << 1) & ~kFileA) | ((b >> 1) & ~kFileH);
  return h | (h << 8) | (h >> 8);
}

// The 8-connected group of `pieces` that holds square `seed`.
constexpr Bitboard group_of(Bitboard pieces, Square seed) {
  Bitboard group = square_bb(seed);
  for (;;) {
    const Bitboard grown = dilate(group) & pieces;
    if (grown == group) return group;
    group = grown;
  }
}

// The Euler number (groups minus holes, 8-connectivity) of a set of squares,
// by Gray's bit-quads: 4E = Q1 - Q3 - 2Qd over the 81 2x2 windows of the
// board padded with an empty border. The 49 interior windows are counted
// with shifts; a border window holds at most two squares, side by side on
// the edge, so it only ever counts as a Q1.
constexpr int euler_number(Bitboard b) {
  constexpr Bitboard kInterior = ~(kFileH | (kRank1 << 56));
  const Bitboard a = b & kInterior, e = (b >> 1) & kInterior, s = (b >> 8) & kInterior, d = (b >> 9) & kInterior;
  const Bitboard odd = a ^ e ^ s ^ d;
  const Bitboard pair = (a & e) | (a & s) | (a & d) | (e & s) | (e & d) | (s & d);
  const int q1 = popcount(odd & ~pair), q3 = popcount(odd & pair);
  const int qd = popcount((a & d & ~e & ~s) | (e & s & ~a & ~d));
  // Edge windows: adjacent squares along each edge with exactly one set,
  // and the four corner windows, each holding one corner square.
  const Bitboard bottom = b & kRank1, top = b >> 56;
  const Bitboard left = b & kFileA, right = (b >> 7) & kFileA;
  const int edges = popcount((bottom ^ (bottom >> 1)) & 0x7F) + popcount((top ^ (top >> 1)) & 0x7F) +
                    popcount((left ^ (left >> 8)) & (kFileA >> 8)) + popcount((right ^ (right >> 8)) & (kFileA >> 8));
  const int corners = popcount(b & 0x8100000000000081ULL);
  return (q1 + edges + corners - q3 - 2 * qd) / 4;
}

// True when all pieces form one 8-connected group; a single piece is
// connected, and so (vacuously) is an empty set. The Euler number rules out
// most unconnected sets before the flood fill.
constexpr bool is_connected(Bitboard pieces) {
  if (pieces == 0) return true;
  if (euler_number(pieces) >= 2) return false;
  return group_of(pieces, lsb(pieces)) == pieces;
}

// Number of 8-connected groups.
constexpr int group_count(Bitboard pieces) {
  int n = 0;
  while (pieces) {
    pieces &= ~group_of(pieces, lsb(pieces));
    ++n;
  }
  return n;
}

namespace detail {

constexpr bool on_board(int file, int rank, int size) { return file >= 0 && file < size && rank >= 0 && rank < size; }

// ray[s][d]: the squares from s (exclusive) to the edge of the 8x8 board.
constexpr auto make_rays() {
  std::array<std::array<Bitboard, kDirections>, kSquares> rays{};
  for (Square s = 0; s < kSquares; ++s)
    for (int d = 0; d < kDirections; ++d) {
      int f = file_of(s) + kFileStep[d], r = rank_of(s) + kRankStep[d];
      for (; on_board(f, r, 8); f += kFileStep[d], r += kRankStep[d]) rays[s][d] |= square_bb(make_square(f, r));
    }
  return rays;
}

// reach[size - kMinSize][s][d]: how many steps fit between s and the edge of
// the board.
constexpr auto make_reach() {
  std::array<std::array<std::array<std::uint8_t, kDirections>, kSquares>, kBoardSizes> reach{};
  for (int size = kMinSize; size <= kMaxSize; ++size)
    for (Square s = 0; s < kSquares; ++s)
      for (int d = 0; d < kDirections; ++d) {
        int n = 0, f = file_of(s), r = rank_of(s);
        if (on_board(f, r, size))
          while (on_board(f + kFileStep[d] * (n + 1), r + kRankStep[d] * (n + 1), size)) ++n;
        reach[size - kMinSize][s][d] = std::uint8_t(n);
      }
  return reach;
}

}  // namespace detail

inline constexpr auto kRays = detail::make_rays();
inline constexpr auto kReach = detail::make_reach();

// Lines are numbered so that one array of 46 counters covers them all:
// files 0-7, diagonals (a1-h8 direction) 8-22, ranks 23-30, anti-diagonals
// (a8-h1 direction) 31-45. Orientation o = direction & 3 picks one of them.
constexpr int kLines = 46;

constexpr int line_of(Square s, int orientation) {
  const int f = file_of(s), r = rank_of(s);
  switch (orientation) {
    case 0: return f;
    case 1: return 8 + r - f + 7;
    case 2: return 23 + r;
    default: return 31 + r + f;
  }
}

// The squares of line `line` on the 8x8 board.
constexpr Bitboard line_mask(int line) {
  Bitboard m = 0;
  for (Square s = 0; s < kSquares; ++s)
    for (int o = 0; o < 4; ++o)
      if (line_of(s, o) == line) m |= square_bb(s);
  return m;
}

}  // namespace loa
