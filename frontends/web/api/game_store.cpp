#include "api/game_store.hpp"

#include <cstdio>

namespace loa::web {

bool GameSession::owned_by(std::string_view candidate) const {
  if (candidate.size() != token.size()) return false;
  unsigned char differ = 0;
  for (std::size_t i = 0; i < token.size(); ++i) differ |= static_cast<unsigned char>(token[i] ^ candidate[i]);
  return differ == 0;
}

std::string GameStore::random_hex(int words) {
  std::string out;
  for (int i = 0; i < words; ++i) {
    char text[9];
    std::snprintf(text, sizeof text, "%08x", static_cast<unsigned>(os_random_()));
    out += text;
  }
  return out;
}

Expected<std::shared_ptr<GameSession>> GameStore::add(Game start, Game game, const std::string& client) {
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  if (max_per_client_) {
    std::size_t held = 0;
    auto oldest = games_.end();
    for (auto it = games_.begin(); it != games_.end(); ++it) {
      if (it->second->client != client) continue;
      ++held;
      if (!it->second->searching && (oldest == games_.end() || it->second->last_use < oldest->second->last_use))
        oldest = it;
    }
    if (held >= max_per_client_) {
      if (oldest == games_.end())
        return Error{"you hold " + std::to_string(held) + " games, each searching now: try again when one is done"};
      games_.erase(oldest);
    }
  }
  if (games_.size() >= max_games_) {
    auto oldest = games_.end();
    for (auto it = games_.begin(); it != games_.end(); ++it) {
      if (it->second->searching) continue;
      if (oldest == games_.end() || it->second->last_use < oldest->second->last_use) oldest = it;
    }
    if (oldest == games_.end() || now - oldest->second->last_use < keep_idle_) {
      const double minutes =
          static_cast<double>(std::chrono::duration_cast<std::chrono::seconds>(keep_idle_).count()) / 60;
      char text[32];
      std::snprintf(text, sizeof text, "%g", minutes);
      return Error{"the server holds " + std::to_string(max_games_) + " games, each used in the last " + text +
                   " minutes: try again later"};
    }
    games_.erase(oldest);
  }
  // 128 random bits each, so that one client can neither guess another's
  // games nor, knowing an id, drive them.
  std::string id;
  do id = random_hex(4);
  while (games_.count(id));
  auto session = std::make_shared<GameSession>(id, random_hex(4), client, std::move(start), std::move(game));
  session->last_use = now;
  games_.emplace(id, session);
  return session;
}

std::shared_ptr<GameSession> GameStore::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(id);
  if (it == games_.end()) return nullptr;
  it->second->last_use = Clock::now();
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

}  // namespace loa::web
