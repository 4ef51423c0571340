// Static evaluation from the features the LOA literature found to matter
// (Winands et al., "An Evaluation Function for Lines of Action"):
// concentration around the centre of mass,
// centralisation, solid 2x2 quads, groups, connectedness, bounding-box area,
// walls (edge pieces hemmed in by the opponent), mobility and the side to
// move. Under rules where game points decide, the
// connection race is weighed by what a connection by either side would be
// worth given the points, and by how many plies remain before the limit.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "loa/game/game.hpp"

namespace loa {

using Value = int;

// Search values: a won game scores kWin minus the plies to reach it.
constexpr Value kWin = 30000;
constexpr Value kWinBound = kWin - 1000;  // values beyond this are game results
constexpr Value kInfinite = 32000;
constexpr Value kDraw = 0;
constexpr Value kNoEval = -32768;  // "not computed", where an evaluation is stored

constexpr Value win_in(int ply) { return kWin - ply; }
constexpr Value loss_in(int ply) { return -kWin + ply; }
constexpr bool is_decisive(Value v) { return v >= kWinBound || v <= -kWinBound; }

// Weights of the evaluation terms, in evaluation units per feature unit.
// Defaults come from self-play: `loa tune` (SPSA) and coordinate probes with
// `loa match` (docs/search.md has the figures).
struct EvalWeights {
  int concentration = 22;  // per unit of distance surplus per piece (x16)
  int centralisation = 6;  // per unit of mean piece-square value (/4)
  int quads = 14;          // per 2x2 window holding 3 or 4 own pieces
  int groups = 0;          // per group beyond the first (self-play: better off)
  int connectedness = 10;  // per adjacent own pair per piece (x16)
  int area = 3;            // per square of the bounding box
  int walls = 0;           // per own edge piece with an opponent piece straight inside it
  int mobility = 8;        // per legal move
  int tempo = 60;          // for the side to move
  int points = 12;         // per game point of lead (points rules only)
  int race_scale = 100;    // percent: weight of the connection race under points rules

  static constexpr int kCount = 11;
  std::array<int*, kCount> fields() {
    return {&concentration, &centralisation, &quads, &groups, &connectedness, &area,
            &walls,         &mobility,       &tempo, &points, &race_scale};
  }
  static constexpr std::array<const char*, kCount> kNames = {"concentration", "centralisation", "quads",     "groups",
                                                             "connectedness", "area",           "walls",     "mobility",
                                                             "tempo",         "points",         "race_scale"};
  std::string to_string() const;
};

// Per-side features, exposed for tests, tuning and analysis.
struct SideFeatures {
  int pieces = 0;
  int surplus = 0;         // sum of Chebyshev distances to the centre of mass beyond the minimum
  int centralisation = 0;  // sum of piece-square values
  int quads = 0;           // 2x2 windows with 3 or 4 own pieces
  int groups = 0;          // 8-connected groups
  int adjacent_pairs = 0;  // pairs of own pieces a king's step apart
  int area = 0;            // squares of the bounding rectangle
  int walls = 0;           // edge pieces with an opponent piece on the square straight inside
  int mobility = 0;        // legal moves if it were this side's turn
};

SideFeatures side_features(const Position& pos, Color c);

// The score of one side's features alone (higher: closer to connecting).
Value side_score(const SideFeatures& f, const EvalWeights& w);

// The evaluation of a game that is not over, from the side to move's view.
Value evaluate(const Game& game, const EvalWeights& w = {});

}  // namespace loa
