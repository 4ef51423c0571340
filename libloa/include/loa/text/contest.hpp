// The POTM LOAPS position file (loaps-potm-7x7.txt), read and written:
//
//   1 10          player to move (1 or 2), its upcoming move number (1-50)
//   1  4  5.34    player 1: points, seconds left on its 60 s clock
//   2  5  9.49    player 2: the same
//   .11....       seven rows, rank 7 first: '1', '2' or '.'
//   ...
//
// Reading recovers what it can (a missing clock, points, move number) and
// says so in warnings; only an unreadable board or player is an error.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"

namespace loa {

struct PotmInput {
  Color to_move = Black;              // player 1 is Black
  int move_number = 1;                // of the player to move
  std::array<int, 2> points{};        // by colour
  std::array<double, 2> seconds{};    // clock left, by colour
  Bitboard pieces[2] = {0, 0};        // as read, by colour
  std::vector<std::string> warnings;  // what was recovered, for the DEBUG file

  // Plies played before this move: 2 (move_number - 1) for player 1, one
  // more for player 2.
  int plies() const { return 2 * (move_number - 1) + (to_move == White ? 1 : 0); }
};

// Reads the file's text. A board that is readable but impossible (too many
// pieces, a side already connected) is returned with a warning: the caller
// can still find a legal move on it.
Expected<PotmInput> parse_potm_input(std::string_view text);

// The file the mediator writes for the side to move of `game`.
std::string potm_input_text(const Game& game, std::array<double, 2> seconds);

}  // namespace loa
