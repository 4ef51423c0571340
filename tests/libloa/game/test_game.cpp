// How games end under each preset, and LOAPS scoring, on hand-made positions.
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "loa/game/game.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/variant.hpp"

namespace loa {
namespace {

using test::game_from_text;
using test::play_moves;

// Black c5xc3 connects black (b1 b2 c3) and leaves white only h8.
constexpr const char* kSimultaneous8 = "7w/8/8/2b5/8/2w5/1b6/1b6 b";
// Black g5xg7 leaves white d4 d5 connected and black a1 g7 apart.
constexpr const char* kConnectsOpponent8 = "8/6w1/8/3w2b1/3w4/8/8/b7 b";
// Black a1 and h8 are walled in by white pieces; black has no move.
constexpr const char* kBlackStuck8 = "6wb/6ww/8/8/8/8/ww6/bw6 b";
// A full board in stripes: nobody can move, nobody is connected.
constexpr const char* kFullBoard8 = "bbwwbbww/bbwwbbww/bbwwbbww/bbwwbbww/bbwwbbww/bbwwbbww/bbwwbbww/bbwwbbww b";
// A four-ply cycle from the start: it returns to the same position.
constexpr const char* kCycle = "b1-b3 a2-c2 b3-b1 c2-a2 ";

TEST(GameEnd, SimultaneousConnectionDrawsUnderOlympiad) {
  Game g = game_from_text(olympiad(), kSimultaneous8);
  play_moves(g, "c5xc3");
  EXPECT_EQ(g.outcome(), (Outcome{GameState::Draw, EndReason::BothConnected}));
}

TEST(GameEnd, SimultaneousConnectionWinsForTheMoverElsewhere) {
  for (const Rules& r : {gamut(), kattis(), votey()}) {
    Game g = game_from_text(r, kSimultaneous8);
    play_moves(g, "c5xc3");
    EXPECT_EQ(g.outcome(), (Outcome{GameState::BlackWins, EndReason::BothConnected})) << r.name;
  }
}

TEST(GameEnd, CaptureThatConnectsOnlyTheOpponentLoses) {
  for (auto name : {"olympiad", "gamut", "kattis", "votey"}) {
    Game g = game_from_text(*preset(name), kConnectsOpponent8);
    play_moves(g, "g5xg7");
    EXPECT_EQ(g.outcome(), (Outcome{GameState::WhiteWins, EndReason::Connection})) << name;
  }
}

TEST(GameEnd, StuckPlayerPassesUnderOlympiadGamutVotey) {
  for (const Rules& r : {olympiad(), gamut(), votey()}) {
    Game g = game_from_text(r, kBlackStuck8);
    ASSERT_FALSE(g.over()) << r.name;
    const MoveList moves = g.legal_moves();
    ASSERT_EQ(moves.size(), 1);
    EXPECT_TRUE(moves[0].is_pass());
    EXPECT_TRUE(g.is_legal(Move::pass()));
    play_moves(g, "pass");
    EXPECT_FALSE(g.over());
    EXPECT_EQ(g.side_to_move(), White);
    EXPECT_FALSE(g.is_legal(Move::pass())) << "white can move, so may not pass";
  }
}

TEST(GameEnd, StuckPlayerDrawsUnderKattis) {
  const Game g = game_from_text(kattis(), kBlackStuck8);
  EXPECT_EQ(g.outcome(), (Outcome{GameState::Draw, EndReason::NoMove}));
  EXPECT_TRUE(g.legal_moves().empty());
}

TEST(GameEnd, MoveThatLeavesTheOpponentStuck) {
  // White h5-h7 walls in black's h8; black's a1 is walled in already.
  const char* before = "6wb/6w1/8/7w/8/8/ww6/bw6 w";
  Game k = game_from_text(kattis(), before);
  play_moves(k, "h5-h7");
  EXPECT_EQ(k.outcome(), (Outcome{GameState::Draw, EndReason::NoMove}));
  Game o = game_from_text(olympiad(), before);
  play_moves(o, "h5-h7");
  EXPECT_FALSE(o.over());
  EXPECT_TRUE(o.legal_moves()[0].is_pass());
}

TEST(GameEnd, NeitherSideCanMove) {
  Game o = game_from_text(olympiad(), kFullBoard8);
  ASSERT_FALSE(o.over());
  play_moves(o, "pass");
  EXPECT_EQ(o.outcome(), (Outcome{GameState::Draw, EndReason::BothPass}));
  EXPECT_EQ(game_from_text(kattis(), kFullBoard8).outcome(), (Outcome{GameState::Draw, EndReason::NoMove}));
}

TEST(GameEnd, ThirdOccurrenceDrawsUnderOlympiadAndGamut) {
  for (const Rules& r : {olympiad(), gamut()}) {
    Game g(r);
    play_moves(g, kCycle);
    EXPECT_EQ(g.occurrences(), 2);
    play_moves(g, "b1-b3 a2-c2 b3-b1");
    EXPECT_FALSE(g.over()) << r.name;
    play_moves(g, "c2-a2");
    EXPECT_EQ(g.occurrences(), 3);
    EXPECT_EQ(g.outcome(), (Outcome{GameState::Draw, EndReason::Repetition})) << r.name;
    g.undo();
    EXPECT_FALSE(g.over()) << "undo takes the draw back";
  }
}

TEST(GameEnd, CaptureResetsRepetition) {
  Game g(olympiad());
  play_moves(g, kCycle);
  EXPECT_EQ(g.occurrences(), 2);
  play_moves(g, "c1xa3");
  EXPECT_EQ(g.occurrences(), 1);
}

TEST(GameEnd, NoRepetitionRuleUnderVoteyAndKattis) {
  for (const Rules& r : {votey(), kattis()}) {
    Game g(r);
    for (int i = 0; i < 5; ++i) play_moves(g, kCycle);
    EXPECT_FALSE(g.over()) << r.name;
    EXPECT_EQ(g.occurrences(), 6);
  }
}

TEST(GameEnd, KattisDrawsAfterOneHundredMoves) {
  Game g(kattis());
  for (int i = 0; i < 24; ++i) play_moves(g, kCycle);
  play_moves(g, "b1-b3 a2-c2 b3-b1");
  EXPECT_EQ(g.ply(), 99);
  EXPECT_FALSE(g.over());
  play_moves(g, "c2-a2");
  EXPECT_EQ(g.outcome(), (Outcome{GameState::Draw, EndReason::PlyLimit}));
}

TEST(GameEnd, ConnectionOnTheLastMoveStillWins) {
  Game g = game_from_text(kattis(), std::string(kSimultaneous8) + " 99");
  play_moves(g, "c5xc3");
  EXPECT_EQ(g.outcome().state, GameState::BlackWins);
}

// CodinGame's referee: 150 turns in all then a draw, the mover first when
// both connect, no repetition rule (the cycle repeats freely).
TEST(GameEnd, CodinGameDrawsAfterOneHundredAndFiftyPlies) {
  Game g(codingame());
  for (int i = 0; i < 37; ++i) play_moves(g, kCycle);
  EXPECT_EQ(g.ply(), 148);
  EXPECT_FALSE(g.over());
  play_moves(g, "b1-b3");
  EXPECT_FALSE(g.over());
  play_moves(g, "a2-c2");
  EXPECT_EQ(g.outcome(), (Outcome{GameState::Draw, EndReason::PlyLimit}));
  Game last = game_from_text(codingame(), std::string(kSimultaneous8) + " 149");
  play_moves(last, "c5xc3");
  EXPECT_EQ(last.outcome().state, GameState::BlackWins) << "a connection on the 150th ply counts, for the mover";
}

TEST(GameEnd, PositionTextBeyondTheLimitIsRejected) {
  EXPECT_FALSE(parse_position_text(std::string(kSimultaneous8) + " 101", kattis()).ok());
  EXPECT_TRUE(parse_position_text(std::string(kSimultaneous8) + " 5000", olympiad()).ok());
}

// LOAPS (7x7, points).

TEST(Loaps, FiftyMovesEachDrawWhateverThePoints) {
  Game g = game_from_text(loaps(), "1bb1bb1/w5w/w5w/7/w5w/w5w/1bb1bb1 b 96 30 0");
  play_moves(g, "b1-b3 a2-c2 b3-b1");
  EXPECT_FALSE(g.over());
  play_moves(g, "c2-a2");
  EXPECT_EQ(g.outcome(), (Outcome{GameState::Draw, EndReason::PlyLimit}));
  EXPECT_EQ(g.points(Black), 30);
}

TEST(Loaps, LandingOnTheCentreScoresSevenEachTime) {
  Game g = game_from_text(loaps(), "3b3/3b3/7/7/7/7/w2b2w b");
  play_moves(g, "d1-d4");
  EXPECT_EQ(g.points(Black), 7);
  EXPECT_EQ(g.points(White), 0);
  // White makes a quiet move away from file d; black leaves d4 and comes back.
  auto quiet_white = [&g] {
    for (Move m : g.legal_moves())
      if (!m.is_capture() && file_of(m.to()) != 3 && !g.rules().square_points[m.to()]) return m;
    return Move::none();
  };
  g.play(quiet_white());
  play_moves(g, "d4-d1");
  g.play(quiet_white());
  play_moves(g, "d1-d4");
  EXPECT_EQ(g.points(Black), 14);
  EXPECT_FALSE(g.over());
}

TEST(Loaps, CaptureOnACornerBonusSquareScoresBoth) {
  Game g = game_from_text(loaps(), "4b1w/7/7/1b5/7/1w5/6w b");
  play_moves(g, "b4xb2");
  EXPECT_EQ(g.points(Black), 1 + 3);
  EXPECT_FALSE(g.over());
}

TEST(Loaps, ConnectingScoresTwelveAndEndsTheGame) {
  Game g = game_from_text(loaps(), "7/5w1/7/6w/1b5/7/b6 b");
  play_moves(g, "b3-b2");
  EXPECT_EQ(g.points(Black), 3 + 12);
  EXPECT_EQ(g.outcome(), (Outcome{GameState::BlackWins, EndReason::Connection}));
}

TEST(Loaps, SimultaneousConnectionScoresForTheMoverOnly) {
  const char* pos = "6w/7/2b4/7/2w4/1b5/1b5 b";
  struct Case {
    int black, white;
    GameState expect;
  };
  for (const Case& c :
       {Case{0, 0, GameState::BlackWins}, Case{0, 20, GameState::WhiteWins}, Case{0, 13, GameState::Draw}}) {
    Game g =
        game_from_text(loaps(), std::string(pos) + " 0 " + std::to_string(c.black) + " " + std::to_string(c.white));
    play_moves(g, "c5xc3");
    EXPECT_EQ(g.points(Black), c.black + 1 + 12);
    EXPECT_EQ(g.points(White), c.white) << "no connection points for the opponent";
    EXPECT_EQ(g.outcome(), (Outcome{c.expect, EndReason::BothConnected}));
  }
}

TEST(Loaps, CaptureThatConnectsTheOpponentGivesItTwelve) {
  const char* pos = "7/7/2w2w1/2w4/5b1/7/b6 b 0 ";
  Game g = game_from_text(loaps(), std::string(pos) + "0 0");
  play_moves(g, "f3xf5");
  EXPECT_EQ(g.points(Black), 1);
  EXPECT_EQ(g.points(White), 12);
  EXPECT_EQ(g.outcome(), (Outcome{GameState::WhiteWins, EndReason::Connection}));
  // With more points, the capturing side still wins the game.
  Game h = game_from_text(loaps(), std::string(pos) + "15 0");
  play_moves(h, "f3xf5");
  EXPECT_EQ(h.outcome(), (Outcome{GameState::BlackWins, EndReason::Connection}));
}

TEST(Loaps, PinnedPlayerLoses) {
  const Game g = game_from_text(loaps(), "5wb/5ww/7/7/7/ww5/bw5 b");
  EXPECT_EQ(g.outcome(), (Outcome{GameState::WhiteWins, EndReason::NoMove}));
}

TEST(Outcome, ScoreForEachSide) {
  const Outcome w{GameState::WhiteWins, EndReason::Connection};
  EXPECT_EQ(w.score_for(White), 1);
  EXPECT_EQ(w.score_for(Black), -1);
  EXPECT_EQ(*w.winner(), White);
  EXPECT_EQ(Outcome{}.score_for(Black), 0);
  EXPECT_FALSE(Outcome{}.over());
}

}  // namespace
}  // namespace loa

