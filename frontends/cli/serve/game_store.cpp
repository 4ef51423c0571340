#include "serve/game_store.hpp"

#include <cstdio>

namespace loa::cli {

Expected<std::shared_ptr<GameSession>> GameStore::add(Game start, Game game) {
  std::lock_guard lock(mutex_);
  if (games_.size() >= max_games_) {
    auto oldest = games_.end();
    for (auto it = games_.begin(); it != games_.end(); ++it) {
      if (it->second->searching) continue;
      if (oldest == games_.end() || it->second->last_use < oldest->second->last_use) oldest = it;
    }
    if (oldest == games_.end())
      return Error{"every one of the server's " + std::to_string(max_games_) +
                   " games is busy with a search: try again later"};
    games_.erase(oldest);
  }
  // Ids are 128 random bits from the OS, so that one client cannot guess
  // another's games.
  std::string id;
  do {
    id.clear();
    for (int i = 0; i < 4; ++i) {
      char text[9];
      std::snprintf(text, sizeof text, "%08x", static_cast<unsigned>(os_random_()));
      id += text;
    }
  } while (games_.count(id));
  auto session = std::make_shared<GameSession>(id, std::move(start), std::move(game));
  session->last_use = ++uses_;
  games_.emplace(id, session);
  return session;
}

std::shared_ptr<GameSession> GameStore::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(id);
  if (it == games_.end()) return nullptr;
  it->second->last_use = ++uses_;
  return it->second;
}

bool GameStore::erase(const std::string& id) {
  std::lock_guard lock(mutex_);
  return games_.erase(id) > 0;
}

std::size_t GameStore::size() const {
  std::lock_guard lock(mutex_);
  return games_.size();
}

}  // namespace loa::cli
