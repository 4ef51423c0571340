#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "helpers.hpp"
#include "loa/play/match.hpp"
#include "loa/text/record.hpp"

namespace loa {
namespace {

TEST(Record, RoundTripsRandomGamesUnderEveryPreset) {
  std::mt19937_64 rng(11);
  std::string file;
  std::vector<Game> finals;
  for (auto name : preset_names())
    for (int i = 0; i < 4; ++i) {
      const Game start = random_opening(*preset(name), i, rng);
      Game g = start;
      std::vector<Move> moves;
      while (!g.over() && moves.size() < 60) {
        const Move m = test::random_move(g, rng);
        g.play(m);
        moves.push_back(m);
      }
      file += format_record(start, moves, {{"Event", "test"}, {"Round", std::to_string(i)}}) + "\n";
      finals.push_back(g);
    }
  const auto games = parse_records(file);
  ASSERT_TRUE(games.ok()) << games.error();
  ASSERT_EQ(games->size(), finals.size());
  for (std::size_t i = 0; i < finals.size(); ++i) {
    const RecordedGame& r = (*games)[i];
    EXPECT_EQ(to_position_text(r.replay()), to_position_text(finals[i]));
    EXPECT_EQ(r.outcome, finals[i].outcome());
    EXPECT_EQ(r.result, result_token(finals[i].outcome()));
    EXPECT_EQ(r.tag("Event"), "test");
    EXPECT_TRUE(r.forfeit.empty());
  }
}

TEST(Record, ReadsThesisGamesAsMoveText) {
  const auto files = test::thesis_game_files();
  ASSERT_FALSE(files.empty());
  std::ifstream in(files[0]);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The last move connects its mover: Black (1-0) after an odd number of moves.
  const std::string result = test::read_numbered_game(files[0]).size() % 2 ? "1-0" : "0-1";
  const auto games = parse_records("[Rules \"olympiad\"]\n\n" + text + " " + result + "\n");
  ASSERT_TRUE(games.ok()) << games.error();
  EXPECT_EQ((*games)[0].outcome.reason, EndReason::Connection);
}

TEST(Record, ForfeitsKeepTheirResult) {
  const Game start(olympiad());
  const std::string text = format_record(start, {Move(1, 17, false)}, {}, "illegal move", White);
  EXPECT_NE(text.find("[Result \"1-0\"]"), std::string::npos);
  const auto games = parse_records(text);
  ASSERT_TRUE(games.ok()) << games.error();
  EXPECT_EQ((*games)[0].forfeit, "illegal move");
  EXPECT_EQ((*games)[0].result, "1-0");
}

TEST(Record, ErrorsNameTheGameAndTheMove) {
  const std::string good = "[Rules \"olympiad\"]\n\n1. b1-d3 a2-c4 *\n";
  ASSERT_TRUE(parse_records(good).ok()) << parse_records(good).error();
  const auto bad_move = parse_records(good + "\n[Rules \"olympiad\"]\n\n1. b1-d3 a2xc4 *\n");
  ASSERT_FALSE(bad_move.ok());
  EXPECT_NE(bad_move.error().find("game 2, move 2"), std::string::npos) << bad_move.error();
  EXPECT_FALSE(parse_records("[Rules \"chess\"]\n\n1. e2-e4 *\n").ok());
  EXPECT_FALSE(parse_records("[Rules \"olympiad\"\n").ok());
  EXPECT_FALSE(parse_records("[Result \"1-0\"]\n\n1. b1-d3 0-1\n").ok()) << "tag and token disagree";
  // A decided result on an unfinished game is a resignation or adjudication.
  const auto resigned = parse_records("1. b1-d3 1-0\n");
  ASSERT_TRUE(resigned.ok()) << resigned.error();
  EXPECT_EQ((*resigned)[0].forfeit, "resignation or adjudication");
  // A result token ends a game: what follows is the next game.
  EXPECT_EQ(parse_records("1. b1-d3 a2-c4 *\n1. b1-d3\n")->size(), 2u);
  EXPECT_FALSE(parse_records("[Start \"nonsense\"]\n\n*\n").ok());
  EXPECT_TRUE(parse_records("").ok());
}

}  // namespace
}  // namespace loa