// A start where the side to move has no legal move (issue 28): black's a1
// is walled in by white's b1 a2 b2, and black's f6 by e6 f5 e5. The game is
// judged at once as the rules say, like the same position set up as text.
namespace loa {
namespace {

Rules stuck_start(NoMoveRule no_move) {
  Rules r = *parse_variant("[stuck : six]\nstart = 4wb / 4ww / 6 / 6 / ww4 / bw4\n");
  r.no_move = no_move;
  return r;
}

TEST(StartPosition, ASideWithNoMoveIsJudgedAtTheStart) {
  const Game lose(stuck_start(NoMoveRule::Lose));
  EXPECT_EQ(lose.outcome(), (Outcome{GameState::WhiteWins, EndReason::NoMove}));
  EXPECT_EQ(lose.legal_moves().size(), 0);
  const Game draw(stuck_start(NoMoveRule::Draw));
  EXPECT_EQ(draw.outcome(), (Outcome{GameState::Draw, EndReason::NoMove}));
  // Under pass rules black passes: the game goes on, and only a pass is legal.
  const Game pass(stuck_start(NoMoveRule::Pass));
  EXPECT_FALSE(pass.over());
  ASSERT_EQ(pass.legal_moves().size(), 1);
  EXPECT_TRUE(pass.legal_moves()[0].is_pass());
  // The same as position text: the same judgement.
  for (NoMoveRule rule : {NoMoveRule::Lose, NoMoveRule::Draw, NoMoveRule::Pass}) {
    const Rules rules = stuck_start(rule);
    EXPECT_EQ(Game(rules).outcome(), parse_position_text("4wb/4ww/6/6/ww4/bw4 b", rules)->outcome());
  }
}

}  // namespace
}  // namespace loa
