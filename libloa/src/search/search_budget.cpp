// What one search may spend: the time budget a clock gives, and the node
// count the environment can impose instead (declared in loa/search/search.hpp).
#include <algorithm>
#include <cstdlib>

#include "loa/search/search.hpp"

namespace loa {

TimeBudget time_budget(const Limits& limits, const Game& game) {
  TimeBudget b;
  const Color us = game.side_to_move();
  if (limits.movetime_ms > 0) {
    b.soft_ms = b.hard_ms = std::max<std::int64_t>(1, limits.movetime_ms - limits.overhead_ms);
    return b;
  }
  if (!limits.has_clock(us)) return b;
  const std::int64_t left = std::max<std::int64_t>(1, limits.time_ms[us] - limits.overhead_ms);
  // Moves still to play: the time control's count, the moves the ply limit
  // leaves us, or an estimate of a typical game's remainder.
  int moves_left = limits.movestogo;
  if (moves_left <= 0) {
    moves_left = std::max(8, 24 - game.ply() / 4);
    if (game.rules().ply_limit) moves_left = std::min(moves_left, (game.rules().ply_limit - game.ply() + 1) / 2);
    moves_left = std::max(moves_left, 1);
  }
  const std::int64_t share = left / moves_left + limits.inc_ms[us] * 3 / 4;
  b.hard_ms = std::max<std::int64_t>(1, std::min(left / 3, share * 3));
  b.soft_ms = std::max<std::int64_t>(1, std::min(b.hard_ms, share * 2 / 3));
  return b;
}

Limits with_environment(Limits limits) {
  const char* nodes = std::getenv("LOA_ENGINE_NODES");
  if (!nodes) return limits;
  const long long n = std::atoll(nodes);
  if (n <= 0) return limits;
  Limits fixed;
  fixed.nodes = std::uint64_t(n);
  return fixed;
}

}  // namespace loa
