// Value types shared by every layer: colours, squares, directions and moves.
#pragma once

#include <cstdint>

namespace loa {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

// The first player is Black (LOAPS calls it player 1 or RED), the second
// White. Every preset starts with Black; Rules::first_player can change that.
enum Color : std::uint8_t { Black = 0, White = 1 };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63: file + 8 * rank, rank 0
// at the bottom. A smaller board (5x5 to 7x7) uses the lower left corner of
// the same layout: files a-g and ranks 1-7 for 7x7, a-e and 1-5 for 5x5.
using Square = int;

constexpr int kMinSize = 5;
constexpr int kMaxSize = 8;
// Per-size tables are indexed by size - kMinSize.
constexpr int kBoardSizes = kMaxSize - kMinSize + 1;
constexpr int kSquares = 64;

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return file + 8 * rank; }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

// The eight directions of movement. A direction and the one four places on are
// opposite; `d & 3` names the line orientation both move along.
enum Direction : int {
  North,
  NorthEast,
  East,
  SouthEast,
  South,
  SouthWest,
  West,
  NorthWest,
};
constexpr int kDirections = 8;
constexpr int kStep[kDirections] = {8, 9, 1, -7, -8, -9, -1, 7};
constexpr int kFileStep[kDirections] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kRankStep[kDirections] = {1, 1, 0, -1, -1, -1, 0, 1};

// A move packs its origin, destination and whether it captures into 16 bits.
// A pass (only under rules whose stuck player passes) has its own flag; the
// default-constructed move is "none" and never legal.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, bool capture)
      : data_(std::uint16_t(from | (to << 6) | (capture ? kCaptureFlag : 0))) {}

  static constexpr Move none() { return Move(); }
  static constexpr Move pass() { return Move(kPassFlag); }

  constexpr Square from() const { return data_ & 63; }
  constexpr Square to() const { return (data_ >> 6) & 63; }
  constexpr bool is_capture() const { return data_ & kCaptureFlag; }
  constexpr bool is_pass() const { return data_ == kPassFlag; }
  constexpr bool is_none() const { return data_ == 0; }
  constexpr std::uint16_t raw() const { return data_; }
  static constexpr Move from_raw(std::uint16_t raw) { return Move(raw); }

  friend constexpr bool operator==(Move a, Move b) { return a.data_ == b.data_; }
  friend constexpr bool operator!=(Move a, Move b) { return a.data_ != b.data_; }

 private:
  static constexpr std::uint16_t kCaptureFlag = 1u << 12;
  static constexpr std::uint16_t kPassFlag = 1u << 13;
  explicit constexpr Move(std::uint16_t raw) : data_(raw) {}
  std::uint16_t data_ = 0;
};

}  // namespace loa
