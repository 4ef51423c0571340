#include <gtest/gtest.h>

#include <set>

#include "helpers.hpp"
#include "loa/base/bitboard.hpp"
#include "loa/game/rules.hpp"
#include "loa/text/notation.hpp"

namespace loa {
namespace {

using test::squares;

TEST(Rules, EveryPresetIsValidAndNamed) {
  std::set<Key> keys;
  for (auto name : preset_names()) {
    const auto r = preset(name);
    ASSERT_TRUE(r.ok()) << name;
    EXPECT_EQ(r->name, name);
    EXPECT_TRUE(validate(*r).ok()) << name << ": " << validate(*r).error();
    keys.insert(r->key());
  }
  EXPECT_EQ(keys.size(), preset_names().size()) << "two presets hash alike";
  EXPECT_FALSE(preset("chess").ok());
  EXPECT_NE(preset("chess").error().find("olympiad"), std::string::npos);
}

TEST(Rules, StandardStart) {
  const auto s = standard_start();
  EXPECT_EQ(s[Black], squares({"b1", "c1", "d1", "e1", "f1", "g1", "b8", "c8", "d8", "e8", "f8", "g8"}, 8));
  EXPECT_EQ(s[White], squares({"a2", "a3", "a4", "a5", "a6", "a7", "h2", "h3", "h4", "h5", "h6", "h7"}, 8));
}

TEST(Rules, LoapsStartAndPoints) {
  const Rules r = loaps();
  EXPECT_EQ(r.board_size, 7);
  EXPECT_EQ(r.start[Black], squares({"b1", "c1", "e1", "f1", "b7", "c7", "e7", "f7"}, 7));
  EXPECT_EQ(r.start[White], squares({"a2", "a3", "a5", "a6", "g2", "g3", "g5", "g6"}, 7));
  EXPECT_EQ(r.square_points[*parse_square("d4", 7)], 7);
  for (auto s : {"b2", "b6", "f2", "f6"}) EXPECT_EQ(r.square_points[*parse_square(s, 7)], 3) << s;
  int bonus_squares = 0;
  for (auto p : r.square_points) bonus_squares += p != 0;
  EXPECT_EQ(bonus_squares, 5);
  EXPECT_EQ(r.capture_points, 1);
  EXPECT_EQ(r.connection_points, 12);
  EXPECT_TRUE(r.points_decide);
  EXPECT_EQ(r.ply_limit, 100);
  EXPECT_TRUE(r.scores_points());
  EXPECT_FALSE(olympiad().scores_points());
}

TEST(Rules, PresetTable) {
  EXPECT_EQ(olympiad().simultaneous, Simultaneous::Draw);
  EXPECT_EQ(olympiad().no_move, NoMoveRule::Pass);
  EXPECT_EQ(olympiad().repetition, 3);
  EXPECT_EQ(gamut().simultaneous, Simultaneous::Mover);
  EXPECT_EQ(gamut().repetition, 3);
  EXPECT_EQ(kattis().no_move, NoMoveRule::Draw);
  EXPECT_EQ(kattis().ply_limit, 100);
  EXPECT_EQ(kattis().repetition, 0);
  EXPECT_EQ(votey().simultaneous, Simultaneous::Mover);
  EXPECT_EQ(votey().no_move, NoMoveRule::Pass);
  EXPECT_EQ(votey().ply_limit, 0);
  EXPECT_EQ(loaps().no_move, NoMoveRule::Lose);
  EXPECT_EQ(codingame().simultaneous, Simultaneous::Mover);
  EXPECT_EQ(codingame().no_move, NoMoveRule::Pass);
  EXPECT_EQ(codingame().repetition, 0);
  EXPECT_EQ(codingame().ply_limit, 150);
  EXPECT_EQ(codingame().at_limit, LimitOutcome::Draw);
  EXPECT_EQ(codingame().start, standard_start());
}

TEST(Rules, ValidateRejectsNonsense) {
  Rules r = olympiad();
  r.board_size = 9;
  EXPECT_FALSE(validate(r).ok());
  r = olympiad();
  r.start[White] |= r.start[Black];
  EXPECT_FALSE(validate(r).ok());
  r = loaps();
  r.start[Black] |= square_bb(make_square(7, 0));  // h1 is off the 7x7 board
  EXPECT_FALSE(validate(r).ok());
  r = loaps();
  r.square_points[make_square(7, 7)] = 1;
  EXPECT_FALSE(validate(r).ok());
  r = olympiad();
  r.repetition = 1;
  EXPECT_FALSE(validate(r).ok());
  r = loaps();
  r.simultaneous = Simultaneous::Draw;
  EXPECT_FALSE(validate(r).ok());
  r = olympiad();
  r.start[Black] = square_bb(0);
  EXPECT_FALSE(validate(r).ok());
}

TEST(Rules, KeyTracksEveryField) {
  const Key base = olympiad().key();
  Rules r = olympiad();
  r.ply_limit = 200;
  EXPECT_NE(r.key(), base);
  r = olympiad();
  r.square_points[0] = 1;
  EXPECT_NE(r.key(), base);
  r = olympiad();
  r.first_player = White;
  EXPECT_NE(r.key(), base);
  r = olympiad();
  r.name = "renamed";
  EXPECT_EQ(r.key(), base) << "the name does not change play";
}

}  // namespace
}  // namespace loa
