#include <gtest/gtest.h>

#include "loa/match.hpp"

namespace loa {
namespace {

TEST(Match, EloFromScores) {
  MatchStats even{10, 10, 0};
  EXPECT_NEAR(even.elo().elo, 0, 1e-9);
  EXPECT_GT(even.elo().margin, 0);
  MatchStats strong{75, 25, 0};
  EXPECT_NEAR(strong.elo().elo, 190.8, 0.5);  // -400 log10(1/0.75 - 1)
  MatchStats sweep{100, 0, 0};
  EXPECT_GT(sweep.elo().elo, 700);
  EXPECT_EQ(MatchStats{}.games(), 0);
}

TEST(Match, ReproducibleAndIndependentOfConcurrency) {
  MatchOptions o{loaps(), "random", "greedy"};
  o.pairs = 10;
  o.seed = 3;
  const MatchStats one = *run_match(o);
  o.concurrency = 2;
  const MatchStats two = *run_match(o);
  EXPECT_EQ(one.games(), 20);
  EXPECT_EQ(one.wins, two.wins);
  EXPECT_EQ(one.losses, two.losses);
  EXPECT_EQ(one.draws, two.draws);
  EXPECT_GT(one.losses, one.wins) << "greedy beats random";
}

TEST(Match, PairsShareTheirOpeningWithColoursSwapped) {
  MatchOptions o{olympiad(), "random", "random"};
  o.pairs = 3;
  o.opening_plies = 6;
  std::vector<GameRecord> games(6);
  run_match(o, [&](int i, const GameRecord& g, const MatchStats&) { games[i] = g; });
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(games[2 * p].opening, games[2 * p + 1].opening);
    EXPECT_EQ(games[2 * p].opening.size(), 6u);
    EXPECT_EQ(games[2 * p].first_player_colour, Black);
    EXPECT_EQ(games[2 * p + 1].first_player_colour, White);
  }
}

TEST(Match, BadPlayerSpecIsAnError) { EXPECT_FALSE(run_match(MatchOptions{olympiad(), "engine", "nobody"}).ok()); }

}  // namespace
}  // namespace loa
