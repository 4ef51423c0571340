// The games a server holds: each under a random id, each with its own lock
// and the secret token of the client that made it. The number is bounded in
// total and per client: a client at its share replaces its own oldest game
// that no engine is searching, so a client that makes games by the thousand
// churns its own and leaves the rest of the store to others; when the store
// is full, a new game may drop a game idle for longer than `keep_idle`,
// never one in use, so a page left open cannot grow the server without limit.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <string_view>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"

namespace loa::web {

using Clock = std::chrono::steady_clock;

class EngineJob;

struct GameSession {
  GameSession(std::string id_, std::string token_, std::string client_, Game start_, Game game_)
      : id(std::move(id_)),
        token(std::move(token_)),
        client(std::move(client_)),
        start(std::move(start_)),
        game(std::move(game_)) {}

  const std::string id;
  // Shown only to the client that made the game: every request on the game
  // must carry it (docs/protocols.md).
  const std::string token;
  // The address of the client that made it (ApiRequest::client).
  const std::string client;
  // Guards start and game.
  std::mutex mutex;
  // Where the game began (a preset's start, a position, a record's start):
  // a record is written from it.
  Game start;
  Game game;
  // When a request last used the game (the store's clock, under its lock).
  Clock::time_point last_use;
  // An engine is searching this game; such a game is never dropped.
  std::atomic<bool> searching{false};
  // That search (under the mutex), for a request to stop it.
  std::weak_ptr<EngineJob> job;

  // Whether `token` is this game's, compared in constant time.
  bool owned_by(std::string_view candidate) const;
};

class GameStore {
 public:
  // At most `max_games` games, and `max_per_client` of one client (0: no
  // bound but the total).
  GameStore(std::size_t max_games, Clock::duration keep_idle, std::size_t max_per_client = 0)
      : max_games_(max_games), keep_idle_(keep_idle), max_per_client_(max_per_client) {}

  // Adds a game of `client` starting at `start` and now at `game`. A client
  // holding its share already gives up its own game used the longest ago that
  // no engine is searching. When the store is full the game idle the longest
  // is dropped if it has been idle for keep_idle; otherwise an error (the
  // server is full, or every game of the client is searching).
  Expected<std::shared_ptr<GameSession>> add(Game start, Game game, const std::string& client = "");

  // The game of that id (and marks it used now), or nullptr.
  std::shared_ptr<GameSession> find(const std::string& id);

  // Drops the game; false when there was none.
  bool erase(const std::string& id);

  std::size_t size() const;
  std::size_t capacity() const { return max_games_; }
  std::size_t max_per_client() const { return max_per_client_; }

 private:
  std::string random_hex(int words);

  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<GameSession>> games_;
  const std::size_t max_games_;
  const Clock::duration keep_idle_;
  const std::size_t max_per_client_;
  // The operating system's random source (getrandom or /dev/urandom behind
  // std::random_device; crypto.getRandomValues in a browser): ids and tokens
  // cannot be predicted from earlier ones, as a seeded generator's can.
  std::random_device os_random_;
};

}  // namespace loa::web
