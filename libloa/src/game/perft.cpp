#include "loa/game/perft.hpp"

#include <algorithm>

namespace loa {

namespace {

std::uint64_t count(Game& game, int depth, const std::atomic<bool>* stop) {
  if (depth == 0 || game.over()) return 1;
  // Every child is one leaf, whatever it is: count without playing. A side
  // that is stuck in a game still going has one move, the pass.
  if (depth == 1) return std::uint64_t(std::max(game.position().count_moves(), 1));
  const MoveList moves = game.legal_moves();
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    // Looked at once per node above the last two plies: a few million times
    // a second at most, against the hundreds of millions of leaves counted.
    if (stop && stop->load(std::memory_order_relaxed)) break;
    game.play(m);
    nodes += count(game, depth - 1, stop);
    game.undo();
  }
  return nodes;
}

}  // namespace

std::uint64_t perft(Game& game, int depth) { return count(game, depth, nullptr); }

std::uint64_t perft(Game& game, int depth, const std::atomic<bool>& stop) { return count(game, depth, &stop); }

std::vector<PerftEntry> perft_divide(Game& game, int depth) {
  std::vector<PerftEntry> out;
  if (depth == 0 || game.over()) return out;
  for (Move m : game.legal_moves()) {
    game.play(m);
    out.push_back({m, perft(game, depth - 1)});
    game.undo();
  }
  return out;
}

}  // namespace loa
