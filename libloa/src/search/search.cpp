#include "loa/search/search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <thread>

#include "loa/board/connecting_moves.hpp"
#include "loa/search/move_category.hpp"

namespace loa {

namespace {

using Clock = std::chrono::steady_clock;

std::int64_t elapsed_ms(Clock::time_point since) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - since).count();
}

// Late-move reductions grow with the log of depth and of the move's rank.
struct Reductions {
  int r[kMaxDepth + 1][kMaxMoves];
  Reductions() {
    for (int d = 0; d <= kMaxDepth; ++d)
      for (int i = 0; i < kMaxMoves; ++i)
        r[d][i] = d && i ? int(0.6 + std::log(double(d)) * std::log(double(i)) / 2.2) : 0;
  }
};
const Reductions& reductions() {
  static const Reductions table;
  return table;
}

// Multi-cut: from this depth, try this many moves at this reduction and
// prune when this many fail high (Winands' MIA uses 6 moves and 3 cuts).
constexpr int kMultiCutDepth = 5;
constexpr int kMultiCutMoves = 6;
constexpr int kMultiCutNeeded = 3;
constexpr int kMultiCutReduction = 3;

// Win and loss values are stored relative to the node, not the root.
Value value_to_tt(Value v, int ply) { return v >= kWinBound ? v + ply : v <= -kWinBound ? v - ply : v; }
Value value_from_tt(Value v, int ply) { return v >= kWinBound ? v - ply : v <= -kWinBound ? v + ply : v; }

}  // namespace

// What the threads of one search share besides the table. The main thread
// (index 0) decides when the search ends and what it returns; helpers search
// the same position to fill the shared table (Lazy SMP) until it is done.
struct SharedSearch {
  std::atomic<bool> done{false};
  // Nodes the helpers have searched, added a thousand and twenty-four at a
  // time as they go and the rest when they finish; and the first thread's,
  // as of its last check. Under a node limit the helpers stop themselves
  // when the sum reaches it, even while the first thread waits for a core.
  std::atomic<std::uint64_t> helper_nodes{0};
  std::atomic<std::uint64_t> main_nodes{0};
};

Value Engine::evaluate(const Game& game) const {
  if (net_ && nnue::applies(*net_, game.rules()))
    return std::clamp<Value>(nnue::evaluate(*net_, game.position()), -kWinBound + 1, kWinBound - 1);
  return loa::evaluate(game, weights_);
}

void Engine::new_game() {
  tt_.clear();
  std::fill(history_.begin(), history_.end(), 0);
  last_score_ = 0;
}

class Searcher {
 public:
  Searcher(Engine& engine, const Game& game, const Limits& limits, SharedSearch& shared, int index)
      : engine_(engine),
        game_(game),
        limits_(limits),
        tt_(engine.tt_),
        w_(engine.weights_),
        options_(engine.options_),
        shared_(shared),
        index_(index),
        net_(engine.net_ && nnue::applies(*engine.net_, game.rules()) ? engine.net_ : nullptr) {
    if (net_) line_.reset(*net_, game_.position());
    // A helper keeps its own move-ordering statistics, starting from the
    // engine's, and leaves the clock to the main thread.
    if (index_ > 0) own_history_ = engine.history_, history_ = own_history_.data();
    if (index_ == 0) budget_ = time_budget(limits, game);
    if (options_.realisation || options_.category_order) prepare_category_costs();
    // Every root move excluded counts as none.
    if (!limits_.excluded.empty() && root_moves().empty()) limits_.excluded.clear();
  }

  SearchResult run();

