// loa show: print a position with its text, status and legal moves.
#include <fmt/core.h>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"

namespace loa::cli {

int cmd_show(const std::vector<std::string>& args) {
  po::options_description options("show options");
  add_game_options(options);
  po::variables_map vm;
  if (!parse_options("show", "[--rules NAME|FILE:SECTION] [--position TEXT] [--moves \"m1 m2 ...\"]", options, args,
                     vm))
    return 0;
  const Game game = game_from_options(vm);
  fmt::print("{}\n", board_diagram(game));
  fmt::print("rules:     {}\n", game.rules().name);
  fmt::print("position:  {}\n", to_position_text(game));
  if (game.rules().scores_points())
    fmt::print("points:    black {}, white {}\n", game.points(Black), game.points(White));
  if (game.over()) {
    fmt::print("result:    {} ({})\n", to_string(game.outcome().state), to_string(game.outcome().reason));
    return 0;
  }
  fmt::print("to move:   {}\n", game.side_to_move() == Black ? "black (X)" : "white (O)");
  const MoveList moves = game.legal_moves();
  fmt::print("moves:     {}\n", pv_text({moves.begin(), moves.end()}));
  return 0;
}

}  // namespace loa::cli
