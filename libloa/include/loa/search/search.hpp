// The engine: iterative-deepening principal-variation alpha-beta over the
// game layer, so every preset's rules (connections, points, limits,
// repetition, passes) are scored exactly as the rules value says. Results
// come back through a callback per iteration; the library prints nothing.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "loa/game/game.hpp"
#include "loa/nnue/network.hpp"
#include "loa/search/eval.hpp"
#include "loa/search/tt.hpp"

namespace loa {

// What may stop a search. Zero means "no limit" for every field; with no
// limit at all the search runs to kMaxDepth or until stop() is called.
struct Limits {
  int depth = 0;
  std::uint64_t nodes = 0;
  // A fixed time for this move.
  int movetime_ms = 0;
  // A game clock per colour with an increment per move; movestogo is the
  // number of moves until the next time control (0: the rest of the game).
  std::array<std::int64_t, 2> time_ms{0, 0};
  std::array<std::int64_t, 2> inc_ms{0, 0};
  int movestogo = 0;
  // Time reserved for the operating system and I/O on every move (UGI's Move
  // Overhead, engine:overhead=MS): more on a loaded machine, where a thread
  // may wait a tenth of a second to run.
  int overhead_ms = 10;
  // Root moves not to search. If it holds every legal move, it is ignored.
  std::vector<Move> excluded;

  bool has_clock(Color c) const { return time_ms[c] > 0; }
};

constexpr int kMaxDepth = 64;
constexpr int kMaxThreads = 256;
constexpr int kMaxMoveOverheadMs = 5000;
constexpr int kMaxPly = 128;

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  Value score = 0;
  Bound bound = Bound::Exact;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::uint64_t nps = 0;
  int hashfull = 0;
  std::vector<Move> pv;
};

struct SearchResult {
  Move best = Move::none();
  Move ponder = Move::none();
  Value score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::vector<Move> pv;
};

// Search features that can be switched off, to measure what each is worth.
struct SearchOptions {
  bool null_move = true;
  bool multi_cut = false;  // measured no gain at short time controls (docs/search.md)
  // Late-move reductions by the move's place in the order; used only when
  // realisation-probability search is off.
  bool reductions = true;
  // Enhanced realisation-probability search: every move after the first is
  // searched shallower the more rarely its category is played (learned from
  // self-play, loa/search/move_category.hpp), and searched again at full depth if
  // it beats alpha. A category played with probability `realisation_base`
  // per mille costs one ply; rarer ones cost more (docs/search.md).
  bool realisation = true;
  int realisation_base = 450;
  // Orders quiet moves by their category's probability (with history)
  // instead of by the approach to the centre of mass.
  bool category_order = false;
  // The share of a move's time (percent) the root prover (Engine::
  // root_prover) may spend, where a proof is likely: a side with at most
  // `prover_pieces` pieces, or the last search's score at least
  // `prover_score` either way. 0: never asked. Only timed searches ask, so
  // depth- and node-limited searches stay deterministic.
  int prover_share = 0;
  int prover_pieces = 5;
  int prover_score = 1500;
  // The share of a move's time (percent) the same prover may spend checking
  // the move the search chose, when the last score is `defence_score` or
  // worse: if the opponent is shown to win after it, the search looks again
  // without it (docs/solver.md, "The engine asks it"). 0: never checked.
  int defence_share = 0;
  int defence_score = 100;
  // Returns the table's stored value where its bound and depth decide the
  // node (the transposition cutoff). Off only to measure what the cutoff
  // saves: the table then serves move ordering alone.
  bool table_cutoffs = true;
};

// Whether the options give the root prover any time.
inline bool asks_solver(const SearchOptions& o) { return o.prover_share > 0 || o.defence_share > 0; }

// A move a prover has shown to win, and the length of its longest line.
struct ProvenWin {
  Move move = Move::none();
  int plies = 0;
};

class Engine {
 public:
  explicit Engine(std::size_t hash_mb = 16) : tt_(hash_mb) {}

