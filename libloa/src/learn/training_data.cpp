#include "loa/learn/training_data.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <thread>

#include "loa/search/search.hpp"

namespace loa {

namespace {

constexpr char kMagic[16] = {'l', 'i', 'b', 'l', 'o', 'a', ' ', 'p', 'o', 's', 'i', 't', 'i', 'o', 'n', 's'};
constexpr std::size_t kNameBytes = 64;

template <class T>
void put(char*& out, T v) {
  // Little-endian whatever the machine: byte by byte.
  using U = std::make_unsigned_t<T>;
  U u = U(v);
  for (std::size_t i = 0; i < sizeof(T); ++i) *out++ = char((u >> (8 * i)) & 0xff);
}

template <class T>
T get(const char*& in) {
  using U = std::make_unsigned_t<T>;
  U u = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) u |= U(U(std::uint8_t(*in++)) << (8 * i));
  return T(u);
}

// A game's seed from the generation's and its index (splitmix64's finaliser),
// so that neighbouring indices draw unrelated openings.
std::uint64_t game_seed(std::uint64_t seed, std::uint32_t index) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (std::uint64_t(index) + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Why a file's header does not fit these options, or "" when it does.
std::string header_mismatch(const DataHeader& h, const DataGenOptions& o) {
  if (h.rules_key != o.rules.key()) return "made under rules '" + h.rules_name + "', not these '" + o.rules.name + "'";
  if (h.nodes != o.nodes)
    return "made with " + std::to_string(h.nodes) + " nodes a move, not " + std::to_string(o.nodes);
  if (h.seed != o.seed) return "made with seed " + std::to_string(h.seed) + ", not " + std::to_string(o.seed);
  if (h.opening_plies != o.opening_plies)
    return "made with " + std::to_string(h.opening_plies) + " opening plies, not " + std::to_string(o.opening_plies);
  if (h.max_plies != o.max_plies)
    return "made with a move limit of " + std::to_string(h.max_plies) + " plies, not " + std::to_string(o.max_plies);
  return "";
}

// What a file holds already: the games written whole, and where the last one
// ends (anything after it is an unfinished game, cut off before going on).
struct Existing {
  std::vector<std::uint32_t> games;
  std::uintmax_t complete_bytes = kTrainingHeaderBytes;
};

Existing scan(std::ifstream& in, std::uintmax_t size) {
  Existing e;
  const std::uintmax_t records = (size - kTrainingHeaderBytes) / kTrainingRecordBytes;
  in.seekg(std::streamoff(kTrainingHeaderBytes));
  std::vector<char> buffer(kTrainingRecordBytes * 4096);
  std::uint32_t game = 0;
  int expected = 0;  // the index the next record of the current game must have
  for (std::uintmax_t done = 0; done < records;) {
    const std::uintmax_t n = std::min<std::uintmax_t>(records - done, 4096);
    in.read(buffer.data(), std::streamsize(n * kTrainingRecordBytes));
    if (!in) break;
    for (std::uintmax_t i = 0; i < n; ++i) {
      const TrainingRecord r = decode_record(buffer.data() + i * kTrainingRecordBytes);
      // A record out of sequence starts over: the game before it is unfinished.
      if (r.index == 0 || r.game != game || r.index != expected) game = r.game, expected = 0;
      if (r.index != expected) continue;
      ++expected;
      if (expected == r.count) {
        e.games.push_back(game);
        e.complete_bytes = kTrainingHeaderBytes + (done + i + 1) * kTrainingRecordBytes;
        expected = 0;
      }
    }
    done += n;
  }
  return e;
}

}  // namespace

std::string encode_header(const DataGenOptions& o) {
  std::string bytes(kTrainingHeaderBytes, '\0');
  char* out = bytes.data();
  std::memcpy(out, kMagic, sizeof kMagic);
  out += sizeof kMagic;
  put<std::uint32_t>(out, kTrainingDataVersion);
  put<std::uint32_t>(out, std::uint32_t(kTrainingRecordBytes));
  put<std::uint32_t>(out, std::uint32_t(o.rules.board_size));
  put<std::uint32_t>(out, std::uint32_t(o.opening_plies));
  put<std::uint32_t>(out, std::uint32_t(o.max_plies));
  put<std::uint32_t>(out, 0);
  put<std::uint64_t>(out, o.nodes);
  put<std::uint64_t>(out, o.seed);
  put<std::uint64_t>(out, o.rules.key());
  std::memcpy(out, o.rules.name.data(), std::min(o.rules.name.size(), kNameBytes - 1));
  return bytes;
}

Expected<DataHeader> decode_header(std::string_view bytes) {
  if (bytes.size() < kTrainingHeaderBytes || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    return Error{"not a libloa positions file"};
  const char* in = bytes.data() + sizeof kMagic;
  DataHeader h;
  h.version = get<std::uint32_t>(in);
  if (h.version != kTrainingDataVersion)
    return Error{"format version " + std::to_string(h.version) + ", this build reads " +
                 std::to_string(kTrainingDataVersion)};
  if (get<std::uint32_t>(in) != kTrainingRecordBytes) return Error{"records of another size"};
  h.board_size = int(get<std::uint32_t>(in));
  if (h.board_size < kMinSize || h.board_size > kMaxSize) return Error{"a board size out of range"};
  h.opening_plies = int(get<std::uint32_t>(in));
  h.max_plies = int(get<std::uint32_t>(in));
  in += 4;
  h.nodes = get<std::uint64_t>(in);
  h.seed = get<std::uint64_t>(in);
  h.rules_key = get<std::uint64_t>(in);
  h.rules_name.assign(in, strnlen(in, kNameBytes));
  return h;
}

void encode_record(const TrainingRecord& r, char* out) {
  put(out, r.black);
  put(out, r.white);
  put(out, r.score);
  put(out, r.result);
  put(out, r.side);
  put(out, r.ply);
  put(out, r.move);
  put(out, r.game);
  put(out, r.index);
  put(out, r.count);
}

TrainingRecord decode_record(const char* in) {
  TrainingRecord r;
  r.black = get<Bitboard>(in);
  r.white = get<Bitboard>(in);
  r.score = get<std::int16_t>(in);
  r.result = get<std::int8_t>(in);
  r.side = get<std::uint8_t>(in);
  r.ply = get<std::uint16_t>(in);
  r.move = get<std::uint16_t>(in);
  r.game = get<std::uint32_t>(in);
  r.index = get<std::uint16_t>(in);
  r.count = get<std::uint16_t>(in);
  return r;
}

std::vector<TrainingRecord> generate_game(const DataGenOptions& o, std::uint32_t index, Engine& engine) {
  std::mt19937_64 rng(game_seed(o.seed, index));
  // The opening: random plies, drawn again while they end the game (as a
  // match's openings are, but here without the play layer).
  Game g(o.rules);
  for (int attempt = 0; attempt < 1000; ++attempt) {
    g = Game(o.rules);
    for (int i = 0; i < o.opening_plies && !g.over(); ++i) {
      const MoveList moves = g.legal_moves();
      g.play(moves[int(rng() % std::uint64_t(moves.size()))]);
    }
    if (!g.over()) break;
  }
  engine.set_threads(1);
  engine.new_game();
  Limits limits;
  limits.nodes = o.nodes;
  std::vector<TrainingRecord> records;
  const int last_ply = g.ply() + o.max_plies;
  while (!g.over() && g.ply() < last_ply && records.size() < 65535) {
    const SearchResult r = engine.search(g, limits);
    if (r.best.is_none()) break;
    TrainingRecord rec;
    rec.black = g.position().pieces(Black);
    rec.white = g.position().pieces(White);
    rec.score = std::int16_t(std::clamp<Value>(r.score, -32767, 32767));
    rec.side = std::uint8_t(g.side_to_move());
    rec.ply = std::uint16_t(std::min(g.ply(), 65535));
    rec.move = r.best.raw();
    rec.game = index;
    records.push_back(rec);
    g.play(r.best);
  }
  const std::uint16_t count = std::uint16_t(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    TrainingRecord& rec = records[i];
    rec.result = std::int8_t(g.over() ? g.outcome().score_for(Color(rec.side)) : 0);
    rec.index = std::uint16_t(i);
    rec.count = count;
  }
  return records;
}

Expected<std::vector<std::uint32_t>> open_data_file(const DataGenOptions& o, const std::string& path) {
  namespace fs = std::filesystem;
  if (auto valid = validate(o.rules); !valid) return Error{valid.error()};
  std::error_code ec;
  const std::uintmax_t size = fs::exists(path, ec) ? fs::file_size(path, ec) : 0;
  if (ec) return Error{path + ": " + ec.message()};
  if (size == 0) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !out.write(encode_header(o).data(), std::streamsize(kTrainingHeaderBytes)).flush())
      return Error{path + ": cannot write"};
    return std::vector<std::uint32_t>{};
  }
  std::ifstream in(path, std::ios::binary);
  std::string header(kTrainingHeaderBytes, '\0');
  if (!in.read(header.data(), std::streamsize(header.size()))) return Error{path + ": not a libloa positions file"};
  const auto h = decode_header(header);
  if (!h) return Error{path + ": " + h.error()};
  if (const std::string why = header_mismatch(*h, o); !why.empty()) return Error{path + ": " + why};
  Existing existing = scan(in, size);
  in.close();
  if (existing.complete_bytes < size) fs::resize_file(path, existing.complete_bytes, ec);
  if (ec) return Error{path + ": cannot cut off the unfinished game: " + ec.message()};
  return existing.games;
}

