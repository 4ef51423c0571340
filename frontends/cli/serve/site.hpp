// What `loa serve` answers: the embedded page, and the JSON API (api/),
// whose searches run on the engine queue, to requests that pass the access
// checks (Host and Origin: other web pages the user visits must not drive
// the server, nor read it through DNS rebinding).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "api/api.hpp"
#include "serve/engine_queue.hpp"
#include "serve/http_server.hpp"

namespace loa::cli {

struct AccessRules {
  // The Host header values accepted (host:port, lower case), and the Origin
  // values (scheme://host:port).
  std::vector<std::string> hosts;
  std::vector<std::string> origins;
};

// Whether an address to listen on is this machine's loopback.
bool is_loopback(const std::string& host);

// What a server listening on host:port accepts by default: that address,
// and for a loopback one its other loopback names, as Host and as http://
// Origin; `extra_hosts` and `extra_origins` add to them.
void allow_address(AccessRules& access, const std::string& host, int port, const std::vector<std::string>& extra_hosts,
                   const std::vector<std::string>& extra_origins);

class Site {
 public:
  Site(web::Api& api, EngineQueue& engines, AccessRules access)
      : api_(api), engines_(engines), access_(std::move(access)) {}

  // The HttpServer's handler: answers at once, or queues a search.
  void handle(web::ApiRequest request, std::shared_ptr<Responder> responder);

 private:
  void run_search(Engine& engine, const std::shared_ptr<web::EngineJob>& job,
                  const std::shared_ptr<Responder>& responder);

  web::Api& api_;
  EngineQueue& engines_;
  AccessRules access_;
};

}  // namespace loa::cli