  void set_hash(std::size_t megabytes) { tt_.resize(megabytes); }
  // Search threads. One (the default) searches alone, deterministically;
  // more add Lazy SMP helpers that search the same position and share the
  // transposition table, while the first thread keeps the clock and chooses
  // the move (docs/search.md).
  void set_threads(int threads) { threads_ = std::clamp(threads, 1, kMaxThreads); }
  int threads() const { return threads_; }
  // Forgets everything learned: the table and the move-ordering statistics.
  void new_game();

  // The learned evaluation (loa/nnue/network.hpp), used wherever it applies
  // to the game's rules (its board size, no game points); elsewhere, and
  // with none, the hand-written evaluation of weights().
  void set_network(std::shared_ptr<const nnue::Network> net) { net_ = std::move(net); }
  const std::shared_ptr<const nnue::Network>& network() const { return net_; }
  // The static evaluation the search uses for this game's position, from
  // the side to move's view (the game must not be over).
  Value evaluate(const Game& game) const;

  EvalWeights& weights() { return weights_; }
  const EvalWeights& weights() const { return weights_; }
  SearchOptions& options() { return options_; }
  const SearchOptions& options() const { return options_; }

  // Called after each completed iteration (and after a fail at the root).
  std::function<void(const SearchInfo&)> on_iteration;

  // Asked at the root before a timed search where a proof is likely (see
  // SearchOptions::prover_share): given the game, a time budget and the
  // engine's stop flag, a move proven to win, or none. use_solver()
  // (loa/solve/solver.hpp) installs the proof-number solver; contest entries,
  // which do not link it, leave this empty and search alone.
  std::function<ProvenWin(const Game&, std::int64_t budget_ms, const std::atomic<bool>& stop)> root_prover;

  // Asked first, before any search and at every limit: a move known to win
  // here (a solved position's: use_proof_book(), loa/solve/proof_book.hpp),
  // played at once. Empty, or no move: the engine searches.
  std::function<ProvenWin(const Game&)> known_win;

  // Searches the game's position within the limits and returns the best move
  // found (a legal move whenever the game is not over). Blocks the caller;
  // another thread may call stop(). Deterministic for a node or depth limit
  // (and no stop).
  SearchResult search(const Game& game, const Limits& limits);

  // Asks a running search to return as soon as it can. A stop that comes
  // before the search has started (the search was handed to another thread
  // that has not run yet) stops it at once: it holds until clear_stop().
  void stop() { stop_.store(true, std::memory_order_relaxed); }
  // Withdraws a stop. Whoever starts a search on another thread calls this
  // first, on its own thread, so that a stop() right after the start is
  // never lost.
  void clear_stop() { stop_.store(false, std::memory_order_relaxed); }

 private:
  friend class Searcher;
  // The alpha-beta search alone, on this thread and the helpers.
  SearchResult search_alone(const Game& game, const Limits& limits);
  // The result of playing a proven win without searching.
  SearchResult played_proven(const ProvenWin& win, std::int64_t spent_ms);
  TranspositionTable tt_;
  EvalWeights weights_;
  std::shared_ptr<const nnue::Network> net_;
  SearchOptions options_;
  std::atomic<bool> stop_{false};
  int threads_ = 1;
  // The last search's score, for the prover's "a proof is likely".
  Value last_score_ = 0;
  // History of quiet moves by side, origin and destination.
  std::vector<std::int32_t> history_ = std::vector<std::int32_t>(2 * 64 * 64, 0);
};

// Milliseconds the search may spend on this move: a soft limit (do not start
// another iteration after it) and a hard one (stop at once).
struct TimeBudget {
  std::int64_t soft_ms = 0;
  std::int64_t hard_ms = 0;
};
TimeBudget time_budget(const Limits& limits, const Game& game);

// The limits a contest front-end plays with: `limits` as they are, unless the
// environment variable LOA_ENGINE_NODES holds a node count, which then
// replaces every time limit so that games (and golden transcripts of them)
// are reproducible.
Limits with_environment(Limits limits);

}  // namespace loa
