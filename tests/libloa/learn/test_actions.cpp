// Actions as integers, observation tensors and the batched games
// (loa/learn/actions.hpp, loa/learn/batch.hpp): every legal move has one id and back,
// the mask is the legal moves, the planes say what the rules have, and a
// batch steps exactly like single games.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "helpers.hpp"
#include "loa/learn/actions.hpp"
#include "loa/learn/batch.hpp"

namespace loa {
namespace {

class EveryPreset : public ::testing::TestWithParam<std::string_view> {};

TEST_P(EveryPreset, EachLegalMoveHasOneIdAndBack) {
  const Rules rules = *preset(GetParam());
  const int n = rules.board_size, count = num_distinct_actions(rules);
  EXPECT_EQ(count, 2 * n * n * n * n + (rules.no_move == NoMoveRule::Pass ? 1 : 0));
  std::mt19937 rng(11);
  Game game(rules);
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(count), 0);
  while (!game.over() && game.ply() < 300) {
    const MoveList moves = game.legal_moves();
    const std::vector<int> ids = legal_actions(game);
    ASSERT_EQ(ids.size(), std::size_t(moves.size()));
    EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
    legal_action_mask(game, mask.data());
    EXPECT_EQ(std::count(mask.begin(), mask.end(), 1), moves.size());
    for (Move m : moves) {
      const int id = action_of(m, n);
      ASSERT_GE(id, 0);
      ASSERT_LT(id, count);
      EXPECT_TRUE(mask[std::size_t(id)]);
      EXPECT_EQ(*move_of_action(id, game), m);
      EXPECT_EQ(move_of_legal_action(id, n), m);
    }
    game.play(moves[int(rng() % unsigned(moves.size()))]);
  }
  EXPECT_FALSE(move_of_action(-1, game).ok());
  EXPECT_FALSE(move_of_action(count, game).ok());
}

INSTANTIATE_TEST_SUITE_P(AllPresets, EveryPreset, ::testing::ValuesIn(preset_names()),
                         [](const auto& test) { return std::string(test.param); });

TEST(Actions, OpenSpielsIdsOnEightByEight) {
  const Game game(olympiad());
  // b1-b3: rank 0 file 1 to rank 2 file 1, no capture.
  EXPECT_EQ(action_of(Move(make_square(1, 0), make_square(1, 2), false), 8), ((1 * 8 + 2) * 8 + 1) * 2);
  EXPECT_EQ(num_distinct_actions(kattis()), 8192);  // no pass under Kattis's rules
  EXPECT_FALSE(move_of_action(0, game).ok());
}

TEST(Observation, PlanesFollowTheRules) {
  EXPECT_EQ(observation_planes(olympiad()),
            (std::vector<std::string>{"black", "white", "empty", "black_to_move", "repetitions"}));
  const Game game = test::game_from_text(loaps(), "7/5w1/7/6w/1b5/7/b6 w 3 4 9");
  const auto planes = observation_planes(game.rules());
  std::vector<float> t(planes.size() * 49);
  write_observation(game, t.data());
  auto at = [&](const std::string& plane, int rank, int file) {
    const auto p = std::find(planes.begin(), planes.end(), plane) - planes.begin();
    return t[std::size_t(p * 49 + rank * 7 + file)];
  };
  EXPECT_EQ(at("black", 0, 0), 1);
  EXPECT_EQ(at("white", 5, 5), 1);
  EXPECT_EQ(at("empty", 0, 0), 0);
  EXPECT_EQ(at("empty", 3, 3), 1);
  EXPECT_EQ(at("black_to_move", 2, 2), 0);
  EXPECT_EQ(at("bonus_points", 3, 3), 7);
  EXPECT_EQ(at("black_points", 0, 6), 4);
  EXPECT_EQ(at("white_points", 6, 0), 9);
  EXPECT_EQ(at("plies_left", 1, 1), 97);
  EXPECT_EQ(std::accumulate(t.begin(), t.begin() + 49, 0.0f), 2);
}

TEST(Batch, StepsLikeSingleGamesAndStartsAgain) {
  constexpr int kGames = 5;
  BatchEnv env(six(), kGames, 3);
  std::vector<Game> games(kGames, Game(six()));
  const auto planes = env.layout().size();
  std::vector<std::int32_t> actions(kGames);
  std::vector<float> expected(planes * 36);
  int finished = 0;
  for (int step = 0; step < 400; ++step) {
    env.random_actions(actions.data());
    ASSERT_TRUE(env.step(actions.data()).ok());
    for (int i = 0; i < kGames; ++i) {
      Game& g = games[std::size_t(i)];
      g.play(*move_of_action(actions[std::size_t(i)], g));
      EXPECT_EQ(bool(env.terminated()[i]), g.over());
      EXPECT_EQ(env.rewards()[2 * i], g.over() ? float(g.outcome().score_for(Black)) : 0.0f);
      EXPECT_EQ(env.rewards()[2 * i + 1], g.over() ? float(g.outcome().score_for(White)) : 0.0f);
      if (g.over()) g = Game(six()), ++finished;
      // The mover of each game after every step, not only after reset: white after black's first move.
      EXPECT_EQ(int(env.current_player()[i]), int(g.side_to_move())) << "game " << i << " step " << step;
      write_observation(g, expected.data());
      EXPECT_TRUE(std::equal(expected.begin(), expected.end(), env.observation() + std::size_t(i) * expected.size()));
      const std::uint8_t* mask = env.mask() + std::size_t(i) * std::size_t(env.num_actions());
      EXPECT_EQ(std::count(mask, mask + env.num_actions(), 1), g.legal_moves().size());
    }
  }
  EXPECT_GT(finished, 0);
  // An illegal action names its game.
  env.random_actions(actions.data());
  actions[3] = 0;
  const auto refused = env.step(actions.data());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rfind("game 3: ", 0), 0u) << refused.error();
}

TEST(Batch, AnEditedMaskOrABadActionStepsNoGame) {
  // mask() is the caller's to read; legality is the environment's own: a mask edited to all ones does not
  // make a1-a1 (id 0) legal. And a bad action anywhere steps no game of the call.
  BatchEnv env(five(), 3, 1);
  std::fill(env.mask(), env.mask() + std::size_t(env.num_actions()) * 3, std::uint8_t(1));
  std::vector<std::int32_t> actions(3);
  env.random_actions(actions.data());
  actions[2] = 0;
  const auto refused = env.step(actions.data());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rfind("game 2: ", 0), 0u) << refused.error();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(env.game(i).ply(), 0) << "game " << i << " was stepped";
    EXPECT_EQ(int(env.current_player()[i]), int(Black));
  }
}

TEST(Batch, TruncatesAtMaxPlies) {
  BatchEnv env(olympiad(), 2, 1, 4);
  std::vector<std::int32_t> actions(2);
  for (int step = 0; step < 4; ++step) {
    env.random_actions(actions.data());
    ASSERT_TRUE(env.step(actions.data()).ok());
  }
  EXPECT_TRUE(env.truncated()[0] && env.truncated()[1]);
  EXPECT_EQ(env.game(0).ply(), 0);
}

}  // namespace
}  // namespace loa
