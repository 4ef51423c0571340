// Game records in a PGN-like text that rating tools can read:
//
//   [Event "loa match"]
//   [Rules "olympiad"]
//   [Start "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 0 0 0"]
//   [Black "engine:ms=100"]
//   [White "greedy"]
//   [Result "1-0"]
//   [Termination "connection"]
//
//   1. b1-d3 a2xc4 2. ... 1-0
//
// Rules that are not a preset are written in full in a Variant tag (the
// variant text of docs/variants.md), so a record always replays. Tag values
// escape '"', '\' and a line break as \", \\ and \n, as PGN does.
//
// Result is "1-0" when the first player (Black) won, "0-1" when the second
// did, "1/2-1/2" for a draw and "*" for an unfinished game. Reading replays
// every move with legality checks and checks the result against the rules.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"

namespace loa {

using Tags = std::vector<std::pair<std::string, std::string>>;

struct RecordedGame {
  Tags tags;  // every tag, in file order
  Rules rules;
  std::string start;  // position text of the start
  std::vector<Move> moves;
  Outcome outcome;     // after replaying the moves
  std::string result;  // the result token as written
  // A game that ended by something outside the rules (a forfeit: crash,
  // illegal move, time) carries its result in the Result tag, not in the
  // moves: this says why.
  std::string forfeit;

  // The tag's value, or "".
  std::string tag(std::string_view key) const;
  // The start position with the moves played.
  Game replay() const;
};

// A record of `moves` played from `start`. `extra` tags come after Rules and
// Start; `result` overrides the result the moves give (for forfeits, with
// `forfeit` as the Termination).
std::string format_record(const Game& start, const std::vector<Move>& moves, const Tags& extra = {},
                          const std::string& forfeit = "", int forfeit_loser = -1);

// A tag value with '"', '\' and line breaks escaped, and back.
std::string escape_tag(std::string_view value);
std::string unescape_tag(std::string_view value);

// The result token for an outcome: "1-0", "0-1", "1/2-1/2" or "*".
std::string result_token(const Outcome& outcome);

// Every game of a file of records, replayed and checked; an error names
// the game (1-based) and, for a bad move, the move.
Expected<std::vector<RecordedGame>> parse_records(std::string_view text);

}  // namespace loa
