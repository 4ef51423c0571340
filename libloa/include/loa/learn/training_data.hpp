// Positions to train an evaluation on: self-play games from random openings
// at a small fixed node budget, every position the engine searched written
// with the search's score and the game's result. The file format is
// documented in docs/training.md; games are deterministic by (seed, index),
// so a generation that stops can go on where it stopped, and one split over
// machines (loa.cluster) adds up to the same positions.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"

namespace loa {

class Engine;

constexpr std::uint32_t kTrainingDataVersion = 1;
constexpr std::size_t kTrainingHeaderBytes = 128;
constexpr std::size_t kTrainingRecordBytes = 32;

// One position, as a record of the file holds it (little-endian fields in
// this order: 8 + 8 + 2 + 1 + 1 + 2 + 2 + 4 + 2 + 2 = 32 bytes).
struct TrainingRecord {
  Bitboard black = 0, white = 0;  // square = file + 8 * rank, a1 = 0
  std::int16_t score = 0;         // the search's value for the side to move
  std::int8_t result = 0;         // the game's result for the side to move: 1, 0, -1
  std::uint8_t side = 0;          // the side to move: 0 black, 1 white
  std::uint16_t ply = 0;          // plies played from the start
  std::uint16_t move = 0;         // the move the engine chose (Move::raw())
  std::uint32_t game = 0;         // the game's index in the generation
  std::uint16_t index = 0;        // this position's place among its game's records
  std::uint16_t count = 0;        // records of the game: the last has index count - 1
};

struct DataGenOptions {
  Rules rules;
  int games = 100;             // games 0..games-1 (a resumed file adds those missing)
  std::uint64_t nodes = 5000;  // the engine's budget for every move
  int opening_plies = 8;       // uniformly random plies before the engine plays
  std::uint64_t seed = 1;      // with a game's index, decides its opening
  int threads = 1;             // games played at once, an engine each
  int max_plies = 300;         // a game still going after this many plies is a draw
  std::size_t hash_mb = 8;     // each engine's table
};

// What the header says: the options a file was made with, checked on resume.
struct DataHeader {
  std::uint32_t version = kTrainingDataVersion;
  int board_size = 8;
  int opening_plies = 0;
  int max_plies = 0;
  std::uint64_t nodes = 0;
  std::uint64_t seed = 0;
  Key rules_key = 0;
  std::string rules_name;
};

std::string encode_header(const DataGenOptions& options);
// The header of a file, or why it is not one ("not a libloa positions file",
// "format version 2, this build reads 1", ...).
Expected<DataHeader> decode_header(std::string_view bytes);
void encode_record(const TrainingRecord& r, char* out);
TrainingRecord decode_record(const char* in);

// Plays game `index` of a generation with `engine` (single-threaded, its
// table cleared first) and returns its records. The same options and index
// give the same records on any machine and thread.
std::vector<TrainingRecord> generate_game(const DataGenOptions& options, std::uint32_t index, Engine& engine);

// Makes `path` a positions file of these options, or checks that it is one
// (as generate_data() does: a file made with other options is refused),
// cuts off an unfinished last game, and returns the games it holds whole.
// For a driver that has the games played elsewhere (loa.cluster) and
// appends each whole game's records itself.
Expected<std::vector<std::uint32_t>> open_data_file(const DataGenOptions& options, const std::string& path);

// The records of games `indices` (generate_game() for each, one engine)
// as the file holds them: for a worker that plays games for a driver.
std::string encode_games(const DataGenOptions& options, const std::vector<std::uint32_t>& indices);

struct DataGenProgress {
  int games_done = 0;  // in the file, those found on resume included
  int games_total = 0;
  int games_resumed = 0;        // found complete in the file when the run began
  std::uint64_t positions = 0;  // written by this run
  double seconds = 0;
};

// Adds to `path` every game of 0..games-1 it does not hold yet, `threads`
// at once, each game written whole (one write, flushed) as it ends. A file
// cut short (a run killed mid-write) loses its unfinished last game and goes
// on; a file made with other options (rules, nodes, seed, opening plies,
// move limit) is refused, naming the file and the difference. `on_game` is
// called after each game, one call at a time; `stop`, when set, ends the
// run after the games in progress.
Expected<DataGenProgress> generate_data(const DataGenOptions& options, const std::string& path,
                                        const std::function<void(const DataGenProgress&)>& on_game = {},
                                        const std::atomic<bool>* stop = nullptr);

}  // namespace loa
