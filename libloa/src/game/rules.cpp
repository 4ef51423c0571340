#include "loa/game/rules.hpp"

#include <iterator>
#include <string>

#include "loa/base/bitboard.hpp"
#include "loa/base/zobrist.hpp"

namespace loa {

bool Rules::scores_points() const {
  if (capture_points != 0 || connection_points != 0) return true;
  for (auto p : square_points)
    if (p != 0) return true;
  return false;
}

bool Rules::cycles_draw() const {
  return !scores_points() && (ply_limit ? at_limit == LimitOutcome::Draw : repetition > 0);
}

Key Rules::key() const {
  Key k = zobrist::mix(Key(board_size));
  auto add = [&k](Key v) { k = zobrist::mix(k ^ v); };
  add(start[Black]);
  add(start[White]);
  add(first_player);
  for (Square s = 0; s < kSquares; ++s)
    if (square_points[s]) add(Key(s) << 8 | square_points[s]);
  add(Key(capture_points) << 1);
  add(Key(connection_points) << 2);
  add(Key(points_decide) << 3);
  add(Key(simultaneous) << 4);
  add(Key(no_move) << 5);
  add(Key(repetition) << 6);
  add(Key(ply_limit) << 7);
  add(Key(at_limit) << 8);
  add(Key(repetition_by_board) << 9);
  add(Key(limit_over_connection) << 10);
  return k;
}

// Every message starts with the name of the field at fault as the variant
// format spells it (docs/variants.md), so that a variant file's reader can
// point at the line that set it.
Expected<Rules> validate(Rules rules) {
  if (rules.board_size < kMinSize || rules.board_size > kMaxSize)
    return Error{"board_size: must be 5, 6, 7 or 8, not " + std::to_string(rules.board_size)};
  const Bitboard mask = board_mask(rules.board_size);
  const std::string size = std::to_string(rules.board_size);
  for (Color c : {Black, White}) {
    const std::string field = c == Black ? "black" : "white";
    if (rules.start[c] & ~mask) return Error{field + ": a start square lies off the " + size + "x" + size + " board"};
    if (popcount(rules.start[c]) < 2) return Error{field + ": each side must start with at least two pieces"};
    if (popcount(rules.start[c]) > 32) return Error{field + ": each side may start with at most 32 pieces"};
  }
  if (rules.start[Black] & rules.start[White]) return Error{"white: a start square is also black's"};
  for (Color c : {Black, White})
    if (is_connected(rules.start[c]))
      return Error{std::string(c == Black ? "black" : "white") +
                   ": that side starts connected, so the game would be over before it began"};
  if (rules.first_player != Black && rules.first_player != White) return Error{"first_player: must be black or white"};
  for (Square s = 0; s < kSquares; ++s)
    if (rules.square_points[s] && !(mask & square_bb(s)))
      return Error{"bonus: a bonus square lies off the " + size + "x" + size + " board"};
  if (rules.capture_points < 0 || rules.capture_points > 100) return Error{"capture_points: must lie in 0..100"};
  if (rules.connection_points < 0 || rules.connection_points > 100)
    return Error{"connection_points: must lie in 0..100"};
  if (rules.repetition == 1 || rules.repetition < 0 || rules.repetition > 100)
    return Error{"repetition: must be 0 (none) or a count from 2 to 100"};
  if (rules.ply_limit < 0 || rules.ply_limit > 100000) return Error{"ply_limit: must lie in 0..100000"};
  if (rules.points_decide && rules.simultaneous == Simultaneous::Draw)
    return Error{"simultaneous: when points decide, a simultaneous connection must count for the mover"};
  return rules;
}

std::array<Bitboard, 2> standard_start(int size) {
  const int last = size - 1;
  Bitboard first = 0, second = 0;
  for (int i = 1; i < last; ++i) {
    first |= square_bb(make_square(i, 0)) | square_bb(make_square(i, last));
    second |= square_bb(make_square(0, i)) | square_bb(make_square(last, i));
  }
  return {first, second};
}

std::array<Bitboard, 2> standard_start() { return standard_start(8); }

std::array<Bitboard, 2> loaps_start() {
  Bitboard first = 0, second = 0;
  for (int f : {1, 2, 4, 5})
    for (int r : {0, 6}) first |= square_bb(make_square(f, r));
  for (int f : {0, 6})
    for (int r : {1, 2, 4, 5}) second |= square_bb(make_square(f, r));
  return {first, second};
}

std::array<Bitboard, 2> scrambled_eggs_start() {
  // Walk the ring of start squares from a2 up the a-file, along rank 8, down
  // the h-file and back along rank 1, giving the colours in turn. The corners
  // are not on the ring, so the colours alternate across them too.
  std::array<Bitboard, 2> start{};
  int turn = White;
  auto put = [&](int file, int rank) {
    start[turn] |= square_bb(make_square(file, rank));
    turn ^= 1;
  };
  for (int r = 1; r <= 6; ++r) put(0, r);
  for (int f = 1; f <= 6; ++f) put(f, 7);
  for (int r = 6; r >= 1; --r) put(7, r);
  for (int f = 6; f >= 1; --f) put(f, 0);
  return start;
}

// Computer Olympiad rules 1-10 (loa-olympiad-rules-and-programs.txt): a
// simultaneous connection draws, a stuck player passes, the third occurrence
// of a position with the same side to move draws.
Rules olympiad() {
  Rules r;
  r.name = "olympiad";
  r.description = "Lines of Action under the Computer Olympiad rules";
  r.source = "Computer Olympiad rules 1-10 (Lines of Action Information, ed. Mark Winands)";
  r.start = standard_start();
  r.simultaneous = Simultaneous::Draw;
  r.no_move = NoMoveRule::Pass;
  r.repetition = 3;
  return r;
}

// A Gamut of Games, 2nd edition, as reported beside the Olympiad rules: the
// Olympiad rules, except that a simultaneous connection wins for the mover.
Rules gamut() {
  Rules r = olympiad();
  r.name = "gamut";
  r.description = "Lines of Action as in A Gamut of Games: a simultaneous connection wins for the mover";
  r.source = "A Gamut of Games, 2nd edition, as reported in Lines of Action Information (ed. Mark Winands)";
  r.simultaneous = Simultaneous::Mover;
  return r;
}

// Kattis "Lines Of Action" (kattis-lines-of-action.txt): the mover wins a
// simultaneous connection, a side with no move draws the game, and a game
// exceeding 100 moves in all is a draw.
Rules kattis() {
  Rules r;
  r.name = "kattis";
  r.description = "Kattis Lines Of Action: a side with no move draws, 100 moves in all draw";
  r.source = "Kattis problem 'Lines Of Action'";
  r.start = standard_start();
  r.simultaneous = Simultaneous::Mover;
  r.no_move = NoMoveRule::Draw;
  r.repetition = 0;
  r.ply_limit = 100;
  return r;
}

// CSSA Votey Checkers (votey-checkers.txt): the mover wins a simultaneous
// connection ("ties cannot occur"). The text leaves a stuck player open; it
// passes, as under the Olympiad rules.
Rules votey() {
  Rules r;
  r.name = "votey";
  r.description = "CSSA Votey Checkers: Lines of Action where a simultaneous connection wins for the mover";
  r.source = "CSSA Programming Contest: Votey Checkers";
  r.start = standard_start();
  r.simultaneous = Simultaneous::Mover;
  r.no_move = NoMoveRule::Pass;
  r.repetition = 0;
  return r;
}

// POTM LOAPS (loaps-potm-7x7.txt): 7x7, eight pieces a side, 1 point a
// capture, 7 for landing on d4 and 3 on b2 b6 f2 f6, 12 for the side a
// connection counts for (the mover alone when both connect), points decide
// at a connection, a pinned player loses, and after 50 moves each the game is
// drawn whatever the points.
Rules loaps() {
  Rules r;
  r.name = "loaps";
  r.description = "POTM LOAPS: 7x7 Lines of Action with bonus squares and game points";
  r.source = "POTM: Lines of Action POTM Style (LOAPS)";
  r.board_size = 7;
  r.start = loaps_start();
  r.square_points[make_square(3, 3)] = 7;
  for (Square s : {make_square(1, 1), make_square(1, 5), make_square(5, 1), make_square(5, 5)}) r.square_points[s] = 3;
  r.capture_points = 1;
  r.connection_points = 12;
  r.points_decide = true;
  r.simultaneous = Simultaneous::Mover;
  r.no_move = NoMoveRule::Lose;
  r.repetition = 0;
  r.ply_limit = 100;
  r.at_limit = LimitOutcome::Draw;
  return r;
}

// 6x6 Lines of Action: the standard shape on a 6x6 board, eight pieces a
// side, under the Olympiad rules. The board Winands weakly solved with PN²
// search as a win for the first player (ICGA Journal 31(4), 2008).
Rules six() {
  Rules r = olympiad();
  r.name = "six";
  r.description = "6x6 Lines of Action: the standard shape, eight pieces a side, Olympiad rules";
  r.source = "M.H.M. Winands, 6x6 LOA is Solved, ICGA Journal 31(4), 2008";
  r.board_size = 6;
  r.start = standard_start(6);
  return r;
}

// 5x5 Lines of Action: the standard shape on a 5x5 board, six pieces a side,
// under the Olympiad rules; small enough to search to the end.
Rules five() {
  Rules r = olympiad();
  r.name = "five";
  r.description = "5x5 Lines of Action: the standard shape, six pieces a side, Olympiad rules";
  r.source = "the shape of 6x6 LOA (Winands, ICGA Journal 31(4), 2008) on a 5x5 board";
  r.board_size = 5;
  r.start = standard_start(5);
  return r;
}

// Scrambled Eggs, Claude Soucie's own variant: the standard squares with the
// colours alternating all around the board, White on a2, under the rules of
// A Gamut of Games. Boardspace's variations page gives the layout in words
// and the pbmserv LOA help ('loa challenge -scrambled') draws it.
Rules scrambled_eggs() {
  Rules r = gamut();
  r.name = "scrambled";
  r.description = "Scrambled Eggs: the standard squares, colours alternating around the board, White on a2";
  r.source = "boardspace.net Lines of Action variations page; pbmserv LOA help by Claude Soucie";
  r.start = scrambled_eggs_start();
  return r;
}

// CodinGame's "Lines of Action" arena, as its public referee (darkhorse64's
// CG_LinesOfAction, Referee.java and Board.java) implements it: after a
// move the mover wins if connected (also when both are), else the opponent
// if connected; a player with no move outputs "pass"; after 150 turns in
// all (plies) the game is drawn. No repetition rule.
Rules codingame() {
  Rules r;
  r.name = "codingame";
  r.description = "CodinGame's Lines of Action arena: mover wins simultaneous, pass, 150 plies draw";
  r.source = "darkhorse64/CG_LinesOfAction on GitHub (Referee.java, Board.java, statement_en.html)";
  r.start = standard_start();
  r.simultaneous = Simultaneous::Mover;
  r.no_move = NoMoveRule::Pass;
  r.repetition = 0;
  r.ply_limit = 150;
  r.at_limit = LimitOutcome::Draw;
  return r;
}

// OpenSpiel's lines_of_action (open_spiel/games/lines_of_action, the
// source itself, not its header's comment): after a move the mover wins if
// connected (also when both are), else the opponent if connected; the
// side to move with no legal move loses; a board (the pieces, whoever is to
// move) seen before draws; the game's max_game_length-th move (1000 by
// default) draws, even one that connects.
Rules openspiel() {
  Rules r;
  r.name = "openspiel";
  r.description = "OpenSpiel's lines_of_action: mover wins simultaneous, no move loses, a board twice draws";
  r.source = "google-deepmind/open_spiel, open_spiel/games/lines_of_action/lines_of_action.cc";
  r.start = standard_start();
  r.simultaneous = Simultaneous::Mover;
  r.no_move = NoMoveRule::Lose;
  r.repetition = 2;
  r.repetition_by_board = true;
  r.ply_limit = 1000;
  r.at_limit = LimitOutcome::Draw;
  r.limit_over_connection = true;
  return r;
}

namespace {
constexpr std::string_view kPresetNames[] = {"olympiad", "gamut", "kattis",    "votey",     "loaps",
                                             "six",      "five",  "scrambled", "codingame", "openspiel"};
}

const std::vector<std::string_view>& preset_names() {
  static const std::vector<std::string_view> names(std::begin(kPresetNames), std::end(kPresetNames));
  return names;
}

Expected<Rules> preset(std::string_view name) {
  if (name == "olympiad") return olympiad();
  if (name == "gamut") return gamut();
  if (name == "kattis") return kattis();
  if (name == "votey") return votey();
  if (name == "loaps") return loaps();
  if (name == "six") return six();
  if (name == "five") return five();
  if (name == "scrambled") return scrambled_eggs();
  if (name == "codingame") return codingame();
  if (name == "openspiel") return openspiel();
  std::string known;
  for (auto n : kPresetNames) known += (known.empty() ? "" : ", ") + std::string(n);
  return Error{"unknown rules '" + std::string(name) + "' (known: " + known + ")"};
}

}  // namespace loa
