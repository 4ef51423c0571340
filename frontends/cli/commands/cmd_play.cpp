// loa play: a game in the terminal against the engine, under any preset,
// with either colour. Commands at the prompt: a move (b1-d3, b1d3), "hint"
// for the legal moves, "undo" to take back the last move pair, "help",
// "quit".
#include <fmt/core.h>

#include <iostream>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/search/search.hpp"
#include "loa/text/notation.hpp"

namespace loa::cli {

int cmd_play(const std::vector<std::string>& args) {
  po::options_description options("play options");
  add_game_options(options);
  options.add_options()("colour,c", po::value<std::string>()->default_value("black"),
                        "the colour you play: black (moves first) or white")(
      "movetime,t", po::value<int>()->default_value(1000), "the engine's milliseconds a move")(
      "threads", po::value<int>()->default_value(1), "the engine's search threads");
  add_proofs_option(options);
  add_eval_option(options);
  po::variables_map vm;
  if (!parse_options("play",
                     "[--rules NAME|FILE:SECTION] [--colour black|white] [--movetime MS] [--threads N] [--proofs FILE]",
                     options, args, vm))
    return 0;
  const std::string colour = vm["colour"].as<std::string>();
  if (colour != "black" && colour != "white") throw UsageError{"play: --colour must be black or white"};
  const Color human = colour == "black" ? Black : White;
  Game game = game_from_options(vm);
  Limits limits;
  limits.movetime_ms = std::max(1, vm["movetime"].as<int>());
  Engine engine(64);
  engine.set_threads(threads_from_options(vm, "play"));
  use_proofs_from_options(engine, vm, "play");
  use_eval_from_options(engine, vm, "play");
  fmt::print("{}: you play {} ({}). Type a move (b1-d3), hint, undo, help or quit.\n\n", game.rules().name, colour,
             human == Black ? "X" : "O");
  std::string line;
  while (true) {
    fmt::print("{}", board_diagram(game));
    if (game.rules().scores_points()) fmt::print("points: X {}  O {}\n", game.points(Black), game.points(White));
    if (game.over()) {
      const auto w = game.outcome().winner();
      fmt::print("game over: {} ({}){}\n", to_string(game.outcome().state), to_string(game.outcome().reason),
                 !w            ? ""
                 : *w == human ? " - you win"
                               : " - the engine wins");
      return 0;
    }
    if (game.side_to_move() != human) {
      const SearchResult r = engine.search(game, limits);
      fmt::print("engine plays {} (depth {}, score {})\n\n", move_text(r.best), r.depth, score_text(r.score));
      game.play(r.best);
      continue;
    }
    fmt::print("your move> ");
    std::fflush(stdout);
    if (!std::getline(std::cin, line) || line == "quit") {
      fmt::print("\n");
      return 0;
    }
    if (line == "help") {
      fmt::print(
          "moves: b1-d3 (or b1d3, b1xd3 for a capture); hint: your legal moves; undo: take back your last "
          "move and the engine's reply; quit\n\n");
    } else if (line == "hint") {
      const MoveList moves = game.legal_moves();
      fmt::print("legal moves: {}\n\n", pv_text({moves.begin(), moves.end()}));
    } else if (line == "undo") {
      // Back to the previous position where it was your move.
      int taken = 0;
      while (!game.moves().empty() && (taken == 0 || game.side_to_move() != human)) game.undo(), ++taken;
      fmt::print("{}\n\n", taken ? "taken back" : "nothing to take back");
    } else if (!line.empty()) {
      const auto m = parse_move(line, game);
      if (!m) {
        fmt::print("{}\n\n", m.error());
        continue;
      }
      game.play(*m);
      fmt::print("\n");
    }
  }
}

}  // namespace loa::cli
