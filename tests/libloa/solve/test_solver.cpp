// The proof-number solver against exhaustive search: on positions whose
// game tree is finite and small (a ply limit a few plies ahead), the solver
// must give exactly the value a full minimax gives, under rules with draws,
// points and passes; its proofs must verify; history (the ply limit) must
// decide what a position is worth.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "helpers.hpp"
#include "loa/solve/proof.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"

namespace loa {
namespace {

// The exact value for the side to move of a game whose tree is finite.
SolveValue minimax(Game& g) {
  if (g.over()) {
    const auto w = g.outcome().winner();
    return !w ? SolveValue::Draw : *w == g.side_to_move() ? SolveValue::Win : SolveValue::Loss;
  }
  SolveValue best = SolveValue::Loss;
  for (Move m : g.legal_moves()) {
    g.play(m);
    const SolveValue v = minimax(g);
    g.undo();
    if (v == SolveValue::Loss) return SolveValue::Win;
    if (v == SolveValue::Draw) best = SolveValue::Draw;
  }
  return best;
}

// Positions from random games, `plies_from_end` before their end.
std::vector<Game> random_positions(const Rules& rules, int games, int plies_from_end, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Game> out;
  for (int i = 0; i < games; ++i) {
    Game g(rules);
    while (!g.over() && g.ply() < 300) {
      const MoveList moves = g.legal_moves();
      g.play(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
    }
    for (int k = 0; k < plies_from_end && !g.moves().empty(); ++k) g.undo();
    out.push_back(g);
  }
  return out;
}

// The position of `g` under `rules` with a ply limit `ahead` plies on, so
// that exhaustive search is exact.
Game with_limit(const Game& g, Rules rules, int ahead, LimitOutcome at_limit) {
  rules.ply_limit = g.ply() + ahead;
  rules.at_limit = at_limit;
  rules.name = "limited";
  auto parsed = parse_position_text(to_position_text(g), rules);
  EXPECT_TRUE(parsed.ok()) << parsed.error();
  return *parsed;
}

void expect_proof_matches(const SolveReport& r, const Game& g) {
  const auto check = verify_proof(r.proof);
  ASSERT_TRUE(check.ok()) << check.error() << "\n" << r.proof;
  const std::string me = g.side_to_move() == Black ? "black" : "white";
  const std::string them = g.side_to_move() == Black ? "white" : "black";
  const std::string expected = r.value == SolveValue::Win    ? me + " wins"
                               : r.value == SolveValue::Loss ? them + " wins"
                                                             : them + " wins or draws; " + me + " wins or draws";
  EXPECT_EQ(check->claims, expected);
}

// Asked only whether one side wins (Solver::prover), the solver answers
// yes exactly when that side wins, with the proof of it, and otherwise says
// what it learned instead.
void expect_one_question_agrees(const Game& g, SolveValue exact) {
  for (const Color prover : {Black, White}) {
    Solver solver;
    solver.keep_proof = true;
    solver.prover = prover;
    const SolveReport r = solver.solve(g, SolveLimits{0, 0, 64, nullptr});
    const bool mover_is_prover = prover == g.side_to_move();
    const SolveValue proven = mover_is_prover ? SolveValue::Win : SolveValue::Loss;
    if (exact == proven) {
      ASSERT_EQ(r.value, proven) << to_position_text(g);
      expect_proof_matches(r, g);
    } else {
      ASSERT_EQ(r.value, SolveValue::Unknown) << to_position_text(g);
      EXPECT_EQ(r.cannot_win, mover_is_prover);
      EXPECT_EQ(r.cannot_lose, !mover_is_prover);
      EXPECT_TRUE(r.proof.empty());
      EXPECT_TRUE(r.stopped.empty()) << r.stopped;
    }
  }
}

struct Case {
  Rules rules;
  int ahead;
  LimitOutcome at_limit;
};

TEST(Solver, AgreesWithExhaustiveSearchAndItsProofsVerify) {
  const std::vector<Case> cases = {{five(), 4, LimitOutcome::Draw},     {six(), 3, LimitOutcome::Draw},
                                   {loaps(), 3, LimitOutcome::Points},  {kattis(), 3, LimitOutcome::Draw},
                                   {olympiad(), 2, LimitOutcome::Draw}, {scrambled_eggs(), 2, LimitOutcome::Points},
                                   {codingame(), 3, LimitOutcome::Draw}};
  int counts[4] = {0, 0, 0, 0};
  unsigned seed = 1;
  for (const Case& c : cases) {
    for (int from_end : {1, 2, 3, 5, 8}) {
      for (const Game& position : random_positions(c.rules, 4, from_end, seed++)) {
        Game g = with_limit(position, c.rules, c.ahead, c.at_limit);
        const SolveValue exact = minimax(g);
        Solver solver;
        solver.keep_proof = true;
        const SolveReport r = solver.solve(g, SolveLimits{0, 0, 64, nullptr});
        ASSERT_EQ(r.value, exact) << c.rules.name << " " << to_position_text(g) << " limit " << g.rules().ply_limit;
        ++counts[static_cast<int>(exact)];
        if (g.over()) continue;
        expect_proof_matches(r, g);
        Solver two_level;
        two_level.keep_proof = two_level.two_level = true;
        const SolveReport r2 = two_level.solve(g, SolveLimits{0, 0, 64, nullptr});
        ASSERT_EQ(r2.value, exact) << "PN² " << c.rules.name << " " << to_position_text(g);
        expect_proof_matches(r2, g);
        expect_one_question_agrees(g, exact);
        if (r.value == SolveValue::Win || r.value == SolveValue::Draw) {
          // The move given keeps the value: after it the opponent cannot do better.
          ASSERT_FALSE(r.move.is_none());
          g.play(r.move);
          const SolveValue after = minimax(g);
          EXPECT_EQ(after, r.value == SolveValue::Win ? SolveValue::Loss : SolveValue::Draw);
        }
      }
    }
  }
  // The positions cover every value.
  EXPECT_GT(counts[static_cast<int>(SolveValue::Win)], 5);
  EXPECT_GT(counts[static_cast<int>(SolveValue::Loss)], 5);
  EXPECT_GT(counts[static_cast<int>(SolveValue::Draw)], 5);
}

TEST(Solver, OneQuestionAtTheOtherSidesTurnCostsLessThanBoth) {
  // 5x5 after b1-b3: black wins. A split solve that wants black proven
  // there need not first ask (and disprove) "can white win?".
  Game g(five());
  const auto b1b3 = parse_move("b1-b3", g);
  ASSERT_TRUE(b1b3.ok()) << b1b3.error();
  g.play(*b1b3);
  Solver both;
  both.keep_proof = true;
  const SolveReport full = both.solve(g, SolveLimits{0, 0, 256, nullptr});
  Solver one;
  one.keep_proof = true;
  one.prover = Black;
  const SolveReport asked = one.solve(g, SolveLimits{0, 0, 256, nullptr});
  ASSERT_EQ(full.value, SolveValue::Loss);
  ASSERT_EQ(asked.value, SolveValue::Loss);
  EXPECT_EQ(asked.proof, full.proof);
  EXPECT_EQ(asked.proof_depth, full.proof_depth);
  EXPECT_LT(asked.nodes, full.nodes * 3 / 4);
}

TEST(Solver, AnUnsettledSolveNamesTheMovesNotShownToFail) {
  // The 5x5 start with a 4 MiB tree: unknown. Every move left out of
  // `promising` must fail (black cannot win after it, as an exact solve
  // says); every move in it is legal, once.
  const Game g(five());
  Solver solver;
  solver.prover = Black;
  const SolveReport r = solver.solve(g, SolveLimits{0, 0, 4, nullptr});
  ASSERT_EQ(r.value, SolveValue::Unknown);
  ASSERT_FALSE(r.promising.empty());
  const MoveList legal = g.legal_moves();
  int left_out = 0;
  for (Move m : legal) {
    const auto n = std::count(r.promising.begin(), r.promising.end(), m);
    ASSERT_LE(n, 1) << move_text(m);
    if (n) continue;
    ++left_out;
    Game after = g;
    after.play(m);
    Solver exact;
    exact.prover = Black;
    const SolveReport e = exact.solve(after, SolveLimits{0, 0, 256, nullptr});
    EXPECT_TRUE(e.cannot_lose) << move_text(m) << " was left out, but black may win after it";
  }
  EXPECT_EQ(static_cast<int>(r.promising.size()) + left_out, static_cast<int>(legal.size()));
  EXPECT_GT(left_out, 0);
  // Settled, or asked at the other side's turn: no list.
  Game after = g;
  after.play(legal[0]);
  EXPECT_TRUE(solver.solve(after, SolveLimits{0, 0, 4, nullptr}).promising.empty());
}

TEST(Solver, HistoryDecidesNotThePositionAlone) {
  // Black to move wins in one under LOAPS...
  const Rules rules = loaps();
  Game g = *parse_position_text("7/5w1/7/6w/1b5/7/b6 b 0 0 0", rules);
  EXPECT_EQ(Solver().solve(g, {}).value, SolveValue::Win);
  // ...but not when the ply limit falls before the winning move.
  Rules limited = rules;
  limited.ply_limit = 3;
  Game late = *parse_position_text("7/5w1/7/6w/1b5/7/b6 b 3 0 0", limited);
  EXPECT_TRUE(late.over());
  EXPECT_EQ(Solver().solve(late, {}).value, SolveValue::Draw);
  // The same positions with the limit four plies on and two: where a win
  // takes three plies, the nearer limit makes it a draw, and the solver
  // follows the exhaustive search both times.
  int changed = 0;
  for (const Game& position : random_positions(five(), 30, 3, 99)) {
    Game open = with_limit(position, five(), 4, LimitOutcome::Draw);
    Game tight = with_limit(position, five(), 2, LimitOutcome::Draw);
    const SolveValue open_value = Solver().solve(open, {}).value;
    const SolveValue tight_value = Solver().solve(tight, {}).value;
    EXPECT_EQ(open_value, minimax(open));
    EXPECT_EQ(tight_value, minimax(tight));
    changed += open_value != tight_value;
  }
  EXPECT_GT(changed, 0);
}

// Under rules where cycles draw, a return to a position of the line is
// scored a draw at once: a drawn position is settled in a few nodes more
// than its proof needs, where going round to the third occurrence in every
// line took 25 times as many; each one-side question is answered too.
TEST(Solver, ADrawIsSeenAtTheFirstReturn) {
  const Game g = test::five_drawn_by_going_round();
  ASSERT_TRUE(g.rules().cycles_draw());
  Solver solver;
  solver.keep_proof = true;
  const SolveReport r = solver.solve(g, SolveLimits{300000, 0, 64, nullptr});
  ASSERT_EQ(r.value, SolveValue::Draw) << r.stopped;
  expect_proof_matches(r, g);
  expect_one_question_agrees(g, SolveValue::Draw);
  // PN²: a return among a node's new children is not searched again.
  solver.two_level = true;
  const SolveReport second = solver.solve(g, SolveLimits{0, 0, 64, nullptr});
  ASSERT_EQ(second.value, SolveValue::Draw) << second.stopped;
  expect_proof_matches(second, g);
}

TEST(Solver, AProverAskedKeepsItsDisproofWhenAsked) {
  // A split solve of a draw proves "X wins or draws" by asking whether the
  // other side wins: the "no" is kept as the proof of X's claim.
  const Game g = test::five_drawn_by_going_round();  // white to move
  for (const Color prover : {White, Black}) {
    Solver solver;
    solver.keep_proof = true;
    solver.prover = prover;
    const SolveReport plain = solver.solve(g, SolveLimits{300000, 0, 64, nullptr});
    EXPECT_EQ(plain.value, SolveValue::Unknown);
    EXPECT_TRUE(prover == White ? plain.cannot_win : plain.cannot_lose);
    EXPECT_EQ(plain.proof, "");
    solver.keep_disproof = true;
    const SolveReport kept = solver.solve(g, SolveLimits{300000, 0, 64, nullptr});
    EXPECT_EQ(kept.value, SolveValue::Unknown);
    const auto check = verify_proof(kept.proof);
    ASSERT_TRUE(check) << check.error();
    EXPECT_EQ(check->claims, prover == White ? "black wins or draws" : "white wins or draws");
    EXPECT_EQ(check->moves, kept.proof_nodes);
  }
}

TEST(Solver, TheCaptureTableTellsPliesLeftApart) {
  // The same position four plies later (two pieces out and back): under a
  // ply limit a result kept for one must not answer for the other; without
  // a limit they are one entry.
  for (const Rules& rules : {loaps(), six()}) {
    Game g(rules);
    const Key before = capture_table_key(g);
    for (const char* m : {"b1-b3", "a2-c2", "b3-b1", "c2-a2"}) g.play(*parse_move(m, g));
    EXPECT_EQ(g.key(), Game(rules).key());
    if (rules.ply_limit) {
      EXPECT_NE(capture_table_key(g), before);
    } else {
      EXPECT_EQ(capture_table_key(g), before);
    }
  }
}

TEST(Solver, BudgetsEndTheSolveWithUnknown) {
  const Game start(olympiad());
  Solver solver;
  const SolveReport by_nodes = solver.solve(start, SolveLimits{5000, 0, 64, nullptr});
  EXPECT_EQ(by_nodes.value, SolveValue::Unknown);
  EXPECT_EQ(by_nodes.stopped, "nodes");
  EXPECT_LE(by_nodes.nodes, 5000u + kMaxMoves);  // at most one expansion past the budget
  const SolveReport by_memory = solver.solve(start, SolveLimits{0, 0, 1, nullptr});
  EXPECT_EQ(by_memory.value, SolveValue::Unknown);
  EXPECT_EQ(by_memory.stopped, "memory");
  EXPECT_LE(by_memory.memory_bytes, std::size_t{1} << 20);
  const std::atomic<bool> stop{true};
  const SolveReport interrupted = solver.solve(start, SolveLimits{0, 0, 64, &stop});
  EXPECT_EQ(interrupted.stopped, "interrupted");
  EXPECT_TRUE(interrupted.proof.empty());
}

TEST(Solver, TheEngineAsksItWhereAProofIsLikely) {
  // White has three pieces: a proof is likely, and black wins at once.
  const Game g = *parse_position_text("7/5w1/7/6w/7/2b4/b6 b", loaps());
  Engine engine(1);
  engine.options().prover_share = 50;
  Limits limits;
  limits.movetime_ms = 200;
  // Without the solver installed, the share alone changes nothing.
  EXPECT_GT(engine.search(g, limits).nodes, 0u);
  use_solver(engine);
  engine.new_game();  // the last score was a win already: then it would not ask
  const SearchResult r = engine.search(g, limits);
  EXPECT_EQ(r.nodes, 0u);  // the proof answered, not the search
  EXPECT_EQ(r.score, win_in(1));
  Game after = g;
  after.play(r.best);
  EXPECT_TRUE(after.over() && after.outcome().winner() == Black) << move_text(r.best);
  // Depth-limited searches never ask: they stay deterministic.
  engine.new_game();
  Limits depth;
  depth.depth = 3;
  EXPECT_GT(engine.search(g, depth).nodes, 0u);
  // Nor does a share of 0.
  engine.new_game();
  engine.options().prover_share = 0;
  EXPECT_GT(engine.search(g, limits).nodes, 0u);
}

TEST(Solver, TheEngineDefendsAgainstAMoveShownToLose) {
  // A stand-in prover that "shows" the opponent wins after the first move
  // the search chose: the engine must play another, and the prover is then
  // asked about that one. Black's first choice here is the recapture f8xd6,
  // at every time from 30 ms up: searched again, it would be chosen again.
  Game g(olympiad());
  for (const char* m : {"b1-h1", "h3-f3", "d8-b6", "a6-c4", "c1xc4", "h4-f2", "h1xf3", "a4xc4", "b8-d6", "a3xd6"})
    g.play(*parse_move(m, g));
  Engine engine(1);
  engine.options().defence_share = 40;
  engine.options().defence_score = -30000;  // check every move
  std::vector<Move> asked;
  Move refuted = Move::none();
  engine.root_prover = [&](const Game& after, std::int64_t budget_ms, const std::atomic<bool>&) {
    EXPECT_GT(budget_ms, 0);
    EXPECT_EQ(after.ply(), g.ply() + 1);
    asked.push_back(after.moves().back());
    if (refuted.is_none()) refuted = after.moves().back();
    return after.moves().back() == refuted ? ProvenWin{after.legal_moves()[0], 5} : ProvenWin{};
  };
  // Each search ends at its depth, long before the move time: how many
  // times the prover is asked then depends on its answers alone, not on how
  // fast the machine is (timed at 300 ms, a loaded machine's search left no
  // time for the second question in 1 run of 8).
  Limits limits;
  limits.movetime_ms = 600000;
  limits.depth = 5;
  const SearchResult r = engine.search(g, limits);
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_NE(r.best, refuted);
  EXPECT_EQ(asked[1], r.best);
  EXPECT_TRUE(g.legal_moves().contains(r.best));

  // Every move "loses": the search's first choice is played.
  engine.new_game();
  asked.clear();
  engine.root_prover = [&](const Game& after, std::int64_t, const std::atomic<bool>&) {
    asked.push_back(after.moves().back());
    return ProvenWin{after.legal_moves()[0], 5};
  };
  const SearchResult all = engine.search(g, limits);
  ASSERT_EQ(asked.size(), 4u);  // the first choice and three more searches
  EXPECT_EQ(all.best, asked[0]);

  // Node-limited searches never ask.
  engine.new_game();
  asked.clear();
  Limits nodes;
  nodes.nodes = 5000;
  engine.search(g, nodes);
  EXPECT_TRUE(asked.empty());
}

TEST(Solver, CombineRootFollowsMinimax) {
  const Move a(0, 8, false), b(1, 9, false), c(2, 10, false);
  using V = SolveValue;
  EXPECT_EQ(combine_root({{a, V::Win}, {b, V::Loss}, {c, V::Unknown}}, 3), std::pair(V::Win, b));
  EXPECT_EQ(combine_root({{a, V::Win}, {b, V::Win}, {c, V::Win}}, 3).first, V::Loss);
  EXPECT_EQ(combine_root({{a, V::Win}, {b, V::Win}}, 3).first, V::Unknown);  // a job missing
  EXPECT_EQ(combine_root({{a, V::Win}, {b, V::Draw}, {c, V::Win}}, 3), std::pair(V::Draw, b));
  EXPECT_EQ(combine_root({{a, V::Draw}, {b, V::Unknown}, {c, V::Win}}, 3).first, V::Unknown);
}

// One row of tests/data/solver-positions.tsv: positions from the thesis
// games and self-play, each proven by bench/solver/solver-testset.py (every proof
// checked by loa verify-proof).
struct TestSetRow {
  std::string rules, moves, value, move;
  std::uint64_t nodes = 0;  // what the solver needed when the file was made
  std::string source;
};

std::vector<TestSetRow> read_test_set() {
  std::ifstream in(test::test_data_dir() / "solver-positions.tsv");
  if (!in) ADD_FAILURE() << "tests/data/solver-positions.tsv is missing";
  std::vector<TestSetRow> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream split(line);
    for (std::string f; std::getline(split, f, '\t');) fields.push_back(f);
    if (fields.size() != 6u) {
      ADD_FAILURE() << "not six fields: " << line;
      continue;
    }
    rows.push_back({fields[0], fields[1], fields[2], fields[3], std::stoull(fields[4]), fields[5]});
  }
  return rows;
}

// The row's position: its moves played from its preset's start.
Game test_set_game(const TestSetRow& row) {
  Game g(*preset(row.rules));
  std::istringstream moves(row.moves);
  for (std::string m; moves >> m;) {
    const auto move = parse_move(m, g);
    if (!move.ok()) {
      ADD_FAILURE() << row.source << ": " << move.error();
      break;
    }
    g.play(*move);
  }
  return g;
}

// The test set's positions that take more than a second level's first
// budget: PN² settles them too, and its proofs, whose lower parts it has to
// search again to write, verify.
TEST(Solver, TwoLevelSettlesTheTestSetWithProofs) {
  int checked = 0, row_number = 0;
  for (const TestSetRow& row : read_test_set()) {
    if (row.nodes < 5000 || row.nodes > 100000 || row_number++ % 3) continue;
    const Game g = test_set_game(row);
    Solver solver;
    solver.keep_proof = solver.two_level = true;
    const SolveReport r = solver.solve(g, SolveLimits{0, 0, 64, nullptr});
    ASSERT_EQ(std::string(to_string(r.value)), row.value) << row.source;
    expect_proof_matches(r, g);
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

// Test-set positions of 150,000 to 1,500,000 nodes in a 1 MiB tree (about
// 50,000 nodes): plain PN ends "memory"; folding the tree when it fills
// (Solver::collect), the solve settles each with its value and a proof that
// verifies, having folded at least once.
TEST(Solver, CollectingSettlesTreesLargerThanItsMemory) {
  int checked = 0, row_number = 0;
  for (const TestSetRow& row : read_test_set()) {
    if (row.nodes < 150000 || row.nodes > 1500000 || row_number++ % 3) continue;
    const Game g = test_set_game(row);
    const SolveLimits limits{20 * row.nodes, 0, 1, nullptr};
    Solver plain;
    EXPECT_EQ(plain.solve(g, limits).stopped, "memory") << row.source;
    Solver folding;
    folding.keep_proof = folding.collect = true;
    const SolveReport r = folding.solve(g, limits);
    ASSERT_EQ(std::string(to_string(r.value)), row.value) << row.source << " (" << r.stopped << ")";
    EXPECT_GE(r.collections, 1) << row.source;
    expect_proof_matches(r, g);
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

// Those the solver settles within 300,000 nodes are solved again here; each
// must keep its value, and its proof must verify.
TEST(Solver, TestSetPositionsKeepTheirProvenValues) {
  const std::vector<TestSetRow> rows = read_test_set();
  int checked = 0;
  for (const TestSetRow& row : rows) {
    if (row.nodes > 300000) continue;
    const Game g = test_set_game(row);
    Solver solver;
    solver.keep_proof = true;
    const SolveReport r = solver.solve(g, SolveLimits{2 * row.nodes + 1000, 0, 64, nullptr});
    ASSERT_EQ(std::string(to_string(r.value)), row.value) << row.source;
    // The winning move may be another than the file's (a position can have
    // several): the proof, which starts with it, shows that it wins.
    const auto check = verify_proof(r.proof);
    EXPECT_TRUE(check.ok()) << row.source << ": " << check.error();
    if (r.value == SolveValue::Win) {
      EXPECT_NE(r.proof.find("\n1 " + move_text(r.move) + "\n"), std::string::npos) << row.source;
    }
    ++checked;
  }
  // The file holds what it did when made: 357 positions, 308 within the budget.
  EXPECT_GE(rows.size(), 350u);
  EXPECT_GE(checked, 300);
}

}  // namespace
}  // namespace loa