 private:
  Value search(int depth, int ply, Value alpha, Value beta, bool cut_node, bool allow_null);
  Value leaf(int ply);
  // Moves of the search's line: the game and the network's accumulators.
  void play(Move m) {
    if (net_) line_.push(m, game_.side_to_move());
    game_.play(m);
  }
  void undo() {
    game_.undo();
    if (net_) line_.pop();
  }
  // The static evaluation: the network's where it applies.
  Value eval() {
    if (!net_) return evaluate(game_, w_);
    return std::clamp<Value>(line_.evaluate(game_.position()), -kWinBound + 1, kWinBound - 1);
  }
  Value terminal_value(int ply) const { return game_.outcome().score_for(game_.side_to_move()) * win_in(ply); }
  Key node_key() const { return with_ply_limit(game_.key(), game_.ply()); }
  // The node key `m` leads to, for a prefetch.
  Key child_key(Move m) const { return with_ply_limit(game_.key_after(m), game_.ply() + 1); }
  Key with_ply_limit(Key key, int ply) const;
  // Stores a node's result in the table and returns it.
  Value store_result(Key key, Value best, Move best_move, Value alpha_start, Value beta, Value static_eval, int depth,
                     int ply);
  // Ordering scores: table move, killers, then history, approach to the
  // centre of mass and captures.
  void score_moves(const MoveList& moves, Move tt_move, int ply, const CategoryContext& categories,
                   std::array<int, kMaxMoves>& scores) const;
  // Reductions and ordering scores per move category, from the learned
  // transition probabilities and the options.
  void prepare_category_costs();
  void update_quiet_stats(Move best, const Move* tried, int count, int depth, int ply);
  // Plies less to search move `m`, the i-th tried (i > 0), at first.
  int reduction(Move m, int i, int depth, int ply, bool pv_node, bool cut_node,
                const CategoryContext& categories) const;
  bool out_of_budget();
  bool is_excluded(Move m) const {
    return std::find(limits_.excluded.begin(), limits_.excluded.end(), m) != limits_.excluded.end();
  }
  // The root's moves less the excluded ones.
  MoveList root_moves() const {
    MoveList out;
    for (Move m : game_.legal_moves())
      if (!is_excluded(m)) out.push(m);
    return out;
  }
  std::vector<Move> principal_variation() const { return {pv_[0], pv_[0] + pv_len_[0]}; }

  Engine& engine_;
  Game game_;
  Limits limits_;
  TimeBudget budget_;
  TranspositionTable& tt_;
  const EvalWeights& w_;
  const SearchOptions options_;
  SharedSearch& shared_;
  const int index_;
  const std::shared_ptr<const nnue::Network> net_;
  nnue::AccumulatorStack line_;
  std::vector<std::int32_t> own_history_;
  std::int32_t* history_ = engine_.history_.data();
  Clock::time_point start_ = Clock::now();
  std::uint64_t nodes_ = 0;
  int seldepth_ = 0;
  bool stopped_ = false;
  Move killers_[kMaxPly + 1][2] = {};
  Move pv_[kMaxPly + 1][kMaxPly + 1] = {};
  int pv_len_[kMaxPly + 1] = {};
  std::array<std::int8_t, kMoveCategories> category_reduction_{};
  std::array<int, kMoveCategories> category_score_{};
};

void Searcher::prepare_category_costs() {
  const auto& table = learned_category_probabilities();
  const double base = std::clamp(options_.realisation_base, 1, 999) / 1000.0;
  for (int c = 0; c < kMoveCategories; ++c) {
    const double p = std::max<double>(table[c], 1.0) / 65535.0;
    // A move costs log(p) / log(base) plies; the first is the ply itself.
    const double cost = std::log(p) / std::log(base);
    category_reduction_[c] = std::int8_t(std::clamp(int(std::lround(cost)) - 1, 0, 3));
    // Ordering: 100 per factor of e in probability, centred on 1 in 30.
    category_score_[c] = int(std::lround(100 * std::log(p * 30)));
  }
}

Key Searcher::with_ply_limit(Key key, int ply) const {
  const Rules& r = game_.rules();
  // Under a ply limit the same position is worth less as the end nears.
  return key ^ (r.ply_limit ? zobrist::mix(Key(r.ply_limit - ply) + 0x11) : 0);
}

