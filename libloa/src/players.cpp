#include "loa/players.hpp"

#include "text.hpp"

namespace loa {

Move RandomPlayer::choose(const Game& game) {
  const MoveList moves = game.legal_moves();
  return moves[int(rng_() % std::uint64_t(moves.size()))];
}

Move GreedyPlayer::choose(const Game& game) {
  const Color us = game.side_to_move();
  Game g = game;
  Move best = Move::none();
  Value best_value = -kInfinite - 1;
  for (Move m : game.legal_moves()) {
    g.play(m);
    const Value v = g.over() ? g.outcome().score_for(us) * kWin : -evaluate(g, weights_);
    g.undo();
    if (v > best_value) best_value = v, best = m;
  }
  return best;
}

std::string EnginePlayer::name() const {
  if (limits_.depth) return "engine:depth=" + std::to_string(limits_.depth);
  if (limits_.nodes) return "engine:nodes=" + std::to_string(limits_.nodes);
  if (limits_.movetime_ms) return "engine:ms=" + std::to_string(limits_.movetime_ms);
  return "engine";
}

Expected<std::unique_ptr<Player>> make_player(const std::string& spec, std::uint64_t seed) {
  if (spec == "random") return std::unique_ptr<Player>(new RandomPlayer(seed));
  if (spec == "greedy") return std::unique_ptr<Player>(new GreedyPlayer());
  if (spec.rfind("engine", 0) != 0)
    return Error{"unknown player '" + spec + "' (random, greedy, engine[:depth=N|nodes=N|ms=N])"};
  Limits limits;
  limits.movetime_ms = 100;
  if (spec != "engine") {
    const auto eq = spec.find('=');
    long long n = 0;
    if (spec.size() < 8 || spec[6] != ':' || eq == std::string::npos || !text::parse_int(spec.substr(eq + 1), n) ||
        n <= 0 || n > 1000000000)
      return Error{"bad engine limit in '" + spec + "' (engine:depth=N, engine:nodes=N or engine:ms=N)"};
    const std::string what = spec.substr(7, eq - 7);
    limits.movetime_ms = 0;
    if (what == "depth")
      limits.depth = int(std::min<long long>(n, kMaxDepth));
    else if (what == "nodes")
      limits.nodes = std::uint64_t(n);
    else if (what == "ms")
      limits.movetime_ms = int(n);
    else
      return Error{"unknown engine limit '" + what + "' (depth, nodes or ms)"};
  }
  return std::unique_ptr<Player>(new EnginePlayer(limits));
}

}  // namespace loa
