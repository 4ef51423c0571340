// loa-kattis: the Kattis "Lines Of Action" player (kattis-lines-of-action.txt).
// Reads its colour (0 black, 1 white), then exchanges moves "r1 c1 r2 c2"
// over stdin/stdout, flushing each of its own, and exits when the game ends.
// Malformed or illegal input, EOF mid-game and a closed or full stdout are
// reported on stderr (the judge reads only stdout) with exit code 1.
//
// The judge plays uniformly random moves and Kattis ranks accepted programs by
// CPU time, so the player is the library's RacePlayer (a chance node for the
// reply, no minimax): a few milliseconds a game, and shorter games than the
// engine's (docs/contests.md has the figures).
#include <exception>
#include <iostream>
#include <string>

#include "loa/play/players.hpp"
#include "loa/text/notation.hpp"

namespace {

using namespace loa;

int fail(const std::string& message) {
  std::cerr << "loa-kattis: " << message << std::endl;
  return 1;
}

int run() {
  std::string line;
  if (!std::getline(std::cin, line)) return fail("no colour on input");
  const std::string colour = line.substr(0, line.find_last_not_of(" \t\r") + 1);
  if (colour != "0" && colour != "1") return fail("colour must be 0 or 1, not '" + colour.substr(0, 20) + "'");
  const Color us = colour == "0" ? Black : White;
  Game game(kattis());
  RacePlayer player;
  while (!game.over()) {
    if (game.side_to_move() == us) {
      const Move m = player.choose(game);
      std::cout << kattis_move_text(m, 8) << std::endl;
      if (!std::cout) return fail("could not write the move " + kattis_move_text(m, 8) + " on stdout");
      game.play(m);
    } else {
      if (!std::getline(std::cin, line)) return fail("input ended before the game did");
      const auto m = parse_kattis_move(line, game);
      if (!m) return fail("bad opponent move: " + m.error());
      game.play(*m);
    }
  }
  return 0;
}

}  // namespace

int main() {
  try {
    return run();
  } catch (const std::exception& e) {
    return fail(std::string("internal error: ") + e.what());
  }
}
