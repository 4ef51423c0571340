#include "loa/text/contest.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "text/text.hpp"

namespace loa {

namespace {

bool parse_number(std::string_view s, double& out) {
  if (s.empty() || s.size() > 24) return false;
  std::string copy(s);
  char* end = nullptr;
  out = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size() && std::isfinite(out);
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const auto line = text.substr(0, nl);
    if (!text::trim(line).empty()) lines.push_back(text::trim(line));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

}  // namespace

Expected<PotmInput> parse_potm_input(std::string_view text) {
  constexpr int kSize = 7;
  PotmInput in;
  in.seconds = {1.0, 1.0};
  const auto lines = lines_of(text);
  if (lines.size() < 1 + kSize)
    return Error{"the file has " + std::to_string(lines.size()) + " lines; it needs at least 8"};
  // The board is the last seven lines, so that a missing score line does not
  // shift it.
  const std::size_t board_at = lines.size() - kSize;
  for (int row = 0; row < kSize; ++row) {
    const std::string_view line = lines[board_at + row];
    std::string squares;
    for (char c : line)
      if (!text::is_blank(c)) squares += c;
    if (squares.size() != kSize)
      return Error{"board row " + std::to_string(row + 1) + " is not 7 squares: " + text::quoted(line)};
    for (int file = 0; file < kSize; ++file) {
      const char c = squares[file];
      if (c != '1' && c != '2' && c != '.')
        return Error{"board row " + std::to_string(row + 1) + " holds " + text::quoted(std::string_view(&c, 1))};
      if (c != '.') in.pieces[c - '1'] |= square_bb(make_square(file, kSize - 1 - row));
    }
  }
  // Line 1: player and move number.
  const auto head = text::fields(lines[0]);
  long long player = 0, move = 0;
  if (head.empty() || !text::parse_int(head[0], player) || (player != 1 && player != 2))
    return Error{"line 1 must start with the player to move, 1 or 2: " + text::quoted(lines[0])};
  in.to_move = player == 1 ? Black : White;
  if (head.size() < 2 || !text::parse_int(head[1], move) || move < 1 || move > 50) {
    in.warnings.push_back("move number unreadable or outside 1..50 in " + text::quoted(lines[0]) + "; taking 1");
    move = 1;
  }
  in.move_number = int(move);
  // Lines 2 and 3, where present: player, points, seconds left.
  bool seen[2] = {false, false};
  for (std::size_t i = 1; i < board_at; ++i) {
    const auto f = text::fields(lines[i]);
    long long who = 0, points = 0;
    double seconds = 0;
    if (f.size() != 3 || !text::parse_int(f[0], who) || (who != 1 && who != 2) || !text::parse_int(f[1], points) ||
        points < 0 || points > 10000 || !parse_number(f[2], seconds) || seconds < 0 || seconds > 1e6) {
      in.warnings.push_back("score line unreadable: " + text::quoted(lines[i]));
      continue;
    }
    in.points[who - 1] = int(points);
    in.seconds[who - 1] = seconds;
    seen[who - 1] = true;
  }
  for (int p = 0; p < 2; ++p)
    if (!seen[p]) in.warnings.push_back("no score line for player " + std::to_string(p + 1) + "; taking 0 points, 1 s");
  if (!in.pieces[in.to_move]) return Error{"player " + std::to_string(player) + " has no piece on the board"};
  for (int p = 0; p < 2; ++p)
    if (popcount(in.pieces[p]) > 8)
      in.warnings.push_back("player " + std::to_string(p + 1) + " has more than the 8 pieces of the start");
  return in;
}

std::string potm_input_text(const Game& game, std::array<double, 2> seconds) {
  const Color us = game.side_to_move();
  std::string out = std::to_string(us == Black ? 1 : 2) + " " + std::to_string(game.ply() / 2 + 1) + "\n";
  char line[64];
  for (Color c : {Black, White}) {
    std::snprintf(line, sizeof line, "%d %d %.2f\n", c == Black ? 1 : 2, game.points(c), std::max(0.0, seconds[c]));
    out += line;
  }
  const Position& pos = game.position();
  for (int rank = 6; rank >= 0; --rank) {
    for (int file = 0; file < 7; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      out += p == Piece::Black ? '1' : p == Piece::White ? '2' : '.';
    }
    out += '\n';
  }
  return out;
}

}  // namespace loa
