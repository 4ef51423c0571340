// loa-votey 1|2: the Votey Checkers agent (votey-checkers.txt), black (1) or
// white (2). Moves are four-digit codes; a winning move is sent negated.
// Talks to the referee only through play() (play.hpp). Problems are
// reported on stderr with a non-zero exit: 1 usage, 2 a bad reply from the
// opponent, 3 the referee rejected our move.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>

#include "loa/search/search.hpp"
#include "loa/text/notation.hpp"
#include "play.hpp"

namespace {

using namespace loa;

// One minute of CPU a move is allowed; a few seconds plays well and leaves
// the referee's machine a wide margin.
constexpr int kMoveMs = 2000;

int fail(int code, const std::string& message) {
  std::cerr << "loa-votey: " << message << std::endl;
  return code;
}

int run(int argc, char** argv) {
  const std::string side = argc == 2 ? argv[1] : "";
  if (side != "1" && side != "2") return fail(1, "usage: loa-votey 1|2 (1 black, 2 white)");
  const Color us = side == "1" ? Black : White;
  Game game(votey());
  Engine engine(32);
  Limits limits;
  limits.movetime_ms = kMoveMs;
  if (const char* ms = std::getenv("LOA_VOTEY_MS")) limits.movetime_ms = std::max(1, std::atoi(ms));
  limits = with_environment(limits);
  int reply = us == White ? play(0) : 0;
  for (;;) {
    if (game.side_to_move() != us) {
      if (reply == -1) return fail(3, "the referee rejected our move");
      const auto m = parse_votey_code(reply, game);
      if (!m) return fail(2, "bad move from the opponent (" + std::to_string(reply) + "): " + m.error());
      game.play(m->move);
      const bool won = game.over() && game.outcome().score_for(~us) > 0;
      if (m->claims_win != won)
        return fail(2, "the opponent's move " + std::to_string(reply) +
                           (won ? " wins but was not declared" : " was declared a win but does not win"));
      if (game.over()) return 0;
    }
    const Move m = engine.search(game, limits).best;
    game.play(m);
    // A pass has no code in the Votey text; 0 ("no move") stands for it.
    const bool won = game.over() && game.outcome().score_for(us) > 0;
    const int code = m.is_pass() ? 0 : votey_code(m, 8, won);
    reply = play(code);
    if (game.over()) return 0;
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    return fail(4, std::string("internal error: ") + e.what());
  }
}
