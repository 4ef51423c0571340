// The page's API and engine in WebAssembly, for the static folder loa-web/
// (docs/web.md). Two instances of this module run: one on the page holds the
// games and answers the API exactly as `loa serve` does (api/), and one in a
// Web Worker searches. A search request comes back from the API as a job;
// local.js sends the job's game to the worker as a record, relays its
// iterations, and hands the result to loa_finish(), which plays it as the
// server would. The functions exchange JSON text; a returned pointer stays
// valid until the next call on the same handle.
#include <emscripten/emscripten.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "api/api.hpp"
#include "api/game_json.hpp"
#include "loa/solve/proof_book.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/record.hpp"

using nlohmann::json;

// local.js stops a job by ending its worker (a search in WebAssembly cannot
// be reached by a message while it runs).
EM_JS(void, loa_js_stop_job, (int job), {
  if (Module.onStopJob) Module.onStopJob(job);
});

// Posts an iteration of the worker's search to the page.
EM_JS(void, loa_js_post_info, (const char* text),
      { postMessage({type : "info", data : JSON.parse(UTF8ToString(text))}); });

namespace {

struct Site {
  loa::web::GameStore games{200, std::chrono::hours(24 * 365)};
  loa::web::Api api{games, loa::web::ApiLimits{}};
  std::map<int, std::shared_ptr<loa::web::EngineJob>> jobs;
  int next_job = 1;
  std::string answer;