bool Searcher::out_of_budget() {
  constexpr auto relaxed = std::memory_order_relaxed;
  if (index_ > 0) {
    if ((nodes_ & 1023) != 0) return false;
    const std::uint64_t all = shared_.helper_nodes.fetch_add(1024, relaxed) + 1024 + shared_.main_nodes.load(relaxed);
    return shared_.done.load(relaxed) || (limits_.nodes && all >= limits_.nodes);
  }
  if (limits_.nodes && nodes_ + shared_.helper_nodes.load(relaxed) >= limits_.nodes) return true;
  if ((nodes_ & 1023) != 0) return false;
  shared_.main_nodes.store(nodes_, relaxed);
  if (engine_.stop_.load(std::memory_order_relaxed)) return true;
  return budget_.hard_ms && elapsed_ms(start_) >= budget_.hard_ms;
}

void Searcher::score_moves(const MoveList& moves, Move tt_move, int ply, const CategoryContext& categories,
                           std::array<int, kMaxMoves>& scores) const {
  const Color us = game_.side_to_move();
  const std::int32_t* history = &history_[us * 4096];
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    int s;
    if (m == tt_move)
      s = 1 << 30;
    else if (m == killers_[ply][0])
      s = 1 << 29;
    else if (m == killers_[ply][1])
      s = (1 << 29) - 1;
    else if (m.is_pass())
      s = 0;
    else if (options_.category_order)
      s = history[m.from() * 64 + m.to()] / 8 + category_score_[categories.category(m)];
    else
      s = history[m.from() * 64 + m.to()] / 8 +
          300 * (categories.distance_to_centre(m.from()) - categories.distance_to_centre(m.to())) +
          (m.is_capture() ? 200 : 0);
    scores[i] = s;
  }
}

// Brings the best-scored of moves[i..] to place i: a selection step, so that
// a node that cuts off early never pays for ordering the rest.
static void pick_next(MoveList& moves, std::array<int, kMaxMoves>& scores, int i) {
  int best = i;
  for (int j = i + 1; j < moves.size(); ++j)
    if (scores[j] > scores[best]) best = j;
  std::swap(moves[i], moves[best]);
  std::swap(scores[i], scores[best]);
}

void Searcher::update_quiet_stats(Move best, const Move* tried, int count, int depth, int ply) {
  if (best.is_pass()) return;
  if (killers_[ply][0] != best) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = best;
  }
  std::int32_t* history = &history_[game_.side_to_move() * 4096];
  const int bonus = std::min(depth * depth, 400);
  // Gravity keeps entries within +-16384: the bonus shrinks as they grow.
  auto update = [&](Move m, int delta) {
    std::int32_t& h = history[m.from() * 64 + m.to()];
    h += delta - h * std::abs(delta) / 16384;
  };
  update(best, bonus * 32);
  for (int i = 0; i < count; ++i)
    if (tried[i] != best && !tried[i].is_pass()) update(tried[i], -bonus * 32);
}

int Searcher::reduction(Move m, int i, int depth, int ply, bool pv_node, bool cut_node,
                        const CategoryContext& categories) const {
  if (depth < 3 || m == killers_[ply][0] || m == killers_[ply][1] || m.is_pass()) return 0;
  int r = 0;
  if (options_.realisation) {
    // Realisation probability: the rarer the category, the less depth.
    r = category_reduction_[categories.category(m)];
    r += r > 0 && cut_node;
  } else if (options_.reductions && i >= 3 && !m.is_capture()) {
    // Late-move reductions: by the place in the move order.
    r = reductions().r[std::min(depth, kMaxDepth)][i] + cut_node;
  }
  return std::clamp(r - pv_node, 0, depth - 2);
}

