// The routes of `loa serve`: the JSON API under /api/ (docs/protocols.md,
// "loa serve") and the embedded page. Every request is checked; a bad one
// gets a 4xx status and {"error": "..."} naming the problem, never a crash.
#pragma once

#include <httplib.h>

#include <cstddef>
#include <string>
#include <vector>

#include "serve/engine_pool.hpp"
#include "serve/game_store.hpp"

namespace loa::cli {

struct ServeLimits {
  // The Host header values accepted (host:port, lower case), and the Origin
  // values (scheme://host:port): other web pages the user visits must not
  // drive the server (a cross-origin POST), nor read it through DNS
  // rebinding (a foreign Host). Set once the port is known.
  std::vector<std::string> allowed_hosts;
  std::vector<std::string> allowed_origins;
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

// Registers every route, the error and exception handlers, the body limit
// and the Host, Origin and Content-Length checks on `server`. `context` must
// outlive the server.
void install_routes(httplib::Server& server, ServeContext& context);

// Whether an address to listen on is this machine's loopback.
bool is_loopback(const std::string& host);

// What a server listening on host:port accepts by default: that address,
// and for a loopback one its other loopback names, as Host and as
// http:// Origin; `extra_hosts` and `extra_origins` add to them.
void allow_address(ServeLimits& limits, const std::string& host, int port, const std::vector<std::string>& extra_hosts,
                   const std::vector<std::string>& extra_origins);

}  // namespace loa::cli
