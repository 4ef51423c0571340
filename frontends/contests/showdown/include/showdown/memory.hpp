// What a blindfolded player knows between two executions: where it is, the
// walls it has met or built, and the squares the opponent may be on. It
// lives in the state file the mediator names, one execution at a time.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "showdown/board.hpp"
#include "showdown/protocol.hpp"

namespace showdown {

struct Memory {
  // False after a missing, empty or corrupted state file (or a result that
  // contradicts what we thought): the next turn should be HELP.
  bool valid = false;
  int side = -1;                 // 0 started at A-1, 1 at I-26; -1 until known again
  int turns = 0;                 // our executions so far, this one included
  Square me{};                   // where we stand
  std::optional<Turn> last;      // the turn we printed last time
  SquareSet walls;               // walls we believe stand
  SquareSet opponent;            // squares the opponent may be on now
  bool opponent_asleep = false;  // our last ZAP hit: it loses its next turn
  int info_age = 99;             // our turns since the opponent was last seen exactly
  std::array<int, 8> scratch{};  // a strategy's own counters

  Square goal_square() const { return goal(side); }
  Square home_square() const { return home(side); }
  // Takes in the result of our last turn, then lets the opponent take its
  // turn (the squares it may be on spread by one step) unless it sleeps.
  void observe(const Result& result);
};

// The state file: a text with a checksum, so that a damaged file is seen
// as damaged rather than believed.
std::string save_memory(const Memory& memory);
// The memory in `text`, or an invalid one when it is not a whole, intact file.
Memory load_memory(std::string_view text);

}  // namespace showdown
