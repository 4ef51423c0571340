// The games a `loa serve` process holds: each under a random id, each with
// its own lock. The number is bounded: a new game drops the game idle the
// longest, so a page left open, or a client that never deletes, cannot
// grow the server without limit.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>

#include "loa/expected.hpp"
#include "loa/game.hpp"

namespace loa::cli {

struct GameSession {
  GameSession(std::string id_, Game start_, Game game_)
      : id(std::move(id_)), start(std::move(start_)), game(std::move(game_)) {}

  const std::string id;
  // Guards start and game.
  std::mutex mutex;
  // Where the game began (a preset's start, a position, a record's start):
  // a record is written from it.
  Game start;
  Game game;
  // When a request last used the game, by the store's count of uses (a
  // counter, not a clock: two uses in one millisecond still have an order).
  std::atomic<std::uint64_t> last_use{0};
  // An engine is searching this game; such a game is never dropped.
  std::atomic<bool> searching{false};
};

class GameStore {
 public:
  explicit GameStore(std::size_t max_games) : max_games_(max_games) {}

  // Adds a game starting at `start` and now at `game`. When the store is full
  // the game idle the longest is dropped; an error when every game is busy.
  Expected<std::shared_ptr<GameSession>> add(Game start, Game game);

  // The game of that id (and marks it used now), or nullptr.
  std::shared_ptr<GameSession> find(const std::string& id);

  // Drops the game; false when there was none.
  bool erase(const std::string& id);

  std::size_t size() const;
  std::size_t capacity() const { return max_games_; }

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<GameSession>> games_;
  const std::size_t max_games_;
  std::uint64_t uses_ = 0;
  // The operating system's random source (getrandom or /dev/urandom behind
  // std::random_device): ids cannot be predicted from earlier ones, as a
  // seeded generator's can after a few hundred.
  std::random_device os_random_;
};

}  // namespace loa::cli
