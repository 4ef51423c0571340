// Text for squares and moves: the standard notation (b1-d3, b1xd3, as in
// Winands' thesis and OpenSpiel) and the formats of the contest protocols.
// Parsers take the game the move is for and return the legal move the text
// names, or an error saying what is wrong with it.
#pragma once

#include <string>
#include <string_view>

#include "loa/base/expected.hpp"
#include "loa/base/types.hpp"
#include "loa/game/game.hpp"

namespace loa {

// "a1".."h8": file letter then rank number, rank 1 at the bottom.
std::string square_name(Square s);
Expected<Square> parse_square(std::string_view text, int board_size);

// "b1-d3" for a move, "b1xd3" for a capture, "pass" for a pass.
std::string move_text(Move m);

// Reads "b1-d3", "b1xd3", "b1d3" or "pass", in either case, surrounding
// blanks ignored. "b1-d3" is read for a capture too: many records and people
// write every move with "-". An "x" on a quiet move is an error, so that a
// record claiming a capture that is not there is caught, not guessed at.
Expected<Move> parse_move(std::string_view text, const Game& game);

// The legal move from `from` to `to`, or an error naming why there is none.
Expected<Move> legal_move(const Game& game, Square from, Square to);

// Kattis: "r1 c1 r2 c2", rows 1-8 from the top, columns 1-8 from the left.
std::string kattis_move_text(Move m, int board_size);
Expected<Move> parse_kattis_move(std::string_view line, const Game& game);

// Votey: a square is row digit then column digit, 11 at the top left; a move
// is origin * 100 + destination, negated when it wins the game.
int votey_square(Square s, int board_size);
int votey_code(Move m, int board_size, bool winning);
struct VoteyMove {
  Move move;
  bool claims_win = false;
};
Expected<VoteyMove> parse_votey_code(long long code, const Game& game);

// POTM LOAPS: "b4 c3", origin and destination in chess notation.
std::string potm_move_text(Move m);
Expected<Move> parse_potm_move(std::string_view line, const Game& game);

}  // namespace loa
