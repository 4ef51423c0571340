#include "loa/perft.hpp"

namespace loa {

std::uint64_t perft(Game& game, int depth) {
  if (depth == 0 || game.over()) return 1;
  const MoveList moves = game.legal_moves();
  // Every child is one leaf, whatever it is: count without playing.
  if (depth == 1) return std::uint64_t(moves.size());
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
