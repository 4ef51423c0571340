// loa perft: leaf counts by root move, for checking move generation.
#include <fmt/core.h>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/game/perft.hpp"
#include "loa/text/notation.hpp"

namespace loa::cli {

int cmd_perft(const std::vector<std::string>& args) {
  po::options_description options("perft options");
  add_game_options(options);
  options.add_options()("depth,d", po::value<int>()->required(), "depth in plies (1 to 12)");
  po::variables_map vm;
  if (!parse_options("perft", "--depth D [--rules NAME|FILE:SECTION] [--position TEXT] [--moves \"m1 m2 ...\"]",
                     options, args, vm))
    return 0;
  const int depth = vm["depth"].as<int>();
  if (depth < 1 || depth > 12) throw UsageError{"perft: --depth must lie in 1..12"};
  Game game = game_from_options(vm);
  std::uint64_t total = 0;
  for (const PerftEntry& e : perft_divide(game, depth)) {
    fmt::print("{}: {}\n", move_text(e.move), e.nodes);
    total += e.nodes;
  }
  // A finished game is a single leaf, as it is inside the tree.
  if (game.over()) total = 1;
  fmt::print("\nNodes searched: {}\n", total);
  return 0;
}

}  // namespace loa::cli
