#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>

#include "helpers.hpp"
#include "loa/board/movegen.hpp"
#include "loa/play/match.hpp"
#include "loa/search/eval.hpp"

namespace loa {
namespace {

// The board mirrored in the a1-h8 diagonal with the colours swapped: the
// start position maps to itself, and every feature is symmetric.
Game transposed(const Game& g) {
  Bitboard pieces[2] = {0, 0};
  for (Color c : {Black, White})
    for (Bitboard b = g.position().pieces(c); b;) {
      const Square s = pop_lsb(b);
      pieces[~c] |= square_bb(make_square(rank_of(s), file_of(s)));
    }
  return *Game::from_setup(g.rules(), pieces[0], pieces[1], ~g.side_to_move(), g.ply(),
                           {g.points(White), g.points(Black)});
}

TEST(Eval, SymmetricUnderColourSwap) {
  std::mt19937_64 rng(3);
  for (auto name : preset_names()) {
    for (int i = 0; i < 50; ++i) {
      const Game g = random_opening(*preset(name), 1 + i % 30, rng);
      const Game t = transposed(g);
      if (t.over()) continue;
      EXPECT_EQ(evaluate(g), evaluate(t)) << name << " " << to_position_text(g);
      EvalWeights w;
      w.walls = 10;  // off by default: checked on its own
      EXPECT_EQ(evaluate(g, w), evaluate(t, w)) << name << " " << to_position_text(g);
    }
  }
}

TEST(Eval, Features) {
  // A 3x3 block around d4 and one far piece.
  const Game g = test::game_from_text(olympiad(), "w7/8/8/8/2bbb3/2bbb3/2bbb3/7w b");
  const SideFeatures f = side_features(g.position(), Black);
  EXPECT_EQ(f.pieces, 9);
  EXPECT_EQ(f.surplus, 0);
  EXPECT_EQ(f.groups, 1);
  EXPECT_EQ(f.quads, 4);
  EXPECT_EQ(f.area, 9);
  EXPECT_EQ(f.adjacent_pairs, 20);
  EXPECT_EQ(f.mobility, g.position().count_moves());
  const SideFeatures w = side_features(g.position(), White);
  EXPECT_EQ(w.groups, 2);
  EXPECT_EQ(w.area, 64);
}

// The bit-parallel features against their definitions, piece by piece, and
// both sides' mobility against the move generator, in random positions.
TEST(Eval, FeaturesMatchTheirDefinitions) {
  std::mt19937_64 rng(5);
  int checked = 0;
  for (auto name : preset_names()) {
    for (int i = 0; i < 40; ++i) {
      const Game g = random_opening(*preset(name), 1 + i % 40, rng);
      for (Color c : {Black, White}) {
        const SideFeatures f = side_features(g.position(), c);
        const Bitboard own = g.position().pieces(c);
        const int n = popcount(own);
        int sum_f = 0, sum_r = 0;
        for (Bitboard b = own; b;) {
          const Square s = pop_lsb(b);
          sum_f += file_of(s), sum_r += rank_of(s);
        }
        const int cf = (2 * sum_f + n) / (2 * n), cr = (2 * sum_r + n) / (2 * n);
        int distance = 0;
        for (Bitboard b = own; b;) {
          const Square s = pop_lsb(b);
          distance += std::max(std::abs(file_of(s) - cf), std::abs(rank_of(s) - cr));
        }
        const int fewest = n <= 9 ? n - 1 : 8 + 2 * (n - 9);
        ASSERT_EQ(f.surplus, distance - fewest) << name << " " << to_position_text(g);
        // Mobility: the generator's count for the side, as if it were to move.
        const Position as_mover(g.position().size(), g.position().pieces(Black), g.position().pieces(White), c);
        MoveList moves;
        generate(as_mover, moves);
        ASSERT_EQ(f.mobility, moves.size()) << name << " " << to_position_text(g);
        const MoveCounts counts = g.position().move_counts();
        ASSERT_EQ(c == g.side_to_move() ? counts.own : counts.opp, moves.size()) << name << " " << to_position_text(g);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(Eval, WallsCountEdgePiecesHemmedInByTheOpponent) {
  // a1 black is hemmed from b1 and from a2 (twice); b2 is not on an edge.
  // White b1 (b2 above it) and a2 (b2 beside it) are hemmed once each.
  const Game g = test::game_from_text(olympiad(), "8/8/8/8/8/8/wb6/bw6 b");
  EXPECT_EQ(side_features(g.position(), Black).walls, 2);
  EXPECT_EQ(side_features(g.position(), White).walls, 2);
  // On the 7x7 board the last file is g and the last rank 7.
  const Game l = test::game_from_text(loaps(), "5wb/7/7/7/7/7/b6 b");
  EXPECT_EQ(side_features(l.position(), Black).walls, 1);  // g7, with f7 white beside it
  EXPECT_EQ(side_features(l.position(), White).walls, 0);  // f7: f6 is empty
}

TEST(Eval, PrefersTheBetterConnectedSide) {
  // Black compact, white scattered, and the same with the roles swapped.
  const Game compact = test::game_from_text(olympiad(), "w6w/8/8/3bb3/3bb3/8/8/w6w b");
  EXPECT_GT(evaluate(compact), 100);
  const Game scattered = test::game_from_text(olympiad(), "b6b/8/8/3ww3/3ww3/8/8/b6b b");
  EXPECT_LT(evaluate(scattered), -100);
}

TEST(Eval, PointsMatterOnlyUnderPointsRules) {
  const char* board = "1bb1bb1/w5w/w5w/7/w5w/w5w/1bb1bb1 b 10";
  const Game even = test::game_from_text(loaps(), std::string(board) + " 0 0");
  const Game ahead = test::game_from_text(loaps(), std::string(board) + " 6 0");
  const Game far_behind = test::game_from_text(loaps(), std::string(board) + " 0 30");
  EXPECT_GT(evaluate(ahead), evaluate(even));
  EXPECT_LT(evaluate(far_behind), evaluate(even));
  // The game is drawn at the limit whatever the points: the evaluation of
  // the last ply's position is small.
  const Game last = test::game_from_text(loaps(), "1bb1bb1/w5w/w5w/7/w5w/w5w/1bb1bb1 b 100 20 0");
  EXPECT_EQ(evaluate(last), 0);
}

}  // namespace
}  // namespace loa
