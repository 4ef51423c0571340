#include "loa/play/players.hpp"

#include <algorithm>
#include <vector>

#include "text/text.hpp"

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

namespace {

// A game that ends before the rules' move limit.
bool ends_early(const Game& g) { return g.over() && g.outcome().reason != EndReason::PlyLimit; }

bool opponent_cannot_win(Game& g, int plies);

// Whether the side to move (the staller) has a move that does not end the
// game early and after which the opponent cannot force a win within
// `plies` - 1 more plies.
bool can_stall(Game& g, int plies) {
  for (Move m : g.legal_moves()) {
    g.play(m);
    const bool ok = !g.over() ? plies <= 1 || opponent_cannot_win(g, plies - 1) : !ends_early(g);
    g.undo();
    if (ok) return true;
  }
  return false;
}

// Whether every move of the side to move (the opponent) leaves the game
// without its win and, within `plies`, a way for the staller to go on. Its
// moves that end the game otherwise are ones it would not play.
bool opponent_cannot_win(Game& g, int plies) {
  const Color opponent = g.side_to_move();
  for (Move r : g.legal_moves()) {
    g.play(r);
    const bool fails = g.over() ? g.outcome().winner() == opponent : plies > 1 && !can_stall(g, plies - 1);
    g.undo();
    if (fails) return false;
  }
  return true;
}

}  // namespace

Move StallingPlayer::choose(const Game& game) {
  Game g = game;
  const MoveList moves = g.legal_moves();
  // The engine chooses among the moves that hold for the longest look-ahead
  // (the opponent's next three moves, then two, then one), captures last (a
  // side with fewer pieces connects sooner); failing those, any move that
  // does not end the game early; failing that, any move.
  for (const int plies : {5, 3, 1, 0}) {
    std::vector<Move> holding;
    for (Move m : moves) {
      g.play(m);
      if (!ends_early(g) && (plies == 0 || g.over() || opponent_cannot_win(g, plies))) holding.push_back(m);
      g.undo();
    }
    for (const bool captures : {false, true}) {
      Limits limits;
      limits.depth = depth_;
      for (Move m : moves)
        if (std::find(holding.begin(), holding.end(), m) == holding.end() || (m.is_capture() && !captures))
          limits.excluded.push_back(m);
      if (limits.excluded.size() < std::size_t(moves.size())) return engine_.search(game, limits).best;
    }
  }
  return moves[0];
}

EvalWeights RacePlayer::race_weights() {
  EvalWeights w;
  w.mobility = 0;
  w.tempo = 0;
  return w;
}

Move RacePlayer::choose(const Game& game) {
  const Color us = game.side_to_move();
  constexpr double kWinNow = 1e9, kWinNext = 1e7, kLossNow = 1e8;
  Game g = game;
  const MoveList moves = g.legal_moves();
  Move best = moves[0];
  double best_value = -1e18;
  for (Move m : moves) {
    g.play(m);
    double value;
    if (g.over()) {
      const int score = g.outcome().score_for(us);
      value = score > 0 ? kWinNow : score < 0 ? -kWinNow : -kLossNow / 2;
    } else {
      // The share of random replies that win for them at once.
      const MoveList replies = g.legal_moves();
      int losing = 0;
      for (Move r : replies) {
        g.play(r);
        losing += g.over() && g.outcome().score_for(us) < 0;
        g.undo();
      }
      // Our best next move, as if the reply left us as we are.
      double next = -1e18;
      g.play_null();
      for (Move m2 : g.legal_moves()) {
        if (m2.is_pass()) continue;
        g.play(m2);
        const double v = g.over() ? (g.outcome().score_for(us) > 0 ? kWinNext : -kWinNext)
                                  : double(side_score(side_features(g.position(), us), weights_));
        g.undo();
        next = std::max(next, v);
      }
      g.undo_null();
      value = next - kLossNow * losing / double(std::max(1, replies.size()));
    }
    g.undo();
    if (value > best_value) best_value = value, best = m;
  }
  return best;
}