Value Searcher::leaf(int ply) {
  const Position& pos = game_.position();
  const Color us = pos.side_to_move();
  const Bitboard own = pos.pieces(us), opp = pos.pieces(~us);
  // A side with few groups may connect at once; that is not a quiet position
  // to trust the evaluation in, so look for the winning move. Only a move
  // that connects someone can end the game here; the game layer then says
  // whether it wins (a simultaneous connection or points may decide).
  if (euler_number(own) > 3) return eval();
  const ConnectingMoves connecting(own, opp);
  bool wins = false;
  for (Bitboard from = connecting.origins(); from && !wins;)
    pos.for_each_move_from(pop_lsb(from), [&](Move m) {
      if (!connecting.connects(m)) return true;
      game_.play(m);
      wins = game_.over() && game_.outcome().score_for(us) > 0;
      game_.undo();
      return !wins;
    });
  return wins ? win_in(ply + 1) : eval();
}

Value Searcher::search(int depth, int ply, Value alpha, Value beta, bool cut_node, bool allow_null) {
  const bool pv_node = beta - alpha > 1;
  pv_len_[ply] = 0;
  if (stopped_) return 0;
  ++nodes_;
  if (out_of_budget()) {
    stopped_ = true;
    return 0;
  }
  seldepth_ = std::max(seldepth_, ply);
  if (game_.over()) return terminal_value(ply);
  if (ply > 0 && game_.rules().repetition && game_.occurrences() >= 2) return kDraw;
  if (ply >= kMaxPly) return eval();
  if (depth <= 0) return leaf(ply);

  // Nothing can be better than winning on the next move, or worse than
  // losing on this one.
  alpha = std::max(alpha, loss_in(ply));
  beta = std::min(beta, win_in(ply + 1));
  if (alpha >= beta) return alpha;

  const Key key = node_key();
  const std::optional<TTEntry> entry = tt_.probe(key);
  Move tt_move = entry ? entry->best() : Move::none();
  if (entry && !pv_node && entry->depth >= depth && options_.table_cutoffs) {
    const Value v = value_from_tt(entry->value, ply);
    const Bound b = entry->bound();
    if (b == Bound::Exact || (b == Bound::Lower && v >= beta) || (b == Bound::Upper && v <= alpha)) return v;
  }
  // The static evaluation is needed only to decide on a null move.
  const bool try_null = allow_null && options_.null_move && !pv_node && depth >= 3 && !is_decisive(beta) &&
                        game_.position().piece_count(game_.side_to_move()) >= 4;
  const Value static_eval = entry && entry->eval != kNoEval ? entry->eval : try_null ? eval() : kNoEval;

  // Null move: if passing still fails high, a real move will too. LOA has
  // no zugzwang worth the name outside positions with very few pieces.
  if (try_null && static_eval >= beta) {
    const int r = 2 + depth / 4;
    game_.play_null();
    if (net_) line_.push(Move::none(), ~game_.side_to_move());
    const Value v = -search(depth - 1 - r, ply + 1, -beta, -beta + 1, !cut_node, false);
    if (net_) line_.pop();
    game_.undo_null();
    if (stopped_) return 0;
    if (v >= beta) return is_decisive(v) ? beta : v;
  }

  Value best = -kInfinite;
  Move best_move = Move::none();
  const Value alpha_start = alpha;
  // Plays tried[i], the i-th move tried, first at `r` plies less; true when
  // this node is done: a cutoff, or the search stopped.
  auto try_move = [&](const Move* tried, int i, int r) {
    const Move m = tried[i];
    if (depth >= 2) tt_.prefetch(child_key(m));
    play(m);
    Value v;
    if (i == 0) {
      v = -search(depth - 1, ply + 1, -beta, -alpha, false, true);
    } else {
      // Unlikely moves are searched shallower first; a surprise gets the
      // full depth again.
      v = -search(depth - 1 - r, ply + 1, -alpha - 1, -alpha, true, true);
      if (v > alpha && r > 0) v = -search(depth - 1, ply + 1, -alpha - 1, -alpha, !cut_node, true);
      if (v > alpha && v < beta) v = -search(depth - 1, ply + 1, -beta, -alpha, false, true);
    }
    undo();
    if (stopped_) return true;
    if (v <= best) return false;
    best = v;
    best_move = m;
    if (v <= alpha) return false;
    alpha = v;
    pv_[ply][0] = m;
    std::copy(pv_[ply + 1], pv_[ply + 1] + pv_len_[ply + 1], pv_[ply] + 1);
    pv_len_[ply] = pv_len_[ply + 1] + 1;
    if (alpha < beta) return false;
    if (!m.is_capture()) update_quiet_stats(m, tried, i, depth, ply);
    return true;
  };

  // Multi-cut (Bjornsson; used in MIA): at an expected cut node, if several
  // of the first moves already fail high at reduced depth, one of them will
  // at full depth too.
  const bool multi_cut = options_.multi_cut && cut_node && !pv_node && depth >= kMultiCutDepth && !is_decisive(beta);
  // Just above the leaves, where nine nodes in ten are, the table's move and
  // the killers (the moves ordered first) are tried before the rest are
  // generated: three times in four one of them refutes the position, and
  // generating and ordering the others would be work thrown away. The leaves
  // below update no ordering statistics, so the order of moves is exactly
  // what it would have been; higher up it is not, and the rest of the tree
  // is small.
  Move staged[3];
  int tried_first = 0;
  if (depth == 1) {
    for (Move m : {tt_move, killers_[ply][0], killers_[ply][1]}) {
      if (m.is_none() || std::find(staged, staged + tried_first, m) != staged + tried_first || !game_.is_legal(m) ||
          (ply == 0 && is_excluded(m)))
        continue;
      staged[tried_first] = m;
      if (try_move(staged, tried_first++, 0))
        return stopped_ ? 0 : store_result(key, best, best_move, alpha_start, beta, static_eval, depth, ply);
    }
  }
  MoveList moves = ply == 0 && !limits_.excluded.empty() ? root_moves() : game_.legal_moves();
  std::array<int, kMaxMoves> scores;
  const CategoryContext categories(game_.position());
  score_moves(moves, tt_move, ply, categories, scores);
  // The moves tried already are the first in order.
  for (int i = 0; i < tried_first; ++i) pick_next(moves, scores, i);

  if (multi_cut) {
    int cuts = 0;
    for (int i = 0; i < std::min(moves.size(), kMultiCutMoves) && cuts < kMultiCutNeeded; ++i) {
      pick_next(moves, scores, i);
      play(moves[i]);
      const Value v = -search(depth - 1 - kMultiCutReduction, ply + 1, -beta, -beta + 1, false, true);
      undo();
      if (stopped_) return 0;
      cuts += v >= beta;
    }
    if (cuts >= kMultiCutNeeded) return beta;
  }

  for (int i = tried_first; i < moves.size(); ++i) {
    pick_next(moves, scores, i);
    if (try_move(moves.begin(), i, i ? reduction(moves[i], i, depth, ply, pv_node, cut_node, categories) : 0)) break;
  }
  if (stopped_) return 0;
  return store_result(key, best, best_move, alpha_start, beta, static_eval, depth, ply);
}

