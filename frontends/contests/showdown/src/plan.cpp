#include "plan.hpp"

#include <cstdlib>

namespace showdown::plan {

Distances distances_to(Square target, const SquareSet& walls) {
  Distances dist;
  dist.fill(kFar);
  std::array<int, kSquares> queue{};
  int head = 0, tail = 0;
  dist[target.index()] = 0;
  queue[tail++] = target.index();
  while (head < tail) {
    const Square s = Square::from_index(queue[head++]);
    for (const Step d : kSteps) {
      const Square n = s + d;
      if (!n.on_board() || walls[n.index()] || dist[n.index()] != kFar) continue;
      dist[n.index()] = dist[s.index()] + 1;
      queue[tail++] = n.index();
    }
  }
  return dist;
}

std::optional<Square> step_toward(Square from, Square target, const Distances& dist, const SquareSet& blocked,
                                  const std::function<int(Square)>& cost) {
  std::optional<Square> best;
  int best_cost = 0, best_axis = 0;
  for (const Step d : kSteps) {
    const Square n = from + d;
    if (!n.on_board() || blocked[n.index()] || dist[n.index()] >= dist[from.index()]) continue;
    const int c = cost ? cost(n) : 0;
    // Moving along the axis with more left keeps both ways open longer.
    const int axis = d.dr != 0 ? std::abs(target.row - from.row) : std::abs(target.column - from.column);
    if (!best || c < best_cost || (c == best_cost && axis > best_axis)) best = n, best_cost = c, best_axis = axis;
  }
  return best;
}

Distances distances_forgetting_walls(Memory& m, Square target) {
  const Distances dist = distances_to(target, m.walls);
  if (dist[m.me.index()] < kFar) return dist;
  m.walls.reset();
  return distances_to(target, m.walls);
}

}  // namespace showdown::plan
