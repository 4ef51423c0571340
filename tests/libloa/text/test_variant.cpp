// The variant format: every preset round-trips, sections build on presets and
// on each other, and every kind of bad input is an error naming its line and
// field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "helpers.hpp"
#include "loa/base/bitboard.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/variant.hpp"

namespace loa {
namespace {

using test::squares;

TEST(Variant, EveryPresetPrintsAndReadsBackEqual) {
  for (auto name : preset_names()) {
    SCOPED_TRACE(std::string(name));
    const Rules r = *preset(name);
    const std::string text = format_variant(r);
    const auto back = parse_variant(text);
    ASSERT_TRUE(back.ok()) << back.error() << "\n" << text;
    EXPECT_TRUE(*back == r) << text;
    EXPECT_EQ(back->key(), r.key());
    EXPECT_EQ(format_variant(*back), text);
  }
}

// Found by fuzz_variants: a carriage return inside a description printed as
// a blank, so the text did not read back equal.
TEST(Variant, StrayCarriageReturnReadsAsItPrints) {
  const auto r = parse_variant("[a : six]\ndescription = one\rtwo\r\n");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->description, "one two");
  EXPECT_TRUE(*parse_variant(format_variant(*r)) == *r);
}

TEST(Variant, AllPresetsInOneFile) {
  std::string text;
  for (auto name : preset_names()) text += format_variant(*preset(name)) + "\n";
  const auto all = parse_variants(text);
  ASSERT_TRUE(all.ok()) << all.error();
  ASSERT_EQ(all->size(), preset_names().size());
  for (std::size_t i = 0; i < all->size(); ++i) EXPECT_TRUE((*all)[i] == *preset(preset_names()[i]));
}

TEST(Variant, NewPresetsHaveTheirStarts) {
  EXPECT_EQ(six().start[Black], squares({"b1", "c1", "d1", "e1", "b6", "c6", "d6", "e6"}, 6));
  EXPECT_EQ(six().start[White], squares({"a2", "a3", "a4", "a5", "f2", "f3", "f4", "f5"}, 6));
  EXPECT_EQ(five().start[Black], squares({"b1", "c1", "d1", "b5", "c5", "d5"}, 5));
  EXPECT_EQ(five().start[White], squares({"a2", "a3", "a4", "e2", "e3", "e4"}, 5));
  // Scrambled Eggs: alternating around the board, White on a2 (the pbmserv
  // diagram's "-scrambled" layout).
  const Rules s = scrambled_eggs();
  EXPECT_EQ(s.start[Black], squares({"b1", "d1", "f1", "a3", "a5", "a7", "c8", "e8", "g8", "h2", "h4", "h6"}, 8));
  EXPECT_EQ(s.start[White], squares({"c1", "e1", "g1", "a2", "a4", "a6", "b8", "d8", "f8", "h3", "h5", "h7"}, 8));
  EXPECT_EQ(s.simultaneous, Simultaneous::Mover);
}

TEST(Variant, SectionsStartFromPresetsAndEarlierSections) {
  const std::string text = R"(
# A user's file.
[tight6 : six]
description = 6x6 where a pinned player loses
no_move = lose

[tight6-limited:tight6]
Ply-Limit = 80   # a comment after a value
at_limit: points
)";
  const auto all = parse_variants(text);
  ASSERT_TRUE(all.ok()) << all.error();
  ASSERT_EQ(all->size(), 2u);
  const Rules& a = (*all)[0];
  EXPECT_EQ(a.name, "tight6");
  EXPECT_EQ(a.board_size, 6);
  EXPECT_EQ(a.start, six().start);
  EXPECT_EQ(a.no_move, NoMoveRule::Lose);
  EXPECT_EQ(a.repetition, 3);
  const Rules& b = (*all)[1];
  EXPECT_EQ(b.no_move, NoMoveRule::Lose);
  EXPECT_EQ(b.ply_limit, 80);
  EXPECT_EQ(b.at_limit, LimitOutcome::Points);
  EXPECT_EQ(b.description, "") << "a section describes itself; the base's words do not carry over";
  EXPECT_TRUE(parse_variant(text, "tight6-limited")->ply_limit == 80);
  EXPECT_FALSE(parse_variant(text).ok()) << "two sections and none named";
  EXPECT_NE(parse_variant(text, "nope").error().find("tight6, tight6-limited"), std::string::npos);
}

