// What asking the solver during play costs (docs/solver.md, "The engine asks
// it"): self-play at a fixed time a move, both sides with the root prover
// (or the defence), counting how often it is asked and the time it takes.
// A measurement, not a test: the figures vary with the machine's load.
//
// usage: loa_prover_cost [GAMES] [solver=N|defence=N] [RULES] [MS]
//   e.g. loa_prover_cost 20 solver=25 olympiad 100
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "loa/game/game.hpp"
#include "loa/play/match.hpp"
#include "loa/search/search.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/variant.hpp"

namespace {

struct Tally {
  long moves = 0, asked = 0, proven = 0;
  double prover_ms = 0;
};

}  // namespace

int main(int argc, char** argv) {
  using namespace loa;
  const int games = argc > 1 ? std::atoi(argv[1]) : 20;
  const std::string setting = argc > 2 ? argv[2] : "solver=25";
  const auto rules = load_rules(argc > 3 ? argv[3] : "olympiad");
  const int movetime = argc > 4 ? std::atoi(argv[4]) : 100;
  const auto eq = setting.find('=');
  const int share = eq == std::string::npos ? 0 : std::atoi(setting.c_str() + eq + 1);
  const std::string what = setting.substr(0, eq);
  if (!rules || games < 1 || movetime < 1 || share < 1 || share > 90 || (what != "solver" && what != "defence")) {
    std::fprintf(stderr, "usage: loa_prover_cost [GAMES] [solver=N|defence=N] [RULES] [MS]%s%s\n", rules ? "" : ": ",
                 rules ? "" : rules.error().c_str());
    return 2;
  }
  Tally tally;
  std::mt19937_64 rng(7);
  for (int g = 0; g < games; ++g) {
    Engine engines[2];
    for (Engine& engine : engines) {
      (what == "solver" ? engine.options().prover_share : engine.options().defence_share) = share;
      use_solver(engine);
      engine.root_prover = [&tally, asked = engine.root_prover](const Game& game, std::int64_t ms,
                                                                const std::atomic<bool>& stop) {
        const auto start = std::chrono::steady_clock::now();
        const ProvenWin win = asked(game, ms, stop);
        tally.prover_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        ++tally.asked;
        tally.proven += !win.move.is_none();
        return win;
      };
    }
    Game game = random_opening(*rules, 4, rng);  // as loa match plays
    while (!game.over()) {
      Limits limits;
      limits.movetime_ms = movetime;
      game.play(engines[game.side_to_move()].search(game, limits).best);
      ++tally.moves;
    }
  }
  const double moves = double(tally.moves), asked = double(tally.asked);
  std::printf(
      "%d games, %ld moves: asked at %ld (%.1f%%), %ld proven; %.0f ms in the prover, %.2f ms a move (%.1f%%)\n", games,
      tally.moves, tally.asked, 100 * asked / moves, tally.proven, tally.prover_ms, tally.prover_ms / moves,
      100 * tally.prover_ms / moves / movetime);
  return 0;
}
