#include <gtest/gtest.h>

#include <random>

#include "helpers.hpp"
#include "loa/text/position_text.hpp"

namespace loa {
namespace {

TEST(PositionText, StartPositions) {
  EXPECT_EQ(to_position_text(Game(olympiad())), "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 0 0 0");
  EXPECT_EQ(to_position_text(Game(loaps())), "1bb1bb1/w5w/w5w/7/w5w/w5w/1bb1bb1 b 0 0 0");
}

TEST(PositionText, RoundTripsEveryFieldUnderRandomPlay) {
  std::mt19937_64 rng(7);
  for (auto name : preset_names()) {
    const Rules rules = *preset(name);
    for (int game_no = 0; game_no < 20; ++game_no) {
      Game g(rules);
      while (!g.over()) {
        const std::string text = to_position_text(g);
        const auto back = parse_position_text(text, rules);
        ASSERT_TRUE(back.ok()) << text << ": " << back.error();
        EXPECT_EQ(to_position_text(*back), text);
        EXPECT_EQ(back->key(), g.key());
        EXPECT_EQ(back->ply(), g.ply());
        EXPECT_EQ(back->points(Black), g.points(Black));
        EXPECT_EQ(back->legal_moves().size(), g.legal_moves().size());
        g.play(test::random_move(g, rng));
      }
      // A finished game reads back finished, with the same result (except a
      // repetition, whose history the text does not hold).
      const auto back = parse_position_text(to_position_text(g), rules);
      ASSERT_TRUE(back.ok());
      if (g.outcome().reason != EndReason::Repetition) {
        EXPECT_EQ(back->outcome().state, g.outcome().state) << name;
      }
    }
  }
}

TEST(PositionText, ShortFormsAndErrors) {
  EXPECT_TRUE(parse_position_text("1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w", olympiad()).ok());
  const char* bad[] = {
      "",
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1",            // no side
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 x",          // bad side
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w b",                   // 7 ranks for 8x8
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbbb1 b",         // 9 squares
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbb1 b",           // 7 squares
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbqbbb1 b",          // bad piece
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1/8 b",        // extra rank
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b -1",       // negative ply
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 0 0 0 0",  // too many fields
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 0 x 0",    // bad points
      "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 99999999999999999999",
      "8/8/8/8/8/8/8/1bbbbbb1 b",                               // white has no piece
      "bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/8/8/w7 b",  // 40 black pieces
  };
  for (const char* text : bad) EXPECT_FALSE(parse_position_text(text, olympiad()).ok()) << text;
  EXPECT_FALSE(parse_position_text("1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b", loaps()).ok());
}

}  // namespace
}  // namespace loa
