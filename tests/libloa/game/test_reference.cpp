// Differential check: the library against the square-by-square reference
// over many random games under every preset — legal moves, points and
// outcome after every move.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "helpers.hpp"
#include "reference.hpp"

namespace loa {
namespace {

std::vector<ref::Move> library_moves(const Game& g) {
  std::vector<ref::Move> out;
  for (Move m : g.legal_moves())
    out.push_back(m.is_pass() ? ref::Move{0, 0, false, true} : ref::Move{m.from(), m.to(), m.is_capture(), false});
  std::sort(out.begin(), out.end());
  return out;
}

ref::State expected_state(const Outcome& o) {
  switch (o.state) {
    case GameState::Ongoing: return ref::State::Ongoing;
    case GameState::BlackWins: return ref::State::FirstWins;
    case GameState::WhiteWins: return ref::State::SecondWins;
    case GameState::Draw: return ref::State::Draw;
  }
  return ref::State::Ongoing;
}

class Differential : public ::testing::TestWithParam<std::string_view> {};

TEST_P(Differential, RandomGamesAgreeMoveByMove) {
  const Rules rules = *preset(GetParam());
  std::mt19937_64 rng(2024);
  int ended[4] = {0, 0, 0, 0};
  for (int game_no = 0; game_no < 150; ++game_no) {
    Game g(rules);
    ref::Game r = ref::start(rules);
    while (true) {
      auto expect = ref::legal_moves(r);
      std::sort(expect.begin(), expect.end());
      ASSERT_EQ(library_moves(g), expect) << to_position_text(g);
      ASSERT_EQ(expected_state(g.outcome()), r.state) << to_position_text(g);
      ASSERT_EQ(g.points(Black), r.points[0]);
      ASSERT_EQ(g.points(White), r.points[1]);
      if (g.over()) break;
      const Move m = test::random_move(g, rng);
      g.play(m);
      r = ref::play(r, m.is_pass() ? ref::Move{0, 0, false, true} : ref::Move{m.from(), m.to(), m.is_capture(), false});
    }
    ++ended[int(g.outcome().state)];
  }
  // Random games end in wins for both sides; under a limit most are drawn.
  EXPECT_GT(ended[int(GameState::BlackWins)], 1);
  EXPECT_GT(ended[int(GameState::WhiteWins)], 1);
  if (rules.ply_limit) {
    EXPECT_GT(ended[int(GameState::Draw)], 10);
  }
}

INSTANTIATE_TEST_SUITE_P(AllPresets, Differential, ::testing::ValuesIn(preset_names()), test::preset_test_name);

}  // namespace
}  // namespace loa
