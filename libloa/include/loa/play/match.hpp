// Games between players: random openings, colour-reversed pairs, and the
// statistics of a match (score, Elo difference with its error margin). No
// I/O: the caller reports progress through a callback.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "loa/game/game.hpp"
#include "loa/play/players.hpp"

namespace loa {

// A game reached by `plies` uniformly random moves from the rules' start,
// drawn again (from the same generator) until it is not over; the start
// itself when it is over already, or when a thousand openings all ended.
Game random_opening(const Rules& rules, int plies, std::mt19937_64& rng);

struct GameRecord {
  std::vector<Move> opening;  // the random opening moves
  std::vector<Move> moves;    // the players' moves after it
  Outcome outcome;
  // A game lost outside the rules (illegal move, crash, time): why, and who.
  std::string forfeit;
  int forfeit_colour = -1;
  std::array<int, 2> points{};
  int plies = 0;
  // Colour the first player of the match had in this game.
  Color first_player_colour = Black;
  // +1 win, 0 draw, -1 loss for the match's first player.
  int first_player_score() const {
    if (forfeit_colour >= 0) return forfeit_colour == first_player_colour ? -1 : 1;
    if (!forfeit.empty()) return 0;
    return outcome.score_for(first_player_colour);
  }
};

// How a game is played: the clock (none when base_ms is 0) and a ply count
// at which an unfinished game is adjudicated a draw (0: never).
struct GameSettings {
  std::int64_t base_ms = 0;
  std::int64_t inc_ms = 0;
  int max_plies = 0;
};

// Plays `start` to the end with `black` and `white`. A player that gives no
// legal move or overruns its clock loses the game (a forfeit).
GameRecord play_game(const Game& start, Player& black, Player& white, const GameSettings& settings = {});

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

// The sequential probability ratio test of H1 "the first player is elo1
// stronger" against H0 "elo0 stronger", with error rates alpha and beta.
struct Sprt {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double lower() const;  // accept H0 at or below this log-likelihood ratio
  double upper() const;  // accept H1 at or above
  // The log-likelihood ratio of the results so far (trinomial, logistic Elo).
  double llr(const MatchStats& s) const;
};

using PlayerFactory = std::function<Expected<std::unique_ptr<Player>>(const std::string& spec, std::uint64_t seed)>;

struct MatchOptions {
  Rules rules;
  std::string first;  // player specs, see make_player()
  std::string second;
  int pairs = 50;                     // game pairs: each opening is played with both colours
  int opening_plies = 4;              // random plies before the players take over...
  std::vector<std::string> openings;  // ...unless position texts are given: pair k plays openings[k % n]
  std::uint64_t seed = 1;
  int concurrency = 1;  // games played at once, each with its own players
  GameSettings game;
  // Play only pairs k with k % shard_count == shard_index (0-based), so that
  // shards run anywhere add up to the whole match.
  int shard_index = 0, shard_count = 1;
  std::optional<Sprt> sprt;  // stop early once the test decides
  PlayerFactory factory = make_player;
};

// Plays the match; `on_game(index, record, stats so far)` is called after
// each game, from the thread that played it, one call at a time.
Expected<MatchStats> run_match(const MatchOptions& options,
                               const std::function<void(int, const GameRecord&, const MatchStats&)>& on_game = {});

// The start position of pair `pair`, as run_match() plays it.
Expected<Game> match_opening(const MatchOptions& options, int pair);

}  // namespace loa
