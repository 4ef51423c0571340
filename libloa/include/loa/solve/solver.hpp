// Proof-number search: proves what a position is worth under its rules,
// instead of estimating it (docs/solver.md).
//
// A solve asks two questions, as MIA did: can the side to move force a win?
// If not, can the opponent? A "no" to both is a draw (where the rules have
// draws). Each question is a best-first proof-number search (Allis) over a
// tree of Game values: every node is reached by its own moves from the
// root, so repetition, the ply limit and points are judged on the node's
// own history, by the same Game code that plays. The tree holds no
// transpositions, which is what keeps it free of the graph-history
// interaction problem: a draw by repetition is never taken for a win
// reached by another path. Only results of positions just after a capture,
// which no earlier position can repeat, are shared between paths.
//
// Under rules where cycles draw (Rules::cycles_draw), a node whose position
// its line has already passed through since the root is a draw at once: a
// win never needs the cycle, and the side holding a draw can go round it
// again until the repetition rule ends the game. Without it, a draw by
// repetition is seen only by going round to the third occurrence in every
// line (docs/solver.md, "Returns").
//
// A finished solve can write its proof: for a win, one move at each of the
// prover's turns and every reply at the other side's, down to game ends.
// verify_proof() (loa/solve/proof.hpp) checks such a text with the plain rules.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loa/game/game.hpp"
#include "loa/search/search.hpp"

namespace loa {

// What a solve settles, for the side to move at the root.
enum class SolveValue : std::uint8_t { Win, Loss, Draw, Unknown };
std::string_view to_string(SolveValue value);

struct SolveLimits {
  std::uint64_t nodes = 0;      // tree nodes created, in both questions; 0: no limit
  std::int64_t time_ms = 0;     // 0: no limit
  std::size_t memory_mb = 256;  // the tree's memory; a full tree ends the solve (see Solver::collect)
  // Set from elsewhere (a signal handler) to end the solve early.
  const std::atomic<bool>* interrupt = nullptr;
};

// Reported about once a second while a solve runs.
struct SolveProgress {
  std::string question;  // "black wins?"
  std::uint64_t nodes = 0;
  std::uint32_t proof = 0, disproof = 0;  // the root's numbers in the current question
  std::size_t memory_bytes = 0;
  std::int64_t time_ms = 0;
};

struct SolveReport {
  SolveValue value = SolveValue::Unknown;
  // A winning move (Win), a move that keeps the draw (Draw); none otherwise.
  Move move = Move::none();
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::size_t memory_bytes = 0;  // the largest tree's
  std::size_t proof_nodes = 0;   // moves in the proof text
  // For a win or a loss, the longest line of the proof: the loser's best
  // resistance against the proof's moves (an upper bound on the shortest win).
  int proof_depth = 0;
  // What was learned when the value is Unknown: the side to move cannot
  // win, or cannot lose.
  bool cannot_win = false;
  bool cannot_lose = false;
  // When the side to move's win was asked and left unknown: its moves not
  // shown to fail, the most promising first by the proof numbers the search
  // had when it stopped (where a split solve goes on: loa.cluster).
  std::vector<Move> promising;
  // Why an Unknown solve ended: "nodes", "time", "memory" or "interrupted".
  std::string stopped;
  // How often a full tree was folded to go on (Solver::collect).
  int collections = 0;
  // The proof (proof text, one section per question answered), when asked for.
  std::string proof;
};

class Solver {
 public:
  // Called about once a second during a solve.
  std::function<void(const SolveProgress&)> on_progress;
  // Write the proof text into the report.
  bool keep_proof = false;
  // Ask only whether the side to move can win (what an engine wants).
  bool win_only = false;
  // Ask only whether this side can win. A split solve wants one side proven
  // the winner: at the other side's turn, "can the side to move win?"
  // would cost as much as the question asked, and leave it still to ask.
  // When the answer is no, the value stays Unknown with cannot_win (or
  // cannot_lose) set.
  std::optional<Color> prover;
  // With `prover`: when its win is shown impossible, keep the proof of that
  // too, which claims that the other side wins or draws. A split solve of a
  // draw proves "X wins or draws" by asking whether the other side wins.
  bool keep_disproof = false;
  // PN²: a second-level search sets each new node's numbers, so that the
  // memory holds a far smaller tree and long solves are bounded by time.
  bool two_level = false;
  // When the tree fills, fold it and go on instead of ending: settled
  // nodes keep only their proofs, and the smallest open subtrees become
  // leaves again, keeping their numbers (docs/solver.md, "When the tree
  // fills"). The solve is then bounded by time or nodes, not by memory; it
  // still ends "memory" when proofs alone fill three quarters of it.
  bool collect = false;

  SolveReport solve(const Game& game, const SolveLimits& limits);
};

// The key under which a solve keeps the result of a position just after a
// capture: the position's key and, under a ply limit, the plies left (the
// same position with fewer plies left may be worth less).
Key capture_table_key(const Game& game);

// A solve split at the root (docs/solver.md, "Splitting a solve"): each
// root move solved as a job of its own. `value` is for the side to move
// after `move`.
struct RootChild {
  Move move;
  SolveValue value;
};

// The root's value for its side to move from its children's, and a move
// that keeps it (a win or a draw): a child lost by the opponent is a win;
// every one of the `legal_moves` children won by the opponent, a loss; all
// known with a draw among them, a draw; otherwise unknown.
std::pair<SolveValue, Move> combine_root(const std::vector<RootChild>& children, int legal_moves);

// Lets `engine` ask the solver at the root where a proof is likely
// (Engine::root_prover; SearchOptions::prover_share says how much time),
// with a tree of at most `memory_mb`.
void use_solver(Engine& engine, std::size_t memory_mb = 64);

}  // namespace loa
