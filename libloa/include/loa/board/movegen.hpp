// A fixed-capacity move list on the stack, filled by Position's generator.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>

#include "loa/base/types.hpp"
#include "loa/board/position.hpp"

namespace loa {

// At most 32 pieces a side (Rules and position text enforce it), each with at
// most 8 moves.
constexpr int kMaxPieces = 32;
constexpr int kMaxMoves = kMaxPieces * kDirections;

class MoveList {
 public:
  void push(Move m) {
    assert(size_ < kMaxMoves);
    moves_[size_++] = m;
  }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

 private:
  std::array<Move, kMaxMoves> moves_;
  int size_ = 0;
};

// Appends every legal board move of the side to move (no pass; the game
// layer adds one where the rules call for it).
inline void generate(const Position& pos, MoveList& list) {
  pos.for_each_move([&list](Move m) {
    list.push(m);
    return true;
  });
}

}  // namespace loa
