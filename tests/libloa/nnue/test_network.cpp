// The learned evaluation's network (loa/nnue/network.hpp): its file reads
// back as written and refuses what is not one; the accumulators updated move
// by move equal a fresh computation after long random lines of moves and
// takebacks, captures and null moves included, on every board size; the
// engine uses a network only where it applies.
#include <gtest/gtest.h>

#include <random>

#include "loa/nnue/network.hpp"
#include "loa/search/search.hpp"

namespace loa::nnue {
namespace {

Network random_network(int board_size, int hidden, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> w(-500, 500), out(-127, 127);
  Network net;
  net.board_size = board_size;
  net.hidden = hidden;
  net.scale = 400;
  net.description = "random, for tests";
  for (int i = 0; i < kFeatures * hidden; ++i) net.w1.push_back(static_cast<std::int16_t>(w(rng)));
  for (int i = 0; i < hidden; ++i) net.b1.push_back(static_cast<std::int16_t>(w(rng)));
  for (int i = 0; i < 2 * hidden; ++i) net.w2.push_back(static_cast<std::int16_t>(out(rng)));
  net.b2 = 1234;
  return net;
}

TEST(Network, AFileReadsBackAsWritten) {
  const Network net = random_network(8, 32, 1);
  const auto back = read_network(write_network(net));
  ASSERT_TRUE(back) << back.error();
  EXPECT_EQ((*back)->hidden, 32);
  EXPECT_EQ((*back)->board_size, 8);
  EXPECT_EQ((*back)->description, "random, for tests");
  EXPECT_EQ((*back)->w1, net.w1);
  EXPECT_EQ((*back)->b1, net.b1);
  EXPECT_EQ((*back)->w2, net.w2);
  EXPECT_EQ((*back)->b2, net.b2);
}

TEST(Network, WhatIsNotANetworkIsRefusedWithItsReason) {
  const std::string good = write_network(random_network(8, 16, 2));
  EXPECT_EQ(read_network("hello").error(), "not a libloa network file");
  std::string damaged = good;
  damaged[200] = static_cast<char>(damaged[200] ^ 1);
  EXPECT_EQ(read_network(damaged).error(), "the checksum does not match: the file is damaged or cut short");
  EXPECT_EQ(read_network(good.substr(0, good.size() - 10)).error(),
            "the checksum does not match: the file is damaged or cut short");
  std::string newer = good;
  newer[16] = 2;
  EXPECT_EQ(read_network(newer).error(), "format version 2, this build reads 1");
  Network nine = random_network(8, 16, 3);
  nine.board_size = 9;
  EXPECT_EQ(read_network(write_network(nine)).error(), "a board of size 9 (libloa plays 5 to 8)");
  EXPECT_EQ(load_network("/nonexistent/net.nnue").error(), "/nonexistent/net.nnue: cannot be read");
  // An output weight that could overflow the output's 32-bit sum.
  Network heavy = random_network(8, 16, 4);
  heavy.w2[3] = 32767;
  EXPECT_EQ(read_network(write_network(heavy)).error(), "an output weight of 32767, beyond +-128");
}

TEST(Network, IncrementalSumsEqualFreshOnesAfterLongRandomLines) {
  for (const char* name : {"five", "six", "scrambled", "olympiad"}) {
    const Rules rules = *preset(name);
    const Network net = random_network(rules.board_size, 48, 4);
    std::mt19937_64 rng(5);
    int captures = 0, checked = 0;
    for (int line = 0; line < 40; ++line) {
      Game game(rules);
      AccumulatorStack stack;
      stack.reset(net, game.position());
      std::vector<bool> nulls;  // the line's moves: a null move or not
      for (int step = 0; step < 300; ++step) {
        // Forward two times in three, back otherwise; a null move now and then, as the search's.
        if (!nulls.empty() && rng() % 3 == 0) {
          nulls.back() ? game.undo_null() : game.undo();
          nulls.pop_back();
          stack.pop();
        } else if (!game.over() && nulls.size() + 1 < AccumulatorStack::kDepth) {
          if (rng() % 10 == 0) {
            stack.push(Move::none(), game.side_to_move());
            game.play_null();
            nulls.push_back(true);
          } else {
            const MoveList moves = game.legal_moves();
            const Move m = moves[int(rng() % std::uint64_t(moves.size()))];
            captures += m.is_capture();
            stack.push(m, game.side_to_move());
            game.play(m);
            nulls.push_back(false);
          }
        }
        // Evaluated at some nodes only, as a search does: the lazy updates must catch up.
        if (rng() % 4 == 0) {
          ASSERT_EQ(stack.evaluate(game.position()), evaluate(net, game.position())) << name << " line " << line;
          ++checked;
        }
      }
    }
    EXPECT_GT(captures, 50) << name;
    EXPECT_GT(checked, 1000) << name;
  }
}

TEST(Network, TheEngineUsesANetworkWhereItApplies) {
  Engine engine(1);
  const Game olympiad(*preset("olympiad")), six(*preset("six")), loaps(*preset("loaps"));
  const Value classic = engine.evaluate(olympiad);
  engine.set_network(std::make_shared<const Network>(random_network(8, 32, 6)));
  EXPECT_EQ(engine.evaluate(olympiad), evaluate(*engine.network(), olympiad.position()));
  EXPECT_NE(engine.evaluate(olympiad), classic);
  // Another board size, or rules where points decide: the hand-written evaluation.
  Engine plain(1);
  EXPECT_EQ(engine.evaluate(six), plain.evaluate(six));
  EXPECT_EQ(engine.evaluate(loaps), plain.evaluate(loaps));
  // The search with it is legal and deterministic at a node count.
  Limits limits;
  limits.nodes = 20000;
  const SearchResult a = engine.search(olympiad, limits);
  engine.new_game();
  const SearchResult b = engine.search(olympiad, limits);
  EXPECT_TRUE(olympiad.is_legal(a.best));
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.nodes, b.nodes);
}

}  // namespace
}  // namespace loa::nnue
