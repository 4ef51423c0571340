// A deliberately simple Lines of Action implementation for differential
// tests: a square array, moves found by walking lines, connectivity by flood
// fill over an adjacency walk, a game copied rather than undone. It shares
// nothing with the library but the Rules value it reads.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "loa/game/rules.hpp"

namespace ref {

constexpr int kEmpty = -1;

struct Move {
  int from = 0, to = 0;
  bool capture = false;
  bool pass = false;
  friend bool operator==(const Move&, const Move&) = default;
  friend auto operator<=>(const Move&, const Move&) = default;
};

struct Board {
  int size = 8;
  std::array<int, 64> cell{};  // kEmpty, 0 (first player) or 1
  int to_move = 0;
  friend bool operator==(const Board&, const Board&) = default;
};

enum class State { Ongoing, FirstWins, SecondWins, Draw };

struct Game {
  loa::Rules rules;
  Board board;
  int ply = 0;
  int points[2] = {0, 0};
  State state = State::Ongoing;
  std::vector<Board> seen;  // every position since the last capture, oldest first
  bool last_was_pass = false;
};

// The rules' start position, or one from a board diagram (rows from the top,
// 'b', 'w', '.'), side to move, plies played and points.
Game start(const loa::Rules& rules);
Game setup(const loa::Rules& rules, const std::vector<std::string>& rows, int to_move, int ply, int p0, int p1);

std::vector<Move> board_moves(const Board& b);
std::vector<Move> legal_moves(const Game& g);
bool connected(const Board& b, int color);
Game play(Game g, const Move& m);
std::uint64_t perft(const Game& g, int depth);

}  // namespace ref

#include "loa/game/game.hpp"

namespace ref {

// The same position as a library game, set up square by square (the only
// place the reference reads the library's board, to share test positions).
inline Game from_library(const loa::Game& g) {
  std::vector<std::string> rows;
  const int size = g.rules().board_size;
  for (int rank = size - 1; rank >= 0; --rank) {
    std::string row;
    for (int file = 0; file < size; ++file) {
      const auto p = g.position().piece_on(loa::make_square(file, rank));
      row += p == loa::Piece::Black ? 'b' : p == loa::Piece::White ? 'w' : '.';
    }
    rows.push_back(row);
  }
  return setup(g.rules(), rows, g.side_to_move(), g.ply(), g.points(loa::Black), g.points(loa::White));
}

}  // namespace ref
