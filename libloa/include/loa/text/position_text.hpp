// Position text: one line that holds every field the game layer needs to
// resume a game (docs/position-text.md). Like FEN for chess:
//
//   1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 0 0 0
//
// rows from the top rank down, 'b' a black (first player) piece, 'w' a white
// one, a digit a run of empty squares; then the side to move, the plies
// played, and the game points of Black and White. The last three fields may
// be left out (0 each). The rules are not part of the text: they are given
// beside it, and the board size must match them.
#pragma once

#include <string>
#include <string_view>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"
#include "loa/game/rules.hpp"

namespace loa {

std::string to_position_text(const Game& game);

// A game set up from position text under `rules`, or the first problem found.
Expected<Game> parse_position_text(std::string_view text, const Rules& rules);

// Just the board field of the text, for diagrams and records.
std::string board_text(const Position& pos);

}  // namespace loa
