// Route and line-of-fire helpers the strategies share (internal).
#pragma once

#include <array>
#include <functional>
#include <optional>

#include "showdown/board.hpp"
#include "showdown/memory.hpp"

namespace showdown::plan {

inline constexpr int kFar = 1 << 20;
using Distances = std::array<int, kSquares>;

// Steps from every square to `target` around the walls in `walls`; the
// target itself counts as open (a walled goal can be cleared by ZAP).
Distances distances_to(Square target, const SquareSet& walls);

// The neighbour of `from` one step nearer `target` by `dist`, preferring the
// lowest `cost` and then the axis with more distance left; nothing when no
// neighbour is nearer.
std::optional<Square> step_toward(Square from, Square target, const Distances& dist, const SquareSet& blocked,
                                  const std::function<int(Square)>& cost = {});

// Distances to `target` around the walls `m` knows; when they box us in,
// the walls are forgotten (one may be gone, or we were wrong) and the
// distances are taken on an open board.
Distances distances_forgetting_walls(Memory& m, Square target);

// The sum of `weight(square)` over the squares a ray from `from` along `d`
// crosses before the first wall in `walls`.
template <typename Weight>
int weigh_ray(Square from, Step d, const SquareSet& walls, Weight&& weight) {
  int n = 0;
  for_each_on_ray(from, d, [&](Square s) {
    if (walls[s.index()]) return false;
    n += weight(s);
    return true;
  });
  return n;
}

}  // namespace showdown::plan

namespace showdown::detail {

// A racer's step toward its goal: ZAP a walled goal when next to it, else
// the next square of a shortest path around the walls it knows, keeping
// off `avoid` (a square where it just met the opponent) when it can. A
// `careful` racer fires at its goal before its last step whatever it knows.
Turn race_step(Memory& m, std::optional<Square> avoid = std::nullopt, bool careful = false);

Turn entry_turn(Memory& m, const Result& last);

}  // namespace showdown::detail
