#include "loa/nnue/network.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <fstream>
#include <iterator>

namespace loa::nnue {

namespace {

constexpr char kMagic[16] = {'l', 'i', 'b', 'l', 'o', 'a', ' ', 'n', 'n', 'u', 'e', 0, 0, 0, 0, 0};
constexpr std::size_t kHeaderBytes = 128;
constexpr std::size_t kDescriptionBytes = 64;

// FNV-1a, 64 bits: a damaged or cut file is told from a good one.
std::uint64_t checksum(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

template <class T>
void put(std::string& out, T v) {
  using U = std::make_unsigned_t<T>;
  const U u = static_cast<U>(v);
  for (std::size_t i = 0; i < sizeof(T); ++i) out += static_cast<char>((u >> (8 * i)) & 0xff);
}

template <class T>
T get(const char*& in) {
  using U = std::make_unsigned_t<T>;
  U u = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) u = static_cast<U>(u | (U(static_cast<unsigned char>(*in++)) << (8 * i)));
  return static_cast<T>(u);
}

}  // namespace

std::string write_network(const Network& net) {
  std::string out(kMagic, sizeof kMagic);
  put<std::uint32_t>(out, kFormatVersion);
  put<std::uint32_t>(out, static_cast<std::uint32_t>(net.board_size));
  put<std::uint32_t>(out, kFeatures);
  put<std::uint32_t>(out, static_cast<std::uint32_t>(net.hidden));
  put<std::int32_t>(out, kQA);
  put<std::int32_t>(out, kQB);
  put<std::int32_t>(out, net.scale);
  put<std::uint32_t>(out, 0);  // the rules family: 0, connecting decides (no game points)
  std::string description = net.description.substr(0, kDescriptionBytes - 1);
  description.resize(kDescriptionBytes, '\0');
  out += description;
  out.resize(kHeaderBytes, '\0');
  for (std::int16_t v : net.w1) put(out, v);
  for (std::int16_t v : net.b1) put(out, v);
  for (std::int16_t v : net.w2) put(out, v);
  put(out, net.b2);
  put<std::uint64_t>(out, checksum(out));
  return out;
}

Expected<std::shared_ptr<const Network>> read_network(std::string_view bytes) {
  if (bytes.size() < kHeaderBytes + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    return Error{"not a libloa network file"};
  const char* in = bytes.data() + sizeof kMagic;
  const auto version = get<std::uint32_t>(in);
  if (version != kFormatVersion)
    return Error{"format version " + std::to_string(version) + ", this build reads " + std::to_string(kFormatVersion)};
  {
    const char* end = bytes.data() + bytes.size() - 8;
    if (get<std::uint64_t>(end) != checksum(bytes.substr(0, bytes.size() - 8)))
      return Error{"the checksum does not match: the file is damaged or cut short"};
  }
  auto net = std::make_shared<Network>();
  net->board_size = static_cast<int>(get<std::uint32_t>(in));
  const auto features = get<std::uint32_t>(in);
  net->hidden = static_cast<int>(get<std::uint32_t>(in));
  const auto qa = get<std::int32_t>(in), qb = get<std::int32_t>(in);
  net->scale = get<std::int32_t>(in);
  const auto family = get<std::uint32_t>(in);
  if (net->board_size < kMinSize || net->board_size > kMaxSize)
    return Error{"a board of size " + std::to_string(net->board_size) + " (libloa plays 5 to 8)"};
  if (features != kFeatures)
    return Error{std::to_string(features) + " inputs a view, where this build has " + std::to_string(kFeatures)};
  if (net->hidden < 1 || net->hidden > kMaxHidden)
    return Error{std::to_string(net->hidden) + " hidden units, where this build takes 1 to " +
                 std::to_string(kMaxHidden)};
  if (qa != kQA || qb != kQB)
    return Error{"scales " + std::to_string(qa) + " and " + std::to_string(qb) + ", where this build uses " +
                 std::to_string(kQA) + " and " + std::to_string(kQB)};
  if (family != 0) return Error{"rules family " + std::to_string(family) + ", which this build does not know"};
  if (net->scale < 1 || net->scale > 100000) return Error{"an output scale out of range"};
  net->description.assign(in, strnlen(in, kDescriptionBytes));
  const std::size_t h = static_cast<std::size_t>(net->hidden);
  const std::size_t weights = kFeatures * h + h + 2 * h;
  if (bytes.size() != kHeaderBytes + 2 * weights + 4 + 8)
    return Error{"its size does not match its layers (" + std::to_string(bytes.size()) + " bytes)"};
  in = bytes.data() + kHeaderBytes;
  net->w1.resize(kFeatures * h);
  net->b1.resize(h);
  net->w2.resize(2 * h);
  for (auto& v : net->w1) v = get<std::int16_t>(in);
  for (auto& v : net->b1) v = get<std::int16_t>(in);
  for (auto& v : net->w2) v = get<std::int16_t>(in);
  net->b2 = get<std::int32_t>(in);
  // The output sums 2H products of a clipped sum (at most QA) and a weight in
  // 32 bits: weights within +-2 QB (the trainer keeps them within 1.98 QB)
  // keep it from overflowing whatever the file.
  for (std::int16_t w : net->w2)
    if (w < -2 * kQB || w > 2 * kQB)
      return Error{"an output weight of " + std::to_string(w) + ", beyond +-" + std::to_string(2 * kQB)};
  return std::shared_ptr<const Network>(std::move(net));
}

Expected<std::shared_ptr<const Network>> load_network(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot be read"};
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto net = read_network(bytes);
  if (!net) return Error{path + ": " + net.error()};
  return net;
}

bool applies(const Network& net, const Rules& rules) {
  return net.board_size == rules.board_size && !rules.scores_points();
}

void refresh(const Network& net, const Position& pos, Accumulator& acc) {
  const int h = net.hidden;
  for (Color view : {Black, White}) {
    std::int16_t* sums = acc.sums[view].data();
    std::copy(net.b1.begin(), net.b1.end(), sums);
    for (Color piece : {Black, White})
      for (Bitboard b = pos.pieces(piece); b;) {
        const std::int16_t* column = net.w1.data() + feature(view, piece, pop_lsb(b)) * h;
        for (int i = 0; i < h; ++i) sums[i] = static_cast<std::int16_t>(sums[i] + column[i]);
      }
  }
}

void update(const Network& net, const Accumulator& from, Accumulator& to, Move m, Color mover) {
  const int h = net.hidden;
  for (Color view : {Black, White}) {
    const std::int16_t* src = from.sums[view].data();
    std::int16_t* dst = to.sums[view].data();
    const std::int16_t* off = net.w1.data() + feature(view, mover, m.from()) * h;
    const std::int16_t* on = net.w1.data() + feature(view, mover, m.to()) * h;
    if (m.is_capture()) {
      const std::int16_t* gone = net.w1.data() + feature(view, ~mover, m.to()) * h;
      for (int i = 0; i < h; ++i) dst[i] = static_cast<std::int16_t>(src[i] - off[i] + on[i] - gone[i]);
    } else {
      for (int i = 0; i < h; ++i) dst[i] = static_cast<std::int16_t>(src[i] - off[i] + on[i]);
    }
  }
}

int evaluate(const Network& net, const Accumulator& acc, Color side_to_move) {
  const int h = net.hidden;
  std::int32_t sum = 0;
  for (int half = 0; half < 2; ++half) {
    const std::int16_t* sums = acc.sums[half == 0 ? side_to_move : ~side_to_move].data();
    const std::int16_t* w = net.w2.data() + half * h;
    for (int i = 0; i < h; ++i) sum += std::clamp<std::int32_t>(sums[i], 0, kQA) * w[i];
  }
  // Rounded to the nearest unit, halves away from zero.
  const std::int64_t scaled = (static_cast<std::int64_t>(sum) + net.b2) * net.scale;
  const std::int64_t d = std::int64_t{kQA} * kQB;
  return static_cast<int>(scaled >= 0 ? (scaled + d / 2) / d : -((-scaled + d / 2) / d));
}

int evaluate(const Network& net, const Position& pos) {
  Accumulator acc;
  refresh(net, pos, acc);
  return evaluate(net, acc, pos.side_to_move());
}

void AccumulatorStack::reset(const Network& net, const Position& root) {
  net_ = &net;
  top_ = 0;
  refresh(net, root, acc_[0]);
  line_[0].computed = true;
}

int AccumulatorStack::evaluate(const Position& pos) {
  assert(top_ >= 0 && top_ < kDepth);
  int from = top_;
  while (!line_[from].computed) --from;
  for (int i = from + 1; i <= top_; ++i) {
    if (line_[i].move.is_none() || line_[i].move.is_pass())
      acc_[i] = acc_[i - 1];
    else
      update(*net_, acc_[i - 1], acc_[i], line_[i].move, line_[i].mover);
    line_[i].computed = true;
  }
  return nnue::evaluate(*net_, acc_[top_], pos.side_to_move());
}

}  // namespace loa::nnue
