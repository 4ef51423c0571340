// loa analyse: search a position and print every iteration.
#include <fmt/core.h>

#include <algorithm>
#include <sstream>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/search/search.hpp"
#include "loa/text/notation.hpp"

namespace loa::cli {

int cmd_analyse(const std::vector<std::string>& args) {
  po::options_description options("analyse options");
  add_game_options(options);
  add_limit_options(options);
  add_proofs_option(options);
  add_eval_option(options);
  options.add_options()("exclude", po::value<std::string>(),
                        "search every legal move but these, e.g. \"e6-e4 e6-c4\" (the next best move)");
  po::variables_map vm;
  if (!parse_options("analyse",
                     "[--rules NAME|FILE:SECTION] [--position TEXT] [--moves \"...\"] [--depth D|--nodes N|--movetime "
                     "MS] [--threads N] [--proofs FILE] [--exclude \"...\"]",
                     options, args, vm))
    return 0;
  const Game game = game_from_options(vm);
  Limits limits = limits_from_options(vm);
  if (game.over()) {
    fmt::print("game over: {} ({})\n", to_string(game.outcome().state), to_string(game.outcome().reason));
    return 0;
  }
  if (vm.count("exclude")) {
    std::istringstream words(vm["exclude"].as<std::string>());
    for (std::string word; words >> word;) {
      const auto m = parse_move(word, game);
      if (!m) throw UsageError{fmt::format("bad --exclude: '{}': {}", word, m.error())};
      limits.excluded.push_back(*m);
    }
    const MoveList legal = game.legal_moves();
    if (std::all_of(legal.begin(), legal.end(), [&](Move m) {
          return std::find(limits.excluded.begin(), limits.excluded.end(), m) != limits.excluded.end();
        }))
      throw UsageError{"bad --exclude: it leaves no legal move to search"};
  }
  Engine engine{std::size_t(vm["hash"].as<int>())};
  engine.set_threads(threads_from_options(vm, "analyse"));
  use_proofs_from_options(engine, vm, "analyse");
  use_eval_from_options(engine, vm, "analyse");
  engine.on_iteration = [](const SearchInfo& i) {
    fmt::print("depth {:>2}/{:<2} score {:>10} nodes {:>11} nps {:>9} time {:>6} ms  pv {}\n", i.depth, i.seldepth,
               score_text(i.score), i.nodes, i.nps, i.time_ms, pv_text(i.pv));
    std::fflush(stdout);
  };
  const SearchResult r = engine.search(game, limits);
  fmt::print("bestmove {}\n", move_text(r.best));
  return 0;
}

}  // namespace loa::cli
