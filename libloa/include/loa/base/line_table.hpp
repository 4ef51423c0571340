// Move counting by lines. How many moves the pieces on one line can make
// along it depends only on what stands on that line: its length and, square
// by square, own piece, opponent piece or empty. A table built at compile
// time over every such pattern turns counting all legal moves of a position
// into one lookup per line, with no branches.
#pragma once

#include <array>
#include <cstdint>

#include "loa/base/bitboard.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace loa {

// The bits of `b` under `mask`, packed into the low bits in square order:
// BMI2's pext where the target has it, a loop elsewhere (contest judges may
// compile without -march).
constexpr unsigned extract_bits(Bitboard b, Bitboard mask) {
  unsigned out = 0;
  for (unsigned bit = 1; mask; mask &= mask - 1, bit <<= 1)
    if (b & mask & (~mask + 1)) out |= bit;
  return out;
}

inline unsigned extract_line(Bitboard b, Bitboard mask) {
#if defined(__BMI2__)
  return unsigned(_pext_u64(b, mask));
#else
  return extract_bits(b, mask);
#endif
}

namespace detail {

constexpr int pow3(int e) { return e == 0 ? 1 : 3 * pow3(e - 1); }

// ternary[x]: the bits of x read as base-3 digits that are 0 or 1.
constexpr auto make_ternary() {
  std::array<std::uint16_t, 256> t{};
  for (unsigned x = 0; x < 256; ++x)
    for (int i = 0; i < 8; ++i)
      if (x >> i & 1) t[x] = std::uint16_t(t[x] + pow3(i));
  return t;
}

// Legal moves along a line of `length` squares holding own and opp pieces.
// Written to stay cheap at compile time (clang's constexpr step limit): the
// squares passed over are a mask, so each probe is a few operations.
constexpr int moves_along(int length, unsigned own, unsigned opp) {
  const int n = popcount(own | opp);
  int count = 0;
  for (unsigned rest = own; rest; rest &= rest - 1) {
    const int i = lsb(rest);
    if (i + n < length && !(own >> (i + n) & 1)) {
      const unsigned passed = ((1u << (i + n)) - 1) & ~((2u << i) - 1);  // i+1 .. i+n-1
      count += !(opp & passed);
    }
    if (i - n >= 0 && !(own >> (i - n) & 1)) {
      const unsigned passed = ((1u << i) - 1) & ~((2u << (i - n)) - 1);  // i-n+1 .. i-1
      count += !(opp & passed);
    }
  }
  return count;
}

// Entries for lines of length L start at (3^L - 1) / 2 and are indexed by
// ternary[own] + 2 * ternary[opp]. An entry holds the moves of both sides
// along the line, own in the low four bits and opp in the high four (a side
// has at most 5 moves along one line).
constexpr int kLineTableSize = (pow3(kMaxSize + 1) - 1) / 2;
// Sums of entries spread out so that the two counts stay apart: own in bits
// 0-11, opp from bit 12 (a side has at most 256 moves in all).
constexpr unsigned spread(unsigned entry) { return entry + (entry & 0xF0) * 255u; }
constexpr int kOppShift = 12;
constexpr unsigned kOwnMask = (1u << kOppShift) - 1;
constexpr auto make_line_moves() {
  std::array<std::uint8_t, kLineTableSize> table{};
  for (int length = 0; length <= kMaxSize; ++length) {
    const int base = (pow3(length) - 1) / 2;
    // Walk the patterns in base-3 counting order, carrying digit by digit,
    // rather than decoding every code from scratch.
    unsigned own = 0, opp = 0;
    for (int code = 0; code < pow3(length); ++code) {
      table[base + code] = std::uint8_t(moves_along(length, own, opp) | moves_along(length, opp, own) << 4);
      for (int i = 0; i < length; ++i) {
        const unsigned bit = 1u << i;
        if (!(own & bit) && !(opp & bit)) {  // digit 0 -> 1
          own |= bit;
          break;
        }
        if (own & bit) {  // digit 1 -> 2
          own &= ~bit, opp |= bit;
          break;
        }
        opp &= ~bit;  // digit 2 -> 0, carry on
      }
    }
  }
  return table;
}

// The lines of a board of each size: mask and table base, per line.
struct BoardLines {
  std::array<Bitboard, kLines> mask{};
  std::array<std::uint16_t, kLines> base{};
};

constexpr auto make_board_lines() {
  std::array<BoardLines, kBoardSizes> lines{};
  for (int size = kMinSize; size <= kMaxSize; ++size)
    for (int line = 0; line < kLines; ++line) {
      const Bitboard m = line_mask(line) & board_mask(size);
      lines[size - kMinSize].mask[line] = m;
      lines[size - kMinSize].base[line] = std::uint16_t((pow3(popcount(m)) - 1) / 2);
    }
  return lines;
}

// The weight of a square's digit in its lines' codes: 3 to the power of its
// place along the line, counting the board's squares only, per board size
// and orientation (as line_of numbers them).
constexpr auto make_line_digits() {
  std::array<std::array<std::array<std::uint16_t, 4>, kSquares>, kBoardSizes> digits{};
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    // Squares ascending: each one's place is the count of its lines' squares
    // met before it (kept cheap for clang's constexpr step limit).
    std::array<int, kLines> seen{};
    for (int r = 0; r < size; ++r)
      for (int f = 0; f < size; ++f) {
        const Square s = make_square(f, r);
        for (int o = 0; o < 4; ++o) digits[size - kMinSize][s][o] = std::uint16_t(pow3(seen[line_of(s, o)]++));
      }
  }
  return digits;
}

}  // namespace detail

inline constexpr auto kTernary = detail::make_ternary();
inline constexpr auto kLineMoves = detail::make_line_moves();
inline constexpr auto kBoardLines = detail::make_board_lines();
inline constexpr auto kLineDigits = detail::make_line_digits();

// A line's code: the index of its pattern in kLineMoves, Black's pieces as
// digit 1 and White's as 2 (so an entry's low half counts Black's moves).
// Position keeps these up to date move by move.
inline std::uint16_t line_code(Bitboard black, Bitboard white, int size, int line) {
  const detail::BoardLines& lines = kBoardLines[size - kMinSize];
  const Bitboard m = lines.mask[line];
  return std::uint16_t(lines.base[line] + kTernary[extract_line(black, m)] + 2 * kTernary[extract_line(white, m)]);
}

// Legal moves of both sides (as if each were to move), which one lookup per
// line gives (Position::move_counts).
struct MoveCounts {
  int own = 0;
  int opp = 0;
};

}  // namespace loa
