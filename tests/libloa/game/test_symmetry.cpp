// The board's symmetries, the variants they keep, and proofs mapped by them:
// a mapped proof verifies and proves the image position.
#include <gtest/gtest.h>

#include <set>

#include "loa/game/symmetry.hpp"
#include "loa/solve/proof.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/notation.hpp"

namespace loa {
namespace {

Symmetry inverse(Symmetry s) {
  if (s == Symmetry::Rotate90) return Symmetry::Rotate270;
  if (s == Symmetry::Rotate270) return Symmetry::Rotate90;
  return s;  // the others undo themselves
}

std::string names(const std::vector<Symmetry>& list) {
  std::string out;
  for (Symmetry s : list) out += std::string(out.empty() ? "" : ", ") + std::string(to_string(s));
  return out;
}

TEST(Symmetry, EachIsABijectionOfTheBoardUndoneByItsInverse) {
  for (int size = 5; size <= 8; ++size)
    for (Symmetry s : kSymmetries) {
      std::set<Square> images;
      for (int f = 0; f < size; ++f)
        for (int r = 0; r < size; ++r) {
          const Square sq = make_square(f, r);
          const Square image = map_square(sq, s, size);
          ASSERT_LT(file_of(image), size);
          ASSERT_LT(rank_of(image), size);
          images.insert(image);
          EXPECT_EQ(map_square(image, inverse(s), size), sq) << to_string(s);
        }
      EXPECT_EQ(images.size(), static_cast<std::size_t>(size * size)) << to_string(s);
      EXPECT_EQ(symmetry_from_string(to_string(s)), s);
    }
  EXPECT_FALSE(symmetry_from_string("rotate 45"));
}

TEST(Symmetry, MovesMapAsTheirSquares) {
  const auto e6e4 = Move(make_square(4, 5), make_square(4, 3), false);
  EXPECT_EQ(move_text(map_move(e6e4, Symmetry::Rotate180, 6)), "b1-b3");
  EXPECT_EQ(move_text(map_move(e6e4, Symmetry::MirrorFiles, 6)), "b6-b4");
  EXPECT_EQ(move_text(map_move(e6e4, Symmetry::MirrorRanks, 6)), "e1-e3");
  EXPECT_EQ(move_text(map_move(e6e4, Symmetry::Rotate90, 6)), "f2-d2");
  EXPECT_EQ(move_text(map_move(e6e4, Symmetry::Rotate270, 6)), "a5-c5");
  EXPECT_EQ(move_text(map_move(e6e4, Symmetry::Identity, 6)), "e6-e4");
  // The two diagonals, each by what it keeps: a transpose keeps a1-h8 and swaps a8 and h1; an anti-transpose
  // keeps a8-h1 and swaps a1 and h8 (the two differ on every square off both diagonals).
  EXPECT_EQ(move_text(map_move(e6e4, Symmetry::Transpose, 6)), "f5-d5");
  EXPECT_EQ(move_text(map_move(e6e4, Symmetry::AntiTranspose, 6)), "a2-c2");
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(map_square(make_square(i, i), Symmetry::Transpose, 8), make_square(i, i));
    EXPECT_EQ(map_square(make_square(i, 7 - i), Symmetry::AntiTranspose, 8), make_square(i, 7 - i));
  }
  EXPECT_EQ(map_square(make_square(0, 0), Symmetry::AntiTranspose, 8), make_square(7, 7));
  EXPECT_EQ(map_square(make_square(0, 7), Symmetry::Transpose, 8), make_square(7, 0));
  EXPECT_EQ(move_text(map_move(Move(make_square(2, 0), make_square(0, 2), true), Symmetry::Transpose, 5)), "a3xc1");
  EXPECT_TRUE(map_move(Move::pass(), Symmetry::Rotate90, 8).is_pass());
}

TEST(Symmetry, TheRulesKeepThoseThatKeepTheirStartAndPoints) {
  // The standard shape keeps its colours' sides under the mirrors only: a
  // diagonal gives black's rows to white.
  const std::string mirrors = "identity, mirror files, mirror ranks, rotate 180";
  EXPECT_EQ(names(rules_symmetries(six())), mirrors);
  EXPECT_EQ(names(rules_symmetries(five())), mirrors);
  EXPECT_EQ(names(rules_symmetries(loaps())), mirrors);
  Rules lopsided = six();
  lopsided.square_points[make_square(1, 1)] = 3;  // b2 scores, e2 does not
  EXPECT_EQ(names(rules_symmetries(lopsided)), "identity");
}

TEST(Symmetry, AMappedProofVerifiesForTheImagePosition) {
  // 5x5 after b1-b3: black wins (tests/data/five/first-moves).
  Game g(five());
  const auto b1b3 = parse_move("b1-b3", g);
  ASSERT_TRUE(b1b3.ok());
  g.play(*b1b3);
  Solver solver;
  solver.keep_proof = true;
  const SolveReport r = solver.solve(g, SolveLimits{0, 0, 256, nullptr});
  ASSERT_EQ(r.value, SolveValue::Loss);
  const auto compact = compact_proof(r.proof);
  ASSERT_TRUE(compact.ok()) << compact.error();
  // Every symmetry, not only the rules': without points, the game on a
  // turned board is the same game, and the Start is mapped with the rest.
  for (Symmetry s : kSymmetries) {
    const auto image = map_proof(r.proof, s);
    ASSERT_TRUE(image.ok()) << image.error();
    const std::string before = "[Before \"" + move_text(map_move(*b1b3, s, 5)) + "\"]";
    EXPECT_NE(image->find(before), std::string::npos) << to_string(s) << "\n" << image->substr(0, 300);
    const auto check = verify_proof(*image);
    ASSERT_TRUE(check.ok()) << to_string(s) << ": " << check.error();
    EXPECT_EQ(check->claims, "black wins");
    EXPECT_EQ(check->moves, r.proof_nodes);
    const auto from_compact = map_proof(*compact, s);
    ASSERT_TRUE(from_compact.ok()) << from_compact.error();
    EXPECT_EQ(verify_proof(*from_compact)->moves, r.proof_nodes);
  }
  // The anti-transposed proof is of the position after b1-b3's image, written out: the 5x5 anti-transpose
  // sends file f, rank r to file 4-r, rank 4-f, so b1 to e4 and b3 to c4.
  const auto anti = map_proof(r.proof, Symmetry::AntiTranspose);
  ASSERT_TRUE(anti.ok());
  EXPECT_NE(anti->find("[Before \"e4-c4\"]"), std::string::npos) << anti->substr(0, 300);
  // The mirrored proof of a position that is not the image fails: the
  // Start stays the mirror of the original.
  auto wrong = *map_proof(r.proof, Symmetry::MirrorFiles);
  wrong.replace(wrong.find("[Before \"d1-d3\"]"), 16, "[Before \"b1-b3\"]");
  EXPECT_FALSE(verify_proof(wrong).ok());
  // A damaged proof is refused, not mapped.
  std::string damaged = r.proof;
  damaged.replace(damaged.rfind('\n', damaged.size() - 2) + 1, std::string::npos, "1 a1-a1\n");
  EXPECT_FALSE(map_proof(damaged, Symmetry::Rotate180).ok());
}

}  // namespace
}  // namespace loa
