// The rules of a Lines of Action variant as a plain value. Everything above
// the board (the game layer, search, front-ends) learns the rules only from a
// Rules value, so one engine serves every contest.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/base/types.hpp"

namespace loa {

// What a move that connects both sides at once means.
enum class Simultaneous : std::uint8_t {
  Draw,   // the game is drawn (Computer Olympiad rule 8)
  Mover,  // the connection counts for the mover alone (Gamut 2nd ed., LOAPS)
};

// What happens when the side to move has no legal move.
enum class NoMoveRule : std::uint8_t {
  Pass,  // it passes (Olympiad rule 9)
  Draw,  // the game is drawn (Kattis)
  Lose,  // it loses (LOAPS: the pinned player loses by default)
};

// How a game that reaches the ply limit is decided.
enum class LimitOutcome : std::uint8_t {
  Draw,    // drawn whatever the points (Kattis, LOAPS)
  Points,  // the side with more game points wins
};

struct Rules {
  std::string name = "custom";
  // One line saying what the variant is, and where its rules come from
  // (a text, a book, a site); neither changes play.
  std::string description;
  std::string source;

  // Board size (5 to 8) and where each side's pieces start, indexed by Color.
  int board_size = 8;
  std::array<Bitboard, 2> start{};
  Color first_player = Black;

  // Game points: landing on a square scores square_points[s] each time; a
  // capture scores capture_points; the side a connection counts for scores
  // connection_points. With points_decide, a connection ends the game and the
  // side with more points wins (equal points draw); otherwise the connected
  // side wins and points are only reported.
  std::array<std::uint8_t, 64> square_points{};
  int capture_points = 0;
  int connection_points = 0;
  bool points_decide = false;

  Simultaneous simultaneous = Simultaneous::Draw;
  NoMoveRule no_move = NoMoveRule::Pass;

  // A position (same pieces, same side to move) occurring for the
  // repetition-th time draws; 0 disables the rule. With repetition_by_board
  // the pieces alone are compared, whichever side is to move (OpenSpiel's
  // twofold rule).
  int repetition = 0;
  bool repetition_by_board = false;

  // After ply_limit plies in all (both sides' moves) without another end,
  // the game ends by at_limit; 0 means no limit.
  int ply_limit = 0;
  LimitOutcome at_limit = LimitOutcome::Draw;
  // Whether the move that reaches the ply limit ends the game by at_limit
  // even when it connects (OpenSpiel's order); otherwise the connection counts.
  bool limit_over_connection = false;

  // True when any move can score game points.
  bool scores_points() const;

  // True when a line that returns to a position it has passed through can be
  // scored a draw there, for the solver and its proofs: no points, and a
  // repetition rule (or a ply limit that draws) so that a game that goes
  // round for ever ends drawn. The side that claims at least a draw can then
  // answer every return by playing again as it did the first time: the game
  // ends no worse for it (a win, a draw, or a repetition draw, sooner if the
  // history holds more repetitions). Neither side needs the cycle to win.
  bool cycles_draw() const;

  // A Zobrist-style fingerprint of every field that changes play, so that
  // positions under different rules never share a hash key.
  Key key() const;

  // Field by field. Only where the compiler can write it (C++20): the contest
  // entries, which some arenas compile as C++17, never compare rules.
#if __cpp_impl_three_way_comparison >= 201907L
  friend bool operator==(const Rules&, const Rules&) = default;
#endif
};

// Checks a Rules value for consistency: board size 5 to 8, start layout
// inside the board with no overlap, two to 32 pieces a side and neither side
// connected already, bonus squares on the board, sane numbers. Returns the
// same rules when they are valid; the error names the field at fault.
Expected<Rules> validate(Rules rules);

// Presets, each from a published text (docs/rules.md cites them).
Rules olympiad();
Rules openspiel();
Rules gamut();
Rules kattis();
Rules votey();
Rules loaps();
Rules six();
Rules five();
Rules scrambled_eggs();
Rules codingame();

// The preset names, in the order above ("scrambled" for Scrambled Eggs).
const std::vector<std::string_view>& preset_names();

// The preset of that name (case-sensitive), or an error listing the names.
Expected<Rules> preset(std::string_view name);

// The standard 8x8 start: the first player on b1-g1 and b8-g8, the second on
// a2-a7 and h2-h7.
std::array<Bitboard, 2> standard_start();

// The standard shape on a smaller board: the first player on the bottom and
// top rows without the corners, the second on the outer files without them
// (6x6: b1-e1 and b6-e6 against a2-a5 and f2-f5).
std::array<Bitboard, 2> standard_start(int size);

// The LOAPS 7x7 start: player 1 on b1 c1 e1 f1 b7 c7 e7 f7, player 2 on
// a2 a3 a5 a6 g2 g3 g5 g6.
std::array<Bitboard, 2> loaps_start();

// Scrambled Eggs: the 24 squares of the standard start, the colours
// alternating all around the board with the second player on a2.
std::array<Bitboard, 2> scrambled_eggs_start();

}  // namespace loa
