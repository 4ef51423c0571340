#include "loa/game/perft.hpp"

#include <algorithm>

namespace loa {

std::uint64_t perft(Game& game, int depth) {
  if (depth == 0 || game.over()) return 1;
  // Every child is one leaf, whatever it is: count without playing. A side
  // that is stuck in a game still going has one move, the pass.
  if (depth == 1) return std::uint64_t(std::max(game.position().count_moves(), 1));
  const MoveList moves = game.legal_moves();
  std::uint64_t nodes = 0;
  for (Move m : moves) {
    game.play(m);
    nodes += perft(game, depth - 1);
    game.undo();
  }
  return nodes;
}

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
