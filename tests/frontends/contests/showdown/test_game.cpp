// Every rule and every result word of the SHOWDOWN text, one test each.
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "showdown/game.hpp"

namespace showdown {
namespace {

using testing::play;
using testing::walk;
using Results = std::vector<std::string>;

// Player one walks to `target` (player two asking HELP), and it is its turn
// again.
void player_one_to(Game& g, Square target) {
  walk(g, 0, target);
  while (g.to_act() != 0) play(g, {"HELP"});
}

TEST(ShowdownGame, StartsInOppositeCorners) {
  Game g;
  EXPECT_EQ(g.position(0), (Square{0, 0}));
  EXPECT_EQ(g.position(1), (Square{8, 25}));
  EXPECT_EQ(g.to_act(), 0);
  EXPECT_EQ(g.turn(), 1);
  EXPECT_EQ(kSquares, 234);
}

TEST(ShowdownGame, MoveOkAndError) {
  Game g;
  // One step along a row or a column is OK; anything else is ERROR and
  // leaves the player where it was: diagonal, two squares, off the board,
  // its own square.
  EXPECT_EQ(play(g, {"MOVE B 1", "MOVE I 25"}), (Results{"OK", "OK"}));
  EXPECT_EQ(g.position(0), (Square{1, 0}));
  EXPECT_EQ(play(g, {"MOVE C 2", "MOVE I 23", "MOVE B 0", "MOVE J 25", "MOVE B 1", "MOVE I 26"}),
            (Results{"ERROR", "ERROR", "ERROR", "ERROR", "ERROR", "OK"}));
  EXPECT_EQ(g.position(0), (Square{1, 0}));
  EXPECT_EQ(g.position(1), (Square{8, 25}));
  EXPECT_EQ(g.stats(0).errors, 3);
  EXPECT_EQ(g.stats(0).moves, 4);
}

TEST(ShowdownGame, MoveIntoAWallIsOuch) {
  Game g;
  EXPECT_EQ(play(g, {"RADAR", "WALL A 2", "MOVE A 2"}), (Results{"AT I 26", "OK", "OUCH"}));
  EXPECT_EQ(g.position(0), (Square{0, 0}));
  EXPECT_TRUE(g.wall({0, 1}));  // bumping does not remove it
  EXPECT_EQ(g.stats(0).ouches, 1);
}

TEST(ShowdownGame, MoveOntoTheOpponentIsHello) {
  Game g;
  player_one_to(g, {8, 24});  // I 25, next to player two
  EXPECT_EQ(play(g, {"MOVE I 26"}), (Results{"HELLO"}));
  EXPECT_EQ(g.position(0), (Square{8, 24}));
  EXPECT_EQ(play(g, {"MOVE I 25"}), (Results{"HELLO"}));  // and the other way round
}

TEST(ShowdownGame, RadarReportsTheOpponentNow) {
  Game g;
  EXPECT_EQ(play(g, {"RADAR", "MOVE H 26", "RADAR", "RADAR"}), (Results{"AT I 26", "OK", "AT H 26", "AT A 1"}));
  EXPECT_EQ(g.stats(0).radars, 2);
}

TEST(ShowdownGame, WallOkOopsAndError) {
  Game g;
  // Anywhere but on oneself (ERROR) or on the opponent (OOPS, no wall);
  // an existing wall may be built again; off the board is ERROR.
  EXPECT_EQ(play(g, {"WALL E 13", "WALL E 13", "WALL A 1", "WALL A 1", "WALL I 26", "WALL J 1", "WALL A 27"}),
            (Results{"OK", "OK", "ERROR", "OOPS", "OOPS", "ERROR", "ERROR"}));
  EXPECT_TRUE(g.wall({4, 12}));
  EXPECT_FALSE(g.wall({0, 0}));
  EXPECT_FALSE(g.wall({8, 25}));
  EXPECT_EQ(g.walls().count(), 1u);
}

TEST(ShowdownGame, WallOnTheOpponentsHomeOnceItHasLeft) {
  Game g;
  EXPECT_EQ(play(g, {"MOVE A 2", "WALL A 1", "MOVE A 1"}), (Results{"OK", "OK", "OUCH"}));
  EXPECT_EQ(g.position(0), (Square{0, 1}));
}

TEST(ShowdownGame, ZapMiss) {
  Game g;
  EXPECT_EQ(play(g, {"ZAP A 26", "ZAP I 1"}), (Results{"MISS", "MISS"}));
  EXPECT_EQ(g.stats(0).zaps, 1);
}

TEST(ShowdownGame, ZapBoomRemovesOnlyTheFirstWall) {
  Game g;
  // Walls at A 5 and A 9 on player one's row: the first ZAP removes A 5,
  // the second A 9, the third goes to the end of the row.
  EXPECT_EQ(play(g, {"RADAR", "WALL A 5", "RADAR", "WALL A 9", "ZAP A 2", "HELP", "ZAP A 26", "HELP", "ZAP A 3"}),
            (Results{"AT I 26", "OK", "AT I 26", "OK", "BOOM", "LOC I 26", "BOOM", "LOC I 26", "MISS"}));
  EXPECT_FALSE(g.wall({0, 4}));
  EXPECT_FALSE(g.wall({0, 8}));
}

TEST(ShowdownGame, ZapHitPutsTheOpponentToSleepForOneTurn) {
  Game g;
  player_one_to(g, {8, 0});  // I 1, on player two's row
  const int before = g.turn();
  // The ray goes past the square named (I 2) to the first thing on the row.
  EXPECT_EQ(play(g, {"ZAP I 2"}), (Results{"HIT"}));
  EXPECT_TRUE(g.asleep() && g.to_act() == 1);
  g.sleep();
  // Player one gets another turn before player two goes again, and the
  // lost turn counts as one of player two's.
  EXPECT_EQ(g.to_act(), 0);
  EXPECT_EQ(g.turn(), before + 1);
  EXPECT_EQ(g.stats(1).slept, 1);
  EXPECT_EQ(play(g, {"RADAR", "RADAR"}), (Results{"AT I 26", "AT I 1"}));
  EXPECT_EQ(g.stats(0).hits, 1);
  EXPECT_EQ(g.score(0).zaps, 7);
}

TEST(ShowdownGame, RepeatedZapKeepsTheOpponentAsleep) {
  Game g;
  player_one_to(g, {8, 0});  // I 1, on player two's row
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(play(g, {"ZAP I 26"}), (Results{"HIT"}));
    ASSERT_TRUE(g.asleep());
    g.sleep();
  }
  EXPECT_EQ(g.stats(1).slept, 5);
  EXPECT_EQ(g.score(0).zaps, 35);
}

TEST(ShowdownGame, ZapStopsAtTheFirstThingItMeets) {
  Game g;
  player_one_to(g, {8, 0});  // I 1, on player two's row
  // A wall between: BOOM, and the opponent behind it stays awake.
  EXPECT_EQ(play(g, {"WALL I 13", "HELP", "ZAP I 26"}), (Results{"OK", "LOC I 26", "BOOM"}));
  EXPECT_FALSE(g.asleep());
  EXPECT_EQ(g.stats(0).hits, 0);
}

TEST(ShowdownGame, ZapErrors) {
  Game g;
  // Not on our row or column, at ourselves, off the board.
  EXPECT_EQ(play(g, {"ZAP B 2", "ZAP I 26", "ZAP A 1", "HELP", "ZAP A 27"}),
            (Results{"ERROR", "ERROR", "ERROR", "LOC I 26", "ERROR"}));
}

TEST(ShowdownGame, HelpTellsThePlayerWhereItIs) {
  Game g;
  EXPECT_EQ(play(g, {"MOVE B 1", "HELP", "HELP"}), (Results{"OK", "LOC I 26", "LOC B 1"}));
  EXPECT_EQ(g.stats(0).helps, 1);
}

TEST(ShowdownGame, PlayerTwoArrivingEndsTheGameAtOnce) {
  Game g;
  play(g, {"MOVE A 2"});  // out of player two's way
  walk(g, 1, {0, 0});
  EXPECT_TRUE(g.over());
  EXPECT_EQ(g.ending(), Ending::Win);
  EXPECT_EQ(g.winner(), 1);
  EXPECT_EQ(g.stats(1).arrived, 33);  // the quickest game: 8 + 25 moves
  EXPECT_EQ(g.score(1).total(), 1000 + 3 * (100 - 33));
  EXPECT_EQ(g.score(0).total(), 0);  // the loser gets no progress points
}

TEST(ShowdownGame, PlayerOneArrivingLeavesPlayerTwoItsTurn) {
  Game g;
  EXPECT_EQ(play(g, {"HELP", "MOVE I 25"}), (Results{"LOC A 1", "OK"}));
  walk(g, 0, {8, 25});  // along row A and down column 26: player one arrives on turn 34
  EXPECT_EQ(g.stats(0).arrived, 34);
  EXPECT_FALSE(g.over());
  EXPECT_EQ(g.to_act(), 1);
  play(g, {"RADAR"});
  EXPECT_TRUE(g.over());
  EXPECT_EQ(g.winner(), 0);
  EXPECT_EQ(g.score(0).result, 1000);
  EXPECT_EQ(g.score(0).speed, 3 * (100 - 34));
}

TEST(ShowdownGame, BothArrivingInTheSameTurnIsATie) {
  Game g;
  // Both race on disjoint routes: player one along row A then down column
  // 26; player two along row I then up column 1.
  for (int i = 1; i <= 33; ++i) {
    const Square one = i <= 25 ? Square{0, i} : Square{i - 25, 25};
    const Square two = i <= 25 ? Square{8, 25 - i} : Square{8 - (i - 25), 0};
    ASSERT_EQ(g.play({Action::Move, one}).outcome, Outcome::Ok) << i;
    ASSERT_FALSE(g.over());
    ASSERT_EQ(g.play({Action::Move, two}).outcome, Outcome::Ok) << i;
  }
  EXPECT_TRUE(g.over());
  EXPECT_EQ(g.ending(), Ending::Tie);
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(g.score(p).result, 500);
    EXPECT_EQ(g.score(p).speed, 201);
  }
}

