#include "loa/text/notation.hpp"

#include "text/text.hpp"

namespace loa {

using text::fields;
using text::parse_int;
using text::quoted;
using text::trim;

namespace {

// Rows and columns counted from the top left, 1-based, as Kattis and Votey do.
Square square_from_row_col(long long row, long long col, int size) {
  return make_square(int(col - 1), size - int(row));
}

}  // namespace

std::string square_name(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

Expected<Square> parse_square(std::string_view text, int board_size) {
  text = trim(text);
  // "B1" as well as "b1": people type capitals; squares are written lower case.
  char file = text.empty() ? 0 : text[0];
  if (file >= 'A' && file <= 'H') file = char(file - 'A' + 'a');
  if (text.size() != 2 || file < 'a' || file >= 'a' + board_size || text[1] < '1' || text[1] >= '1' + board_size)
    return Error{"not a square of the " + std::to_string(board_size) + "x" + std::to_string(board_size) +
                 " board: " + quoted(text)};
  return make_square(file - 'a', text[1] - '1');
}

std::string move_text(Move m) {
  if (m.is_pass()) return "pass";
  if (m.is_none()) return "none";
  return square_name(m.from()) + (m.is_capture() ? "x" : "-") + square_name(m.to());
}

Expected<Move> legal_move(const Game& game, Square from, Square to) {
  if (game.over()) return Error{"the game is over"};
  const Position& pos = game.position();
  const std::string name = square_name(from) + "-" + square_name(to);
  if (!(pos.pieces(pos.side_to_move()) & square_bb(from)))
    return Error{name + ": no " + std::string(pos.side_to_move() == Black ? "black" : "white") + " piece on " +
                 square_name(from)};
  const Move m = pos.find_move(from, to);
  if (m.is_none()) return Error{name + " is not a legal move"};
  return m;
}

Expected<Move> parse_move(std::string_view text, const Game& game) {
  text = trim(text);
  if (text == "pass" || text == "PASS" || text == "Pass") {
    if (!game.is_legal(Move::pass())) return Error{"pass is not legal here: the side to move has a move"};
    return Move::pass();
  }
  char sep = 0;
  if (text.size() == 5 && (text[2] == '-' || text[2] == 'x')) {
    sep = text[2];
  } else if (text.size() != 4) {
    return Error{"not a move (expected b1-d3, b1xd3 or b1d3): " + quoted(text)};
  }
  const int size = game.rules().board_size;
  const auto from = parse_square(text.substr(0, 2), size);
  if (!from) return Error{from.error()};
  const auto to = parse_square(text.substr(sep ? 3 : 2, 2), size);
  if (!to) return Error{to.error()};
  auto m = legal_move(game, *from, *to);
  if (m && sep == 'x' && !m->is_capture()) return Error{quoted(text) + " captures nothing: write " + move_text(*m)};
  return m;
}

std::string kattis_move_text(Move m, int board_size) {
  auto rc = [board_size](Square s) {
    return std::to_string(board_size - rank_of(s)) + " " + std::to_string(file_of(s) + 1);
  };
  return rc(m.from()) + " " + rc(m.to());
}

Expected<Move> parse_kattis_move(std::string_view line, const Game& game) {
  const auto f = fields(line);
  const int size = game.rules().board_size;
  long long v[4];
  if (f.size() != 4) return Error{"expected four numbers 'r1 c1 r2 c2', got " + quoted(line)};
  for (int i = 0; i < 4; ++i)
    if (!parse_int(f[i], v[i]) || v[i] < 1 || v[i] > size)
      return Error{"expected numbers from 1 to " + std::to_string(size) + ", got " + quoted(line)};
  return legal_move(game, square_from_row_col(v[0], v[1], size), square_from_row_col(v[2], v[3], size));
}

int votey_square(Square s, int board_size) { return 10 * (board_size - rank_of(s)) + file_of(s) + 1; }

int votey_code(Move m, int board_size, bool winning) {
  const int code = 100 * votey_square(m.from(), board_size) + votey_square(m.to(), board_size);
  return winning ? -code : code;
}

Expected<VoteyMove> parse_votey_code(long long code, const Game& game) {
  const bool win = code < 0;
  const long long c = win ? -code : code;
  const int size = game.rules().board_size;
  if (c < 1111 || c > 9999) return Error{"not a four-digit move code: " + std::to_string(code)};
  const long long digits[4] = {c / 1000, c / 100 % 10, c / 10 % 10, c % 10};
  for (long long d : digits)
    if (d < 1 || d > size) return Error{"move code names a square off the board: " + std::to_string(code)};
  auto m = legal_move(game, square_from_row_col(digits[0], digits[1], size),
                      square_from_row_col(digits[2], digits[3], size));
  if (!m) return Error{"move " + std::to_string(code) + ": " + m.error()};
  return VoteyMove{*m, win};
}

std::string potm_move_text(Move m) { return square_name(m.from()) + " " + square_name(m.to()); }

Expected<Move> parse_potm_move(std::string_view line, const Game& game) {
  const auto f = fields(line);
  if (f.size() != 2) return Error{"expected two squares 'b4 c3', got " + quoted(line)};
  const int size = game.rules().board_size;
  const auto from = parse_square(f[0], size);
  if (!from) return Error{from.error()};
  const auto to = parse_square(f[1], size);
  if (!to) return Error{to.error()};
  return legal_move(game, *from, *to);
}

}  // namespace loa
