// Move categories: every move gets one, its features are the move's, the
// counts add up, and the learned table says what self-play says.
#include <gtest/gtest.h>

#include <random>

#include "helpers.hpp"
#include "loa/search/move_category.hpp"

namespace loa {
namespace {

int category_of(const Game& g, const std::string& move) {
  const auto m = parse_move(move, g);
  EXPECT_TRUE(m.ok()) << move;
  return CategoryContext(g.position()).category(*m);
}

TEST(MoveCategory, FeaturesOfOpeningMoves) {
  const Game g(olympiad());
  // b1 (edge) to b3 (second ring): no black piece next to b3, c1 left
  // behind, and nearer black's centre of mass (e5).
  EXPECT_EQ(describe_category(category_of(g, "b1-b3")), "quiet edge0->1 next-to-0 from-group nearer");
  // b1 to d3 on the diagonal: c2? empty; nearer still.
  EXPECT_EQ(describe_category(category_of(g, "b1-d3")), "quiet edge0->2 next-to-0 from-group nearer");
  // Black e5 takes c5, away from black's centre of mass (g3, with h1).
  const Game c = test::game_from_text(olympiad(), "w7/8/8/2w1b3/8/8/8/7b b");
  EXPECT_EQ(describe_category(category_of(c, "e5xc5")), "capture edge3->2 next-to-0 from-alone away");
}

TEST(MoveCategory, EveryMoveOfRandomGamesHasAValidCategory) {
  std::mt19937_64 rng(3);
  for (const Rules& rules : {olympiad(), votey(), loaps()}) {
    for (int game_no = 0; game_no < 20; ++game_no) {
      Game g(rules);
      while (!g.over()) {
        const MoveList moves = g.legal_moves();
        const CategoryContext context(g.position());
        for (Move m : moves) {
          if (m.is_pass()) continue;
          const int c = context.category(m);
          ASSERT_GE(c, 0);
          ASSERT_LT(c, kMoveCategories);
          EXPECT_EQ(c >= kMoveCategories / 2, m.is_capture());
          EXPECT_EQ(describe_category(c).rfind(m.is_capture() ? "capture" : "quiet", 0), 0u);
        }
        g.play(moves[int(rng() % std::uint64_t(moves.size()))]);
      }
    }
  }
}

TEST(MoveCategory, CountsAddUp) {
  const Game g(olympiad());
  CategoryCounts counts;
  const Move played = *parse_move("b1-b3", g);
  counts.add(g.position(), played);
  std::uint64_t available = 0, chosen = 0;
  for (int c = 0; c < kMoveCategories; ++c) available += counts.available[c], chosen += counts.played[c];
  EXPECT_EQ(available, std::uint64_t(g.position().count_moves()));
  EXPECT_EQ(chosen, 1u);
  const int c = CategoryContext(g.position()).category(played);
  EXPECT_EQ(counts.played[c], 1u);
  // A category never on offer gets the mean; the played one more than that.
  const double mean = 1.0 / double(available);
  const auto probability = counts.probabilities();
  EXPECT_NEAR(probability[kMoveCategories - 1], mean, 1e-12);
  EXPECT_GT(probability[c], mean);
}

TEST(MoveCategory, LearnedTableFavoursWhatStrongPlayFavours) {
  const auto& table = learned_category_probabilities();
  for (int c = 0; c < kMoveCategories; ++c) EXPECT_GT(table[c], 0) << c;
  // Self-play takes captures that approach the centre of mass far more often
  // than quiet moves to the edge away from it.
  auto mean_where = [&](auto&& keep) {
    double sum = 0;
    int n = 0;
    for (int c = 0; c < kMoveCategories; ++c)
      if (keep(describe_category(c))) sum += table[c], ++n;
    return sum / n;
  };
  const double capture_nearer =
      mean_where([](const std::string& d) { return d.rfind("capture", 0) == 0 && d.ends_with(" nearer"); });
  const double quiet_to_edge_away = mean_where([](const std::string& d) {
    return d.rfind("quiet", 0) == 0 && d.find("->0") != std::string::npos && d.ends_with(" away");
  });
  EXPECT_GT(capture_nearer, 10 * quiet_to_edge_away);
}

}  // namespace
}  // namespace loa
