#include "loa/solve/solver.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <functional>
#include <vector>

#include "loa/board/movegen.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/record.hpp"
#include "loa/text/variant.hpp"
#include "solve/capture_table.hpp"
#include "solve/proof_node.hpp"

namespace loa {

std::string_view to_string(SolveValue value) {
  switch (value) {
    case SolveValue::Win: return "win";
    case SolveValue::Loss: return "loss";
    case SolveValue::Draw: return "draw";
    case SolveValue::Unknown: return "unknown";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;
using proof_tree::add;
using proof_tree::CaptureTable;
using proof_tree::kInfinite;
using proof_tree::Node;

// What a question asks: can `prover` force a game end in `goal`?
enum class Goal : std::uint8_t { Win, WinOrDraw };

struct Question {
  Color prover;
  Goal goal;

  bool met_by(const Outcome& o) const {
    const auto w = o.winner();
    return (w && *w == prover) || (goal == Goal::WinOrDraw && o.is_draw());
  }
  // The claim a proof of this question makes; a disproof proves `opposite()`.
  std::string claim() const {
    return std::string(prover == Black ? "black" : "white") + (goal == Goal::Win ? " wins" : " wins or draws");
  }
  Question opposite() const { return {~prover, goal == Goal::Win ? Goal::WinOrDraw : Goal::Win}; }
};

enum class Answer { Proven, Disproven, Unknown };

// The tags a proof section starts with: the rules, the start and the moves
// from it to `root`, and the claim.
std::string proof_header(const Game& root, const std::string& claim) {
  Game start = root;
  std::string before;
  for (Move m : root.moves()) {
    if (!before.empty()) before += ' ';
    before += move_text(m);
  }
  for (std::size_t i = 0; i < root.moves().size(); ++i) start.undo();
  std::string out = "[Rules \"" + escape_tag(start.rules().name) + "\"]\n";
  const auto named = preset(start.rules().name);
  if (!named || !(*named == start.rules())) out += "[Variant \"" + escape_tag(format_variant(start.rules())) + "\"]\n";
  out += "[Start \"" + to_position_text(start) + "\"]\n";
  if (!before.empty()) out += "[Before \"" + before + "\"]\n";
  return out + "[Claim \"" + claim + "\"]\n";
}

// How a tree gives numbers to the nodes it creates. Plain PN starts them
// from mobility. PN² (Allis; Breuker's variant, as Winands used for 6x6 LOA)
// runs a second, plain search from each new node, up to as many nodes as
// the first tree holds (at least `min_nodes`, at most `max_nodes`), keeps its
// root's numbers and throws its tree away: memory then holds the first tree
// alone, which grows far more slowly, and the work is bounded by time.
struct SecondLevel {
  std::uint64_t min_nodes = 0;  // 0: plain PN
  std::uint64_t max_nodes = 0;
};

// One question, searched best first.
class ProofTree {
 public:
  // `max_nodes` is what the memory holds; `node_budget` what the solve may
  // still create in this tree.
  ProofTree(const Game& root, Question q, std::size_t max_nodes, std::uint64_t node_budget, SecondLevel second = {},
            CaptureTable* table = nullptr)
      : game_(root),
        question_(q),
        max_nodes_(max_nodes),
        node_budget_(node_budget),
        second_(second),
        table_(table),
        root_moves_(root.moves().size()),
        cycles_draw_(root.rules().cycles_draw()) {
    nodes_.reserve(std::min(max_nodes_, proof_tree::kFirstCapacity));
    nodes_.emplace_back();
    // The root is searched, never looked up: a proof walk searches a leaf
    // the table settled to write what is below it.
    set_leaf(nodes_[0], false);
  }

  // Expands the most-proving node until the root is settled or `should_stop`
  // (asked every so often) says to stop.
  Answer run(const std::function<bool()>& should_stop) {
    stop_ = &should_stop;
    // The nodes from the root to the current node, whose position the game
    // holds; back at the root when run() returns.
    std::vector<std::uint32_t> path{0};
    const auto to_root = [&] {
      for (; path.size() > 1; path.pop_back()) game_.undo();
    };
    const auto unknown = [&] {
      to_root();
      return Answer::Unknown;
    };
    for (std::uint64_t i = 0; root().proof && root().disproof; ++i) {
      // Under PN² one expansion is many second-level searches: ask each time.
      if ((second_.min_nodes || (i & 255) == 0) && should_stop()) return unknown();
      if (nodes_.size() + kMaxMoves + 1 > max_nodes_) {
        // Folding the tree moves its nodes: from the root again.
        to_root();
        if (!collect_when_full_ || !collect()) {
          full_ = true;
          return Answer::Unknown;
        }
      }
      if (size() + second_nodes_ >= node_budget_) {
        out_of_nodes_ = true;
        return unknown();
      }
      // Down to the most-proving node, playing its moves.
      while (nodes_[path.back()].count) {
        const Node& n = nodes_[path.back()];
        const bool prover_moves = game_.side_to_move() == question_.prover;
        std::uint32_t best = n.first;
        for (std::uint32_t c = n.first; c < n.first + n.count; ++c) {
          if (prover_moves ? nodes_[c].proof == n.proof : nodes_[c].disproof == n.disproof) {
            best = c;
            break;
          }
        }
        game_.play(nodes_[best].move);
        path.push_back(best);
      }
      // Consistent numbers never lead to a settled node; if they did, stop
      // rather than loop.
      assert(!game_.over());
      if (game_.over()) return unknown();
      expand(path.back());
      // Back up while the numbers change. Where they do not, nothing above
      // changes either, so the next most-proving node is below that node,
      // and the next descent starts from it (Allis' current node): the same
      // tree grows, without replaying the moves from the root each time.
      for (;;) {
        const Node before = nodes_[path.back()];
        update(path.back());
        const Node& n = nodes_[path.back()];
        remember(n);
        if (path.size() == 1 || (n.proof == before.proof && n.disproof == before.disproof)) break;
        game_.undo();
        path.pop_back();
      }
    }
    to_root();
    return root().proof == 0 ? Answer::Proven : Answer::Disproven;
  }

  const Node& root() const { return nodes_[0]; }
  // Nodes created, the ones folded away included.
  std::uint64_t size() const { return nodes_.size() + collected_; }
  // When the memory fills, fold the tree and go on (Solver::collect).
  void collect_when_full(bool on) { collect_when_full_ = on; }
  int collections() const { return collections_; }
  // Nodes the second-level searches created, and the most one was allowed.
  std::uint64_t second_level_nodes() const { return second_nodes_; }
  std::uint64_t second_level_budget() const { return second_budget_; }
  std::size_t memory_bytes() const { return nodes_.capacity() * sizeof(Node); }
  bool full() const { return full_; }
  bool out_of_nodes() const { return out_of_nodes_; }
  Question question() const { return question_; }

  // A root move whose child is settled the way the root is (a winning move
  // when proven; a refuting one when disproven and the other side chooses).
  Move settled_move(bool proven) const {
    const Node& r = root();
    for (std::uint32_t c = r.first; c < r.first + r.count; ++c)
      if ((proven ? nodes_[c].proof : nodes_[c].disproof) == 0) return nodes_[c].move;
    return Move::none();
  }

  // At an unsettled root where the prover moves: its moves not shown to
  // fail, the most promising first (the smallest proof number: the fewest
  // leaves left to prove, as the search judged when it stopped).
  std::vector<Move> promising_moves() const {
    const Node& r = root();
    if (!r.proof || !r.disproof || game_.side_to_move() != question_.prover) return {};
    std::vector<const Node*> open;
    for (std::uint32_t c = r.first; c < r.first + r.count; ++c)
      if (nodes_[c].disproof) open.push_back(&nodes_[c]);
    // Ties go to the larger disproof number (harder to refute), then to the
    // generator's order: the same list every run.
    std::stable_sort(open.begin(), open.end(), [](const Node* a, const Node* b) {
      return a->proof != b->proof ? a->proof < b->proof : a->disproof > b->disproof;
    });
    std::vector<Move> out;
    for (const Node* n : open) out.push_back(n->move);
    return out;
  }

  // Visits the proof of the settled root depth first: `visit(depth, move)`
  // for each move, at the claimant's turns the first settled child only, at
  // the other side's every child. The side to move at each node comes from
  // replaying, as the checker will.
  // (A function, not a template: a second-level proof walks itself with a
  // visitor wrapping this one.)
  void walk_proof(const Game& root_game, const std::function<void(int, Move)>& visit) const {
    const bool proven = root().proof == 0;
    const Color claimant = proven ? question_.prover : ~question_.prover;
    auto settled = [&](const Node& n) { return (proven ? n.proof : n.disproof) == 0; };
    Game g = root_game;
    struct Frame {
      std::uint32_t node;
      std::uint32_t next;  // the next child to look at
      int depth;
    };
    std::vector<Frame> stack{{0, nodes_[0].first, 0}};
    while (!stack.empty()) {
      Frame& f = stack.back();
      const Node& n = nodes_[f.node];
      const bool chooser = g.side_to_move() == claimant;
      std::uint32_t child = n.first + n.count;
      for (std::uint32_t c = f.next; c < n.first + n.count; ++c) {
        if (!settled(nodes_[c])) continue;
        if (chooser && c != first_settled(n, settled)) continue;
        child = c;
        break;
      }
      if (child == n.first + n.count) {
        stack.pop_back();
        if (!stack.empty()) g.undo();
        continue;
      }
      f.next = child + 1;
      const int depth = f.depth + 1;
      visit(depth, nodes_[child].move);
      g.play(nodes_[child].move);
      if (nodes_[child].count == 0 && !g.over() && !returns(g)) {
        // Settled by a second-level search, whose tree is gone: the same
        // plain search again (it is deterministic, and no budget it had was
        // larger) gives the proof below.
        // A leaf the capture table settled is searched so too, with a budget
        // as large as this tree's. A tree that folds may have needed more
        // than its memory to settle that position: its search folds too,
        // with no node bound (the position is settled, so it ends).
        const std::uint64_t budget = std::max<std::uint64_t>(second_budget_, max_nodes_);
        ProofTree sub(g, question_, budget + kMaxMoves + 1, collect_when_full_ ? ~std::uint64_t{0} : budget, {},
                      table_);
        sub.collect_when_full(collect_when_full_);
        const bool settled_again = sub.run([] { return false; }) != Answer::Unknown;
        assert(settled_again && (sub.root().proof == 0) == proven);
        (void)settled_again;
        sub.walk_proof(g, [&](int d, Move m) { visit(depth + d, m); });
        g.undo();
        continue;
      }
      stack.push_back({child, nodes_[child].first, depth});
    }
  }

  // The proof text of the settled root: one section claiming what was shown.
  std::string proof_text(const Game& root_game, std::size_t& moves_written) const {
    const Question claim = root().proof == 0 ? question_ : question_.opposite();
    std::string out = proof_header(root_game, claim.claim());
    std::string body;
    std::size_t written = 0;
    walk_proof(root_game, [&](int depth, Move m) {
      body += std::to_string(depth) + " " + move_text(m) + "\n";
      ++written;
    });
    moves_written += written;
    return out + "[Moves \"" + std::to_string(written) + "\"]\n\n" + body;
  }

  // The longest line of the proof.
  int proof_depth(const Game& root_game) const {
    int deepest = 0;
    walk_proof(root_game, [&](int depth, Move) { deepest = std::max(deepest, depth); });
    return deepest;
  }

 private:
  template <class Settled>
  std::uint32_t first_settled(const Node& n, Settled settled) const {
    for (std::uint32_t c = n.first; c < n.first + n.count; ++c)
      if (settled(nodes_[c])) return c;
    return n.first + n.count;
  }

  // Whether `g`, a node of this tree, is a return: a position its line has
  // passed through since the root, scored a draw (Rules::cycles_draw).
  bool returns(const Game& g) const { return cycles_draw_ && g.returns_since(root_moves_); }

  // The numbers of a node not yet expanded, at the game's current position:
  // a game end is settled; otherwise the side to move's mobility, as in
  // Winands' PN for LOA (the prover at 1 to prove, its moves to disprove).
  void set_leaf(Node& n, bool look_up = true) const {
    if (game_.over()) {
      const bool met = question_.met_by(game_.outcome());
      n.proof = met ? 0 : kInfinite;
      n.disproof = met ? kInfinite : 0;
      return;
    }
    if (returns(game_)) {
      // A return to a position of this line, scored a draw (Rules::cycles_draw):
      // without it a draw by repetition is seen only by going round the
      // cycle again in every line, and a win never needs the cycle.
      const bool met = question_.goal == Goal::WinOrDraw;
      n.proof = met ? 0 : kInfinite;
      n.disproof = met ? kInfinite : 0;
      return;
    }
    if (look_up && table_ && game_.last_move().is_capture()) {
      const CaptureTable::Result known = table_->find(capture_table_key(game_));
      if (known != CaptureTable::Unknown) {
        n.proof = known == CaptureTable::Proven ? 0 : kInfinite;
        n.disproof = known == CaptureTable::Proven ? kInfinite : 0;
        return;
      }
    }
    const std::uint32_t moves = std::max(1, game_.position().count_moves());
    const bool prover_moves = game_.side_to_move() == question_.prover;
    n.proof = prover_moves ? 1 : moves;
    n.disproof = prover_moves ? moves : 1;
  }

  // Frees room in the full tree, down to half of it (proof_tree::collect);
  // false when less than a quarter is left free, so that a tree full of
  // proofs ends rather than collect again at every few expansions.
  bool collect() {
    collected_ += proof_tree::collect(nodes_, max_nodes_ / 2);
    ++collections_;
    return nodes_.size() + kMaxMoves + 1 <= max_nodes_ / 4 * 3;
  }

  void expand(std::uint32_t index) {
    const MoveList moves = game_.legal_moves();
    if (moves.empty()) return;  // a game end: settled already
    // Grow, never past the budget (run() keeps room for one expansion below
    // it), nor while growing (proof_tree::grown_capacity).
    if (nodes_.capacity() < nodes_.size() + moves.size())
      nodes_.reserve(proof_tree::grown_capacity(nodes_.capacity(), max_nodes_));
    const auto first = static_cast<std::uint32_t>(nodes_.size());
    const std::uint64_t budget =
        std::clamp<std::uint64_t>(nodes_.size(), second_.min_nodes, std::max(second_.min_nodes, second_.max_nodes));
    for (Move m : moves) {
      Node child;
      child.move = m;
      game_.play(m);
      set_leaf(child);
      // A child settled already (a game end, the capture table, a return)
      // keeps its result: a second-level search from a return, as a root of
      // its own, could prove a win whose proof would stop at the return.
      if (second_.min_nodes && child.proof && child.disproof) {
        ProofTree sub(game_, question_, budget + kMaxMoves + 1, budget, {}, table_);
        sub.run(*stop_);
        child.proof = sub.root().proof;
        child.disproof = sub.root().disproof;
        second_nodes_ += sub.size();
        second_budget_ = std::max(second_budget_, budget);
      }
      game_.undo();
      nodes_.push_back(child);
    }
    nodes_[index].first = first;
    nodes_[index].count = static_cast<std::uint16_t>(moves.size());
  }

  // Keeps a node's settled result where the path cannot matter; the game
  // stands at the node.
  void remember(const Node& n) {
    if (!table_ || (n.proof && n.disproof) || !game_.last_move().is_capture() || game_.over()) return;
    table_->store(capture_table_key(game_), n.proof == 0 ? CaptureTable::Proven : CaptureTable::Disproven);
  }

  // A node's numbers from its children's; the game stands at the node.
  void update(std::uint32_t index) {
    Node& n = nodes_[index];
    if (!n.count) return;
    const bool prover_moves = game_.side_to_move() == question_.prover;
    std::uint32_t min_proof = kInfinite, min_disproof = kInfinite, sum_proof = 0, sum_disproof = 0;
    for (std::uint32_t c = n.first; c < n.first + n.count; ++c) {
      min_proof = std::min(min_proof, nodes_[c].proof);
      min_disproof = std::min(min_disproof, nodes_[c].disproof);
      sum_proof = add(sum_proof, nodes_[c].proof);
      sum_disproof = add(sum_disproof, nodes_[c].disproof);
    }
    n.proof = prover_moves ? min_proof : sum_proof;
    n.disproof = prover_moves ? sum_disproof : min_disproof;
  }

  Game game_;
  Question question_;
  std::size_t max_nodes_;
  std::uint64_t node_budget_;
  std::vector<Node> nodes_;
  SecondLevel second_;
  CaptureTable* table_;
  std::size_t root_moves_;  // the moves on the root's game: returns() looks back to it
  bool cycles_draw_;
  const std::function<bool()>* stop_ = nullptr;
  std::uint64_t second_nodes_ = 0;
  std::uint64_t second_budget_ = 0;
  std::uint64_t collected_ = 0;
  int collections_ = 0;
  bool collect_when_full_ = false;
  bool full_ = false;
  bool out_of_nodes_ = false;
};

}  // namespace

Key capture_table_key(const Game& g) {
  const int limit = g.rules().ply_limit;
  return g.key() ^ (limit ? zobrist::mix(Key(limit - g.ply()) + 0x5A) : 0);
}

SolveReport Solver::solve(const Game& game, const SolveLimits& limits) {
  SolveReport report;
  const auto start = Clock::now();
  auto elapsed_ms = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count(); };
  if (game.over()) {
    // Settled already; its proof is the game end itself.
    const auto w = game.outcome().winner();
    report.value = !w ? SolveValue::Draw : *w == game.side_to_move() ? SolveValue::Win : SolveValue::Loss;
    if (keep_proof) {
      auto name = [](Color c) { return std::string(c == Black ? "black" : "white"); };
      const std::string end = "[Moves \"0\"]\n\n\n";
      if (w) report.proof = proof_header(game, name(*w) + " wins") + end;
      if (!w)
        report.proof = proof_header(game, name(~game.side_to_move()) + " wins or draws") + end +
                       proof_header(game, name(game.side_to_move()) + " wins or draws") + end;
    }
    return report;
  }
  const std::size_t memory_nodes = std::max<std::size_t>(limits.memory_mb * (1 << 20) / sizeof(Node), 4 * kMaxMoves);
  // An eighth of the memory is for the capture table, and under PN² a
  // quarter for the second-level trees.
  const std::size_t tree_share = two_level ? memory_nodes / 8 * 5 : memory_nodes / 8 * 7;
  // Collecting needs scratch memory beside each node of the tree.
  const std::size_t max_nodes =
      collect ? tree_share / (sizeof(Node) + proof_tree::kCollectScratchBytes) * sizeof(Node) : tree_share;
  const std::size_t table_entries = memory_nodes / 8;
  const SecondLevel second =
      two_level ? SecondLevel{std::min<std::uint64_t>(1000, memory_nodes / 4), memory_nodes / 4} : SecondLevel{};
  std::uint64_t used_before = 0;  // nodes of the questions already answered
  auto last_progress = Clock::now();

  // Asks one question within what is left of the budget.
  struct Asked {
    Answer answer;
    Move move;
    std::string proof;
    std::size_t proof_moves;
    int depth;
    std::vector<Move> promising;  // when Unknown at the prover's turn
  };
  auto ask = [&](Question q) {
    const std::uint64_t left = limits.nodes ? limits.nodes - std::min(limits.nodes, used_before) : ~std::uint64_t{0};
    CaptureTable table(table_entries);
    ProofTree tree(game, q, max_nodes, left, second, &table);
    tree.collect_when_full(collect);
    auto stop_reason = [&]() -> const char* {
      if (limits.interrupt && limits.interrupt->load(std::memory_order_relaxed)) return "interrupted";
      if (limits.time_ms && elapsed_ms() >= limits.time_ms) return "time";
      return nullptr;
    };
    auto should_stop = [&] {
      if (const char* reason = stop_reason()) {
        report.stopped = reason;
        return true;
      }
      if (on_progress && Clock::now() - last_progress >= std::chrono::seconds(1)) {
        last_progress = Clock::now();
        on_progress({q.claim() + "?", used_before + tree.size() + tree.second_level_nodes(), tree.root().proof,
                     tree.root().disproof, tree.memory_bytes(), elapsed_ms()});
      }
      return false;
    };
    const Answer answer = tree.run(should_stop);
    if (tree.full()) report.stopped = "memory";
    if (tree.out_of_nodes()) report.stopped = "nodes";
    used_before += tree.size() + tree.second_level_nodes();
    report.collections += tree.collections();
    report.memory_bytes = std::max<std::size_t>(
        report.memory_bytes, tree.memory_bytes() + tree.second_level_budget() * sizeof(Node) + table.memory_bytes());
    Asked out{answer, Move::none(), {}, 0, 0, tree.promising_moves()};
    if (answer != Answer::Unknown) {
      out.move = tree.settled_move(answer == Answer::Proven);
      out.depth = tree.proof_depth(game);
      if (keep_proof) out.proof = tree.proof_text(game, out.proof_moves) + "\n";
    }
    return out;
  };

  // The proof keeps what decides: the win; the loss; for a draw, both
  // "cannot win" and "cannot lose".
  auto keep = [&](const Asked& a) {
    report.proof += a.proof;
    report.proof_nodes += a.proof_moves;
  };
  auto finish = [&] {
    report.nodes = used_before;
    report.time_ms = elapsed_ms();
    if (report.value != SolveValue::Unknown) report.stopped.clear();
    return report;
  };
  const Color mover = game.side_to_move();
  // "Can the mover win?" first, unless only the other side is asked about;
  // then, when that is shown impossible (and asked for), "can the other
  // side win?": its answer tells a loss from a draw.
  std::optional<Asked> win;
  if (!prover || *prover == mover) {
    win = ask({mover, Goal::Win});
    report.promising = win->promising;
    report.cannot_win = win->answer == Answer::Disproven;
    if (win->answer == Answer::Proven) {
      report.value = SolveValue::Win;
      report.move = win->move;
      report.proof_depth = win->depth;
      keep(*win);
    }
    if (win->answer == Answer::Disproven && prover && keep_disproof) keep(*win);
    if (win->answer != Answer::Disproven || win_only || prover) return finish();
  }
  const Asked loss = ask({~mover, Goal::Win});
  if (loss.answer == Answer::Proven) {
    report.value = SolveValue::Loss;
    report.proof_depth = loss.depth;
    keep(loss);
  } else if (loss.answer == Answer::Disproven) {
    report.cannot_lose = true;
    if (win) {  // neither side can win
      report.value = SolveValue::Draw;
      report.move = loss.move;
      keep(*win);
      keep(loss);
    } else if (keep_disproof) {
      keep(loss);
    }
  }
  return finish();
}

std::pair<SolveValue, Move> combine_root(const std::vector<RootChild>& children, int legal_moves) {
  bool all_known = static_cast<int>(children.size()) == legal_moves;
  Move draw = Move::none();
  for (const RootChild& c : children) {
    if (c.value == SolveValue::Loss) return {SolveValue::Win, c.move};
    if (c.value == SolveValue::Unknown) all_known = false;
    if (c.value == SolveValue::Draw && draw.is_none()) draw = c.move;
  }
  if (!all_known) return {SolveValue::Unknown, Move::none()};
  return draw.is_none() ? std::pair{SolveValue::Loss, Move::none()} : std::pair{SolveValue::Draw, draw};
}

void use_solver(Engine& engine, std::size_t memory_mb) {
  engine.root_prover = [memory_mb](const Game& game, std::int64_t budget_ms, const std::atomic<bool>& stop) {
    Solver solver;
    solver.win_only = true;
    SolveLimits limits;
    limits.time_ms = budget_ms;
    limits.memory_mb = memory_mb;
    limits.interrupt = &stop;
    const SolveReport r = solver.solve(game, limits);
    return r.value == SolveValue::Win ? ProvenWin{r.move, r.proof_depth} : ProvenWin{};
  };
}

}  // namespace loa
