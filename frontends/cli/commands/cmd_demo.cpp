// loa demo (and loa with no arguments): a short game engine against engine,
// printing the board after every move.
#include <fmt/core.h>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/search/search.hpp"
#include "loa/text/notation.hpp"

namespace loa::cli {

int cmd_demo(const std::vector<std::string>& args) {
  po::options_description options("demo options");
  add_game_options(options);
  add_eval_option(options);
  options.add_options()("movetime,t", po::value<int>()->default_value(100), "milliseconds per move");
  po::variables_map vm;
  if (!parse_options("demo", "[--rules NAME|FILE:SECTION] [--movetime MS]", options, args, vm)) return 0;
  Game game = game_from_options(vm);
  Limits limits;
  limits.movetime_ms = std::max(1, vm["movetime"].as<int>());
  Engine engine(16);
  use_eval_from_options(engine, vm, "demo");
  fmt::print("{} — engine against engine, {} ms a move\n\n{}\n", game.rules().name, limits.movetime_ms,
             board_diagram(game));
  while (!game.over()) {
    const SearchResult r = engine.search(game, limits);
    fmt::print("{}. {} {}   (depth {}, score {}, {} nodes)\n", game.ply() / 2 + 1,
               game.side_to_move() == Black ? "black" : "white", move_text(r.best), r.depth, score_text(r.score),
               r.nodes);
    game.play(r.best);
    fmt::print("{}\n", board_diagram(game));
    std::fflush(stdout);
  }
  fmt::print("result: {} ({})", to_string(game.outcome().state), to_string(game.outcome().reason));
  if (game.rules().scores_points()) fmt::print(", points {}-{}", game.points(Black), game.points(White));
  fmt::print(" after {} plies\n", game.ply());
  return 0;
}

}  // namespace loa::cli
