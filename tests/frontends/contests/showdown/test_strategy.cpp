#include <gtest/gtest.h>

#include <map>
#include <random>

#include "helpers.hpp"
#include "showdown/strategy.hpp"

namespace showdown {
namespace {

constexpr Strategy kAll[] = {Strategy::Entry, Strategy::Racer, Strategy::Zapper, Strategy::Waller, Strategy::Sprinter};

// Each player as the mediator runs it: one execution per turn, the state
// kept only as the text of its file.
struct Player {
  Strategy strategy;
  std::optional<std::string> state = std::string();  // the mediator creates the file empty
  std::optional<Turn> operator()(const std::string& input) {
    const Execution run = execute(strategy, input, state);
    state = run.state;
    return run.turn;
  }
};

Game play_game(Strategy one, Strategy two) {
  Game game;
  std::array<Player, 2> players = {Player{one}, Player{two}};
  play_out(game, [&](int p, const std::string& input) { return players[p](input); });
  return game;
}

std::string run(Strategy s, const std::string& input, std::optional<std::string> state) {
  return to_string(execute(s, input, state).turn);
}

TEST(ShowdownStrategy, Names) {
  for (const char* name : {"entry", "racer", "zapper", "waller", "sprinter"}) {
    const auto s = strategy_named(name);
    ASSERT_TRUE(s) << name;
    EXPECT_STREQ(strategy_name(*s), name);
  }
  EXPECT_FALSE(strategy_named("hunter"));
}

TEST(ShowdownStrategy, LostMemoryAsksForHelpAndRecovers) {
  const std::string fresh = execute(Strategy::Entry, "INIT A 1", std::nullopt).state;
  for (const Strategy s : kAll) {
    EXPECT_EQ(run(s, "OK", std::nullopt), "HELP");         // no file
    EXPECT_EQ(run(s, "OK", std::string()), "HELP");        // an empty one
    EXPECT_EQ(run(s, "OK", fresh.substr(0, 40)), "HELP");  // a cut one
    EXPECT_EQ(run(s, "OK", "showdown-memory 1\nside 9\n"), "HELP");
    EXPECT_EQ(run(s, "WHAT?", fresh), "HELP");  // an input line it cannot read
    EXPECT_EQ(run(s, "", fresh), "HELP");       // no input at all
    // After HELP comes LOC: it knows its square but not its side, so it looks.
    const Execution loc = execute(s, "LOC C 5", std::nullopt);
    EXPECT_EQ(to_string(loc.turn), "RADAR");
    // The opponent further from A 1 than we are: we are taken for player one.
    const Execution at = execute(s, "AT F 20", loc.state);
    const Memory m = load_memory(at.state);
    ASSERT_TRUE(m.valid);
    EXPECT_EQ(m.side, 0);
    EXPECT_EQ(m.me, (Square{2, 4}));
  }
}

TEST(ShowdownStrategy, InitStartsAFreshGameWhateverTheFile) {
  EXPECT_EQ(run(Strategy::Racer, "INIT A 1", std::string("rubbish")), "MOVE A 2");
  EXPECT_EQ(run(Strategy::Racer, "INIT I 26", std::nullopt), "MOVE I 25");
}

TEST(ShowdownStrategy, EntryWallsItsHomeOnceItHasLeft) {
  const Execution first = execute(Strategy::Entry, "INIT A 1", std::nullopt);
  EXPECT_EQ(first.turn.action, Action::Move);
  EXPECT_EQ(run(Strategy::Entry, "OK", first.state), "WALL A 1");
}

TEST(ShowdownStrategy, EntryKeepsASleepingOpponentAsleep) {
  // A RADAR found the opponent on our row early in the game; the ZAP hit.
  const Execution a = execute(Strategy::Entry, "INIT A 1", std::nullopt);
  Memory m = load_memory(a.state);
  m.last = Turn{Action::Radar, {}};
  const Execution b = execute(Strategy::Entry, "AT A 6", save_memory(m));
  ASSERT_EQ(b.turn.action, Action::Zap);
  EXPECT_EQ(b.turn.target.row, m.me.row);  // along the row it was seen on
  Execution c = execute(Strategy::Entry, "HIT", b.state);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(c.turn, b.turn);
    c = execute(Strategy::Entry, "HIT", c.state);
  }
}

TEST(ShowdownStrategy, SprinterFiresAtItsGoalBeforeTheLastStep) {
  Memory m = load_memory(execute(Strategy::Sprinter, "INIT A 1", std::nullopt).state);
  m.me = {8, 23};
  m.last = Turn{Action::Move, {8, 24}};
  const Execution next = execute(Strategy::Sprinter, "OK", save_memory(m));
  EXPECT_EQ(to_string(next.turn), "ZAP I 26");  // no wall known there: it fires all the same
  EXPECT_EQ(run(Strategy::Sprinter, "MISS", next.state), "MOVE I 26");
}

TEST(ShowdownStrategy, RacerClearsAWalledGoal) {
  // Next to its goal and the goal walled: ZAP it, then step in.
  Memory m = load_memory(execute(Strategy::Racer, "INIT A 1", std::nullopt).state);
  m.me = {8, 24};
  m.last = Turn{Action::Move, {8, 25}};
  const Execution ouch = execute(Strategy::Racer, "OUCH", save_memory(m));
  EXPECT_EQ(to_string(ouch.turn), "ZAP I 26");
  EXPECT_EQ(run(Strategy::Racer, "BOOM", ouch.state), "MOVE I 26");
}

TEST(ShowdownStrategy, NoStrategyEverMakesAnIllegalTurn) {
  for (const Strategy a : kAll)
    for (const Strategy b : kAll) {
      const Game g = play_game(a, b);
      EXPECT_EQ(g.stats(0).errors, 0) << strategy_name(a) << " first against " << strategy_name(b);
      EXPECT_EQ(g.stats(1).errors, 0) << strategy_name(b) << " second against " << strategy_name(a);
    }
}

// A player that does anything at all, legal or not, to shake the others.
TEST(ShowdownStrategy, NoIllegalTurnAgainstARandomOpponent) {
  std::mt19937 rng(7);
  for (const Strategy s : kAll)
    for (int game_no = 0; game_no < 40; ++game_no) {
      const int ours = game_no % 2;
      Game game;
      Player player{s};
      const auto take_turn = [&](int p, const std::string& input) -> std::optional<Turn> {
        if (p == ours) return player(input);
        const Square at = game.position(p);
        const Square any{static_cast<int>(rng() % kRows), static_cast<int>(rng() % kColumns)};
        switch (rng() % 5) {
          case 0: return Turn{Action::Move, at + kSteps[rng() % 4]};
          case 1: return Turn{Action::Wall, any};
          case 2: return Turn{Action::Zap, rng() % 2 ? Square{at.row, any.column} : Square{any.row, at.column}};
          case 3: return Turn{Action::Radar, {}};
          default: return std::nullopt;  // a lost turn
        }
      };
      play_out(game, take_turn);
      EXPECT_EQ(game.stats(ours).errors, 0) << strategy_name(s) << " game " << game_no;
    }
}

// A racer that loses no time cannot be outrun, so the entry waits on its
// home row and fires along its column as the racer crosses it.
TEST(ShowdownStrategy, EntryAmbushesARacerItCannotOutrun) {
  for (int entry = 0; entry < 2; ++entry) {
    const Game g =
        entry == 0 ? play_game(Strategy::Entry, Strategy::Sprinter) : play_game(Strategy::Sprinter, Strategy::Entry);
    EXPECT_GT(g.stats(entry).hits, 50) << "entry as player " << entry + 1;
    EXPECT_EQ(g.stats(1 - entry).arrived, 0);
    EXPECT_GT(g.score(entry).total(), g.score(1 - entry).total() + 400);
  }
}

// Racers that choose at random among their shortest steps (and, to make
// them stronger, see the board as the mediator does) — careful ones that
// fire at the goal before stepping in, and naive ones. The entry must win
// nearly every match.
TEST(ShowdownStrategy, EntryBeatsRandomisedRacers) {
  std::mt19937 rng(1);
  for (const bool careful : {false, true}) {
    int won = 0;
    const int matches = 100;
    for (int match = 0; match < matches; ++match) {
      MatchTally entry, racer;
      for (int ours = 0; ours < 2; ++ours) {
        Game g;
        Player player{Strategy::Entry};
        bool fired = false;
        const auto take_turn = [&](int p, const std::string& input) -> std::optional<Turn> {
          if (p == ours) return player(input);
          const Square at = g.position(p), target = goal(p);
          if (adjacent(at, target) && (g.wall(target) || (careful && !fired))) {
            fired = true;
            return Turn{Action::Zap, target};
          }
          std::vector<Square> options;
          for (const Step d : kSteps) {
            const Square n = at + d;
            if (n.on_board() && distance(n, target) < distance(at, target) && !g.wall(n) && n != g.position(1 - p))
              options.push_back(n);
          }
          if (options.empty()) return Turn{Action::Radar, {}};
          return Turn{Action::Move, options[rng() % options.size()]};
        };
        play_out(g, take_turn);
        entry.add(g, ours), racer.add(g, 1 - ours);
        EXPECT_EQ(g.stats(ours).errors, 0);
      }
      won += entry.score > racer.score;
    }
    EXPECT_GE(won, 85) << (careful ? "careful" : "naive") << " racers";
  }
}

// The entry wins its match (two games, each first once) against every
// simple strategy, by the summed score.
TEST(ShowdownStrategy, EntryWinsItsMatchAgainstEachSimpleStrategy) {
  for (const Strategy other : {Strategy::Racer, Strategy::Zapper, Strategy::Waller, Strategy::Sprinter}) {
    MatchTally entry, them;
    const Game g1 = play_game(Strategy::Entry, other);
    entry.add(g1, 0), them.add(g1, 1);
    const Game g2 = play_game(other, Strategy::Entry);
    them.add(g2, 0), entry.add(g2, 1);
    EXPECT_GT(entry.score, them.score) << "against " << strategy_name(other);
    EXPECT_EQ(decide_match(entry, them, nullptr), 0);
  }
}

}  // namespace
}  // namespace showdown
