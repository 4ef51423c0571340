// ConnectingMoves against the definition: a move connects when the mover's
// pieces after it form one group, or when it captures and the opponent's do.
#include <gtest/gtest.h>

#include <random>

#include "helpers.hpp"
#include "loa/board/connecting_moves.hpp"

namespace loa {
namespace {

// Checks every legal move of `pos`; returns how many connect.
int check_position(const Position& pos) {
  const Bitboard own = pos.pieces(pos.side_to_move()), opp = pos.pieces(~pos.side_to_move());
  const ConnectingMoves connecting(own, opp);
  int connects = 0;
  pos.for_each_move([&](Move m) {
    const Bitboard moved = square_bb(m.from()) | square_bb(m.to());
    const bool expect = is_connected(own ^ moved) || (m.is_capture() && is_connected(opp ^ square_bb(m.to())));
    EXPECT_EQ(connecting.connects(m), expect) << move_text(m);
    if (expect) {
      EXPECT_TRUE(connecting.origins() & square_bb(m.from())) << move_text(m);
    }
    connects += expect;
    return true;
  });
  return connects;
}

class ConnectingMovesUnderPlay : public ::testing::TestWithParam<std::string_view> {};

TEST_P(ConnectingMovesUnderPlay, AgreeWithFloodFills) {
  const Rules rules = *preset(GetParam());
  std::mt19937_64 rng(0xC0DE);
  int connecting = 0;
  for (int game_no = 0; game_no < 40; ++game_no) {
    Game game(rules);
    while (!game.over()) {
      connecting += check_position(game.position());
      if (HasFailure()) FAIL() << to_position_text(game);
      game.play(test::random_move(game, rng));
    }
  }
  // Random games end in connections, so some positions must have had one.
  EXPECT_GT(connecting, 10);
}

INSTANTIATE_TEST_SUITE_P(AllPresets, ConnectingMovesUnderPlay, ::testing::ValuesIn(preset_names()),
                         test::preset_test_name);

// Sparse random boards, where either side may already be one group (which no
// game position shows) and captures of lone pieces abound.
TEST(ConnectingMoves, SparseRandomBoards) {
  std::mt19937_64 rng(7);
  int connecting = 0;
  for (int i = 0; i < 20000; ++i) {
    const int size = 5 + int(rng() % 4);
    const Bitboard board = board_mask(size);
    Bitboard black = rng() & rng() & rng() & board, white = rng() & rng() & rng() & board & ~black;
    if (!black || !white) continue;
    const Position pos(size, black, white, rng() & 1 ? Black : White);
    connecting += check_position(pos);
    if (HasFailure()) FAIL() << size << " " << black << " " << white;
  }
  EXPECT_GT(connecting, 1000);
}

}  // namespace
}  // namespace loa
