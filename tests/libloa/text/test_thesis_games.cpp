// The 16 games of Winands' MSc thesis, replayed move by move.
#include <gtest/gtest.h>

#include "helpers.hpp"

namespace loa {
namespace {

TEST(ThesisGames, ReplayLegallyAndEndWithTheRightWinner) {
  const auto files = test::thesis_game_files();
  ASSERT_FALSE(files.empty());
  EXPECT_EQ(files.size(), 16u);
  for (const auto& file : files) {
    SCOPED_TRACE(file.filename().string());
    const auto moves = test::read_numbered_game(file);
    ASSERT_GT(moves.size(), 4u);
    Game game(olympiad());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      ASSERT_FALSE(game.over()) << "game over before move " << i + 1 << " " << moves[i];
      const auto m = parse_move(moves[i], game);
      ASSERT_TRUE(m.ok()) << "move " << i + 1 << ": " << m.error();
      ASSERT_EQ(move_text(*m), moves[i]) << "capture marker";
      game.play(*m);
    }
    if (file.filename().string().find("incomplete") != std::string::npos) {
      EXPECT_FALSE(game.over());
      continue;
    }
    // The last move connects the mover, who wins.
    const Color mover = ~game.side_to_move();
    EXPECT_EQ(game.outcome().reason, EndReason::Connection);
    ASSERT_TRUE(game.outcome().winner().has_value());
    EXPECT_EQ(*game.outcome().winner(), mover);
    EXPECT_EQ(moves.size() % 2 == 1, mover == Black);
  }
}

}  // namespace
}  // namespace loa