Value Searcher::store_result(Key key, Value best, Move best_move, Value alpha_start, Value beta, Value static_eval,
                             int depth, int ply) {
  const Bound bound = best >= beta ? Bound::Lower : best > alpha_start ? Bound::Exact : Bound::Upper;
  tt_.store(key, best_move, value_to_tt(best, ply), static_eval, depth, bound);
  return best;
}

SearchResult Searcher::run() {
  SearchResult result;
  const MoveList root_moves = this->root_moves();
  if (root_moves.empty()) return result;
  result.best = root_moves[0];
  const int max_depth = limits_.depth ? std::min(limits_.depth, kMaxDepth) : kMaxDepth;
  Value previous = 0;
  // Every other helper runs a ply ahead, so that the threads spread over
  // two depths rather than all repeat one.
  for (int depth = 1 + (index_ & 1); depth <= max_depth; ++depth) {
    seldepth_ = 0;
    Value delta = 30, alpha = -kInfinite, beta = kInfinite;
    if (depth >= 4 && !is_decisive(previous)) alpha = previous - delta, beta = previous + delta;
    Value v = 0;
    for (;;) {
      v = search(depth, 0, alpha, beta, false, false);
      if (stopped_) break;
      if (v <= alpha) {
        beta = (alpha + beta) / 2;
        alpha = std::max(v - delta, -kInfinite);
      } else if (v >= beta) {
        beta = std::min(v + delta, kInfinite);
      } else {
        break;
      }
      delta += delta / 2;
    }
    // A stopped iteration's move is kept only if it searched the previous
    // best first and then found something better.
    if (stopped_) {
      if (pv_len_[0] > 0 && pv_[0][0] != result.best && depth > 1 && v > previous) {
        result.best = pv_[0][0];
        result.pv = principal_variation();
      }
      break;
    }
    previous = v;
    result.best = pv_len_[0] ? pv_[0][0] : result.best;
    result.pv = principal_variation();
    result.score = v;
    result.depth = depth;
    if (index_ == 0 && engine_.on_iteration) {
      const std::int64_t ms = elapsed_ms(start_);
      const std::uint64_t nodes = nodes_ + shared_.helper_nodes.load(std::memory_order_relaxed);
      engine_.on_iteration({depth, seldepth_, v, Bound::Exact, nodes, ms, ms > 0 ? nodes * 1000 / std::uint64_t(ms) : 0,
                            tt_.hashfull(), result.pv});
    }
    // A proven result will not change with more depth.
    if (is_decisive(v) && depth > kWin - std::abs(v) + 1) break;
    if (budget_.soft_ms && elapsed_ms(start_) >= budget_.soft_ms) break;
    if (root_moves.size() == 1 && (budget_.soft_ms || limits_.movetime_ms)) break;
  }
  if (index_ > 0) shared_.helper_nodes.fetch_add(nodes_ & 1023, std::memory_order_relaxed);
  result.ponder = result.pv.size() > 1 ? result.pv[1] : Move::none();
  result.nodes = nodes_;
  result.time_ms = elapsed_ms(start_);
  return result;
}

