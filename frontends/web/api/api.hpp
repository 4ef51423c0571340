// The JSON API of the page (docs/protocols.md, "loa serve"), apart from any
// transport: `loa serve` answers it over HTTP, the static page calls it in
// WebAssembly. A request that needs an engine does not search here: it
// comes back as an EngineJob, which the transport runs where searches may
// take seconds (an engine thread, a Web Worker) and hands to finish().
// Every request is checked; a bad one gets a 4xx status and
// {"error": "..."} naming the problem, never a crash.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "api/game_store.hpp"
#include "api/url.hpp"
#include "loa/search/search.hpp"

namespace loa::web {

struct ApiRequest {
  std::string method;  // "GET", "POST", ...
  std::string path;    // decoded, without the query
  Fields query;        // decoded, in order
  Fields headers;      // names in lower case
  std::string body;
  // Who asked: the peer's address where the transport knows it ("" in the
  // browser's own engine). The per-client bounds count by it.
  std::string client;

  // The first value of a header (name in lower case) or query parameter.
  const std::string* header(std::string_view name) const;
  const std::string* param(std::string_view name) const;
};

struct ApiResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  Fields headers;
};

struct ApiLimits {
  int max_movetime_ms = 10000;  // the engine's time on one request, at most
  int default_movetime_ms = 1000;
  // Plies a game may hold from its start: bounds its memory, its record and
  // every answer about it (a variant without repetition draws has no end).
  int max_plies = 1000;
};

// A search a request asked for. The game is a copy: the game itself stays
// free for other requests while the search runs; it is marked as searched
// until the job is finished or dropped.
class EngineJob {
 public:
  // `classic`: the hand-written evaluation, where the engine would use its network.
  EngineJob(std::shared_ptr<GameSession> session, Game game, Limits limits, bool play, bool stream,
            bool classic = false);
  ~EngineJob();
  EngineJob(const EngineJob&) = delete;
  EngineJob& operator=(const EngineJob&) = delete;

  const Game& game() const { return game_; }
  const Limits& limits() const { return limits_; }
  bool stream() const { return stream_; }
  bool classic() const { return classic_; }
  GameSession& session() { return *session_; }

  // Asked to stop (POST .../stop): the search ends at once and answers with
  // what it has, an engine-move playing its best move so far.
  void stop();
  // The client went away: the search should stop and nothing be played.
  void cancel();
  bool cancelled() const { return cancelled_; }
  // How whoever runs the search stops it. Safe from any thread: called at
  // once on a stop or cancel, or when set after one.
  void set_on_stop(std::function<void()> on_stop);

 private:
  friend class Api;
  void release();

  std::shared_ptr<GameSession> session_;
  Game game_;
  Limits limits_;
  bool play_;
  bool stream_;
  bool classic_;
  std::atomic<bool> cancelled_{false};
  std::atomic<bool> released_{false};
  bool stopped_ = false;  // under stop_mutex_
  std::mutex stop_mutex_;
  std::function<void()> on_stop_;
};

// What a request gets: a response, or a search to run first.
struct ApiReply {
  ApiResponse response;
  std::shared_ptr<EngineJob> job;
};

class Api {
 public:
  Api(GameStore& games, ApiLimits limits) : games_(games), limits_(limits) {}

  // Answers a request whose path starts with /api/.
  ApiReply handle(const ApiRequest& request);

  // The answer to a job once its search ended with `best` and `search`
  // (search_result_json()): the move played for an engine-move, unless the
  // job was cancelled or the game changed meanwhile. The game is free again
  // before this returns.
  ApiResponse finish(EngineJob& job, Move best, const nlohmann::json& search);

  // A job that never ran (every engine busy, the client gone): frees its game.
  static ApiResponse refuse(EngineJob& job, int status, const std::string& message);

  const ApiLimits& limits() const { return limits_; }

 private:
  GameStore& games_;
  ApiLimits limits_;
};

// A Server-Sent Events message.
std::string sse_event(std::string_view event, const nlohmann::json& data);

// JSON text that never throws on bytes that are not UTF-8 (they are replaced).
std::string json_text(const nlohmann::json& value);

}  // namespace loa::web