Expected<std::unique_ptr<Player>> make_player(const std::string& spec, std::uint64_t seed) {
  if (spec == "random") return std::unique_ptr<Player>(new RandomPlayer(seed));
  if (spec == "greedy") return std::unique_ptr<Player>(new GreedyPlayer());
  if (spec == "racer") return std::unique_ptr<Player>(new RacePlayer());
  if (spec == "staller") return std::unique_ptr<Player>(new StallingPlayer());
  const std::string usage =
      " (random, greedy, racer, staller, "
      "engine[:depth=N|:nodes=N|:ms=N][:threads=N][:overhead=MS][:nullmove=0|1][:multicut=0|1][:lmr=0|1][:rps=0|1][:"
      "rpsbase=N][:"
      "solver=PERCENT][:defence=PERCENT][:defencescore=N]"
      "[:catorder=0|1][:ttcut=0|1][:WEIGHT=N...])";
  if (spec.rfind("engine", 0) != 0 || (spec.size() > 6 && spec[6] != ':'))
    return Error{"unknown player '" + spec + "'" + usage};
  Limits limits;
  EvalWeights weights;
  SearchOptions search;
  int threads = 1;
  bool limited = false;
  // Options after "engine", each "key=value": a limit or an evaluation weight.
  for (std::size_t at = 6; at < spec.size();) {
    const std::size_t end = std::min(spec.find(':', at + 1), spec.size());
    const std::string item = spec.substr(at + 1, end - at - 1);
    at = end;
    const auto eq = item.find('=');
    long long n = 0;
    if (eq == std::string::npos || !text::parse_int(item.substr(eq + 1), n) || n < 0 || n > 1000000000)
      return Error{"bad option '" + item + "' in '" + spec + "'" + usage};
    const std::string key = item.substr(0, eq);
    bool known = true;
    if (key == "depth" && n > 0)
      limits.depth = int(std::min<long long>(n, kMaxDepth)), limited = true;
    else if (key == "nodes" && n > 0)
      limits.nodes = std::uint64_t(n), limited = true;
    else if (key == "ms" && n > 0)
      limits.movetime_ms = int(n), limited = true;
    else if (key == "threads" && n >= 1 && n <= kMaxThreads)
      threads = int(n);
    else if (key == "overhead" && n <= kMaxMoveOverheadMs)
      limits.overhead_ms = int(n);
    else if (key == "nullmove" && n <= 1)
      search.null_move = n;
    else if (key == "multicut" && n <= 1)
      search.multi_cut = n;
    else if (key == "lmr" && n <= 1)
      search.reductions = n;
    else if (key == "rps" && n <= 1)
      search.realisation = n;
    else if (key == "rpsbase" && n >= 1 && n <= 999)
      search.realisation_base = int(n);
    else if (key == "ttcut" && n <= 1)
      search.table_cutoffs = n;
    else if (key == "catorder" && n <= 1)
      search.category_order = n;
    else if (key == "solver" && n <= 90)
      search.prover_share = int(n);
    else if (key == "defence" && n <= 90)
      search.defence_share = int(n);
    else if (key == "defencescore" && n <= 30000)
      search.defence_score = int(n);
    else
      known = false;
    for (int i = 0; !known && i < EvalWeights::kCount; ++i)
      if (key == EvalWeights::kNames[i]) *weights.fields()[i] = int(n), known = true;
    if (!known) return Error{"unknown engine option '" + item + "' in '" + spec + "'" + usage};
  }
  if (!limited) limits.movetime_ms = 100;
  auto player = std::make_unique<EnginePlayer>(limits);
  player->engine().weights() = weights;
  player->engine().options() = search;
  player->engine().set_threads(threads);
  player->set_name(spec);
  return std::unique_ptr<Player>(std::move(player));
}

}  // namespace loa
