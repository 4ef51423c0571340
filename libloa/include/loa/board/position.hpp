// The fast board: pieces, side to move, per-line piece counts and a Zobrist
// key, with make/unmake and legal move generation. It knows how pieces move
// and nothing of how games end; that is the game layer's job (game.hpp).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "loa/base/bitboard.hpp"
#include "loa/base/line_table.hpp"
#include "loa/base/types.hpp"
#include "loa/base/zobrist.hpp"

namespace loa {

// What stands on a square.
enum class Piece : std::uint8_t { Black, White, Empty };

class Position {
 public:
  // An empty 8x8 board with Black to move; assign a real one before use.
  Position() = default;

  // A board of `size` (5 to 8) with the given pieces. `base_key` is folded
  // into the hash (the game layer passes the rules' key). Preconditions, which
  // the callers check: pieces inside the board, no square held twice.
  Position(int size, Bitboard black, Bitboard white, Color to_move, Key base_key = 0);

  int size() const { return size_; }
  Bitboard mask() const { return board_mask(size_); }
  Bitboard pieces(Color c) const { return pieces_[c]; }
  Bitboard occupied() const { return pieces_[Black] | pieces_[White]; }
  int piece_count(Color c) const { return popcount(pieces_[c]); }
  Color side_to_move() const { return side_; }
  Key key() const { return key_; }
  Piece piece_on(Square s) const;

  // Pieces of either colour on line `line` (see line_of in bitboard.hpp).
  int line_count(int line) const { return counts_[line]; }

  // True when all of c's pieces form one 8-connected group.
  bool connected(Color c) const { return is_connected(pieces_[c]); }

  // Plays a legal move (or a pass) for the side to move, and takes it back.
  void make(Move m);
  void unmake(Move m);

  // Calls visit(Move) for every legal move of the side to move, in a fixed
  // order (origin squares ascending, then by direction), until visit returns
  // false. Returns false when it was stopped early.
  template <class Visit>
  bool for_each_move(Visit&& visit) const;
  // The same for the piece on `from` alone (which must be the mover's).
  template <class Visit>
  bool for_each_move_from(Square from, Visit&& visit) const;

  // Number of legal moves of the side to move (counted line by line, see
  // line_table.hpp), and whether there is one.
  int count_moves() const { return move_counts().own; }
  // Legal moves of the side to move (own) and of the other side as if it
  // were to move (opp).
  MoveCounts move_counts() const;
  bool has_move() const;

  // The legal move from `from` to `to`, or Move::none().
  Move find_move(Square from, Square to) const;

  // The key after the legal move `m`, without making it: for prefetching.
  Key key_after(Move m) const;
  // Recomputes line counts and the key from the pieces and compares them with
  // the incremental ones; for tests and debug assertions.
  bool consistent() const;

  // The key this position would have with no base key, from scratch.
  Key computed_key() const;

  friend bool operator==(const Position& a, const Position& b) {
    return a.pieces_ == b.pieces_ && a.side_ == b.side_ && a.size_ == b.size_ && a.key_ == b.key_ &&
           a.counts_ == b.counts_ && a.codes_ == b.codes_;
  }

 private:
  // Adds `pieces` to the piece count, and `digits` times the square's digit
  // weight to the code, of each of the four lines through `s`.
  void update_lines(Square s, int pieces, int digits);

