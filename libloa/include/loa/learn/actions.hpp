// Moves as integers and positions as tensors, for learning code. The action
// ids follow OpenSpiel's lines_of_action, generalised to every board size n:
//
//   action = (((from_rank * n + from_file) * n + to_rank) * n + to_file) * 2 + capture
//
// ranks and files counted from 0 (rank 1, file a), capture 1 when the move
// takes a piece; a pass, under rules where a stuck side passes, is 2 n^4.
// On the 8x8 board the board moves are OpenSpiel's 8,192 ids.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"

namespace loa {

// How many action ids the rules use: 2 n^4, and one more for the pass
// where the rules have one.
int num_distinct_actions(const Rules& rules);

// The id of a move on an n x n board (a pass: 2 n^4).
int action_of(Move move, int board_size);

// The legal move an id stands for in this game, or an error saying why
// there is none (out of range, not legal here, the game over).
Expected<Move> move_of_action(int action, const Game& game);

// The move of an id already known to be legal (a mask says so): decoding
// alone, no check.
Move move_of_legal_action(int action, int board_size);

// The legal moves' ids, ascending (OpenSpiel's order); none once the game
// is over.
std::vector<int> legal_actions(const Game& game);

// Sets mask[a] to 1 for every legal action id and 0 for the rest: `mask`
// holds num_distinct_actions(rules) bytes.
void legal_action_mask(const Game& game, std::uint8_t* mask);

// The observation tensor's planes, each n x n (row 0 = rank 1, column 0 =
// file a), in order: "black", "white", "empty" (1 where the square is so);
// then, except under the openspiel preset (whose tensor is OpenSpiel's own
// three planes), "black_to_move" (all 1 when black is to move), and only
// where the rules have them "bonus_points" (each bonus square's points),
// "black_points" and "white_points" (each side's game points, the plane
// filled with them), "plies_left" (plies before the rules' limit) and
// "repetitions" (how often the current position has occurred, this time
// included).
std::vector<std::string> observation_planes(const Rules& rules);

enum class Plane : std::uint8_t {
  Black,
  White,
  Empty,
  BlackToMove,
  BonusPoints,
  BlackPoints,
  WhitePoints,
  PliesLeft,
  Repetitions
};
// The same planes as values, for writing many tensors.
std::vector<Plane> observation_layout(const Rules& rules);

// Writes the tensor (planes x n x n floats, observation_planes() order) for
// the game as it stands; `layout` is observation_layout(game.rules()).
void write_observation(const Game& game, const std::vector<Plane>& layout, float* out);
void write_observation(const Game& game, float* out);

// The position as text for observers: under the openspiel preset exactly
// OpenSpiel's ObservationString ("8.xxxxxx.\n...\n abcdefgh\n\n\nCurrent
// player: x", 'x' black, 'o' white, "none (terminal)" once over), else the
// board as board_text() draws it.
std::string observation_string(const Game& game);

}  // namespace loa
