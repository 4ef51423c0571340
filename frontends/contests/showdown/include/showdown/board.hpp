// The SHOWDOWN room: 9 rows (A-I) by 26 columns (1-26), its squares, sets of
// squares, and the straight lines that rays travel. Nothing here knows about
// Lines of Action: SHOWDOWN shares no rules with it.
#pragma once

#include <array>
#include <bitset>
#include <cstdlib>
#include <optional>
#include <string>

namespace showdown {

inline constexpr int kRows = 9;
inline constexpr int kColumns = 26;
inline constexpr int kSquares = kRows * kColumns;
// The most turns each player gets in one game.
inline constexpr int kTurnLimit = 100;

// A square by zero-based row (0 = A) and column (0 = column 1). Squares off
// the board exist as values so that a turn naming one can be judged.
struct Square {
  int row = 0;
  int column = 0;

  constexpr bool on_board() const { return row >= 0 && row < kRows && column >= 0 && column < kColumns; }
  constexpr int index() const { return row * kColumns + column; }
  static constexpr Square from_index(int i) { return {i / kColumns, i % kColumns}; }
  friend constexpr bool operator==(Square, Square) = default;
};

// Player 0 starts at A-1 and moves first; player 1 starts at I-26.
constexpr Square home(int player) { return player == 0 ? Square{0, 0} : Square{kRows - 1, kColumns - 1}; }
constexpr Square goal(int player) { return home(1 - player); }

constexpr int distance(Square a, Square b) { return std::abs(a.row - b.row) + std::abs(a.column - b.column); }
constexpr bool adjacent(Square a, Square b) { return distance(a, b) == 1; }
constexpr bool aligned(Square a, Square b) { return a != b && (a.row == b.row || a.column == b.column); }

// One step from `from` toward `to` along their shared row or column; {0,0}
// when they share neither or are the same square.
struct Step {
  int dr = 0, dc = 0;
  constexpr bool valid() const { return dr != 0 || dc != 0; }
};
constexpr Step direction(Square from, Square to) {
  if (from == to) return {};
  if (from.row == to.row) return {0, to.column > from.column ? 1 : -1};
  if (from.column == to.column) return {to.row > from.row ? 1 : -1, 0};
  return {};
}
constexpr Square operator+(Square s, Step d) { return {s.row + d.dr, s.column + d.dc}; }

inline constexpr std::array<Step, 4> kSteps = {Step{-1, 0}, Step{1, 0}, Step{0, -1}, Step{0, 1}};

using SquareSet = std::bitset<kSquares>;

// "A 1" .. "I 26": the row letter, a blank, the column number.
std::string to_string(Square s);

// The squares a ray from `from` in direction `d` crosses, in order, up to the
// edge of the board (`from` itself excluded).
template <typename F>
void for_each_on_ray(Square from, Step d, F&& f) {
  for (Square s = from + d; s.on_board(); s = s + d)
    if (!f(s)) return;
}

}  // namespace showdown