TEST(ShowdownGame, HundredTurnsEachAtMost) {
  Game g;
  int slots = 0;
  while (!g.over()) {
    g.play({Action::Radar, {}});
    ++slots;
  }
  EXPECT_EQ(slots, 200);
  EXPECT_EQ(g.turn(), 100);
  EXPECT_EQ(g.ending(), Ending::TurnLimit);
  EXPECT_EQ(g.score(0).total(), 0);  // nobody moved
}

TEST(ShowdownGame, ProgressPointsOnlyWhenNobodyArrives) {
  Game g;
  walk(g, 0, {4, 10});  // 4 rows and 10 columns from A 1
  while (!g.over()) g.play({Action::Radar, {}});
  EXPECT_EQ(g.score(0).progress, 11 * 14);
  EXPECT_EQ(g.score(1).progress, 0);
}

TEST(ShowdownGame, ProgressPointsAtMost352) {
  // One step short of the goal is as far as a player gets without arriving:
  // 11 * (7 + 25) = 352, the text's figure.
  Game g;
  play(g, {"HELP", "MOVE I 25"});  // player two out of the way of the walk
  walk(g, 0, {7, 25});
  while (!g.over()) g.play({Action::Radar, {}});
  EXPECT_EQ(g.score(0).progress, 352);
}

