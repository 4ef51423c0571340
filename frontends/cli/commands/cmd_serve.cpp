// loa serve: a board in the browser. An HTTP server (cpp-httplib) sends the
// embedded page and answers its JSON API; serve/ holds the routes, the game
// store and the engine pool, docs/protocols.md documents the API.
#include <fmt/core.h>
#include <sys/socket.h>

#include <algorithm>
#include <thread>

#include "commands/commands.hpp"
#include "common.hpp"
#include "serve/api.hpp"

namespace loa::cli {

namespace {

// Debian's cpp-httplib is compiled with a listen backlog of 5: under a
// burst of new connections (the load script's fifty clients) the kernel
// then drops or resets some. Listening again on the bound socket widens it.
class Server : public httplib::Server {
 public:
  void widen_backlog(int connections) { ::listen(svr_sock_, connections); }
};

}  // namespace

int cmd_serve(const std::vector<std::string>& args) {
  po::options_description options("serve options");
  options.add_options()("host", po::value<std::string>()->default_value("127.0.0.1"),
                        "the address to listen on (loopback unless you choose otherwise)")(
      "port", po::value<int>()->default_value(8080), "the port (0: any free port, printed at start)")(
      "max-games", po::value<int>()->default_value(200), "games kept at once; a new one drops the longest idle")(
      "engines", po::value<int>()->default_value(int(std::max(2u, std::thread::hardware_concurrency()))),
      "searches at once (each engine has its own table)")("hash", po::value<int>()->default_value(32),
                                                          "each engine's transposition table in MiB")(
      "max-movetime", po::value<int>()->default_value(10000), "the most milliseconds one engine request may use")(
      "max-body", po::value<int>()->default_value(1 << 20), "the largest request body in bytes")(
      "allow-origin", po::value<std::vector<std::string>>()->default_value({}, ""),
      "also answer requests from pages of this origin (scheme://host:port), for a page served elsewhere; "
      "repeatable")("allow-host", po::value<std::vector<std::string>>()->default_value({}, ""),
                    "also answer requests naming this host:port (behind a proxy or another name); repeatable");
  add_proofs_option(options);
  po::variables_map vm;
  if (!parse_options("serve",
                     "[--host ADDRESS] [--port N] [--max-games N] [--engines N] [--hash MB] [--max-movetime MS] "
                     "[--max-body BYTES] [--allow-origin ORIGIN] [--allow-host HOST:PORT] [--proofs FILE]",
                     options, args, vm))
    return 0;
  auto positive = [&](const char* name, int lo, int hi) {
    const int v = vm[name].as<int>();
    if (v < lo || v > hi) throw UsageError{fmt::format("serve: --{} must be from {} to {}", name, lo, hi)};
    return v;
  };
  const std::string host = vm["host"].as<std::string>();
  const int port = positive("port", 0, 65535);
  ServeLimits limits;
  limits.max_movetime_ms = positive("max-movetime", 1, 600000);
  limits.default_movetime_ms = std::min(limits.default_movetime_ms, limits.max_movetime_ms);
  limits.max_body = static_cast<std::size_t>(positive("max-body", 1024, 64 << 20));
  const int engines = positive("engines", 1, 64);
  GameStore games(static_cast<std::size_t>(positive("max-games", 1, 100000)));
  const int hash_mb = positive("hash", 1, 4096);
  const auto book = proof_book_from_options(vm, "serve");  // read once, for every engine
  EnginePool pool(engines, hash_mb, book);
  ServeContext context{games, pool, limits};

  Server server;
  // Every engine busy still leaves threads for the page's other requests,
  // and a browser's idle keep-alive connections do not starve the rest.
  const std::size_t workers = static_cast<std::size_t>(std::max(32, 4 * engines + 16));
  server.new_task_queue = [workers] { return new httplib::ThreadPool(workers); };
  server.set_keep_alive_timeout(2);
  install_routes(server, context);

  const int bound = port == 0 ? server.bind_to_any_port(host) : server.bind_to_port(host, port) ? port : -1;
  if (bound < 0)
    throw UsageError{
        fmt::format("serve: cannot listen on {}:{} (in use, or not an address here); --port 0 takes any free port",
                    host, port),
        1};
  server.widen_backlog(SOMAXCONN);
  allow_address(context.limits, host, bound, vm["allow-host"].as<std::vector<std::string>>(),
                vm["allow-origin"].as<std::vector<std::string>>());
  const bool loopback = is_loopback(host);
  const std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  fmt::print("loa serve: open http://{}:{}/ in a browser (Ctrl-C stops the server)\n", shown, bound);
  if (!loopback) fmt::print("loa serve: listening on {}: other machines can reach this server\n", host);
  if (book)
    fmt::print("loa serve: the engines play the proven wins of {} ({} positions) without searching\n",
               vm["proofs"].as<std::string>(), book->size());
  std::fflush(stdout);
  if (!server.listen_after_bind()) throw UsageError{"serve: the server stopped with an error", 1};
  return 0;
}

}  // namespace loa::cli
