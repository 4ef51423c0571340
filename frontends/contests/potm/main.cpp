// loa-potm INPUTFILE: the POTM LOAPS entry (loaps-potm-7x7.txt). Run once a
// move; prints exactly one line "b4 c3" on stdout and never anything on
// stderr. Problems go to the file DEBUG in the run directory, the contest's
// only debug channel, and a move is still played whenever one can be found.
#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <string>

#include "loa/search/search.hpp"
#include "loa/text/contest.hpp"
#include "loa/text/notation.hpp"

namespace {

using namespace loa;

// Exit codes: 0 a move was printed; 2 no move could be recovered from the
// input; 3 an internal error; 4 the move could not be written (stdout full
// or closed).
constexpr int kNoMove = 2, kInternal = 3, kUnwritten = 4;

void debug(const std::string& message) { std::ofstream("DEBUG", std::ios::app) << "loa-potm: " << message << "\n"; }

// The whole-game clock is 60 s of CPU; spend the time left over the moves
// still to play, keep a reserve for starting the process and reading the
// file, and never more than a third of what is left on one move.
Limits potm_limits(const PotmInput& in) {
  Limits limits;
  const double left_ms = in.seconds[in.to_move] * 1000.0;
  limits.overhead_ms = 60;
  limits.time_ms[in.to_move] = std::int64_t(std::max(1.0, left_ms));
  if (left_ms < 400) {
    limits.time_ms[in.to_move] = 0;
    limits.movetime_ms = 0;
    limits.depth = 3;
  }
  return limits;
}

int run(int argc, char** argv) {
  if (argc != 2) {
    debug("usage: loa-potm INPUTFILE");
    return kNoMove;
  }
  std::ifstream file(argv[1], std::ios::binary);
  if (!file) {
    debug(std::string("cannot read ") + argv[1]);
    return kNoMove;
  }
  std::string text(64 * 1024, '\0');
  file.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(file.gcount()));
  const auto in = parse_potm_input(text);
  if (!in) {
    debug(in.error());
    return kNoMove;
  }
  for (const std::string& w : in->warnings) debug(w);

  Move move = Move::none();
  auto game = Game::from_setup(loaps(), in->pieces[Black], in->pieces[White], in->to_move, in->plies(),
                               {in->points[Black], in->points[White]});
  if (game && !game->over()) {
    Engine engine(16);
    move = engine.search(*game, with_environment(potm_limits(*in))).best;
  } else {
    // An impossible position (or one the rules call finished): play the
    // first legal move of the board as it stands.
    debug(game ? "the position is already decided; playing a legal move anyway" : game.error());
    const Position pos(7, in->pieces[Black], in->pieces[White], in->to_move);
    pos.for_each_move([&move](Move m) {
      move = m;
      return false;
    });
  }
  if (move.is_none() || move.is_pass()) {
    debug("no legal move for player " + std::to_string(in->to_move == Black ? 1 : 2));
    return kNoMove;
  }
  std::printf("%s\n", potm_move_text(move).c_str());
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    debug("could not write the move " + potm_move_text(move) + " on stdout");
    return kUnwritten;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    debug(std::string("internal error: ") + e.what());
  } catch (...) {
    debug("internal error");
  }
  return kInternal;
}
