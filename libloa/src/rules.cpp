#include "loa/rules.hpp"

#include <string>

#include "loa/bitboard.hpp"
#include "loa/zobrist.hpp"

namespace loa {

bool Rules::scores_points() const {
  if (capture_points != 0 || connection_points != 0) return true;
  for (auto p : square_points)
    if (p != 0) return true;
  return false;
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
  return k;
}

Expected<Rules> validate(Rules rules) {
  if (rules.board_size != 7 && rules.board_size != 8)
    return Error{"board size must be 7 or 8, not " + std::to_string(rules.board_size)};
  const Bitboard mask = board_mask(rules.board_size);
  for (Color c : {Black, White}) {
    if (rules.start[c] & ~mask) return Error{"start layout has pieces off the board"};
    if (popcount(rules.start[c]) < 2) return Error{"each side must start with at least two pieces"};
  }
  if (rules.start[Black] & rules.start[White]) return Error{"start layout puts two pieces on one square"};
  if (rules.first_player != Black && rules.first_player != White) return Error{"first player must be Black or White"};
  for (Square s = 0; s < kSquares; ++s)
    if (rules.square_points[s] && !(mask & square_bb(s))) return Error{"bonus square off the board"};
  if (rules.capture_points < 0 || rules.capture_points > 100 || rules.connection_points < 0 ||
      rules.connection_points > 100)
    return Error{"capture and connection points must lie in 0..100"};
  if (rules.repetition == 1 || rules.repetition < 0 || rules.repetition > 100)
    return Error{"repetition must be 0 (none) or a count from 2 to 100"};
  if (rules.ply_limit < 0 || rules.ply_limit > 100000) return Error{"ply limit must lie in 0..100000"};
  if (rules.points_decide && rules.simultaneous == Simultaneous::Draw)
    return Error{"when points decide, a simultaneous connection must count for the mover"};
  return rules;
}

std::array<Bitboard, 2> standard_start() {
  const Bitboard edge_ranks = (kRank1 | kRank1 << 56) & ~(kFileA | kFileH);
  const Bitboard edge_files = (kFileA | kFileH) & ~(kRank1 | kRank1 << 56);
  return {edge_ranks, edge_files};
}

std::array<Bitboard, 2> loaps_start() {
  Bitboard first = 0, second = 0;
  for (int f : {1, 2, 4, 5})
    for (int r : {0, 6}) first |= square_bb(make_square(f, r));
  for (int f : {0, 6})
    for (int r : {1, 2, 4, 5}) second |= square_bb(make_square(f, r));
  return {first, second};
}

// Computer Olympiad rules 1-10 (loa-olympiad-rules-and-programs.txt): a
// simultaneous connection draws, a stuck player passes, the third occurrence
// of a position with the same side to move draws.
Rules olympiad() {
  Rules r;
  r.name = "olympiad";
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
  r.simultaneous = Simultaneous::Mover;
  return r;
}

// Kattis "Lines Of Action" (kattis-lines-of-action.txt): the mover wins a
// simultaneous connection, a side with no move draws the game, and a game
// exceeding 100 moves in all is a draw.
Rules kattis() {
  Rules r;
  r.name = "kattis";
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

namespace {
constexpr std::string_view kPresetNames[] = {"olympiad", "gamut", "kattis", "votey", "loaps"};
}

std::span<const std::string_view> preset_names() { return kPresetNames; }

Expected<Rules> preset(std::string_view name) {
  if (name == "olympiad") return olympiad();
  if (name == "gamut") return gamut();
  if (name == "kattis") return kattis();
  if (name == "votey") return votey();
  if (name == "loaps") return loaps();
  std::string known;
  for (auto n : kPresetNames) known += (known.empty() ? "" : ", ") + std::string(n);
  return Error{"unknown rules '" + std::string(name) + "' (known: " + known + ")"};
}

}  // namespace loa
