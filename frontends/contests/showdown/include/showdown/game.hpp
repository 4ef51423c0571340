// One SHOWDOWN game as the mediator sees it: both positions, the walls, who
// sleeps, whose turn it is, and the score. This is where the rules live; the
// mediator only carries lines between it and the programs.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "showdown/board.hpp"
#include "showdown/protocol.hpp"

namespace showdown {

// What one player did and suffered in a game.
struct PlayerStats {
  int moves = 0, radars = 0, walls = 0, zaps = 0, helps = 0;
  int ouches = 0;   // its MOVEs that bumped into a wall
  int hits = 0;     // its ZAPs that put the opponent to sleep
  int errors = 0;   // its turns answered ERROR (illegal or malformed)
  int slept = 0;    // turns it lost asleep
  int arrived = 0;  // the turn on which it reached its goal; 0 if never
};

// The score of one player, by the text's headings.
struct Score {
  int result = 0;    // 1000 for a win, 500 for a tie
  int speed = 0;     // 3*(100-N) for a win or a tie
  int ouches = 0;    // 15 per OUCH the opponent got
  int zaps = 0;      // 7 per ZAP hit
  int progress = 0;  // 11 per row and column from home, only when nobody arrived
  int total() const { return result + speed + ouches + zaps + progress; }
};

enum class Ending { Running, Win, Tie, TurnLimit };

// A game. Turns come in rounds: player 0's slot, then player 1's. A player
// put to sleep loses its next slot, which still counts as one of its 100
// turns (docs/showdown.md). When player 0 arrives, player 1 still has the
// slot of that round; when player 1 arrives the game ends at once, both
// having had the same number of turns.
class Game {
 public:
  bool over() const { return ending_ != Ending::Running; }
  // The player whose slot comes next, and the turn number (1..100) it is.
  int to_act() const { return slot_; }
  int turn() const { return round_; }
  // True when the player to act is asleep: call sleep() instead of play().
  bool asleep() const { return asleep_[slot_]; }
  void sleep();
  // The player to act takes `turn`; returns what it is told next time.
  Result play(const Turn& turn);
  // Ends the slot of the player to act with nothing done (a program that
  // did not answer): counts as an ERROR turn.
  Result forfeit_turn();

  Square position(int player) const { return position_[player]; }
  bool wall(Square s) const { return s.on_board() && walls_[s.index()]; }
  const SquareSet& walls() const { return walls_; }
  const PlayerStats& stats(int player) const { return stats_[player]; }
  Ending ending() const { return ending_; }
  // The winner after a Win; nothing otherwise.
  std::optional<int> winner() const;
  Score score(int player) const;

 private:
  void end_slot();
  Result move(int p, Square target);
  Result zap(int p, Square target);

  std::array<Square, 2> position_ = {home(0), home(1)};
  SquareSet walls_;
  std::array<bool, 2> asleep_{};
  std::array<PlayerStats, 2> stats_{};
  int round_ = 1, slot_ = 0;
  Ending ending_ = Ending::Running;
};

// Plays `game` to its end. `take_turn(player, input)` is one execution of a
// player: it gets the line the player reads (INIT first, then the result of
// its previous turn) and returns the turn it wrote, or nothing when it wrote
// no turn at all; that turn is lost and the player is told ERROR.
// `on_sleep(player)`, when given, hears of every slot lost asleep.
using TakeTurn = std::function<std::optional<Turn>(int player, const std::string& input)>;
void play_out(Game& game, const TakeTurn& take_turn, const std::function<void(int player)>& on_sleep = {});

// A match is two games, each program first once; the summed scores decide,
// then the text's tie-breakers over both games.
struct MatchTally {
  int score = 0, moves = 0, ouches = 0, radars = 0, walls = 0;
  std::uintmax_t executable_size = 0;  // 0 when unknown
  void add(const Game& game, int player);
};

// 0 or 1: who advances; nothing when even the executables' sizes are equal
// or unknown. `reason` names what decided.
std::optional<int> decide_match(const MatchTally& a, const MatchTally& b, const char** reason);

}  // namespace showdown
