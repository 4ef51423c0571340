// Which moves connect a side: the question the search asks at every leaf
// where the side to move has few groups. Testing each legal move with a flood
// fill costs a connection test per move; the groups say at once which pieces
// could connect anything and which squares they would have to reach.
#pragma once

#include <array>

#include "loa/base/bitboard.hpp"
#include "loa/base/types.hpp"
#include "loa/board/movegen.hpp"

namespace loa {

class ConnectingMoves {
 public:
  // For the side owning `own` to move against `opp`.
  ConnectingMoves(Bitboard own, Bitboard opp);

  // The own pieces whose moves may connect either side; moves from the
  // others never do.
  Bitboard origins() const { return origins_; }

  // Whether the legal move `m` leaves the mover's pieces connected or, by a
  // capture, the opponent's: exactly the moves after which the game layer
  // may see a connection.
  bool connects(Move m) const {
    const Bitboard from = square_bb(m.from()), to = square_bb(m.to());
    if (to & opp_targets_) return true;
    for (int g = 0; g < groups_; ++g)
      if (group_[g] & from) return (to & reach_[g]) && is_connected(own_ ^ from ^ to);
    return false;
  }

 private:
  Bitboard own_;
  // The mover's groups and, for each, the squares next to every other group:
  // a piece leaving group g connects its side only by landing on one, since
  // the other groups keep all their pieces and touch nothing else.
  std::array<Bitboard, kMaxPieces> group_{};
  std::array<Bitboard, kMaxPieces> reach_{};
  int groups_ = 0;
  // Opponent pieces whose capture leaves the opponent connected.
  Bitboard opp_targets_ = 0;
  Bitboard origins_ = 0;
};

inline ConnectingMoves::ConnectingMoves(Bitboard own, Bitboard opp) : own_(own) {
  for (Bitboard rest = own; rest; ++groups_) {
    group_[groups_] = group_of(rest, lsb(rest));
    rest &= ~group_[groups_];
  }
  for (int g = 0; g < groups_; ++g) {
    Bitboard reach = ~own;
    for (int h = 0; h < groups_ && reach; ++h)
      if (h != g) reach &= dilate(group_[h]);
    reach_[g] = reach;
    if (reach) origins_ |= group_[g];
  }
  // Taking one piece joins no groups, so it connects the opponent only when
  // all the rest already form one group: with two groups, a lone piece; with
  // one, a piece whose loss splits nothing.
  int opp_groups = 0;
  Bitboard lone = 0;
  for (Bitboard rest = opp; rest && opp_groups < 3; ++opp_groups) {
    const Bitboard group = group_of(rest, lsb(rest));
    if ((group & (group - 1)) == 0) lone |= group;
    rest &= ~group;
  }
  if (opp_groups == 2) opp_targets_ = lone;
  if (opp_groups == 1)
    for (Bitboard b = opp; b;) {
      const Bitboard piece = square_bb(pop_lsb(b));
      if (is_connected(opp ^ piece)) opp_targets_ |= piece;
    }
  if (opp_targets_) origins_ = own;
}

}  // namespace loa
