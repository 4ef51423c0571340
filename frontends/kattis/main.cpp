// loa-kattis: the Kattis "Lines Of Action" player (kattis-lines-of-action.txt).
// Reads its colour (0 black, 1 white), then exchanges moves "r1 c1 r2 c2"
// over stdin/stdout, flushing each of its own, and exits when the game ends.
// Malformed or illegal input, EOF mid-game and a closed or full stdout are
// reported on stderr (the judge reads only stdout) with exit code 1.
#include <ctime>
#include <exception>
#include <iostream>
#include <string>

#include "loa/notation.hpp"
#include "loa/search.hpp"

namespace {

using namespace loa;

// The judge allows 1 s of CPU for the whole game; plan on this much.
constexpr double kBudgetMs = 600;

double cpu_ms() { return 1000.0 * double(std::clock()) / CLOCKS_PER_SEC; }

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
  Engine engine(16);
  while (!game.over()) {
    if (game.side_to_move() == us) {
      Limits limits;
      limits.overhead_ms = 5;
      limits.time_ms[us] = std::int64_t(std::max(5.0, kBudgetMs - cpu_ms()));
      const Move m = engine.search(game, with_environment(limits)).best;
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
