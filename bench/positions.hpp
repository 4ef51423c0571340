// The fixed positions the benchmarks use, one per board size: a middle game
// of a published game (Winands' thesis, appendix E game 1 after 20 plies)
// and the POTM LOAPS sample for black's 10th move.
#pragma once

#include "loa/text/position_text.hpp"

namespace loa::bench {

inline Game middle_game(int size) {
  return size == 8 ? *parse_position_text("8/4b2w/1bb3bw/2b1w3/wb2b3/2wwb2w/3www2/2bb2b1 b 20", olympiad())
                   : *parse_position_text("1bb4/w4b1/w1w1w2/2b3b/6w/ww5/1bb4 b 18 4 5", loaps());
}

}  // namespace loa::bench
