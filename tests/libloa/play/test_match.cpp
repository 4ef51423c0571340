#include <gtest/gtest.h>

#include <cmath>

#include "loa/play/match.hpp"

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
  MatchOptions o;
  o.rules = loaps();
  o.first = "random";
  o.second = "greedy";
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
  MatchOptions o;
  o.rules = olympiad();
  o.first = o.second = "random";
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

TEST(Match, BadPlayerSpecIsAnError) {
  MatchOptions o;
  o.rules = olympiad();
  o.first = "engine";
  o.second = "nobody";
  EXPECT_FALSE(run_match(o).ok());
}

}  // namespace
}  // namespace loa

namespace loa {
namespace {

TEST(Sprt, BoundsAndDirection) {
  const Sprt t{0, 10, 0.05, 0.05};
  EXPECT_NEAR(t.lower(), std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(t.upper(), std::log(0.95 / 0.05), 1e-12);
  EXPECT_EQ(t.llr(MatchStats{}), 0);
  // Even results favour H0 (elo 0), a clear lead H1, and more games of the
  // same kind strengthen the verdict.
  EXPECT_LT(t.llr(MatchStats{500, 500, 0}), 0);
  EXPECT_GT(t.llr(MatchStats{600, 400, 0}), t.upper());
  EXPECT_GT(t.llr(MatchStats{1200, 800, 0}), t.llr(MatchStats{600, 400, 0}));
  // All games won: still decides.
  EXPECT_GT(t.llr(MatchStats{200, 0, 0}), t.upper());
}

}  // namespace
}  // namespace loa
