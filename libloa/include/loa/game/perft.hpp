// Perft: counts the leaves of the game tree to a fixed depth, the standard
// check of move generation and adjudication. A position where the game is
// over (a connection, a limit, a repetition, a side with no move under rules
// where that ends the game) is a leaf: it counts as one and is not expanded.
// A pass, where the rules call for one, is a move like any other.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "loa/game/game.hpp"

namespace loa {

std::uint64_t perft(Game& game, int depth);
// The same, stopped early when `stop` becomes true (another thread's Ctrl-C,
// say): it then returns the leaves counted so far, and the game is as given.
std::uint64_t perft(Game& game, int depth, const std::atomic<bool>& stop);

struct PerftEntry {
  Move move;
  std::uint64_t nodes;
};

// perft split by root move, in generation order.
std::vector<PerftEntry> perft_divide(Game& game, int depth);

}  // namespace loa
