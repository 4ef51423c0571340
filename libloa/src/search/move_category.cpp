#include "loa/search/move_category.hpp"

#include <algorithm>
#include <cstdlib>

namespace loa {

namespace {

int edge_distance(Square s, int size) {
  const int f = file_of(s), r = rank_of(s);
  return std::min({f, r, size - 1 - f, size - 1 - r, 3});
}

}  // namespace

CategoryContext::CategoryContext(const Position& pos) : own_(pos.pieces(pos.side_to_move())), size_(pos.size()) {
  int sum_f = 0, sum_r = 0, n = 0;
  for (Bitboard b = own_; b; ++n) {
    const Square s = pop_lsb(b);
    sum_f += file_of(s), sum_r += rank_of(s);
  }
  if (n) com_file_ = (2 * sum_f + n) / (2 * n), com_rank_ = (2 * sum_r + n) / (2 * n);
}

int CategoryContext::category(Move m) const {
  const Square from = m.from(), to = m.to();
  const Bitboard others = own_ ^ square_bb(from);
  const int near_to = std::min(popcount(dilate(square_bb(to)) & others), 3);
  const int leaves = (dilate(square_bb(from)) & others) != 0;
  const int delta = distance_to_centre(to) - distance_to_centre(from);
  const int approach = delta < 0 ? 0 : delta == 0 ? 1 : 2;
  int c = m.is_capture();
  c = c * 4 + edge_distance(from, size_);
  c = c * 4 + edge_distance(to, size_);
  c = c * 4 + near_to;
  c = c * 2 + leaves;
  return c * 3 + approach;
}

std::string describe_category(int c) {
  static constexpr const char* kApproach[] = {"nearer", "as-near", "away"};
  const int approach = c % 3, leaves = c / 3 % 2, near_to = c / 6 % 4, to = c / 24 % 4, from = c / 96 % 4,
            capture = c / 384;
  return std::string(capture ? "capture" : "quiet") + " edge" + char('0' + from) + "->" + char('0' + to) + " next-to-" +
         char('0' + near_to) + (near_to == 3 ? "+" : "") + (leaves ? " from-group " : " from-alone ") +
         kApproach[approach];
}

void CategoryCounts::add(const Position& pos, Move played_move) {
  const CategoryContext context(pos);
  pos.for_each_move([&](Move m) {
    ++available[context.category(m)];
    return true;
  });
  if (!played_move.is_pass()) ++played[context.category(played_move)];
}

std::array<double, kMoveCategories> CategoryCounts::probabilities(double prior) const {
  std::uint64_t all_played = 0, all_available = 0;
  for (int c = 0; c < kMoveCategories; ++c) all_played += played[c], all_available += available[c];
  const double mean = all_available ? double(all_played) / double(all_available) : 0.0;
  std::array<double, kMoveCategories> p{};
  for (int c = 0; c < kMoveCategories; ++c) p[c] = (double(played[c]) + prior * mean) / (double(available[c]) + prior);
  return p;
}

}  // namespace loa
