#include <gtest/gtest.h>

#include "helpers.hpp"
#include "loa/play/players.hpp"

namespace loa {
namespace {

TEST(Players, EveryPlayerPlaysLegalMovesToTheEnd) {
  for (auto name : preset_names())
    for (const char* spec : {"random", "greedy", "racer", "engine:nodes=300"}) {
      auto player = make_player(spec, 4);
      ASSERT_TRUE(player.ok()) << spec;
      Game g(*preset(name));
      while (!g.over()) {
        const Move m = (*player)->choose(g);
        ASSERT_TRUE(g.is_legal(m)) << name << " " << spec << " " << move_text(m);
        g.play(m);
      }
    }
}

TEST(Players, GreedyTakesAnImmediateWin) {
  // Black connects with a1-a2 or b3-b2 among its eight moves.
  const Game g = test::game_from_text(loaps(), "7/5w1/7/6w/1b5/7/b6 b 0 0 0");
  Game after = g;
  after.play(GreedyPlayer().choose(g));
  EXPECT_EQ(after.outcome().state, GameState::BlackWins);
}

TEST(Players, RacerTakesAnImmediateWin) {
  const Game g = test::game_from_text(loaps(), "7/5w1/7/6w/1b5/7/b6 b 0 0 0");
  Game after = g;
  after.play(RacePlayer().choose(g));
  EXPECT_EQ(after.outcome().state, GameState::BlackWins);
}

// The Kattis judge's random player, from both sides: the racer wins every
// game, and sooner than the 22 plies the engine's median game took.
TEST(Players, RacerBeatsRandomQuickly) {
  RacePlayer racer;
  int plies = 0, won = 0;
  constexpr int kGames = 100;
  for (int i = 0; i < kGames; ++i) {
    RandomPlayer random(100 + std::uint64_t(i));
    const Color us = i % 2 ? White : Black;
    Game g(kattis());
    while (!g.over()) g.play(g.side_to_move() == us ? racer.choose(g) : random.choose(g));
    won += g.outcome().score_for(us) > 0;
    plies += g.ply();
  }
  EXPECT_EQ(won, kGames);
  EXPECT_LT(plies, 21 * kGames) << "average game " << double(plies) / kGames << " plies";
}

TEST(Players, RandomIsReproducibleFromItsSeed) {
  RandomPlayer a(7), b(7);
  Game g(olympiad());
  for (int i = 0; i < 20 && !g.over(); ++i) {
    const Move m = a.choose(g);
    EXPECT_EQ(b.choose(g), m);
    g.play(m);
  }
}

TEST(Players, SpecsAndTheirErrors) {
  EXPECT_EQ((*make_player("engine:depth=3", 1))->name(), "engine:depth=3");
  EXPECT_EQ((*make_player("engine:ms=50", 1))->name(), "engine:ms=50");
  auto tuned = make_player("engine:nodes=100:tempo=45:groups=0", 1);
  ASSERT_TRUE(tuned.ok()) << tuned.error();
  auto* engine = dynamic_cast<EnginePlayer*>(tuned->get());
  ASSERT_NE(engine, nullptr);
  EXPECT_EQ(engine->engine().weights().tempo, 45);
  EXPECT_EQ(engine->engine().weights().groups, 0);
  EXPECT_EQ(engine->limits().overhead_ms, Limits{}.overhead_ms);
  // The time kept back from each timed move stays when a clock is set.
  auto slow_machine = make_player("engine:overhead=250:threads=2", 1);
  ASSERT_TRUE(slow_machine.ok()) << slow_machine.error();
  auto* kept = dynamic_cast<EnginePlayer*>(slow_machine->get());
  ASSERT_NE(kept, nullptr);
  kept->set_clock({60000, 60000}, {0, 0});
  EXPECT_EQ(kept->limits().overhead_ms, 250);
  for (const char* bad :
       {"", "human", "engine:", "engine:depth=", "engine:depth=x", "engine:depth=-1", "engine:speed=3", "enginex",
        "engine:nodes=99999999999", "engine:nodes=0", "engine:tempo", "engine::nodes=5", "engine:overhead=5001"})
    EXPECT_FALSE(make_player(bad, 1).ok()) << bad;
}

}  // namespace
}  // namespace loa