SearchResult Engine::played_proven(const ProvenWin& win, std::int64_t spent_ms) {
  SearchResult r;
  r.best = win.move;
  // A line longer than a game result's range still scores as a win.
  r.score = last_score_ = win_in(std::clamp(win.plies, 1, kWin - kWinBound));
  r.depth = win.plies;
  r.time_ms = spent_ms;
  r.pv = {win.move};
  if (on_iteration) on_iteration({r.depth, r.depth, r.score, Bound::Exact, 0, spent_ms, 0, 0, r.pv});
  return r;
}

// Searches again after a move is shown to lose, at most.
constexpr int kDefenceSearches = 3;

SearchResult Engine::search(const Game& game, const Limits& given) {
  if (known_win && !game.over()) {
    const ProvenWin win = known_win(game);
    const auto& excluded = given.excluded;
    if (!win.move.is_none() && std::find(excluded.begin(), excluded.end(), win.move) == excluded.end())
      return played_proven(win, 0);
  }
  Limits limits = given;
  const bool ask = root_prover && !game.over();
  const TimeBudget budget = time_budget(limits, game);
  if (ask && options_.prover_share > 0 && limits.excluded.empty()) {
    const Position& pos = game.position();
    const int fewest = std::min(popcount(pos.pieces(Black)), popcount(pos.pieces(White)));
    if (budget.soft_ms > 0 && (fewest <= options_.prover_pieces || std::abs(last_score_) >= options_.prover_score) &&
        !is_decisive(last_score_)) {
      const auto start = Clock::now();
      const ProvenWin win =
          root_prover(game, std::max<std::int64_t>(1, budget.soft_ms * options_.prover_share / 100), stop_);
      const std::int64_t spent = elapsed_ms(start);
      if (!win.move.is_none()) return played_proven(win, spent);
      // The search has what the prover left.
      if (limits.movetime_ms > 0) limits.movetime_ms = int(std::max<std::int64_t>(1, limits.movetime_ms - spent));
      const Color us = game.side_to_move();
      if (limits.has_clock(us)) limits.time_ms[us] = std::max<std::int64_t>(1, limits.time_ms[us] - spent);
    }
  }
  const bool defend = ask && options_.defence_share > 0 && budget.soft_ms > 0 &&
                      last_score_ <= -options_.defence_score && !is_decisive(last_score_);
  if (!defend) return search_alone(game, limits);

  // Defence: the search has the time less the prover's share; then the
  // prover, playing the opponent after the chosen move, tries to show that
  // the move loses. A move shown to lose is excluded and the search looks
  // again with half the time left (the table makes that quick), up to
  // kDefenceSearches times.
  const auto start = Clock::now();
  const std::int64_t soft = time_budget(limits, game).soft_ms;  // less what a root proof spent

  const std::int64_t check_ms = std::max<std::int64_t>(1, soft * options_.defence_share / 100);
  Limits timed = limits;
  timed.time_ms = {0, 0};
  timed.overhead_ms = 0;
  timed.movetime_ms = int(std::max<std::int64_t>(1, soft - check_ms));
  SearchResult first = search_alone(game, timed);
  SearchResult result = first;
  std::uint64_t nodes = first.nodes;
  const int legal = game.legal_moves().size();
  for (int searches = 1;; ++searches) {
    const std::int64_t left = soft - elapsed_ms(start);
    if (is_decisive(result.score) || result.best.is_none() || stop_.load(std::memory_order_relaxed) || left <= 1) break;
    Game after = game;
    after.play(result.best);
    if (after.over() || root_prover(after, std::min(left, check_ms), stop_).move.is_none()) break;
    timed.excluded.push_back(result.best);
    const std::int64_t again = (soft - elapsed_ms(start)) / 2;
    if (searches > kDefenceSearches || int(timed.excluded.size()) >= legal || again < 1) {
      // Out of searches, moves or time, and every move looked at loses: the
      // first choice resists as well as any.
      result = first;
      break;
    }
    timed.movetime_ms = int(again);
    result = search_alone(game, timed);
    nodes += result.nodes;
  }
  result.nodes = nodes;
  result.time_ms = elapsed_ms(start);
  last_score_ = result.score;
  return result;
}

SearchResult Engine::search_alone(const Game& game, const Limits& limits) {
  // The stop flag is not cleared here: a stop() that came before this thread
  // ran would be lost, and an infinite search would never end (clear_stop()).
  // The searchers' tables are large for a stack frame.
  SharedSearch shared;
  tt_.new_search();
  auto main = std::make_unique<Searcher>(*this, game, limits, shared, 0);
  std::vector<std::unique_ptr<Searcher>> helpers;
  std::vector<std::thread> threads;
  for (int i = 1; i < threads_; ++i) {
    helpers.push_back(std::make_unique<Searcher>(*this, game, limits, shared, i));
    threads.emplace_back([helper = helpers.back().get()] { helper->run(); });
  }
  SearchResult result = main->run();
  shared.done.store(true, std::memory_order_relaxed);
  for (std::thread& t : threads) t.join();
  result.nodes += shared.helper_nodes.load(std::memory_order_relaxed);
  last_score_ = result.score;
  return result;
}

}  // namespace loa
