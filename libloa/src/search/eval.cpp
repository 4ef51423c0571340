#include "loa/search/eval.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "loa/base/line_table.hpp"

namespace loa {

namespace {

// Centralisation piece-square values by distance from the two nearest edges.
// The 8x8 table is the one reproduced from Winands' thesis (p. 22) in the
// engine notes; smaller boards follow the same shape (heavy penalty in the
// corners, rising towards the centre) with a stronger centre, since fewer
// rings separate it from the edge.
constexpr std::array<std::array<int, 4>, 4> kCentre8 = {{
    {-80, -25, -20, -20},
    {-25, 10, 10, 10},
    {-20, 10, 25, 25},
    {-20, 10, 25, 50},
}};
constexpr std::array<std::array<int, 4>, 4> kCentreSmall = {{
    {-80, -25, -20, -20},
    {-25, 10, 10, 10},
    {-20, 10, 30, 30},
    {-20, 10, 30, 50},
}};

constexpr auto make_piece_square() {
  std::array<std::array<int, kSquares>, kBoardSizes> t{};
  for (int size = kMinSize; size <= kMaxSize; ++size)
    for (Square s = 0; s < kSquares; ++s) {
      const int f = file_of(s), r = rank_of(s);
      if (f >= size || r >= size) continue;
      const int ff = std::min(f, size - 1 - f), rr = std::min(r, size - 1 - r);
      t[size - kMinSize][s] = (size == 8 ? kCentre8 : kCentreSmall)[std::min(ff, 3)][std::min(rr, 3)];
    }
  return t;
}
constexpr auto kPieceSquare = make_piece_square();

// The same values as one mask per distinct value (six on every size), so
// that a side's sum is six bit counts rather than a walk over its pieces.
struct PieceSquareMasks {
  std::array<int, 8> value{};
  std::array<Bitboard, 8> mask{};
  int count = 0;
};
constexpr auto make_piece_square_masks() {
  std::array<PieceSquareMasks, kBoardSizes> t{};
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    PieceSquareMasks& m = t[size - kMinSize];
    for (Square s = 0; s < kSquares; ++s) {
      const int v = kPieceSquare[size - kMinSize][s];
      if (v == 0) continue;
      int i = 0;
      while (i < m.count && m.value[i] != v) ++i;
      if (i == m.count) m.value[m.count++] = v;
      m.mask[i] |= square_bb(s);
    }
  }
  return t;
}
constexpr auto kPieceSquareMasks = make_piece_square_masks();

int centralisation(Bitboard own, int size) {
  const PieceSquareMasks& m = kPieceSquareMasks[size - kMinSize];
  int sum = 0;
  for (int i = 0; i < m.count; ++i) sum += m.value[i] * popcount(own & m.mask[i]);
  return sum;
}

// The race value at which the side ahead connects first with probability
// 1/(1+e^-1), about 73%; near zero the points-rules value follows the race.
constexpr double kRaceScale = 400.0;

// Fewest total distance n pieces can have from one square: 8 squares lie at
// distance 1, 16 at distance 2.
constexpr int min_distance_sum(int n) { return n <= 9 ? n - 1 : 8 + 2 * (n - 9); }

// 2x2 windows (anchored at their lower-left square) holding 3 or 4 of `b`.
// Windows reaching off the board hold at most two pieces, so only the
// anchors on files a-g and ranks 1-7 can count.
int solid_quads(Bitboard b) {
  constexpr Bitboard kAnchors = ~(kFileH | (kRank1 << 56));
  const Bitboard a = b, e = b >> 1, s = b >> 8, d = b >> 9;
  return popcount(((a & e & (s | d)) | (s & d & (a | e))) & kAnchors);
}

int adjacent_pairs(Bitboard b) {
  const Bitboard east = (b >> 1) & ~kFileH, north = b >> 8;
  const Bitboard north_east = (b >> 9) & ~kFileH, north_west = (b >> 7) & ~kFileA;
  return popcount(b & east) + popcount(b & north) + popcount(b & north_east) + popcount(b & north_west);
}

// Own pieces on an edge of a `size` board with an opponent piece on the
// square straight inside them: the walls that hem a side in against the
// edge (a corner piece can be hemmed twice).
int hemmed(Bitboard own, Bitboard opp, int size) {
  const int last = size - 1;
  const Bitboard first_file = kFileA, last_file = kFileA << last;
  const Bitboard first_rank = kRank1, last_rank = kRank1 << (8 * last);
  return popcount(own & first_file & (opp >> 1)) + popcount(own & last_file & (opp << 1)) +
         popcount(own & first_rank & (opp >> 8)) + popcount(own & last_rank & (opp << 8));
}

}  // namespace

std::string EvalWeights::to_string() const {
  std::string out;
  auto copy = *this;
  const auto values = copy.fields();
  for (int i = 0; i < kCount; ++i) out += std::string(i ? " " : "") + kNames[i] + "=" + std::to_string(*values[i]);
  return out;
}

