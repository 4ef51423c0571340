// Proof books: a verified proof's winning moves found again by position,
// nothing else in them, and an engine that plays them without searching.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <regex>

#include "helpers.hpp"
#include "loa/solve/proof.hpp"
#include "loa/solve/proof_book.hpp"

namespace loa {
namespace {

TEST(ProofBook, HoldsEveryClaimantTurnOfTheProof) {
  const auto [game, proof] = test::won_position_with_replies();
  const auto book = ProofBook::from_text(proof);
  ASSERT_TRUE(book.ok()) << book.error();
  std::vector<std::pair<Game, int>> turns;
  ASSERT_TRUE(walk_proof(proof, [&](const Game& g, Move, int plies, bool) { turns.emplace_back(g, plies); }).ok());
  ASSERT_GE(turns.size(), 2u) << proof;
  EXPECT_LE(book->size(), turns.size());
  for (const auto& [g, plies] : turns) {
    const auto found = book->find(g);
    ASSERT_TRUE(found.has_value()) << g.position().key();
    // A position reached twice keeps the move with the shorter longest line.
    EXPECT_LE(found->plies, plies);
    Game after = g;
    after.play(found->move);
    if (found->plies == 1) {
      EXPECT_TRUE(after.over());
    }
  }
}

TEST(ProofBook, TheRootHasTheSolversMoveAndLongestLine) {
  const auto [game, proof] = test::won_position_with_replies();
  Solver solver;
  const SolveReport r = solver.solve(game, SolveLimits{200000, 0, 64, nullptr});
  ASSERT_EQ(r.value, SolveValue::Win);
  const auto found = ProofBook::from_text(proof)->find(game);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->move, r.move);
  EXPECT_EQ(found->plies, r.proof_depth);
}

TEST(ProofBook, KnowsNothingOfTheLosersTurnsOrOtherPositions) {
  const auto [game, proof] = test::won_position_with_replies();
  const auto book = ProofBook::from_text(proof);
  ASSERT_TRUE(book.ok());
  Game after = game;
  after.play(book->find(game)->move);
  if (!after.over()) {
    EXPECT_FALSE(book->find(after).has_value());
  }
  EXPECT_FALSE(book->find(Game(olympiad())).has_value());
}

TEST(ProofBook, TakesOnlyVerifiedWins) {
  const auto [game, proof] = test::won_position_with_replies();
  // "wins or draws" verifies as well, but it is no win to play for.
  const std::string draws = std::regex_replace(proof, std::regex("wins\"\\]"), "wins or draws\"]");
  ASSERT_TRUE(verify_proof(draws).ok());
  const auto drawn = ProofBook::from_text(draws);
  ASSERT_TRUE(drawn.ok());
  EXPECT_EQ(drawn->size(), 0u);
  // A proof that does not verify gives no book at all.
  const std::string moves = proof.substr(0, proof.find_last_not_of('\n') + 1);
  const std::string cut = moves.substr(0, moves.rfind('\n') + 1);  // the last reply left out
  ASSERT_NE(cut, moves);
  EXPECT_FALSE(ProofBook::from_text(cut).ok());
  EXPECT_FALSE(ProofBook::from_text("").ok());
}

TEST(ProofBook, ReadsAProofFileOrSaysWhyNot) {
  const auto [game, proof] = test::won_position_with_replies();
  const std::string path = testing::TempDir() + "/proof_book_test.proof";
  std::ofstream(path) << proof;
  const auto book = read_proof_book(path);
  ASSERT_TRUE(book.ok()) << book.error();
  EXPECT_EQ((*book)->find(game)->move, ProofBook::from_text(proof)->find(game)->move);
  std::ofstream(path) << proof.substr(0, proof.size() / 2);
  const auto cut = read_proof_book(path);
  ASSERT_FALSE(cut.ok());
  EXPECT_NE(cut.error().find("does not verify"), std::string::npos) << cut.error();
  std::remove(path.c_str());
  const auto missing = read_proof_book(path);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), "cannot read the proof " + path);
}

TEST(ProofBook, TheEnginePlaysTheBookWithoutSearching) {
  const auto [game, proof] = test::won_position_with_replies();
  const auto book = std::make_shared<const ProofBook>(*ProofBook::from_text(proof));
  const ProvenWin win = *book->find(game);
  Engine engine;
  use_proof_book(engine, book);
  Limits limits;
  limits.depth = 1;
  const SearchResult r = engine.search(game, limits);
  EXPECT_EQ(r.best, win.move);
  EXPECT_EQ(r.score, win_in(win.plies));
  EXPECT_EQ(r.nodes, 0u);
  // A move left out is not played from the book either: the engine searches.
  limits.excluded = {win.move};
  const SearchResult searched = engine.search(game, limits);
  EXPECT_NE(searched.best, win.move);
  EXPECT_GT(searched.nodes, 0u);
  // Out of the book, it searches as ever.
  EXPECT_GT(engine.search(Game(olympiad()), limits).nodes, 0u);
}

}  // namespace
}  // namespace loa
