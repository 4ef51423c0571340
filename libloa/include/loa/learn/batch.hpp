// Many games stepped together, for learning code (in the spirit of Pgx's
// batched step): one call applies an action to each game and writes every
// game's observation, legal-action mask, rewards and end flags into arrays
// the environment owns, so that Python can hand them over as numpy arrays
// without a copy. A game that ends is started again at once (auto-reset):
// its flags and rewards say how the step ended it, its observation and mask
// are the new game's.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"
#include "loa/learn/actions.hpp"

namespace loa {

class BatchEnv {
 public:
  // `games` games (1 or more) under `rules` (valid), seeded for
  // random_actions(); a game still going after `max_plies` plies (0: never)
  // is truncated: it ends without a result and starts again. Every game
  // starts at once (as reset()).
  BatchEnv(Rules rules, int games, std::uint64_t seed = 0, int max_plies = 0);

  int size() const { return int(games_.size()); }
  const Rules& rules() const { return rules_; }
  int num_actions() const { return actions_; }
  const std::vector<Plane>& layout() const { return layout_; }
  const Game& game(int i) const { return games_[std::size_t(i)]; }

  // Starts every game again (rewards and flags zero).
  void reset();

  // Plays actions[i] in game i for games first..last-1 and writes what
  // changed for them. All or nothing: an action that is not legal in its
  // game is an error naming the game, and no game of the range is stepped.
  // Legality is the environment's own (the mask it writes is for callers to
  // read: an edited mask changes nothing).
  Expected<bool> step(const std::int32_t* actions, int first, int last);
  Expected<bool> step(const std::int32_t* actions) { return step(actions, 0, size()); }

  // A uniformly random legal action for each game (seeded by the constructor).
  void random_actions(std::int32_t* actions);

  // What the last reset() or step() wrote, for N games: observation N x
  // planes x n x n floats (layout()), mask N x num_actions() bytes, rewards
  // N x 2 floats (black's, white's: +1 win, -1 loss, 0 otherwise),
  // terminated and truncated N bytes, current_player N bytes (0 black, 1
  // white). The arrays stay where they are for the environment's life.
  float* observation() { return observation_.data(); }
  std::uint8_t* mask() { return mask_.data(); }
  float* rewards() { return rewards_.data(); }
  std::uint8_t* terminated() { return terminated_.data(); }
  std::uint8_t* truncated() { return truncated_.data(); }
  std::uint8_t* current_player() { return current_player_.data(); }

 private:
  void write(int i);

  Rules rules_;
  Game start_;
  std::vector<Game> games_;
  std::vector<Plane> layout_;
  int actions_;
  int max_plies_;
  std::size_t observation_size_;
  std::mt19937_64 rng_;
  std::vector<float> observation_, rewards_;
  std::vector<std::uint8_t> mask_, terminated_, truncated_, current_player_;
  // The mask entries set for each game, so that the next write clears only
  // those and not the whole row (thousands of ids, a few dozen legal).
  std::vector<std::vector<std::int32_t>> set_in_mask_;
};

}  // namespace loa
