#include <gtest/gtest.h>

#include <random>

#include "helpers.hpp"
#include "loa/play/match.hpp"
#include "loa/text/contest.hpp"

namespace loa {
namespace {

constexpr const char* kSample10 =
    "1 10\n1  4  5.34\n2  5  9.49\n.11....\n2....1.\n2.2.2..\n..1...1\n......2\n22.....\n.11....\n";

TEST(Contest, ReadsTheSampleFiles) {
  const auto in = parse_potm_input(kSample10);
  ASSERT_TRUE(in.ok()) << in.error();
  EXPECT_EQ(in->to_move, Black);
  EXPECT_EQ(in->move_number, 10);
  EXPECT_EQ(in->plies(), 18);
  EXPECT_EQ(in->points[Black], 4);
  EXPECT_EQ(in->points[White], 5);
  EXPECT_DOUBLE_EQ(in->seconds[Black], 5.34);
  EXPECT_DOUBLE_EQ(in->seconds[White], 9.49);
  EXPECT_TRUE(in->warnings.empty());
  const Game g = *Game::from_setup(loaps(), in->pieces[Black], in->pieces[White], in->to_move, in->plies(),
                                   {in->points[Black], in->points[White]});
  EXPECT_EQ(to_position_text(g), "1bb4/w4b1/w1w1w2/2b3b/6w/ww5/1bb4 b 18 4 5");
  const auto white =
      parse_potm_input("2 28\n1 13  8.91\n2  7 40.7\n.1..11.\n2....2.\n.......\n...1.1.\n2.....2\n......2\n.1..1..\n");
  ASSERT_TRUE(white.ok());
  EXPECT_EQ(white->to_move, White);
  EXPECT_EQ(white->plies(), 55);
}

TEST(Contest, WritesWhatItReads) {
  std::mt19937_64 rng(1);
  for (int i = 0; i < 50; ++i) {
    const Game g = random_opening(loaps(), i % 40, rng);
    const auto in = parse_potm_input(potm_input_text(g, {12.5, 0.25}));
    ASSERT_TRUE(in.ok()) << in.error();
    EXPECT_EQ(in->to_move, g.side_to_move());
    EXPECT_EQ(in->plies(), g.ply());
    EXPECT_EQ(in->pieces[Black], g.position().pieces(Black));
    EXPECT_EQ(in->pieces[White], g.position().pieces(White));
    EXPECT_EQ(in->points[Black], g.points(Black));
    EXPECT_DOUBLE_EQ(in->seconds[Black], 12.5);
    EXPECT_DOUBLE_EQ(in->seconds[White], 0.25);
  }
}

TEST(Contest, RecoversWhatItCanAndSaysSo) {
  const std::string board = ".11.11.\n2.....2\n2.....2\n.......\n2.....2\n2.....2\n.11.11.\n";
  const auto no_scores = parse_potm_input("2 3\n" + board);
  ASSERT_TRUE(no_scores.ok());
  EXPECT_EQ(no_scores->warnings.size(), 2u);
  EXPECT_EQ(no_scores->to_move, White);
  const auto bad_numbers = parse_potm_input("1 77\n1 x 5\n2 3 nan\n" + board);
  ASSERT_TRUE(bad_numbers.ok());
  EXPECT_EQ(bad_numbers->move_number, 1);
  EXPECT_EQ(bad_numbers->warnings.size(), 5u);
  const std::vector<std::string> bad_files = {
      "",                                                                                      // empty
      "1 1\n",                                                                                 // no board
      "1 1\n1 0 60\n2 0 60\n" + board.substr(8),                                               // six rows
      "0 1\n" + board,                                                                         // no such player
      "1 1\n" + board.substr(0, 8) + "2..x..2\n" + board.substr(16),                           // bad square
      "1 1\n1 0 60\n2 0 60\n.......\n2.....2\n2.....2\n.......\n2.....2\n2.....2\n.......\n",  // player 1: none
  };
  for (const std::string& bad : bad_files) EXPECT_FALSE(parse_potm_input(bad).ok()) << bad;
}

}  // namespace
}  // namespace loa
