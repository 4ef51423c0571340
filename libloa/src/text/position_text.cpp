#include "loa/text/position_text.hpp"

#include "text/text.hpp"

namespace loa {

std::string board_text(const Position& pos) {
  std::string out;
  const int size = pos.size();
  for (int rank = size - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < size; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      if (p == Piece::Empty) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += p == Piece::Black ? 'b' : 'w';
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

std::string to_position_text(const Game& game) {
  return board_text(game.position()) + (game.side_to_move() == Black ? " b " : " w ") + std::to_string(game.ply()) +
         " " + std::to_string(game.points(Black)) + " " + std::to_string(game.points(White));
}

Expected<Game> parse_position_text(std::string_view line, const Rules& rules) {
  const auto f = text::fields(line);
  if (f.size() < 2 || f.size() > 5)
    return Error{"position text needs 2 to 5 fields (board, side, plies, points), got " + std::to_string(f.size())};
  const int size = rules.board_size;
  Bitboard pieces[2] = {0, 0};
  int rank = size - 1, file = 0;
  for (char c : f[0]) {
    if (c == '/') {
      if (file != size)
        return Error{"rank " + std::to_string(rank + 1) + " does not hold " + std::to_string(size) + " squares"};
      if (--rank < 0) return Error{"more than " + std::to_string(size) + " ranks in the board field"};
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > size)
        return Error{"rank " + std::to_string(rank + 1) + " holds more than " + std::to_string(size) + " squares"};
    } else if (c == 'b' || c == 'w') {
      if (file >= size)
        return Error{"rank " + std::to_string(rank + 1) + " holds more than " + std::to_string(size) + " squares"};
      pieces[c == 'w'] |= square_bb(make_square(file++, rank));
    } else {
      return Error{"unexpected character " + text::quoted(std::string_view(&c, 1)) + " in the board field"};
    }
  }
  if (rank != 0 || file != size)
    return Error{"the board field must hold " + std::to_string(size) + " ranks of " + std::to_string(size) +
                 " squares for rules '" + rules.name + "'"};
  if (f[1] != "b" && f[1] != "w") return Error{"side to move must be 'b' or 'w', not " + text::quoted(f[1])};
  long long numbers[3] = {0, 0, 0};
  const char* names[3] = {"ply count", "black's points", "white's points"};
  for (std::size_t i = 2; i < f.size(); ++i)
    if (!text::parse_int(f[i], numbers[i - 2]) || numbers[i - 2] < 0 || numbers[i - 2] > 100000)
      return Error{std::string(names[i - 2]) + " must be a whole number from 0 to 100000, not " + text::quoted(f[i])};
  return Game::from_setup(rules, pieces[0], pieces[1], f[1] == "b" ? Black : White, int(numbers[0]),
                          {int(numbers[1]), int(numbers[2])});
}

}  // namespace loa
