// The routes of `loa serve`: the JSON API under /api/ (docs/protocols.md,
// "loa serve") and the embedded page. Every request is checked; a bad one
// gets a 4xx status and {"error": "..."} naming the problem, never a crash.
#pragma once

#include <httplib.h>

#include <cstddef>

#include "serve/engine_pool.hpp"
#include "serve/game_store.hpp"

namespace loa::cli {

struct ServeLimits {
  std::size_t max_body = 1 << 20;  // bytes of a request body
  int max_movetime_ms = 10000;     // the engine's time on one request, at most
  int default_movetime_ms = 1000;
  int engine_wait_ms = 30000;  // how long a request waits for a free engine
};

struct ServeContext {
  GameStore& games;
  EnginePool& engines;
  ServeLimits limits;
};

// Registers every route, the error and exception handlers and the body limit
// on `server`. `context` must outlive the server.
void install_routes(httplib::Server& server, ServeContext& context);

}  // namespace loa::cli