  const char* reply(const json& value) {
    answer = loa::web::json_text(value);
    return answer.c_str();
  }
  // The job of that id, no longer held here, its stop hook withdrawn; nullptr if none.
  std::shared_ptr<loa::web::EngineJob> take_job(int id) {
    const auto it = jobs.find(id);
    if (it == jobs.end()) return nullptr;
    auto job = it->second;
    jobs.erase(it);
    job->set_on_stop(nullptr);
    return job;
  }
  const char* no_job() { return response({404, "application/json", R"({"error":"no such search"})", {}}); }
  const char* response(const loa::web::ApiResponse& r) {
    json headers = json::object();
    for (const auto& [name, value] : r.headers) headers[name] = value;
    return reply({{"status", r.status}, {"type", r.content_type}, {"text", r.body}, {"headers", headers}});
  }
};

struct Searcher {
  // The built-in network where it applies (8x8, no game points), as loa serve plays.
  explicit Searcher(int hash_mb) : engine(static_cast<std::size_t>(hash_mb)) {
    engine.set_network(loa::nnue::builtin_network());
  }
  loa::Engine engine;
  std::string answer;
};

loa::web::ApiRequest request_of(const char* method, const char* target, const char* headers, const char* body) {
  loa::web::ApiRequest req;
  req.method = method;
  if (!loa::web::parse_target(target, req.path, req.query)) req.path = "/api/malformed-target";
  const json h = json::parse(headers, nullptr, false);
  if (h.is_object())
    for (const auto& item : h.items())
      if (item.value().is_string()) req.headers.emplace_back(item.key(), item.value().get<std::string>());
  req.body = body;
  return req;
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void* loa_site_new() { return new Site(); }

// An API request (headers: a JSON object, names in lower case). The answer:
// {"status", "type", "text", "headers"}, or for a search
// {"job", "record", "limits": {...}, "stream"}.
EMSCRIPTEN_KEEPALIVE const char* loa_request(void* handle, const char* method, const char* target, const char* headers,
                                             const char* body) {
  Site& site = *static_cast<Site*>(handle);
  loa::web::ApiReply reply = site.api.handle(request_of(method, target, headers, body));
  if (!reply.job) return site.response(reply.response);
  const int id = site.next_job++;
  site.jobs[id] = reply.job;
  // POST .../stop reaches the job here: the worker is ended by local.js.
  reply.job->set_on_stop([id] { loa_js_stop_job(id); });
  const loa::Limits& limits = reply.job->limits();
  std::string record;
  {
    std::lock_guard lock(reply.job->session().mutex);
    record = loa::format_record(reply.job->session().start, reply.job->game().moves());
  }
  return site.reply({{"job", id},
                     {"record", record},
                     {"limits",
                      {{"movetime_ms", limits.movetime_ms},
                       {"depth", limits.depth},
                       {"nodes", limits.nodes},
                       {"eval", reply.job->classic() ? "classic" : "net"}}},
                     {"stream", reply.job->stream()}});
}

// The end of a job: `best` a move text ("" when the search gave none),
// `search` its JSON. The answer as loa_request's.
EMSCRIPTEN_KEEPALIVE const char* loa_finish(void* handle, int job, const char* best, const char* search) {
  Site& site = *static_cast<Site*>(handle);
  const auto engine_job = site.take_job(job);
  if (!engine_job) return site.no_job();
  const auto move = loa::parse_move(best, engine_job->game());
  json result = json::parse(search, nullptr, false);
  if (!move || result.is_discarded())
    return site.response(loa::web::Api::refuse(*engine_job, 500, "the engine gave no move: nothing played"));
  return site.response(site.api.finish(*engine_job, *move, result));
}

// A job that could not run (the engine worker failed to start): frees its game.
EMSCRIPTEN_KEEPALIVE const char* loa_refuse(void* handle, int job, const char* message) {
  Site& site = *static_cast<Site*>(handle);
  const auto engine_job = site.take_job(job);
  if (!engine_job) return site.no_job();
  return site.response(loa::web::Api::refuse(*engine_job, 503, message));
}

EMSCRIPTEN_KEEPALIVE void* loa_searcher_new(int hash_mb) { return new Searcher(hash_mb); }

// In the worker: plays the proven wins of a proof (its text) without
// searching, as loa serve --proofs does. Answers {"positions"} or {"error"}.
EMSCRIPTEN_KEEPALIVE const char* loa_searcher_use_proofs(void* handle, const char* text) {
  Searcher& searcher = *static_cast<Searcher*>(handle);
  const auto book = loa::proof_book_of(text, "the page's proof");
  if (!book) {
    searcher.answer = loa::web::json_text({{"error", book.error()}});
  } else {
    loa::use_proof_book(searcher.engine, *book);
    searcher.answer = loa::web::json_text({{"positions", (*book)->size()}});
  }
  return searcher.answer.c_str();
}

// In the worker: searches the game of `record` within `limits` (JSON),
// posting each iteration; answers {"best", "search"} or {"error"}.
EMSCRIPTEN_KEEPALIVE const char* loa_search(void* handle, const char* record, const char* limits_text) {
  Searcher& searcher = *static_cast<Searcher*>(handle);
  const auto games = loa::parse_records(record);
  const json l = json::parse(limits_text, nullptr, false);
  if (!games || games->empty() || !l.is_object()) {
    searcher.answer = loa::web::json_text({{"error", games ? "no game in the record" : games.error()}});
    return searcher.answer.c_str();
  }
  const loa::Game game = games->front().replay();
  loa::Limits limits;
  limits.movetime_ms = l.value("movetime_ms", 1000);
  limits.depth = l.value("depth", 0);
  limits.nodes = l.value("nodes", std::uint64_t{0});
  if (l.value("new_game", false)) searcher.engine.new_game();  // a fresh table, as loa bench has
  searcher.engine.set_network(l.value("eval", "net") == "classic" ? nullptr : loa::nnue::builtin_network());
  const loa::Color mover = game.side_to_move();
  searcher.engine.on_iteration = [mover](const loa::SearchInfo& info) {
    loa_js_post_info(loa::web::json_text(loa::web::search_info_json(info, mover)).c_str());
  };
  const loa::SearchResult result = searcher.engine.search(game, limits);
  searcher.answer = loa::web::json_text(
      {{"best", loa::move_text(result.best)}, {"search", loa::web::search_result_json(result, mover)}});
  return searcher.answer.c_str();
}

}  // extern "C"