  std::array<Bitboard, 2> pieces_{};
  std::array<std::uint8_t, kLines> counts_{};
  // Each line's pattern code, so that counting moves needs no bit gathering.
  std::array<std::uint16_t, kLines> codes_{};
  Key key_ = 0;
  Key base_key_ = 0;
  Color side_ = Black;
  std::uint8_t size_ = 8;
};

inline Piece Position::piece_on(Square s) const {
  if (pieces_[Black] & square_bb(s)) return Piece::Black;
  if (pieces_[White] & square_bb(s)) return Piece::White;
  return Piece::Empty;
}

inline void Position::update_lines(Square s, int pieces, int digits) {
  const auto& weight = kLineDigits[size_ - kMinSize][s];
  for (int o = 0; o < 4; ++o) {
    const int line = line_of(s, o);
    counts_[line] = std::uint8_t(counts_[line] + pieces);
    codes_[line] = std::uint16_t(codes_[line] + digits * weight[o]);
  }
}

inline void Position::make(Move m) {
  if (!m.is_pass()) {
    const Color us = side_, them = ~us;
    const Square from = m.from(), to = m.to();
    assert(pieces_[us] & square_bb(from));
    assert(!(pieces_[us] & square_bb(to)));
    assert(bool(pieces_[them] & square_bb(to)) == m.is_capture());
    pieces_[us] ^= square_bb(from) | square_bb(to);
    key_ ^= zobrist::kPiece[us][from] ^ zobrist::kPiece[us][to];
    // A colour's digit in the line codes: Black 1, White 2.
    const int ours = 1 + us, theirs = 1 + them;
    update_lines(from, -1, -ours);
    if (m.is_capture()) {
      pieces_[them] ^= square_bb(to);
      key_ ^= zobrist::kPiece[them][to];
      update_lines(to, 0, ours - theirs);
    } else {
      update_lines(to, 1, ours);
    }
  }
  side_ = ~side_;
  key_ ^= zobrist::kWhiteToMove;
}

inline void Position::unmake(Move m) {
  side_ = ~side_;
  key_ ^= zobrist::kWhiteToMove;
  if (m.is_pass()) return;
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  pieces_[us] ^= square_bb(from) | square_bb(to);
  key_ ^= zobrist::kPiece[us][from] ^ zobrist::kPiece[us][to];
  const int ours = 1 + us, theirs = 1 + them;
  update_lines(from, 1, ours);
  if (m.is_capture()) {
    pieces_[them] ^= square_bb(to);
    key_ ^= zobrist::kPiece[them][to];
    update_lines(to, 0, theirs - ours);
  } else {
    update_lines(to, -1, -ours);
  }
}

inline Key Position::key_after(Move m) const {
  Key k = key_ ^ zobrist::kWhiteToMove;
  if (m.is_pass()) return k;
  k ^= zobrist::kPiece[side_][m.from()] ^ zobrist::kPiece[side_][m.to()];
  return m.is_capture() ? k ^ zobrist::kPiece[~side_][m.to()] : k;
}

template <class Visit>
inline bool Position::for_each_move_from(Square from, Visit&& visit) const {
  const Bitboard own = pieces_[side_], opp = pieces_[~side_];
  const auto& reach = kReach[size_ - kMinSize][from];
  for (int o = 0; o < 4; ++o) {
    const int n = counts_[line_of(from, o)];
    for (int d = o; d < kDirections; d += 4) {
      if (n > reach[d]) continue;
      const Square to = from + n * kStep[d];
      const Bitboard target = square_bb(to);
      if (target & own) continue;
      // Squares passed over, from the first step to the landing square.
      const Bitboard path = kRays[from][d] ^ kRays[to][d];
      if ((path ^ target) & opp) continue;
      if (!visit(Move(from, to, (target & opp) != 0))) return false;
    }
  }
  return true;
}

template <class Visit>
inline bool Position::for_each_move(Visit&& visit) const {
  for (Bitboard b = pieces_[side_]; b;)
    if (!for_each_move_from(pop_lsb(b), visit)) return false;
  return true;
}

inline MoveCounts Position::move_counts() const {
  unsigned n = 0;
  for (int line = 0; line < kLines; ++line) n += detail::spread(kLineMoves[codes_[line]]);
  const int black = int(n & detail::kOwnMask), white = int(n >> detail::kOppShift);
  return side_ == Black ? MoveCounts{black, white} : MoveCounts{white, black};
}

inline bool Position::has_move() const {
  return !for_each_move([](Move) { return false; });
}

}  // namespace loa
