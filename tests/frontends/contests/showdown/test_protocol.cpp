#include <gtest/gtest.h>

#include "showdown/protocol.hpp"

namespace showdown {
namespace {

TEST(ShowdownProtocol, TurnsRoundTrip) {
  for (const char* text : {"MOVE B 1", "RADAR", "WALL I 26", "ZAP A 26", "HELP", "MOVE Z 99"}) {
    const auto t = parse_turn(text);
    ASSERT_TRUE(t) << text << ": " << t.error;
    EXPECT_EQ(to_string(*t), text);
  }
}

TEST(ShowdownProtocol, TurnSquares) {
  EXPECT_EQ(*parse_turn("MOVE B 1"), (Turn{Action::Move, {1, 0}}));
  EXPECT_EQ(*parse_turn("ZAP I 26"), (Turn{Action::Zap, {8, 25}}));
  // Blanks around and between words, and a carriage return, are tolerated.
  EXPECT_EQ(*parse_turn("  WALL\tC  4 \r"), (Turn{Action::Wall, {2, 3}}));
  // Well formed but off the board: a turn the mediator answers ERROR.
  const auto off = parse_turn("MOVE J 1");
  ASSERT_TRUE(off);
  EXPECT_FALSE(off->target.on_board());
  EXPECT_FALSE(parse_turn("MOVE A 0")->target.on_board());
}

TEST(ShowdownProtocol, RejectsWhatIsNotATurn) {
  for (const char* text : {"", "   ", "move B 1", "MOVE b 1", "MOVE B", "MOVE B 1 2", "MOVE 1 B", "RADAR A 1",
                           "HELP ME", "JUMP A 1", "MOVE B -1", "MOVE B 1000", "MOVE BB 1", "ZAP B x", "MOVEB 1"}) {
    const auto t = parse_turn(text);
    EXPECT_FALSE(t) << "'" << text << "' parsed";
    EXPECT_FALSE(t.error.empty());
  }
}

TEST(ShowdownProtocol, ResultsRoundTrip) {
  for (const char* text :
       {"INIT A 1", "INIT I 26", "OK", "ERROR", "OUCH", "HELLO", "AT E 13", "BOOM", "MISS", "HIT", "OOPS", "LOC C 7"}) {
    const auto r = parse_result(text);
    ASSERT_TRUE(r) << text << ": " << r.error;
    EXPECT_EQ(to_string(*r), text);
  }
  for (const char* text : {"", "ok", "AT", "AT J 1", "LOC A 27", "OK A 1", "HIT HIT", "INIT"})
    EXPECT_FALSE(parse_result(text)) << "'" << text << "' parsed";
}

}  // namespace
}  // namespace showdown
