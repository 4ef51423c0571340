#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "helpers.hpp"
#include "loa/text/notation.hpp"

namespace loa {
namespace {

TEST(Notation, Squares) {
  EXPECT_EQ(square_name(0), "a1");
  EXPECT_EQ(square_name(63), "h8");
  EXPECT_EQ(*parse_square("c5", 8), make_square(2, 4));
  EXPECT_FALSE(parse_square("h8", 7).ok());
  EXPECT_FALSE(parse_square("i1", 8).ok());
  EXPECT_FALSE(parse_square("a0", 8).ok());
  EXPECT_FALSE(parse_square("a", 8).ok());
  EXPECT_FALSE(parse_square("", 8).ok());
}

TEST(Notation, MovesRoundTripInEveryForm) {
  const Game g(olympiad());
  for (Move m : g.legal_moves()) {
    const std::string text = move_text(m);
    EXPECT_EQ(*parse_move(text, g), m) << text;
    const std::string bare = square_name(m.from()) + square_name(m.to());
    EXPECT_EQ(*parse_move(bare, g), m) << bare;
    EXPECT_EQ(*parse_move("  " + text + "\n", g), m);
  }
  EXPECT_EQ(move_text(*parse_move("c1xa3", g)), "c1xa3");
  // Liberal in what it reads: "-" on a capture, capitals, written canonically.
  EXPECT_EQ(move_text(*parse_move("c1-a3", g)), "c1xa3");
  EXPECT_EQ(move_text(*parse_move("C1A3", g)), "c1xa3");
  EXPECT_EQ(move_text(*parse_move("B1-B3", g)), "b1-b3");
}

TEST(Notation, BadMovesAreErrorsThatSayWhy) {
  const Game g(olympiad());
  EXPECT_NE(parse_move("b1xb3", g).error().find("captures nothing"), std::string::npos);
  EXPECT_NE(parse_move("a2-a4", g).error().find("no black piece"), std::string::npos);
  EXPECT_NE(parse_move("b1-b4", g).error().find("not a legal move"), std::string::npos);
  EXPECT_FALSE(parse_move("pass", g).ok());
  for (auto junk : {"", "b1", "b1--b3", "b1-b3-", "zz-zz", "b1 b3", "\x01\x02\x03\x04", "b1+b3"})
    EXPECT_FALSE(parse_move(junk, g).ok()) << junk;
  EXPECT_EQ(move_text(Move::pass()), "pass");
}

TEST(Notation, KattisRowsFromTheTop) {
  const Game g(kattis());
  const auto m = parse_kattis_move("8 2 6 4", g);
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(move_text(*m), "b1-d3");
  EXPECT_EQ(kattis_move_text(*m, 8), "8 2 6 4");
  for (auto junk : {"8 2 6", "8 2 6 4 1", "9 2 6 4", "0 2 6 4", "a b c d", "8 2 6 4x", "-8 2 6 4"})
    EXPECT_FALSE(parse_kattis_move(junk, g).ok()) << junk;
}

TEST(Notation, KattisSampleInteractionReplaysUntilItsIllegalLine) {
  std::ifstream in(test::test_data_dir() / "seeds" / "kattis-lines-of-action.txt");
  ASSERT_TRUE(in) << "tests/data/seeds/kattis-lines-of-action.txt is missing";
  std::string line;
  while (std::getline(in, line) && line.find("Sample Interaction") == std::string::npos) {
  }
  std::vector<std::string> moves;
  while (std::getline(in, line) && line.find("CPU") == std::string::npos) moves.push_back(line);
  ASSERT_EQ(moves.size(), 15u);
  Game g(kattis());
  for (int i = 0; i < 13; ++i) {
    const auto m = parse_kattis_move(moves[i], g);
    ASSERT_TRUE(m.ok()) << "line " << i + 1 << ": " << m.error();
    g.play(*m);
    EXPECT_FALSE(g.over());
  }
  // The 14th line (8 2 8 6) is not legal under the stated rules: row 8 then
  // holds three pieces (tests/data/README.md).
  EXPECT_EQ(moves[13], "8 2 8 6");
  EXPECT_FALSE(parse_kattis_move(moves[13], g).ok());
}

TEST(Notation, VoteySquaresAndCodes) {
  const Game g(votey());
  // "the black piece on square 14 can move to either squares 32, 34, or 36"
  std::set<int> targets;
  for (Move m : g.legal_moves())
    if (votey_square(m.from(), 8) == 14) targets.insert(votey_square(m.to(), 8));
  EXPECT_EQ(targets, (std::set<int>{32, 34, 36}));
  const auto m = parse_votey_code(1434, g);
  ASSERT_TRUE(m.ok());
  EXPECT_FALSE(m->claims_win);
  EXPECT_EQ(votey_code(m->move, 8, false), 1434);
  EXPECT_EQ(votey_code(m->move, 8, true), -1434);
  EXPECT_TRUE(parse_votey_code(-1434, g)->claims_win);
  for (long long junk : {0LL, 1LL, 1490LL, 9999LL, 12345LL, -1LL, 1414LL, 2131LL})
    EXPECT_FALSE(parse_votey_code(junk, g).ok()) << junk;
}

TEST(Notation, PotmSquares) {
  const Game g(loaps());
  const auto m = parse_potm_move("b1 b3", g);
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(potm_move_text(*m), "b1 b3");
  for (auto junk : {"b1", "b1 b3 b4", "b1-b3", "h1 h3", "b1 b9", ""})
    EXPECT_FALSE(parse_potm_move(junk, g).ok()) << junk;
}

}  // namespace
}  // namespace loa
