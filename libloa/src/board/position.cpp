#include "loa/board/position.hpp"

#include <algorithm>

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
  for (int line = 0; line < kLines; ++line) codes_[line] = line_code(black, white, size, line);
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
    if (counts_[line] != popcount(occupied() & line_mask(line)) ||
        codes_[line] != line_code(pieces_[Black], pieces_[White], size_, line))
      return false;
  return key_ == (computed_key() ^ base_key_);
}

Move Position::find_move(Square from, Square to) const {
  const Bitboard own = pieces_[side_], opp = pieces_[~side_], target = square_bb(to);
  if (from == to || !(own & square_bb(from)) || (target & (own | ~mask()))) return Move::none();
  // The direction and the distance, which must be the line's piece count.
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  if (df != 0 && dr != 0 && df != dr && df != -dr) return Move::none();
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  int d = 0;
  while (kFileStep[d] != sf || kRankStep[d] != sr) ++d;
  if (counts_[line_of(from, d & 3)] != std::max(df * sf, dr * sr)) return Move::none();
  // No opponent piece passed over.
  if ((kRays[from][d] ^ kRays[to][d] ^ target) & opp) return Move::none();
  return Move(from, to, (target & opp) != 0);
}

}  // namespace loa
