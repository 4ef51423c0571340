#include "reference.hpp"

#include <algorithm>

namespace ref {

namespace {

bool inside(const Board& b, int file, int rank) { return file >= 0 && rank >= 0 && file < b.size && rank < b.size; }
int at(const Board& b, int file, int rank) { return b.cell[rank * 8 + file]; }

// Pieces on the whole line through (file, rank) along (df, dr).
int pieces_on_line(const Board& b, int file, int rank, int df, int dr) {
  int n = 0;
  for (int k = -8; k <= 8; ++k)
    if (inside(b, file + k * df, rank + k * dr) && at(b, file + k * df, rank + k * dr) != kEmpty) ++n;
  return n;
}

void judge(Game& g, int mover, bool was_capture) {
  const loa::Rules& r = g.rules;
  const int other = 1 - mover;
  const bool mover_conn = connected(g.board, mover);
  const bool other_conn = connected(g.board, other);
  (void)was_capture;
  auto by_points = [&] {
    g.state = g.points[0] > g.points[1]   ? State::FirstWins
              : g.points[0] < g.points[1] ? State::SecondWins
                                          : State::Draw;
  };
  auto win = [&](int c) { g.state = c == 0 ? State::FirstWins : State::SecondWins; };
  auto limit = [&] {
    if (r.at_limit == loa::LimitOutcome::Draw)
      g.state = State::Draw;
    else
      by_points();
  };
  if (r.limit_over_connection && r.ply_limit && g.ply >= r.ply_limit) return limit();
  if (mover_conn || other_conn) {
    if (mover_conn && other_conn && r.simultaneous == loa::Simultaneous::Draw) {
      g.state = State::Draw;
      return;
    }
    const int side = mover_conn ? mover : other;
    g.points[side] += r.connection_points;
    if (r.points_decide)
      by_points();
    else
      win(side);
    return;
  }
  if (r.ply_limit && g.ply >= r.ply_limit) return limit();
  // The same board: the same cells (and, but by board, the same side to move).
  const auto same = [&](const Board& b) { return b.cell == g.board.cell && (r.repetition_by_board || b == g.board); };
  if (r.repetition && std::count_if(g.seen.begin(), g.seen.end(), same) >= r.repetition) {
    g.state = State::Draw;
    return;
  }
  if (board_moves(g.board).empty()) {
    if (r.no_move == loa::NoMoveRule::Draw) g.state = State::Draw;
    if (r.no_move == loa::NoMoveRule::Lose) win(mover);
    if (r.no_move == loa::NoMoveRule::Pass && g.last_was_pass) g.state = State::Draw;
  }
}

}  // namespace

Game start(const loa::Rules& rules) {
  Game g;
  g.rules = rules;
  g.board.size = rules.board_size;
  g.board.cell.fill(kEmpty);
  for (int s = 0; s < 64; ++s)
    for (int c = 0; c < 2; ++c)
      if (rules.start[c] >> s & 1) g.board.cell[s] = c;
  g.board.to_move = rules.first_player;
  g.seen.push_back(g.board);
  return g;
}

Game setup(const loa::Rules& rules, const std::vector<std::string>& rows, int to_move, int ply, int p0, int p1) {
  Game g = start(rules);
  g.board.cell.fill(kEmpty);
  for (int i = 0; i < int(rows.size()); ++i)
    for (int f = 0; f < int(rows[i].size()); ++f)
      g.board.cell[(rules.board_size - 1 - i) * 8 + f] = rows[i][f] == 'b' ? 0 : rows[i][f] == 'w' ? 1 : kEmpty;
  g.board.to_move = to_move;
  g.ply = ply;
  g.points[0] = p0;
  g.points[1] = p1;
  g.seen = {g.board};
  return g;
}

std::vector<Move> board_moves(const Board& b) {
  std::vector<Move> out;
  const int dirs[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
  for (int rank = 0; rank < b.size; ++rank)
    for (int file = 0; file < b.size; ++file) {
      if (at(b, file, rank) != b.to_move) continue;
      for (const auto& d : dirs) {
        const int n = pieces_on_line(b, file, rank, d[0], d[1]);
        const int tf = file + n * d[0], tr = rank + n * d[1];
        if (!inside(b, tf, tr) || at(b, tf, tr) == b.to_move) continue;
        bool blocked = false;
        for (int k = 1; k < n; ++k) {
          const int c = at(b, file + k * d[0], rank + k * d[1]);
          if (c != kEmpty && c != b.to_move) blocked = true;
        }
        if (!blocked) out.push_back({rank * 8 + file, tr * 8 + tf, at(b, tf, tr) != kEmpty, false});
      }
    }
  return out;
}

std::vector<Move> legal_moves(const Game& g) {
  if (g.state != State::Ongoing) return {};
  auto moves = board_moves(g.board);
  if (moves.empty() && g.rules.no_move == loa::NoMoveRule::Pass) moves.push_back({0, 0, false, true});
  return moves;
}

bool connected(const Board& b, int color) {
  std::vector<int> pieces, stack;
  for (int s = 0; s < 64; ++s)
    if (b.cell[s] == color) pieces.push_back(s);
  if (pieces.empty()) return true;
  std::array<bool, 64> reached{};
  stack.push_back(pieces[0]);
  reached[pieces[0]] = true;
  int count = 0;
  while (!stack.empty()) {
    const int s = stack.back();
    stack.pop_back();
    ++count;
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr) {
        const int f = s % 8 + df, r = s / 8 + dr;
        if (!inside(b, f, r) || reached[r * 8 + f] || b.cell[r * 8 + f] != color) continue;
        reached[r * 8 + f] = true;
        stack.push_back(r * 8 + f);
      }
  }
  return count == int(pieces.size());
}

Game play(Game g, const Move& m) {
  const int mover = g.board.to_move;
  if (!m.pass) {
    if (m.capture) g.seen.clear();
    g.points[mover] += g.rules.square_points[m.to] + (m.capture ? g.rules.capture_points : 0);
    g.board.cell[m.to] = mover;
    g.board.cell[m.from] = kEmpty;
  }
  g.board.to_move = 1 - mover;
  g.ply += 1;
  g.last_was_pass = m.pass;
  g.seen.push_back(g.board);
  judge(g, mover, m.capture);
  return g;
}

std::uint64_t perft(const Game& g, int depth) {
  if (depth == 0 || g.state != State::Ongoing) return 1;
  std::uint64_t n = 0;
  for (const Move& m : legal_moves(g)) n += perft(play(g, m), depth - 1);
  return n;
}

}  // namespace ref
