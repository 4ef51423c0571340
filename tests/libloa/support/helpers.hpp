// Helpers shared by the tests: games from text, move lists, the published
// games under tests/data, and random playouts.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "loa/game/game.hpp"
#include "loa/game/rules.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"

namespace loa::test {

// The bitboard of squares named in the notation of a `size` board.
inline Bitboard squares(std::initializer_list<const char*> names, int size) {
  Bitboard b = 0;
  for (const char* n : names) b |= square_bb(*parse_square(n, size));
  return b;
}

inline Game game_from_text(const Rules& rules, const std::string& text) {
  auto g = parse_position_text(text, rules);
  EXPECT_TRUE(g.ok()) << text << ": " << g.error();
  return g.ok() ? std::move(g).value() : Game(rules);
}

// Plays space-separated moves in standard notation; fails the test on the
// first one that does not parse or is illegal.
inline void play_moves(Game& game, const std::string& moves) {
  std::istringstream in(moves);
  std::string word;
  while (in >> word) {
    const auto m = parse_move(word, game);
    ASSERT_TRUE(m.ok()) << word << ": " << m.error();
    game.play(*m);
  }
}

// tests/data/ (see its README): the published games and texts the tests use.
inline std::filesystem::path test_data_dir() { return LOA_TEST_DATA_DIR; }

// The moves of a game file in Winands' thesis format ("1. c8-c6 h4-f2").
inline std::vector<std::string> read_numbered_game(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::vector<std::string> moves;
  std::string word;
  while (in >> word)
    if (word.back() != '.') moves.push_back(word);
  return moves;
}

// The sixteen thesis game files, in name order. Missing data fails the
// calling test: no test skips for want of it.
inline std::vector<std::filesystem::path> thesis_game_files() {
  std::vector<std::filesystem::path> files;
  const auto dir = test_data_dir() / "winands-thesis-games";
  EXPECT_TRUE(std::filesystem::is_directory(dir)) << dir << " is missing";
  if (!std::filesystem::is_directory(dir)) return files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".txt") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  EXPECT_EQ(files.size(), 16u) << "thesis games in " << dir;
  return files;
}

// Names a test instance after the preset it runs under.
inline std::string preset_test_name(const ::testing::TestParamInfo<std::string_view>& param) {
  return std::string(param.param);
}

// Plays a uniformly random legal move.
inline Move random_move(const Game& game, std::mt19937_64& rng) {
  const MoveList moves = game.legal_moves();
  return moves[int(rng() % std::uint64_t(moves.size()))];
}

// A won position whose proof answers several replies: from random games
// under Olympiad rules, a few plies before their end.
inline std::pair<Game, std::string> won_position_with_replies() {
  std::mt19937 rng(5);
  for (int tries = 0; tries < 500; ++tries) {
    Game g(olympiad());
    while (!g.over()) {
      const MoveList moves = g.legal_moves();
      g.play(moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
    }
    for (int k = 0; k < 3; ++k) g.undo();
    Solver solver;
    solver.keep_proof = true;
    const SolveReport r = solver.solve(g, SolveLimits{200000, 0, 64, nullptr});
    if (r.value == SolveValue::Win && r.proof_nodes >= 4) return {g, r.proof};
  }
  ADD_FAILURE() << "no won position with a branching proof found";
  return {Game(olympiad()), ""};
}

// A 5x5 position that is a draw: neither side can force a win, and play
// goes round. Scoring a return to a position of the line a draw
// (Rules::cycles_draw), the solver settles it in about 90,000 nodes; going
// round until the third occurrence took it 2.2 million.
inline Game five_drawn_by_going_round() {
  Game g(five());
  for (const char* word : {"d5-d3", "a4-a1", "b1-b3", "a3xc5", "b3-d5", "a2-c4", "d1-d4"}) g.play(*parse_move(word, g));
  return g;
}

}  // namespace loa::test