std::string encode_games(const DataGenOptions& o, const std::vector<std::uint32_t>& indices) {
  Engine engine(o.hash_mb);
  std::string bytes;
  for (std::uint32_t index : indices) {
    const std::vector<TrainingRecord> records = generate_game(o, index, engine);
    const std::size_t at = bytes.size();
    bytes.resize(at + records.size() * kTrainingRecordBytes);
    for (std::size_t i = 0; i < records.size(); ++i)
      encode_record(records[i], bytes.data() + at + i * kTrainingRecordBytes);
  }
  return bytes;
}

Expected<DataGenProgress> generate_data(const DataGenOptions& o, const std::string& path,
                                        const std::function<void(const DataGenProgress&)>& on_game,
                                        const std::atomic<bool>* stop) {
  if (o.games < 0) return Error{"games must not be negative"};
  if (o.nodes < 1) return Error{"nodes must be at least 1"};
  if (o.threads < 1 || o.threads > kMaxThreads) return Error{"threads must lie in 1.." + std::to_string(kMaxThreads)};
  if (o.opening_plies < 0 || o.max_plies < 1)
    return Error{"opening plies must not be negative, the move limit positive"};

  const auto held = open_data_file(o, path);
  if (!held) return Error{held.error()};
  std::ofstream out(path, std::ios::binary | std::ios::app);
  if (!out) return Error{path + ": cannot write"};

  std::vector<bool> have(std::size_t(o.games), false);
  DataGenProgress progress;
  progress.games_total = o.games;
  for (std::uint32_t game : *held)
    if (game < have.size() && !have[game]) have[game] = true, ++progress.games_resumed;
  progress.games_done = progress.games_resumed;
  std::vector<std::uint32_t> todo;
  for (std::size_t i = 0; i < have.size(); ++i)
    if (!have[i]) todo.push_back(std::uint32_t(i));

  std::atomic<std::size_t> next{0};
  std::mutex mutex;  // guards out, progress, failure and on_game
  std::string failure;
  const auto started = std::chrono::steady_clock::now();
  auto work = [&] {
    Engine engine(o.hash_mb);
    std::vector<char> bytes;
    for (std::size_t k; (k = next.fetch_add(1)) < todo.size();) {
      if (stop && stop->load()) return;
      const std::vector<TrainingRecord> records = generate_game(o, todo[k], engine);
      bytes.resize(records.size() * kTrainingRecordBytes);
      for (std::size_t i = 0; i < records.size(); ++i)
        encode_record(records[i], bytes.data() + i * kTrainingRecordBytes);
      const std::lock_guard<std::mutex> lock(mutex);
      if (!failure.empty()) return;
      if (!out.write(bytes.data(), std::streamsize(bytes.size())).flush()) {
        failure = path + ": a write failed (is the disk full?)";
        return;
      }
      ++progress.games_done;
      progress.positions += records.size();
      progress.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (on_game) on_game(progress);
    }
  };
  std::vector<std::thread> helpers;
  for (int t = 1; t < std::min<int>(o.threads, int(todo.size())); ++t) helpers.emplace_back(work);
  work();
  for (std::thread& t : helpers) t.join();
  if (!failure.empty()) return Error{failure};
  progress.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return progress;
}

}  // namespace loa