TEST(ShowdownGame, OuchScoresForTheOpponentEvenOnItsOwnWall) {
  Game g;
  // Player two bumps into its own wall: 15 points for player one.
  EXPECT_EQ(play(g, {"HELP", "WALL H 26", "HELP", "MOVE H 26", "HELP", "MOVE H 26"}),
            (Results{"LOC A 1", "OK", "LOC A 1", "OUCH", "LOC A 1", "OUCH"}));
  EXPECT_EQ(g.score(0).ouches, 30);
  EXPECT_EQ(g.score(1).ouches, 0);
}

TEST(ShowdownGame, SleepingTurnsCountTowardTheArrivalTurn) {
  Game g;
  player_one_to(g, {8, 0});  // I 1, on player two's row
  const int start = g.turn();
  for (int i = 0; i < 3; ++i) {  // three turns asleep
    play(g, {"ZAP I 26"});
    g.sleep();
  }
  EXPECT_EQ(g.turn(), start + 3);
}

TEST(ShowdownGame, ForfeitedTurnIsAnError) {
  Game g;
  EXPECT_EQ(to_string(g.forfeit_turn()), "ERROR");
  EXPECT_EQ(g.stats(0).errors, 1);
  EXPECT_EQ(g.to_act(), 1);
}

TEST(ShowdownMatch, TieBreakersInTheirOrder) {
  MatchTally a, b;
  a.score = b.score = 900;
  const char* reason = nullptr;
  a.moves = 60, b.moves = 70;
  EXPECT_EQ(decide_match(a, b, &reason), 0);
  EXPECT_STREQ(reason, "fewest MOVEs");
  b.moves = 60, a.ouches = 2, b.ouches = 1;
  EXPECT_EQ(decide_match(a, b, &reason), 1);
  EXPECT_STREQ(reason, "fewest OUCHs");
  a.ouches = 1, a.radars = 3, b.radars = 4;
  EXPECT_EQ(decide_match(a, b, &reason), 1);
  EXPECT_STREQ(reason, "most RADARs");
  a.radars = 4, a.walls = 5, b.walls = 2;
  EXPECT_EQ(decide_match(a, b, &reason), 0);
  EXPECT_STREQ(reason, "most WALLs");
  a.walls = 2;
  EXPECT_EQ(decide_match(a, b, &reason), std::nullopt);  // sizes unknown
  a.executable_size = 5000, b.executable_size = 4000;
  EXPECT_EQ(decide_match(a, b, &reason), 1);
  EXPECT_STREQ(reason, "smallest executable");
  a.score = 901;  // the score comes first
  EXPECT_EQ(decide_match(a, b, &reason), 0);
  EXPECT_STREQ(reason, "score");
}

}  // namespace
}  // namespace showdown
