// Invariants of the fast board under random play, for every preset.
#include <gtest/gtest.h>

#include <array>
#include <random>

#include "helpers.hpp"
#include "loa/board/movegen.hpp"
#include "loa/board/position.hpp"

namespace loa {
namespace {

class PositionInvariants : public ::testing::TestWithParam<std::string_view> {};

TEST_P(PositionInvariants, MakeUnmakeAndIncrementalStateUnderRandomPlay) {
  const Rules rules = *preset(GetParam());
  std::mt19937_64 rng(0xC0FFEE);
  int positions = 0;
  for (int game_no = 0; game_no < 60; ++game_no) {
    Game game(rules);
    while (!game.over()) {
      const Position before = game.position();
      ASSERT_TRUE(before.consistent());
      MoveList list;
      generate(before, list);
      ASSERT_EQ(before.count_moves(), list.size()) << to_position_text(game);
      ASSERT_EQ(before.has_move(), !list.empty());
      // Every generated move is found again by origin and destination, and
      // every move made and unmade restores the board and the hash exactly.
      for (Move m : list) {
        ASSERT_EQ(before.find_move(m.from(), m.to()), m);
        Position p = before;
        p.make(m);
        ASSERT_TRUE(p.consistent()) << move_text(m);
        ASSERT_EQ(before.key_after(m), p.key()) << move_text(m);
        ASSERT_NE(p.key(), before.key());
        p.unmake(m);
        ASSERT_EQ(p, before) << move_text(m);
      }
      // find_move answers every origin and destination, legal or not, as
      // the generator does (in every eighth position: 4,096 pairs each).
      if (positions % 8 == 0) {
        std::array<std::array<Move, kSquares>, kSquares> generated{};
        for (Move m : list) generated[m.from()][m.to()] = m;
        for (Square from = 0; from < kSquares; ++from)
          for (Square to = 0; to < kSquares; ++to)
            ASSERT_EQ(before.find_move(from, to), generated[from][to])
                << to_position_text(game) << " " << from << " " << to;
      }
      const Key game_key = game.key();
      const std::string text = to_position_text(game);
      const Outcome outcome = game.outcome();
      const Move m = test::random_move(game, rng);
      const Key predicted = game.key_after(m);
      game.play(m);
      // The key the search prefetches is the key it will probe, points and
      // all, unless the move ended the game (connection points are not in it).
      if (!game.over()) {
        ASSERT_EQ(game.key(), predicted) << text << " " << move_text(m);
      }
      game.undo();
      ASSERT_EQ(game.key(), game_key);
      ASSERT_EQ(to_position_text(game), text);
      ASSERT_EQ(game.outcome(), outcome);
      game.play(m);
      ++positions;
    }
  }
  EXPECT_GT(positions, 1000);
}

INSTANTIATE_TEST_SUITE_P(AllPresets, PositionInvariants, ::testing::ValuesIn(preset_names()), test::preset_test_name);

TEST(Position, PassFlipsOnlyTheSide) {
  Position p(8, standard_start()[Black], standard_start()[White], Black);
  const Position before = p;
  p.make(Move::pass());
  EXPECT_EQ(p.side_to_move(), White);
  EXPECT_EQ(p.pieces(Black), before.pieces(Black));
  EXPECT_NE(p.key(), before.key());
  p.unmake(Move::pass());
  EXPECT_EQ(p, before);
}

TEST(Position, BaseKeySeparatesRules) {
  const auto s = standard_start();
  const Position a(8, s[Black], s[White], Black, olympiad().key());
  const Position b(8, s[Black], s[White], Black, gamut().key());
  EXPECT_NE(a.key(), b.key());
  EXPECT_TRUE(a.consistent());
}

}  // namespace
}  // namespace loa