// Each section found by name through an index: 20,000 sections took 1.3 s
// when every header searched the sections before it (issue 28); this chain
// of 100,000 took 31 s then. bench/ measures it (BM_VariantChain).
TEST(Variant, AChainOfAHundredThousandSectionsReadsWhole) {
  std::string text = "[s0 : six]\nno_move = lose\n";
  for (int i = 1; i < 100000; ++i) text += "[s" + std::to_string(i) + " : s" + std::to_string(i - 1) + "]\n";
  text += "[s0]\n";
  EXPECT_NE(parse_variants(text).error().find("section [s0] is defined twice"), std::string::npos);
  text.resize(text.size() - 5);
  const auto all = parse_variants(text);
  ASSERT_TRUE(all.ok()) << all.error();
  ASSERT_EQ(all->size(), 100000u);
  EXPECT_EQ(all->back().name, "s99999");
  EXPECT_EQ(all->back().board_size, 6);
  EXPECT_EQ(all->back().no_move, NoMoveRule::Lose) << "a field set at the chain's root reaches its end";
}

TEST(Variant, StartAsRowsAndANewSizeTakesTheStandardShape) {
  const auto rows = parse_variant("[r]\nstart = .bbb./w...w/w...w/w...w/.bbb.\n");
  ASSERT_TRUE(rows.ok()) << rows.error();
  EXPECT_EQ(rows->board_size, 5);
  EXPECT_EQ(rows->start, five().start);
  const auto digits = parse_variant("[r : olympiad]\nstart = 1bbbb1/w4w/w4w/w4w/w4w/1bbbb1\n");
  ASSERT_TRUE(digits.ok()) << digits.error();
  EXPECT_EQ(digits->start, six().start);
  const auto sized = parse_variant("[seven : olympiad]\nboard_size = 7\n");
  ASSERT_TRUE(sized.ok()) << sized.error();
  EXPECT_EQ(sized->start, standard_start(7));
  EXPECT_EQ(popcount(sized->start[Black]), 10);
}

TEST(Variant, BonusSquaresAndPoints) {
  const auto r = parse_variant(R"([p : six]
bonus = c3=5, d4:2
capture_points = 1
connection_points = 10
points_decide = yes
simultaneous = mover
)");
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->square_points[*parse_square("c3", 6)], 5);
  EXPECT_EQ(r->square_points[*parse_square("d4", 6)], 2);
  EXPECT_TRUE(r->points_decide);
  EXPECT_TRUE(r->scores_points());
}

// Each bad text, the line its error must name and a word it must contain.
struct BadCase {
  std::string_view text;
  const char* expect;
};
using namespace std::literals;

