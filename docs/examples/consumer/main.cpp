// A small program built against an installed libloa: it reads rules (a
// preset or a variant file), plays the engine against itself for a few moves
// and prints the game as a record.
//
//   consumer [RULES] [MOVES]      e.g. consumer six 8
#include <iostream>
#include <string>
#include <vector>

#include "loa/game/game.hpp"
#include "loa/game/perft.hpp"
#include "loa/search/search.hpp"
#include "loa/text/record.hpp"
#include "loa/text/variant.hpp"

int main(int argc, char** argv) {
  const std::string spec = argc > 1 ? argv[1] : "olympiad";
  const int plies = argc > 2 ? std::stoi(argv[2]) : 6;
  const auto rules = loa::load_rules(spec);
  if (!rules) {
    std::cerr << "consumer: " << rules.error() << "\n";
    return 2;
  }
  loa::Game game(*rules);
  std::cout << rules->name << ": perft 3 = " << loa::perft(game, 3) << "\n";

  loa::Engine engine(16);
  loa::Limits limits;
  limits.depth = 4;
  const loa::Game start = game;
  std::vector<loa::Move> moves;
  while (!game.over() && int(moves.size()) < plies) {
    const loa::SearchResult result = engine.search(game, limits);
    game.play(result.best);
    moves.push_back(result.best);
  }
  std::cout << loa::format_record(start, moves, {{"Event", "consumer example"}});
  return 0;
}
