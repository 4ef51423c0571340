// Perft tables: from every preset's start, and from middle-game and near-end
// positions where games end inside the tree. Counts to depth 4 are checked
// against the square-by-square reference implementation as well.
#include <gtest/gtest.h>

#include "helpers.hpp"
#include "loa/game/perft.hpp"
#include "reference.hpp"

namespace loa {
namespace {

const std::vector<std::uint64_t> kStart8 = {36, 1244, 44952, 1563208, 55963132};
const std::vector<std::uint64_t> kStartLoaps = {24, 544, 12988, 298040, 7181852};
const std::vector<std::uint64_t> kStartSix = {24, 524, 11440, 234560, 4853792};
const std::vector<std::uint64_t> kStartFive = {18, 280, 4164, 56124, 743760};
const std::vector<std::uint64_t> kStartScrambled = {32, 992, 32000, 1002260, 32396552};

const std::vector<std::uint64_t>& start_table(std::string_view preset_name) {
  if (preset_name == "loaps") return kStartLoaps;
  if (preset_name == "six") return kStartSix;
  if (preset_name == "five") return kStartFive;
  if (preset_name == "scrambled") return kStartScrambled;
  return kStart8;
}

// The library's counts, and the reference's up to `reference_depth` (depth
// 4 from every start is checked below, one preset per board).
void expect_perft(Game& game, const std::vector<std::uint64_t>& counts, std::size_t reference_depth = 4) {
  const ref::Game reference = ref::from_library(game);
  for (std::size_t d = 1; d <= counts.size(); ++d) {
    EXPECT_EQ(perft(game, int(d)), counts[d - 1]) << "depth " << d << " of " << to_position_text(game);
    if (d <= reference_depth) {
      EXPECT_EQ(ref::perft(reference, int(d)), counts[d - 1]) << "reference, depth " << d;
    }
  }
}

TEST(Perft, StartPositionOfEveryPreset) {
  for (auto name : preset_names()) {
    SCOPED_TRACE(std::string(name));
    Game g(*preset(name));
    const auto& table = start_table(name);
    expect_perft(g, {table.begin(), table.begin() + 4}, 3);
  }
}

TEST(Perft, DepthFive) {
  for (const char* name : {"olympiad", "loaps", "six", "five", "scrambled"}) {
    Game g(*preset(name));
    EXPECT_EQ(perft(g, 5), start_table(name)[4]) << name;
  }
}

// Depth 4 from every board size's start, square by square as well: the
// counts the tables above hold at depth 4 are not just the library's own.
class PerftReference : public ::testing::TestWithParam<const char*> {};

TEST_P(PerftReference, AgreesAtDepthFour) {
  const Game g(*preset(GetParam()));
  EXPECT_EQ(ref::perft(ref::from_library(g), 4), start_table(GetParam())[3]);
}

INSTANTIATE_TEST_SUITE_P(StartOfEveryBoard, PerftReference,
                         ::testing::Values("olympiad", "loaps", "six", "five", "scrambled"));

TEST(Perft, DivideSumsToTheTotal) {
  Game g(olympiad());
  const auto split = perft_divide(g, 3);
  ASSERT_EQ(split.size(), 36u);
  std::uint64_t sum = 0;
  for (const auto& e : split) sum += e.nodes;
  EXPECT_EQ(sum, kStart8[2]);
}

std::string first_moves(const char* file, int dropped_from_end, int keep = -1) {
  const auto moves = test::read_numbered_game(test::test_data_dir() / "winands-thesis-games" / file);
  const int n = keep >= 0 ? keep : int(moves.size()) - dropped_from_end;
  std::string out;
  for (int i = 0; i < n; ++i) out += moves[i] + " ";
  return out;
}

TEST(Perft, MiddleAndEndOfPublishedGames) {
  struct Case {
    const char* rules;
    std::string moves;
    std::vector<std::uint64_t> counts;
  };
  const Case cases[] = {
      {"olympiad", first_moves("appendix_E_game1.txt", 0, 20), {27, 821, 24689, 733340}},
      // Three plies before the winning move: games end inside the tree.
      {"olympiad", first_moves("appendix_E_game1.txt", 3), {20, 573, 12729, 363336}},
      {"gamut", first_moves("appendix_E_game1.txt", 3), {20, 573, 12729, 363336}},
      {"votey", first_moves("appendix_F_game3.txt", 4), {26, 383, 9666, 155530}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.rules + (" after " + c.moves));
    Game g(*preset(c.rules));
    test::play_moves(g, c.moves);
    expect_perft(g, c.counts);
  }
}

TEST(Perft, PositionsFromText) {
  struct Case {
    const char* rules;
    const char* position;
    std::vector<std::uint64_t> counts;
  };
  const Case cases[] = {
      // Two plies before Kattis's 100-move limit: the tree stops at depth 2.
      {"kattis", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 98", {36, 1244, 1244, 1244}},
      // The POTM LOAPS sample files: black's 10th move, white's 28th.
      {"loaps", "1bb4/w4b1/w1w1w2/2b3b/6w/ww5/1bb4 b 18 4 5", {27, 596, 15011, 354812}},
      {"loaps", "1b2bb1/w4w1/7/3b1b1/w5w/6w/1b2b2 w 55 13 7", {18, 464, 8681, 227907}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.rules) + " " + c.position);
    Game g = test::game_from_text(*preset(c.rules), c.position);
    expect_perft(g, c.counts);
  }
}

TEST(Perft, FinishedGameIsOneLeaf) {
  Game g = test::game_from_text(kattis(), "6wb/6ww/8/8/8/8/ww6/bw6 b");
  ASSERT_TRUE(g.over());
  EXPECT_EQ(perft(g, 3), 1u);
  EXPECT_TRUE(perft_divide(g, 3).empty());
}

}  // namespace
}  // namespace loa
