// Games between players: random openings, colour-reversed pairs, and the
// statistics of a match (score, Elo difference with its error margin). No
// I/O: the caller reports progress through a callback.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "loa/game.hpp"
#include "loa/players.hpp"

namespace loa {

// A game reached by `plies` uniformly random moves from the rules' start,
// drawn again (from the same generator) until it is not over.
Game random_opening(const Rules& rules, int plies, std::mt19937_64& rng);

struct GameRecord {
  std::vector<Move> opening;  // the random opening moves
  std::vector<Move> moves;    // the players' moves after it
  Outcome outcome;
  std::array<int, 2> points{};
  int plies = 0;
  // Colour the first player of the match had in this game.
  Color first_player_colour = Black;
  // +1 win, 0 draw, -1 loss for the match's first player.
  int first_player_score() const { return outcome.score_for(first_player_colour); }
};

// Plays `start` to the end with `players[c]` moving for colour c.
GameRecord play_game(const Game& start, Player& black, Player& white);

struct EloEstimate {
  double elo = 0;     // difference, first player minus second
  double margin = 0;  // half-width of the 95% confidence interval
};

struct MatchStats {
  int wins = 0, losses = 0, draws = 0;  // for the first player
  int games() const { return wins + losses + draws; }
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
  EloEstimate elo() const;
  void add(const GameRecord& g);
};

struct MatchOptions {
  Rules rules;
  std::string first;  // player specs, see make_player()
  std::string second;
  int pairs = 50;         // game pairs: each opening is played with both colours
  int opening_plies = 4;  // random plies before the players take over
  std::uint64_t seed = 1;
  int concurrency = 1;  // games played at once, each with its own players
};

// Plays the match; `on_game(index, record, stats so far)` is called after
// each game, from the thread that played it, one call at a time.
Expected<MatchStats> run_match(const MatchOptions& options,
                               const std::function<void(int, const GameRecord&, const MatchStats&)>& on_game = {});

}  // namespace loa
