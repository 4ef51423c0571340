// A learned evaluation: a small network whose first layer is updated
// incrementally as moves are made (Stockfish's NNUE, in the simplest form
// that pays in LOA). Inputs: the board from each side's view, 64 squares of
// its own pieces and 64 of the other's (white's view is the board mirrored
// in the a1-h8 diagonal, which maps white's start onto black's, so both
// views share one set of weights). One hidden layer of H units per view,
// clipped to [0, 1], the side to move's first; one output, in evaluation
// units. Integers throughout: the first layer in int16 (scale QA), the
// output layer in int16 (scale QB). The file format (docs/training.md) has a
// version, the board size, the layer sizes, the scales and a checksum; the
// trainer is loa.train (Python).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/board/position.hpp"
#include "loa/game/rules.hpp"

namespace loa::nnue {

constexpr std::uint32_t kFormatVersion = 1;
constexpr int kFeatures = 128;    // per view: own pieces by square, then the other side's
constexpr int kMaxHidden = 1024;  // units per view a file may have
constexpr int kQA = 255;          // first layer: float x QA (the clipped range [0, 1] is [0, QA])
constexpr int kQB = 64;           // output layer: float x QB

struct Network {
  int board_size = 8;
  int hidden = 0;
  int scale = 400;  // evaluation units per unit of the float model's output
  std::string description;
  std::vector<std::int16_t> w1;  // kFeatures x hidden, feature-major
  std::vector<std::int16_t> b1;  // hidden
  std::vector<std::int16_t> w2;  // 2 x hidden: the side to move's view, then the other's
  std::int32_t b2 = 0;           // scale QA x QB
};

// A network from the bytes of a file, or why not ("not a libloa network
// file", "format version 2, this build reads 1", "the checksum does not
// match: the file is damaged", ...).
Expected<std::shared_ptr<const Network>> read_network(std::string_view bytes);
// The same from a file; the error names it ("net.nnue: ...").
Expected<std::shared_ptr<const Network>> load_network(const std::string& path);
// The bytes of a file holding `net` (what read_network reads back).
std::string write_network(const Network& net);

// The network the project trained for 8x8 LOA (libloa/nets/olympiad.nnue,
// docs/training.md), which the command line, the server, the page and the
// Python package play with unless told otherwise. The library's Engine
// starts with none (the hand-written evaluation): contest entries written as
// one file leave this network out.
std::shared_ptr<const Network> builtin_network();

// The evaluation a user names, as every front-end takes it: "net" the
// built-in network, "classic" none (the hand-written evaluation), anything
// else a network file (its error names the file).
Expected<std::shared_ptr<const Network>> network_named(const std::string& name);

// Whether `net` evaluates games under `rules`: the same board size, and
// rules where connecting alone decides (no game points).
bool applies(const Network& net, const Rules& rules);

// The first layer's sums for both views, indexed by colour.
struct Accumulator {
  alignas(64) std::array<std::array<std::int16_t, kMaxHidden>, 2> sums;
};

// The feature of a piece of `piece` on `s`, seen from `view`.
inline int feature(Color view, Color piece, Square s) {
  const int square = view == Black ? s : (s >> 3) | ((s & 7) << 3);
  return (piece == view ? 0 : 64) + square;
}

// Sums from scratch.
void refresh(const Network& net, const Position& pos, Accumulator& acc);
// `to` = `from` after `mover` played `m` (from its origin to its destination,
// capturing what stood there): the only columns that change.
void update(const Network& net, const Accumulator& from, Accumulator& to, Move m, Color mover);
// The evaluation for the side to move, in evaluation units.
int evaluate(const Network& net, const Accumulator& acc, Color side_to_move);
// The same from scratch.
int evaluate(const Network& net, const Position& pos);

// The accumulators along a search's line, one a ply, each computed from its
// parent's only when an evaluation asks for it: a node that is never
// evaluated costs one push. The search pushes every move it plays (a null
// move as Move::none()) and pops it when it takes it back.
class AccumulatorStack {
 public:
  static constexpr int kDepth = 160;  // plies from the root a line may reach

  AccumulatorStack() : acc_(new Accumulator[kDepth]) {}
  void reset(const Network& net, const Position& root);
  void push(Move m, Color mover) {
    ++top_;
    line_[top_] = {m, mover, false};
  }
  void pop() { --top_; }
  // The evaluation of `pos`, the position at the top of the line.
  int evaluate(const Position& pos);

 private:
  struct Step {
    Move move;
    Color mover = Black;
    bool computed = false;
  };
  const Network* net_ = nullptr;
  std::unique_ptr<Accumulator[]> acc_;  // not initialised: each is written before it is read
  std::array<Step, kDepth> line_{};
  int top_ = 0;
};

}  // namespace loa::nnue
