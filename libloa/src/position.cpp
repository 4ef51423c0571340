#include "loa/position.hpp"

namespace loa {

Position::Position(int size, Bitboard black, Bitboard white, Color to_move, Key base_key)
    : pieces_{black, white}, base_key_(base_key), side_(to_move), size_(std::uint8_t(size)) {
  assert(size >= kMinSize && size <= kMaxSize);
  assert(!(black & white));
  assert(!((black | white) & ~board_mask(size)));
  for (Bitboard b = black | white; b;) {
    const Square s = pop_lsb(b);
    for (int o = 0; o < 4; ++o) ++counts_[line_of(s, o)];
  }
  key_ = computed_key() ^ base_key_;
}

Key Position::computed_key() const {
  Key k = side_ == White ? zobrist::kWhiteToMove : 0;
  for (Color c : {Black, White})
    for (Bitboard b = pieces_[c]; b;) k ^= zobrist::kPiece[c][pop_lsb(b)];
  return k;
}

bool Position::consistent() const {
  if (pieces_[Black] & pieces_[White]) return false;
  if (occupied() & ~mask()) return false;
  for (int line = 0; line < kLines; ++line)
    if (counts_[line] != popcount(occupied() & line_mask(line))) return false;
  return key_ == (computed_key() ^ base_key_);
}

Move Position::find_move(Square from, Square to) const {
  Move found = Move::none();
  if (!(pieces_[side_] & square_bb(from))) return found;
  for_each_move([&](Move m) {
    if (m.from() != from || m.to() != to) return true;
    found = m;
    return false;
  });
  return found;
}

}  // namespace loa
