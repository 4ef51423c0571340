// loa serve: a board in the browser. serve/ holds the HTTP server (one
// thread polling every connection), the engine queue and the site (page and
// access checks); the JSON API itself is api/ in frontends/web, shared with
// the WebAssembly page. docs/protocols.md documents the API.
#include <fmt/core.h>

#include <algorithm>
#include <thread>

#include "api/api.hpp"
#include "commands/commands.hpp"
#include "common.hpp"
#include "serve/site.hpp"

namespace loa::cli {

int cmd_serve(const std::vector<std::string>& args) {
  po::options_description options("serve options");
  const int cores = int(std::max(2u, std::thread::hardware_concurrency()));
  options.add_options()("host", po::value<std::string>()->default_value("127.0.0.1"),
                        "the address to listen on (loopback unless you choose otherwise)")(
      "port", po::value<int>()->default_value(8080), "the port (0: any free port, printed at start)")(
      "max-games", po::value<int>()->default_value(200), "games kept at once")(
      "games-per-client", po::value<int>()->default_value(16),
      "games one client (an address) keeps; its next game replaces its oldest")(
      "searches-per-client", po::value<int>()->default_value(4),
      "searches one client may have running or waiting (more: 429); half the engines search for it at most")(
      "max-plies", po::value<int>()->default_value(1000), "plies a game may hold")(
      "keep-idle", po::value<int>()->default_value(600),
      "seconds a game is kept unused before a new game may take its place")(
      "engines", po::value<int>()->default_value(cores), "searches at once (each engine has its own table)")(
      "hash", po::value<int>()->default_value(32), "each engine's transposition table in MiB")(
      "queue", po::value<int>()->default_value(256),
      "searches that may wait for an engine; more are refused at once (503)")(
      "max-movetime", po::value<int>()->default_value(10000), "the most milliseconds one engine request may use")(
      "max-body", po::value<int>()->default_value(1 << 20), "the largest request body in bytes")(
      "max-connections", po::value<int>()->default_value(512), "connections at once")(
      "request-timeout", po::value<int>()->default_value(10000),
      "milliseconds a client has to send a whole request (head and body), from its first byte")(
      "idle-timeout", po::value<int>()->default_value(5000),
      "milliseconds a kept-alive connection may wait idle for its next request")(
      "write-timeout", po::value<int>()->default_value(10000),
      "milliseconds a client may take nothing of an answer before it is dropped")(
      "allow-origin", po::value<std::vector<std::string>>()->default_value({}, ""),
      "also answer requests from pages of this origin (scheme://host:port), for a page served elsewhere; "
      "repeatable")("allow-host", po::value<std::vector<std::string>>()->default_value({}, ""),
                    "also answer requests naming this host:port (behind a proxy or another name); repeatable");
  add_proofs_option(options);
  add_eval_option(options);
  po::variables_map vm;
  if (!parse_options("serve",
                     "[--host ADDRESS] [--port N] [--max-games N] [--games-per-client N] [--keep-idle S] [--engines N] "
                     "[--hash MB] [--searches-per-client N] [--max-plies N] "
                     "[--queue N] [--max-movetime MS] [--max-body BYTES] [--max-connections N] "
                     "[--request-timeout MS] [--idle-timeout MS] [--write-timeout MS] [--allow-origin ORIGIN] "
                     "[--allow-host HOST:PORT] [--proofs FILE]",
                     options, args, vm))
    return 0;
  auto positive = [&](const char* name, int lo, int hi) {
    const int v = vm[name].as<int>();
    if (v < lo || v > hi) throw UsageError{fmt::format("serve: --{} must be from {} to {}", name, lo, hi)};
    return v;
  };
  const std::string host = vm["host"].as<std::string>();
  const int port = positive("port", 0, 65535);
  web::ApiLimits api_limits;
  api_limits.max_movetime_ms = positive("max-movetime", 1, 600000);
  api_limits.default_movetime_ms = std::min(api_limits.default_movetime_ms, api_limits.max_movetime_ms);
  api_limits.max_plies = positive("max-plies", 1, 100000);
  ServerOptions server_options;
  server_options.http.max_body = static_cast<std::size_t>(positive("max-body", 1024, 64 << 20));
  server_options.max_connections = static_cast<std::size_t>(positive("max-connections", 4, 100000));
  server_options.request_timeout = std::chrono::milliseconds(positive("request-timeout", 100, 600000));
  server_options.idle_timeout = std::chrono::milliseconds(positive("idle-timeout", 100, 600000));
  server_options.write_timeout = std::chrono::milliseconds(positive("write-timeout", 100, 600000));
  const int engines = positive("engines", 1, 64);
  const int queue = positive("queue", 0, 100000);
  web::GameStore games(static_cast<std::size_t>(positive("max-games", 1, 100000)),
                       std::chrono::seconds(positive("keep-idle", 0, 86400 * 30)),
                       static_cast<std::size_t>(positive("games-per-client", 1, 100000)));
  const int searches_per_client = positive("searches-per-client", 1, 100000);
  const int hash_mb = positive("hash", 1, 4096);
  const auto book = proof_book_from_options(vm, "serve");  // read once, for every engine
  web::Api api(games, api_limits);
  // A search waits for an engine at most as long as the longest search it
  // could be queued behind several times over; then it is refused.
  const auto max_wait = std::chrono::milliseconds(std::max(30000, 3 * api_limits.max_movetime_ms));
  EngineQueue engine_queue(engines, hash_mb, static_cast<std::size_t>(queue), max_wait, book,
                           static_cast<std::size_t>(searches_per_client),
                           network_of(vm["eval"].as<std::string>(), "serve"));

  AccessRules access;
  std::unique_ptr<Site> site;
  HttpServer server(server_options, [&site](web::ApiRequest request, std::shared_ptr<Responder> responder) {
    site->handle(std::move(request), std::move(responder));
  });
  const auto bound = server.bind(host, port);
  if (!bound)
    throw UsageError{
        fmt::format("serve: cannot listen on {}:{} ({}); --port 0 takes any free port", host, port, bound.error()), 1};
  allow_address(access, host, *bound, vm["allow-host"].as<std::vector<std::string>>(),
                vm["allow-origin"].as<std::vector<std::string>>());
  site = std::make_unique<Site>(api, engine_queue, std::move(access));

  const std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  fmt::print("loa serve: open http://{}:{}/ in a browser (Ctrl-C stops the server)\n", shown, *bound);
  if (!is_loopback(host)) fmt::print("loa serve: listening on {}: other machines can reach this server\n", host);
  if (book)
    fmt::print("loa serve: the engines play the proven wins of {} ({} positions) without searching\n",
               vm["proofs"].as<std::string>(), book->size());
  std::fflush(stdout);
  if (!server.run()) throw UsageError{"serve: the server stopped with an error", 1};
  return 0;
}

}  // namespace loa::cli
