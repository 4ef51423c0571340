// Training positions (loa/learn/training_data.hpp): the format round-trips,
// a game's records are the game the engine played, a generation gives the
// same games on one thread or two, and a file cut mid-game or made with other
// options is handled as the header says.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "loa/learn/training_data.hpp"
#include "loa/search/search.hpp"

namespace loa {
namespace {

namespace fs = std::filesystem;

DataGenOptions small_options() {
  DataGenOptions o;
  o.rules = *preset("six");
  o.games = 6;
  o.nodes = 300;
  o.opening_plies = 4;
  o.seed = 7;
  return o;
}

std::string temp_file(const std::string& name) {
  const fs::path p = fs::temp_directory_path() /
                     ("loa-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" + name);
  fs::remove(p);
  return p.string();
}

// Every record of a file, sorted by game and index (threads write games in any order).
std::vector<TrainingRecord> read_records(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<TrainingRecord> records;
  for (std::size_t at = kTrainingHeaderBytes; at + kTrainingRecordBytes <= bytes.size(); at += kTrainingRecordBytes)
    records.push_back(decode_record(bytes.data() + at));
  std::sort(records.begin(), records.end(), [](const TrainingRecord& a, const TrainingRecord& b) {
    return a.game != b.game ? a.game < b.game : a.index < b.index;
  });
  return records;
}

bool same(const TrainingRecord& a, const TrainingRecord& b) {
  return a.black == b.black && a.white == b.white && a.score == b.score && a.result == b.result && a.side == b.side &&
         a.ply == b.ply && a.move == b.move && a.game == b.game && a.index == b.index && a.count == b.count;
}

TEST(TrainingData, RecordsAndHeadersRoundTrip) {
  TrainingRecord r;
  r.black = 0x8100000000000042ULL;
  r.white = 0x7e00ULL;
  r.score = -29990;
  r.result = -1;
  r.side = 1;
  r.ply = 301;
  r.move = Move(make_square(1, 0), make_square(1, 7), true).raw();
  r.game = 123456;
  r.index = 17;
  r.count = 40;
  char bytes[kTrainingRecordBytes];
  encode_record(r, bytes);
  EXPECT_TRUE(same(decode_record(bytes), r));
  // Little-endian on every machine: the first byte is black's lowest.
  EXPECT_EQ(std::uint8_t(bytes[0]), 0x42);

  const DataGenOptions o = small_options();
  const auto h = decode_header(encode_header(o));
  ASSERT_TRUE(h) << h.error();
  EXPECT_EQ(h->board_size, 6);
  EXPECT_EQ(h->nodes, 300u);
  EXPECT_EQ(h->seed, 7u);
  EXPECT_EQ(h->rules_key, o.rules.key());
  EXPECT_EQ(h->rules_name, "six");

  std::string other = encode_header(o);
  other[16] = 2;  // the format version
  EXPECT_EQ(decode_header(other).error(), "format version 2, this build reads 1");
  EXPECT_EQ(decode_header("LOA").error(), "not a libloa positions file");
}

TEST(TrainingData, AGamesRecordsAreTheGamePlayed) {
  const DataGenOptions o = small_options();
  Engine engine(1);
  const std::vector<TrainingRecord> records = generate_game(o, 3, engine);
  ASSERT_GT(records.size(), 4u);
  // The same game again, from another engine: the records are a function of the index.
  Engine other(1);
  const std::vector<TrainingRecord> again = generate_game(o, 3, other);
  ASSERT_EQ(again.size(), records.size());
  for (std::size_t i = 0; i < records.size(); ++i) EXPECT_TRUE(same(records[i], again[i])) << i;
  EXPECT_FALSE(same(generate_game(o, 4, other)[0], records[0]));

  for (std::size_t i = 0; i < records.size(); ++i) {
    const TrainingRecord& r = records[i];
    EXPECT_EQ(r.game, 3u);
    EXPECT_EQ(r.index, i);
    EXPECT_EQ(r.count, records.size());
    EXPECT_EQ(r.ply, records[0].ply + i);
    // The engine's move is legal where it was chosen, and leads to the next record.
    const auto g = Game::from_setup(o.rules, r.black, r.white, Color(r.side), r.ply, {0, 0});
    ASSERT_TRUE(g) << g.error();
    Game next = *g;
    ASSERT_TRUE(next.is_legal(Move::from_raw(r.move))) << i;
    next.play(Move::from_raw(r.move));
    if (i + 1 < records.size()) {
      EXPECT_EQ(next.position().pieces(Black), records[i + 1].black);
      EXPECT_EQ(next.position().pieces(White), records[i + 1].white);
      EXPECT_EQ(records[i + 1].result, r.side == records[i + 1].side ? r.result : -r.result);
    } else if (next.over()) {
      EXPECT_EQ(r.result, next.outcome().score_for(Color(r.side)));
    }
  }
}

TEST(TrainingData, AGenerationIsTheSameOnTwoThreadsAndResumesACutFile) {
  DataGenOptions o = small_options();
  const std::string one = temp_file("one.bin"), two = temp_file("two.bin");
  int calls = 0;
  const auto a = generate_data(o, one, [&](const DataGenProgress& p) { EXPECT_EQ(p.games_done, ++calls); });
  ASSERT_TRUE(a) << a.error();
  EXPECT_EQ(calls, 6);
  EXPECT_EQ(a->games_done, 6);
  o.threads = 2;
  o.games = 4;
  ASSERT_TRUE(generate_data(o, two));
  // Killed in the middle of a game's write: the file ends inside game 3's records.
  fs::resize_file(two, fs::file_size(two) - kTrainingRecordBytes - 5);
  o.games = 6;
  const auto b = generate_data(o, two);
  ASSERT_TRUE(b) << b.error();
  EXPECT_EQ(b->games_resumed, 3);
  EXPECT_EQ(b->games_done, 6);
  const std::vector<TrainingRecord> ra = read_records(one), rb = read_records(two);
  ASSERT_EQ(ra.size(), rb.size());
  ASSERT_EQ(ra.size(), a->positions);
  for (std::size_t i = 0; i < ra.size(); ++i) EXPECT_TRUE(same(ra[i], rb[i])) << i;
  // Run again: nothing to do.
  const auto c = generate_data(o, two);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->positions, 0u);
  EXPECT_EQ(fs::file_size(two), kTrainingHeaderBytes + ra.size() * kTrainingRecordBytes);

  // Other options are refused, naming the file and what differs.
  o.nodes = 301;
  EXPECT_EQ(generate_data(o, two).error(), two + ": made with 300 nodes a move, not 301");
  o = small_options();
  o.rules = *preset("five");
  EXPECT_EQ(generate_data(o, two).error(), two + ": made under rules 'six', not these 'five'");
  std::ofstream(one, std::ios::binary) << "not positions at all, but long enough to hold a header of 128 bytes ......"
                                          "..................................................................";
  EXPECT_EQ(generate_data(small_options(), one).error(), one + ": not a libloa positions file");
  fs::remove(one);
  fs::remove(two);
}

}  // namespace
}  // namespace loa