TEST(Variant, BadInputNamesLineAndField) {
  const BadCase cases[] = {
      {"", "no [section]"},
      {"# only a comment\n", "no [section]"},
      {"[a : olympiad]\ncolour = red\n", "line 2: no such field 'colour'"},
      {"[a : six]\nblack = b1 z9\n", "line 2: field 'black': 'z9' is not a square of the 6x6 board"},
      {"[a : six]\nblack = b1 g1\n", "line 2: field 'black': 'g1' is not a square"},
      {"[a : six]\nwhite = b1 c1 d1\n", "line 2: field 'white': a start square is also black's"},
      {"[a : six]\nblack = b1\n", "line 2: field 'black': each side must start with at least two pieces"},
      {"[a : six]\nblack =\n", "line 2: field 'black'"},
      {"[a : olympiad]\nboard_size = 4\n", "line 2: field 'board_size': must be 5, 6, 7 or 8, not 4"},
      {"[a : olympiad]\nboard_size = 9\n", "line 2: field 'board_size': must be 5, 6, 7 or 8, not 9"},
      {"[a : six]\nbonus = h8=3\n", "line 2: field 'bonus': 'h8' is not a square of the 6x6 board"},
      {"[a : six]\nbonus = c3\n", "line 2: field 'bonus': expected square=points"},
      {"[a : loaps]\nboard_size = 5\n", "field 'bonus': a bonus square lies off the 5x5 board"},
      {"[a : six]\n[a : five]\n", "line 2: section [a] is defined twice"},
      {"[a : chess]\n", "line 1: section [a] starts from 'chess'"},
      {"[a : six]\nno_move = sulk\n", "line 2: field 'no_move': expected one of pass, draw, lose"},
      {"[a : six]\nrepetition = 1\n", "line 2: field 'repetition'"},
      {"[a : six]\nply_limit = -3\n", "line 2: field 'ply_limit'"},
      {"[a : six]\npoints_decide = maybe\n", "line 2: field 'points_decide': expected true or false"},
      {"[a : six]\nno_move = lose\nno_move = pass\n", "line 3: field 'no_move': set twice"},
      {"ply_limit = 3\n", "line 1: field 'ply_limit': a field before the first [section]"},
      {"[a : six\n", "line 1: a section header must end with ']'"},
      {"[]\n", "line 1: a section name"},
      {"[a : six]\nthis is not a field\n", "line 2: expected a [section] header"},
      {"[a : six]\nstart = bbbb/wwww\n", "line 2: field 'start': the rows describe a board of 2 ranks"},
      {"[a : six]\nstart = .bb/w../...\n", "field 'start'"},
      {"[a : six]\nstart = .bbbb./w....w/w....w/w....w/w....w/.bbbb.\nblack = b1 c1\n", "not both"},
      {"[a : olympiad]\nboard_size = 6\nstart = .bbbbb./w.....w/w.....w/w.....w/w.....w/w.....w/.bbbbb.\n",
       "line 3: field 'start': the rows describe a 7x7 board, but board_size is 6"},
      {"[a : six]\nblack = a1 b1 a2 b2\nwhite = e5 f6\n", "line 2: field 'black': that side starts connected"},
      {"[a : six]\nx\0y = 3\n"sv, "line 2: not text"},
      {"[a : loaps]\nsimultaneous = draw\n", "line 2: field 'simultaneous': when points decide"},
  };
  for (const BadCase& c : cases) {
    SCOPED_TRACE(c.text);
    const auto r = parse_variants(c.text);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().find(c.expect), std::string::npos) << r.error();
    EXPECT_EQ(r.error().find('\n'), std::string::npos) << "one line";
  }
}

TEST(Variant, BinaryGarbageIsAnError) {
  std::string garbage;
  for (int i = 0; i < 4096; ++i) garbage += char((i * 7919 + 13) % 256);
  EXPECT_FALSE(parse_variants(garbage).ok());
  EXPECT_FALSE(parse_variants("[a : six]\n" + garbage).ok());
}

class VariantFile : public ::testing::Test {
 protected:
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("loa-variant-test-" + std::to_string(::getpid()));
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  }
};

TEST_F(VariantFile, LoadRulesTakesPresetsFilesAndSections) {
  EXPECT_TRUE(*load_rules("six") == six());
  const std::string one = write("one.ini", "[mine : five]\nno_move = lose\n");
  const auto only = load_rules(one);
  ASSERT_TRUE(only.ok()) << only.error();
  EXPECT_EQ(only->name, "mine");
  EXPECT_EQ(only->no_move, NoMoveRule::Lose);
  const std::string two = write("two.ini", "[a : five]\n[b : six]\n");
  EXPECT_EQ(load_rules(two + ":b")->board_size, 6);
  EXPECT_NE(load_rules(two).error().find("several sections (a, b)"), std::string::npos);
  EXPECT_NE(load_rules(two + ":c").error().find("no section [c]"), std::string::npos);
}

TEST_F(VariantFile, ErrorsNameTheFileAndLine) {
  const std::string bad = write("bad.ini", "[a : six]\n\nbonus = q1=3\n");
  const auto r = load_rules(bad + ":a");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rfind(bad + ":3: field 'bonus': ", 0), 0u) << r.error();
  EXPECT_NE(load_rules("no-such-file.ini").error().find("unknown rules"), std::string::npos);
  EXPECT_FALSE(load_rules(dir.string()).ok()) << "a directory";
  EXPECT_NE(load_rules(write("empty.ini", "")).error().find("no [section]"), std::string::npos);
  EXPECT_NE(load_rules(write("big.ini", std::string(kMaxVariantFile + 10, '#'))).error().find("longer than"),
            std::string::npos);
}

}  // namespace
}  // namespace loa
