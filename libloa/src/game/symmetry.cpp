#include "loa/game/symmetry.hpp"

namespace loa {

namespace {

constexpr std::array<std::string_view, 8> kNames = {"identity",  "mirror files",   "mirror ranks", "rotate 180",
                                                    "transpose", "anti-transpose", "rotate 90",    "rotate 270"};

}  // namespace

std::string_view to_string(Symmetry s) { return kNames[static_cast<int>(s)]; }

std::optional<Symmetry> symmetry_from_string(std::string_view name) {
  for (Symmetry s : kSymmetries)
    if (to_string(s) == name) return s;
  return std::nullopt;
}

Square map_square(Square square, Symmetry s, int board_size) {
  const int n = board_size - 1, f = file_of(square), r = rank_of(square);
  switch (s) {
    case Symmetry::Identity: return square;
    case Symmetry::MirrorFiles: return make_square(n - f, r);
    case Symmetry::MirrorRanks: return make_square(f, n - r);
    case Symmetry::Rotate180: return make_square(n - f, n - r);
    case Symmetry::Transpose: return make_square(r, f);
    case Symmetry::AntiTranspose: return make_square(n - r, n - f);
    // Clockwise, seen from white's side at the top: a1 goes to a8's corner.
    case Symmetry::Rotate90: return make_square(r, n - f);
    case Symmetry::Rotate270: return make_square(n - r, f);
  }
  return square;
}

Move map_move(Move move, Symmetry s, int board_size) {
  if (move.is_none() || move.is_pass()) return move;
  return Move(map_square(move.from(), s, board_size), map_square(move.to(), s, board_size), move.is_capture());
}

Bitboard map_bitboard(Bitboard squares, Symmetry s, int board_size) {
  Bitboard out = 0;
  while (squares) out |= square_bb(map_square(pop_lsb(squares), s, board_size));
  return out;
}

std::vector<Symmetry> rules_symmetries(const Rules& rules) {
  std::vector<Symmetry> out;
  const int n = rules.board_size;
  for (Symmetry s : kSymmetries) {
    bool same = map_bitboard(rules.start[Black], s, n) == rules.start[Black] &&
                map_bitboard(rules.start[White], s, n) == rules.start[White];
    for (int f = 0; same && f < n; ++f)
      for (int r = 0; same && r < n; ++r) {
        const Square sq = make_square(f, r);
        same = rules.square_points[map_square(sq, s, n)] == rules.square_points[sq];
      }
    if (same) out.push_back(s);
  }
  return out;
}

}  // namespace loa