namespace {

// Squares whose file (rank) index has bit k set, for sums of files and ranks
// by three bit counts each instead of a walk over the pieces.
constexpr Bitboard kFileBit[3] = {0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL, 0xF0F0F0F0F0F0F0F0ULL};
constexpr Bitboard kRankBit[3] = {0xFF00FF00FF00FF00ULL, 0xFFFF0000FFFF0000ULL, 0xFFFFFFFF00000000ULL};

// The squares within Chebyshev distance d of each square, d = 0 to 7: the
// rings of the distance sum without a dependent chain of dilations.
constexpr auto make_within() {
  std::array<std::array<Bitboard, 8>, kSquares> within{};
  for (Square s = 0; s < kSquares; ++s) {
    within[s][0] = square_bb(s);
    for (int d = 1; d < 8; ++d) within[s][d] = dilate(within[s][d - 1]);
  }
  return within;
}
constexpr auto kWithin = make_within();

// x / d for 0 <= x < 1024 and 1 <= d <= 64, by a multiplication: the
// reciprocal's error stays below 1/d over that range, so the quotient is
// exact (the evaluation divides by piece counts several times a call).
constexpr auto make_reciprocals() {
  std::array<std::uint32_t, 65> r{};
  for (std::uint32_t d = 1; d <= 64; ++d) r[d] = ((1u << 20) + d - 1) / d;
  return r;
}
constexpr auto kReciprocal = make_reciprocals();
constexpr int small_quotient(int x, int d) { return int((std::uint32_t(x) * kReciprocal[d]) >> 20); }

int weighted_sum(Bitboard b, const Bitboard (&bits)[3]) {
  return popcount(b & bits[0]) + 2 * popcount(b & bits[1]) + 4 * popcount(b & bits[2]);
}

// Everything but mobility, which evaluate() counts for both sides at once.
// Groups and walls only when asked: with their weights at 0 (the defaults)
// they would cost the search a tenth of an evaluation for nothing.
SideFeatures shape_features(const Position& pos, Color c, bool groups, bool walls) {
  SideFeatures f;
  const Bitboard own = pos.pieces(c);
  f.pieces = popcount(own);
  if (f.pieces == 0) return f;
  f.centralisation = centralisation(own, pos.size());
  // The bounding box: ranks from the lowest and highest squares, files from
  // the ranks folded onto one byte.
  Bitboard files = own | own >> 32;
  files |= files >> 16;
  files |= files >> 8;
  const unsigned file_byte = unsigned(files & 0xFF);
  const int min_f = __builtin_ctz(file_byte), max_f = 31 - __builtin_clz(file_byte);
  const int min_r = rank_of(lsb(own)), max_r = rank_of(msb(own));
  // Centre of mass rounded to a square, then the distance surplus: the sum
  // of Chebyshev distances to it, counted ring by ring (a piece at distance
  // d lies outside the first d squares-around).
  const int com_f = small_quotient(2 * weighted_sum(own, kFileBit) + f.pieces, 2 * f.pieces);
  const int com_r = small_quotient(2 * weighted_sum(own, kRankBit) + f.pieces, 2 * f.pieces);
  const auto& within = kWithin[make_square(com_f, com_r)];
  int distance = 0;
  for (int d = 0; d < 7 && (own & ~within[d]); ++d) distance += popcount(own & ~within[d]);
  f.surplus = distance - min_distance_sum(f.pieces);
  f.quads = solid_quads(own);
  // The Euler number (groups minus holes) stands in for the group count:
  // the same for sets without holes, and far cheaper than flood fills.
  if (groups) f.groups = std::max(1, euler_number(own));
  f.adjacent_pairs = adjacent_pairs(own);
  f.area = (max_f - min_f + 1) * (max_r - min_r + 1);
  if (walls) f.walls = hemmed(own, pos.pieces(~c), pos.size());
  return f;
}

}  // namespace

SideFeatures side_features(const Position& pos, Color c) {
  SideFeatures f = shape_features(pos, c, true, true);
  const MoveCounts mobility = pos.move_counts();
  f.mobility = c == pos.side_to_move() ? mobility.own : mobility.opp;
  return f;
}

Value side_score(const SideFeatures& f, const EvalWeights& w) {
  if (f.pieces == 0) return 0;
  return -w.concentration * f.surplus * 16 / f.pieces + w.centralisation * f.centralisation / (4 * f.pieces) +
         w.quads * f.quads - w.groups * (f.groups - 1) + w.connectedness * f.adjacent_pairs * 16 / f.pieces / 4 -
         w.area * f.area - w.walls * f.walls + w.mobility * f.mobility;
}

Value evaluate(const Game& game, const EvalWeights& w) {
  const Position& pos = game.position();
  const Color us = pos.side_to_move(), them = ~us;
  const bool groups = w.groups != 0, walls = w.walls != 0;
  SideFeatures ours_f = shape_features(pos, us, groups, walls), theirs_f = shape_features(pos, them, groups, walls);
  const MoveCounts mobility = pos.move_counts();
  ours_f.mobility = mobility.own;
  theirs_f.mobility = mobility.opp;
  const Value mine = side_score(ours_f, w);
  const Value theirs = side_score(theirs_f, w);
  const Rules& rules = game.rules();
  if (!rules.points_decide) return mine - theirs + w.tempo;

  // Points decide at a connection, and at the ply limit the game is drawn
  // whatever the points. The value is the expected result: the chance that
  // we (or they) connect first, from a logistic on the connection race, times
  // what that connection would be worth given the points (tanh of our lead
  // after the 12 are scored), times the chance that anyone connects before
  // the limit. Racing thus helps a side only while its connection would win,
  // and a side far behind plays for the draw.
  const int lead = game.points(us) - game.points(them);
  const double race = double(mine - theirs) * w.race_scale / 100.0;
  const double p_ours = 1.0 / (1.0 + std::exp(-race / kRaceScale));
  const double worth_ours = std::tanh((lead + rules.connection_points) / 3.0);
  const double worth_theirs = std::tanh((lead - rules.connection_points) / 3.0);
  double anyone = 1.0;
  if (rules.ply_limit) anyone = std::clamp((rules.ply_limit - game.ply()) / 16.0, 0.0, 1.0);
  const double expected = anyone * (p_ours * worth_ours + (1 - p_ours) * worth_theirs);
  return Value(2 * kRaceScale * expected + anyone * (w.tempo + w.points * lead));
}

}  // namespace loa
