#include <gtest/gtest.h>

#include <random>

#include "helpers.hpp"
#include "showdown/memory.hpp"

namespace showdown {
namespace {

Memory after(std::initializer_list<Result> results, std::initializer_list<Turn> turns) {
  Memory m;
  auto turn = turns.begin();
  for (const Result& r : results) {
    m.observe(r);
    if (turn != turns.end()) m.last = *turn++;
  }
  return m;
}

TEST(ShowdownMemory, InitTellsTheSide) {
  const Memory one = after({{Outcome::Init, {0, 0}}}, {});
  EXPECT_TRUE(one.valid);
  EXPECT_EQ(one.side, 0);
  EXPECT_EQ(one.goal_square(), (Square{8, 25}));
  EXPECT_EQ(one.opponent.count(), 1u);  // player two has not moved yet
  const Memory two = after({{Outcome::Init, {8, 25}}}, {});
  EXPECT_EQ(two.side, 1);
  // Player one has had its first turn: A 1, A 2 or B 1.
  EXPECT_EQ(two.opponent.count(), 3u);
  EXPECT_TRUE(two.opponent[(Square{0, 1}).index()]);
}

TEST(ShowdownMemory, FollowsItsOwnMoves) {
  const Memory m = after({{Outcome::Init, {0, 0}}, {Outcome::Ok, {}}, {Outcome::Ouch, {}}},
                         {Turn{Action::Move, {0, 1}}, Turn{Action::Move, {0, 2}}});
  EXPECT_EQ(m.me, (Square{0, 1}));
  EXPECT_TRUE(m.walls[(Square{0, 2}).index()]);
  EXPECT_EQ(m.turns, 3);
}

TEST(ShowdownMemory, RadarPinsTheOpponentThenItSpreads) {
  const Memory m = after({{Outcome::Init, {0, 0}}, {Outcome::At, {4, 10}}}, {Turn{Action::Radar, {}}});
  EXPECT_EQ(m.opponent.count(), 5u);  // where it was, or one step from there
  EXPECT_EQ(m.info_age, 0);
}

TEST(ShowdownMemory, HitKeepsTheOpponentStill) {
  // Player one on row A fires along it and hits: the opponent is on row A,
  // asleep, and has not moved by our next turn.
  Memory m = after({{Outcome::Init, {0, 0}}}, {Turn{Action::Radar, {}}});
  m.observe({Outcome::At, {0, 7}});
  m.last = Turn{Action::Zap, {0, 1}};
  m.observe({Outcome::Hit, {}});
  EXPECT_TRUE(m.opponent_asleep);
  for (int i = 0; i < kSquares; ++i) {
    if (m.opponent[i]) {
      EXPECT_EQ(Square::from_index(i).row, 0);
    }
  }
}

TEST(ShowdownMemory, MissClearsTheRay) {
  Memory m = after({{Outcome::Init, {0, 0}}}, {Turn{Action::Zap, {0, 25}}});
  m.observe({Outcome::Miss, {}});
  for (int c = 1; c < kColumns; ++c) EXPECT_FALSE(m.walls[(Square{0, c}).index()]);
  EXPECT_FALSE(m.opponent[(Square{0, 25}).index()]);  // nor was the opponent anywhere on it
}

TEST(ShowdownMemory, ContradictionLosesTheMemory) {
  // ERROR for a move means we were not where we thought.
  const Memory m = after({{Outcome::Init, {0, 0}}, {Outcome::Error, {}}}, {Turn{Action::Move, {0, 1}}});
  EXPECT_FALSE(m.valid);
  // HIT after a RADAR answers a turn we did not make.
  const Memory n = after({{Outcome::Init, {0, 0}}, {Outcome::Hit, {}}}, {Turn{Action::Radar, {}}});
  EXPECT_FALSE(n.valid);
}

TEST(ShowdownMemory, SavesAndLoads) {
  Memory m = after({{Outcome::Init, {8, 25}}, {Outcome::Ok, {}}, {Outcome::At, {3, 4}}},
                   {Turn{Action::Move, {8, 24}}, Turn{Action::Radar, {}}});
  m.walls.set(17);
  m.scratch = {1, 2, 3, 4, 5, 6, 7, -8};
  m.last = Turn{Action::Wall, {2, 2}};
  const Memory back = load_memory(save_memory(m));
  ASSERT_TRUE(back.valid);
  EXPECT_EQ(back.side, m.side);
  EXPECT_EQ(back.turns, m.turns);
  EXPECT_EQ(back.me, m.me);
  EXPECT_EQ(back.last, m.last);
  EXPECT_EQ(back.walls, m.walls);
  EXPECT_EQ(back.opponent, m.opponent);
  EXPECT_EQ(back.info_age, m.info_age);
  EXPECT_EQ(back.scratch, m.scratch);
  EXPECT_EQ(save_memory(back), save_memory(m));
}

TEST(ShowdownMemory, AnyDamageIsSeen) {
  const Memory m = after({{Outcome::Init, {0, 0}}, {Outcome::Ok, {}}}, {Turn{Action::Move, {1, 0}}});
  const std::string text = save_memory(m);
  EXPECT_FALSE(load_memory("").valid);
  EXPECT_FALSE(load_memory("garbage\n").valid);
  for (std::size_t cut = 0; cut < text.size(); ++cut) EXPECT_FALSE(load_memory(text.substr(0, cut)).valid) << cut;
  // Every byte changed to every other printable byte: never believed.
  for (std::size_t i = 0; i < text.size(); ++i)
    for (char c = ' '; c <= '~'; ++c) {
      if (c == text[i]) continue;
      std::string bad = text;
      bad[i] = c;
      ASSERT_FALSE(load_memory(bad).valid) << "byte " << i << " as '" << c << "'";
    }
  EXPECT_FALSE(load_memory(text + "x").valid);
}

// Under random play (illegal turns, walls, zaps, everything), a player that
// has never lost a turn asleep always knows its own square and never rules
// out the opponent's.
TEST(ShowdownMemory, BeliefAlwaysHoldsTheOpponent) {
  std::mt19937 rng(20261121);
  for (int game_no = 0; game_no < 200; ++game_no) {
    Game game;
    std::array<Memory, 2> memory;
    const auto take_turn = [&](int p, const std::string& input) -> std::optional<Turn> {
      Memory& m = memory[p];
      m.observe(*parse_result(input));
      if (m.valid) {
        EXPECT_EQ(m.me, game.position(p));
        if (game.stats(p).slept == 0) {
          EXPECT_TRUE(m.opponent[game.position(1 - p).index()]) << input;
        }
      }
      const Square at = game.position(p);
      const Square near{at.row + static_cast<int>(rng() % 5) - 2, at.column + static_cast<int>(rng() % 5) - 2};
      Turn t;
      switch (rng() % 6) {
        case 0:
        case 1: t = {Action::Move, at + kSteps[rng() % 4]}; break;
        case 2: t = {Action::Radar, {}}; break;
        case 3: t = {Action::Wall, near}; break;
        case 4:
          t = {Action::Zap, rng() % 2 ? Square{at.row, static_cast<int>(rng() % kColumns)}
                                      : Square{static_cast<int>(rng() % kRows), at.column}};
          break;
        default: t = {Action::Help, {}}; break;
      }
      m.last = t;
      return t;
    };
    play_out(game, take_turn);
    if (::testing::Test::HasFailure()) return;
  }
}

}  // namespace
}  // namespace showdown
