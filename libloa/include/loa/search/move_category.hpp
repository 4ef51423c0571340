// Move categories for realisation-probability search (Tsuruoka, Yokoyama
// and Chikayama 2002; Winands and Bjornsson's enhanced version in MIA, 2008).
// Every move falls into one category by a few cheap features; how often a
// category's move is the one played, out of the times one was on offer,
// is the category's transition probability, learned from games. The search
// spends less depth on moves that are rarely played (search.cpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "loa/board/position.hpp"

namespace loa {

// The features: capture or not; how far the origin and the destination are
// from the edge (0 to 3); own pieces next to the destination (0 to 3 or
// more); whether the piece leaves an own neighbour behind; and whether it
// comes nearer its side's centre of mass, stays as near, or moves away.
constexpr int kMoveCategories = 2 * 4 * 4 * 4 * 2 * 3;

// What the moves of one position share, computed once per node.
class CategoryContext {
 public:
  explicit CategoryContext(const Position& pos);
  int category(Move m) const;
  // Chebyshev distance from the mover's centre of mass (rounded to a square).
  int distance_to_centre(Square s) const {
    const int df = file_of(s) - com_file_, dr = rank_of(s) - com_rank_;
    return std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr);
  }

 private:
  Bitboard own_ = 0;
  int size_ = 8;
  int com_file_ = 0, com_rank_ = 0;
};

// The category's features in words, for reports: "quiet edge0->1 next-to-0
// from-group nearer" is a non-capture from the edge to the second ring, to a
// square with no own neighbour, from one with some, nearer the centre of mass.
std::string describe_category(int category);

// How often each category was on offer and how often it was played.
struct CategoryCounts {
  std::array<std::uint64_t, kMoveCategories> available{};
  std::array<std::uint64_t, kMoveCategories> played{};

  // Counts every legal move of `pos` as on offer and `played` as played.
  void add(const Position& pos, Move played);
  // Each category's played / available, pulled towards the mean over all
  // categories for categories seen rarely (a Bayesian prior worth `prior`
  // offers).
  std::array<double, kMoveCategories> probabilities(double prior = 20) const;
};

// Transition probabilities learned by `loa categories` from self-play, in
// units of 1/65535; never zero.
const std::array<std::uint16_t, kMoveCategories>& learned_category_probabilities();

}  // namespace loa
