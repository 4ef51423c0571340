// The engine: exact game results with their distance, the preset's rules
// scored as they say (points in LOAPS), determinism, limits and stopping.
#include <gtest/gtest.h>

#include <future>
#include <random>
#include <thread>

#include "helpers.hpp"
#include "loa/play/match.hpp"
#include "loa/search/search.hpp"
#include "loa/text/position_text.hpp"

namespace loa {
namespace {

SearchResult search_depth(const Game& g, int depth) {
  Engine engine(8);
  Limits limits;
  limits.depth = depth;
  return engine.search(g, limits);
}

// Black b3-b2 connects (b2 and a1) and scores 3 + 12.
constexpr const char* kLoapsConnect = "7/5w1/7/6w/1b5/7/b6 b 0";

bool wins_at_once(const Game& g, Move m) {
  Game after = g;
  after.play(m);
  return after.over() && after.outcome().score_for(g.side_to_move()) > 0;
}

TEST(Search, TakesAnImmediateWin) {
  // Black connects with b3-b2 (3 + 12 points) or a1-a2 (12).
  const Game g = test::game_from_text(loaps(), std::string(kLoapsConnect) + " 0 0");
  const SearchResult r = search_depth(g, 4);
  EXPECT_TRUE(wins_at_once(g, r.best)) << move_text(r.best);
  EXPECT_EQ(r.score, win_in(1));
}

TEST(Search, DoesNotConnectIntoALossOnPoints) {
  // White leads by 20: any connection by black (12 or 15 points) loses. White
  // (e7 g7 g1) cannot connect at once, so black can still play on.
  const Game g = test::game_from_text(loaps(), "4w1w/7/7/7/1b5/7/b5w b 0 0 20");
  const SearchResult r = search_depth(g, 4);
  Game after = g;
  after.play(r.best);
  EXPECT_FALSE(after.over()) << move_text(r.best);
  EXPECT_GT(r.score, loss_in(4));
}

TEST(Search, FindsAForcedWinInThreePlies) {
  // From appendix E game 1 (plies adjusted): white wins by force.
  const Game g = test::game_from_text(olympiad(), "8/7w/6wb/4b3/1b4w1/2b1b1bw/2b1www1/8 w 20");
  const SearchResult r = search_depth(g, 5);
  EXPECT_EQ(r.score, win_in(3));
  Game after = g;
  after.play(r.best);
  EXPECT_FALSE(after.over());
  // Whatever black answers, white then has a winning move.
  for (Move reply : after.legal_moves()) {
    after.play(reply);
    const SearchResult finish = search_depth(after, 2);
    EXPECT_EQ(finish.score, win_in(1)) << "after " << move_text(reply);
    after.undo();
  }
}

TEST(Search, ExcludedRootMovesAreNotPlayed) {
  // Black's connecting moves excluded: the search takes none of them, and
  // scores the position without them; every move excluded counts as none.
  const Game g = test::game_from_text(loaps(), std::string(kLoapsConnect) + " 0 0");
  Engine engine(8);
  Limits limits;
  limits.depth = 4;
  for (Move m : g.legal_moves())
    if (wins_at_once(g, m)) limits.excluded.push_back(m);
  ASSERT_FALSE(limits.excluded.empty());
  ASSERT_LT(limits.excluded.size(), std::size_t(g.legal_moves().size()));
  const SearchResult r = engine.search(g, limits);
  EXPECT_FALSE(wins_at_once(g, r.best)) << move_text(r.best);
  EXPECT_TRUE(g.legal_moves().contains(r.best));
  EXPECT_LT(r.score, win_in(1));
  for (Move m : g.legal_moves()) limits.excluded.push_back(m);
  EXPECT_TRUE(wins_at_once(g, engine.search(g, limits).best));
}

TEST(Search, EveryReductionSchemeFindsTheForcedWin) {
  // Realisation probability (the default), late-move reductions, neither:
  // reductions must never hide a short forced win, since a reduced move
  // that beats alpha is searched again at full depth.
  const Game g = test::game_from_text(olympiad(), "8/7w/6wb/4b3/1b4w1/2b1b1bw/2b1www1/8 w 20");
  for (const auto& [realisation, reductions] : {std::pair{true, true}, {false, true}, {false, false}}) {
    Engine engine(8);
    engine.options().realisation = realisation;
    engine.options().reductions = reductions;
    Limits limits;
    limits.depth = 5;
    EXPECT_EQ(engine.search(g, limits).score, win_in(3)) << realisation << reductions;
  }
}

TEST(Search, RealisationSearchesDeeperForTheSameNodes) {
  // Rarely played categories cost more than a ply, so a node budget reaches
  // further than with late-move reductions.
  const Game g = test::game_from_text(olympiad(), "8/4b2w/1bb3bw/2b1w3/wb2b3/2wwb2w/3www2/2bb2b1 b 20");
  Limits limits;
  limits.nodes = 200000;
  Engine rps(8), lmr(8);
  lmr.options().realisation = false;
  EXPECT_GT(rps.search(g, limits).depth, lmr.search(g, limits).depth);
}

// Positions from random games where a careless move hands the opponent a
// win at once and another move does not: the search must not pick a careless
// one. The test counts such positions and fails if there are too few, so it
// cannot quietly become empty.
TEST(Search, NeverLeavesAnImmediateWinWhenItCanBeStopped) {
  std::mt19937_64 rng(5);
  int checked = 0;
  auto hands_over_a_win = [](const Game& g, Move m) {
    Game after = g;
    after.play(m);
    if (after.over()) return after.outcome().score_for(g.side_to_move()) < 0;
    for (Move reply : after.legal_moves()) {
      after.play(reply);
      const bool lost = after.over() && after.outcome().score_for(g.side_to_move()) < 0;
      after.undo();
      if (lost) return true;
    }
    return false;
  };
  for (int game_no = 0; game_no < 400 && checked < 30; ++game_no) {
    for (Game g(game_no % 2 ? olympiad() : gamut()); !g.over(); g.play(test::random_move(g, rng))) {
      const MoveList moves = g.legal_moves();
      int careless = 0;
      for (Move m : moves) careless += hands_over_a_win(g, m);
      if (careless == 0 || careless == moves.size()) continue;
      ++checked;
      const SearchResult r = search_depth(g, 3);
      EXPECT_FALSE(hands_over_a_win(g, r.best))
          << to_position_text(g) << ": " << move_text(r.best) << " lets the opponent win at once, and " << careless
          << " of " << moves.size() << " moves do";
      if (checked == 30) break;
    }
  }
  EXPECT_EQ(checked, 30) << "too few positions where a careless move loses at once";
}

// The transposition table, tested through the search it serves (issue 30):
// its cutoff is what makes a repeated search cheap, and it changes how much
// is searched, not what is found. A heuristic score can differ with the
// table's contents (an entry may come from a deeper search), so the values
// are compared where the search sees to the end: a forced win.
constexpr const char* kForcedWin = "8/7w/6wb/4b3/1b4w1/2b1b1bw/2b1www1/8 w 20";  // white wins in 3 plies
constexpr const char* kStart = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b";

TEST(Search, AWarmTableFindsTheAnswerAgainInFewerNodes) {
  for (const char* text : {kForcedWin, kStart}) {
    SCOPED_TRACE(text);
    const Game g = test::game_from_text(olympiad(), text);
    Engine engine(16);
    Limits limits;
    limits.depth = 6;
    const SearchResult cold = engine.search(g, limits);
    const SearchResult warm = engine.search(g, limits);
    // The previous search's entries decide nodes of the new one at once:
    // most of them, in a search of any size.
    EXPECT_LT(warm.nodes * (text == kStart ? 2 : 1), cold.nodes) << warm.nodes << " of " << cold.nodes;
    EXPECT_TRUE(g.is_legal(warm.best));
    if (text == kForcedWin) {
      EXPECT_EQ(warm.score, win_in(3));
      EXPECT_EQ(cold.score, win_in(3));
    }
  }
}

TEST(Search, TheTableCutoffKeepsTheValueWithFewerNodes) {
  const Game forced = test::game_from_text(olympiad(), kForcedWin);
  const Game proven = test::won_position_with_replies().first;  // a win the solver proved
  for (const Game& g : {forced, proven}) {
    SCOPED_TRACE(to_position_text(g));
    Limits limits;
    limits.depth = 7;
    Engine with(16), without(16);
    without.options().table_cutoffs = false;
    const SearchResult a = with.search(g, limits), b = without.search(g, limits);
    EXPECT_GE(a.score, kWinBound);
    EXPECT_EQ(a.score, b.score);
    EXPECT_LT(a.nodes, b.nodes);
  }
  // Where the score is heuristic, the cutoff still saves nodes.
  Limits limits;
  limits.depth = 6;
  Engine with(16), without(16);
  without.options().table_cutoffs = false;
  const Game start(olympiad());
  EXPECT_LT(with.search(start, limits).nodes, without.search(start, limits).nodes);
}

TEST(Search, DeterministicForANodeLimit) {
  const Game g(olympiad());
  Limits limits;
  limits.nodes = 30000;
  Engine a(8), b(8);
  const SearchResult ra = a.search(g, limits), rb = b.search(g, limits);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_LE(ra.nodes, limits.nodes);
  EXPECT_EQ(ra.best, rb.best);
  EXPECT_EQ(ra.score, rb.score);
  EXPECT_EQ(ra.pv, rb.pv);
}

TEST(Search, ReportsEveryIterationWithAPrincipalVariation) {
  Engine engine(8);
  std::vector<SearchInfo> seen;
  engine.on_iteration = [&](const SearchInfo& i) { seen.push_back(i); };
  Limits limits;
  limits.depth = 5;
  const SearchResult r = engine.search(Game(loaps()), limits);
  ASSERT_EQ(seen.size(), 5u);
  for (int d = 0; d < 5; ++d) EXPECT_EQ(seen[d].depth, d + 1);
  // The PV is a legal line from the root, and the result is its first move.
  Game g(loaps());
  for (Move m : seen.back().pv) {
    ASSERT_TRUE(g.is_legal(m)) << move_text(m);
    g.play(m);
  }
  EXPECT_EQ(r.best, seen.back().pv.front());
}

TEST(Search, StopsWhenAskedFromAnotherThread) {
  Engine engine(8);
  std::promise<void> started;
  bool signalled = false;
  engine.on_iteration = [&](const SearchInfo& i) {
    if (i.depth == 2 && !signalled) signalled = true, started.set_value();
  };
  const Game g(olympiad());
  auto result = std::async(std::launch::async, [&] { return engine.search(g, Limits{}); });
  started.get_future().wait();
  engine.stop();
  const SearchResult r = result.get();
  EXPECT_TRUE(g.is_legal(r.best));
  EXPECT_LT(r.depth, kMaxDepth);
}

// A GUI may send stop right after go infinite, before the thread that runs
// the search has started: the stop must hold, or the search never ends.
TEST(Search, AStopBeforeTheSearchStartsHolds) {
  Engine engine(1);
  const Game g(olympiad());
  engine.clear_stop();
  engine.stop();  // lands before the search begins
  const SearchResult r = engine.search(g, Limits{});
  EXPECT_TRUE(g.is_legal(r.best));
  EXPECT_LE(r.nodes, 2048u);  // the flag is read every 1,024 nodes
  engine.clear_stop();        // withdrawn: the next search runs to its limit
  Limits depth3;
  depth3.depth = 3;
  EXPECT_EQ(engine.search(g, depth3).depth, 3);
}

TEST(Search, AlwaysReturnsALegalMoveEvenWithATinyBudget) {
  std::mt19937_64 rng(9);
  for (auto name : preset_names()) {
    Game g = random_opening(*preset(name), 6, rng);
    Engine engine(1);
    Limits limits;
    limits.nodes = 1;
    EXPECT_TRUE(g.is_legal(engine.search(g, limits).best)) << name;
  }
}

TEST(Search, PassesWhenStuck) {
  const Game g = test::game_from_text(olympiad(), "6wb/6ww/8/8/8/8/ww6/bw6 b");
  EXPECT_TRUE(search_depth(g, 3).best.is_pass());
}

// Lazy SMP: helpers share the table and the node count; the first thread
// decides. (The ThreadSanitizer build runs the Threads tests.)
TEST(Threads, HelpersKeepTheForcedWinAndItsDistance) {
  const Game g = test::game_from_text(olympiad(), "8/7w/6wb/4b3/1b4w1/2b1b1bw/2b1www1/8 w 20");
  for (int threads : {2, 3}) {
    Engine engine(8);
    engine.set_threads(threads);
    Limits limits;
    limits.depth = 5;
    const SearchResult r = engine.search(g, limits);
    EXPECT_EQ(r.score, win_in(3)) << threads << " threads";
    EXPECT_TRUE(g.is_legal(r.best));
  }
}

TEST(Threads, ANodeLimitCountsEveryThread) {
  const Game g(olympiad());
  Limits limits;
  limits.nodes = 200000;
  Engine engine(8);
  engine.set_threads(3);
  const SearchResult r = engine.search(g, limits);
  // Helpers report a thousand and twenty-four nodes at a time and finish
  // their batch after the first thread stops.
  EXPECT_GE(r.nodes, limits.nodes);
  EXPECT_LE(r.nodes, limits.nodes + 3 * 2048);
  EXPECT_TRUE(g.is_legal(r.best));
  EXPECT_EQ(engine.threads(), 3);
  engine.set_threads(0);
  EXPECT_EQ(engine.threads(), 1) << "fewer than one thread means one";
}

TEST(Threads, OneThreadIsTheDeterministicSearch) {
  const Game g(loaps());
  Limits limits;
  limits.nodes = 30000;
  Engine a(8), b(8);
  b.set_threads(2);
  b.set_threads(1);
  const SearchResult ra = a.search(g, limits), rb = b.search(g, limits);
  EXPECT_EQ(ra.nodes, rb.nodes);
  EXPECT_EQ(ra.pv, rb.pv);
}

TEST(Threads, StopEndsEveryThread) {
  Engine engine(8);
  engine.set_threads(3);
  std::promise<void> started;
  bool signalled = false;
  engine.on_iteration = [&](const SearchInfo& i) {
    if (i.depth == 3 && !signalled) signalled = true, started.set_value();
  };
  const Game g(olympiad());
  auto result = std::async(std::launch::async, [&] { return engine.search(g, Limits{}); });
  started.get_future().wait();
  engine.stop();
  const SearchResult r = result.get();  // returns only once every helper has joined
  EXPECT_TRUE(g.is_legal(r.best));
  engine.clear_stop();
  Limits depth4;
  depth4.depth = 4;
  EXPECT_EQ(engine.search(g, depth4).depth, 4);
}

TEST(TimeBudget, MovetimeAndClock) {
  const Game g(olympiad());
  Limits movetime;
  movetime.movetime_ms = 100;
  EXPECT_EQ(time_budget(movetime, g).hard_ms, 90);
  Limits clock;
  clock.time_ms = {60000, 60000};
  const TimeBudget b = time_budget(clock, g);
  EXPECT_GT(b.soft_ms, 0);
  EXPECT_LE(b.soft_ms, b.hard_ms);
  EXPECT_LE(b.hard_ms, 60000 / 3);
  // Near the ply limit few moves remain, so more of the clock is spent.
  const Game late = test::game_from_text(loaps(), "1bb1bb1/w5w/w5w/7/w5w/w5w/1bb1bb1 b 96");
  const Game early(loaps());
  EXPECT_GT(time_budget(clock, late).soft_ms, time_budget(clock, early).soft_ms);
  EXPECT_LE(time_budget(clock, late).hard_ms, 60000 / 3);
  // No limits: no budget.
  EXPECT_EQ(time_budget(Limits{}, g).hard_ms, 0);
}

}  // namespace
}  // namespace loa
