#include "serve/site.hpp"

#include <algorithm>
#include <cctype>

#include "api/game_json.hpp"
#include "serve/web_assets.hpp"

namespace loa::cli {

using nlohmann::json;

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool listed(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), lower(value)) != list.end();
}

web::ApiResponse error_response(int status, const std::string& message) {
  return {status, "application/json", web::json_text({{"error", message}}), {}};
}

// A response as the last events of a stream: "done" with the JSON, or
// "error" with the message and the status a plain request would have had.
void end_stream(Responder& responder, const web::ApiResponse& response) {
  if (response.status < 300) {
    responder.send("event: done\ndata: " + response.body + "\n\n");  // JSON text on one line already
  } else {
    const json body = json::parse(response.body, nullptr, false);
    const std::string message = body.is_object() && body.contains("error") ? body["error"].get<std::string>() : "";
    responder.send(web::sse_event("error", {{"error", message}, {"status", response.status}}));
  }
  responder.close_stream();
}

}  // namespace

bool is_loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

void allow_address(AccessRules& access, const std::string& host, int port, const std::vector<std::string>& extra_hosts,
                   const std::vector<std::string>& extra_origins) {
  std::vector<std::string> names = {host.find(':') != std::string::npos ? "[" + host + "]" : host};
  if (is_loopback(host)) names = {"127.0.0.1", "localhost", "[::1]"};
  for (const std::string& name : names) {
    access.hosts.push_back(lower(name + ":" + std::to_string(port)));
    access.origins.push_back(lower("http://" + name + ":" + std::to_string(port)));
  }
  for (const std::string& h : extra_hosts) access.hosts.push_back(lower(h));
  for (const std::string& o : extra_origins) access.origins.push_back(lower(o));
}

void Site::handle(web::ApiRequest request, std::shared_ptr<Responder> responder) {
  if (const std::string* host = request.header("host"); host && !listed(access_.hosts, *host))
    return responder->respond(error_response(
        403, "Host '" + host->substr(0, 80) + "' is not this server's address (loa serve --allow-host adds one)"));
  if (const std::string* origin = request.header("origin"); origin && !listed(access_.origins, *origin))
    return responder->respond(error_response(403, "a request from the page of '" + origin->substr(0, 80) +
                                                      "' is refused (loa serve --allow-origin adds one)"));
  // Tells the page that the API is here (the static folder's api.json says "local").
  if (request.path == "/api.json" && (request.method == "GET" || request.method == "HEAD"))
    return responder->respond({200, "application/json", R"({"api":"server"})", {{"Cache-Control", "no-cache"}}});
  if (request.path.rfind("/api/", 0) != 0) {
    // The page: only the embedded files, looked up by exact name.
    const WebAsset* asset =
        request.method == "GET" || request.method == "HEAD" ? find_web_asset(request.path) : nullptr;
    if (!asset)
      return responder->respond(
          error_response(404, "nothing at " + request.method.substr(0, 20) + " " + request.path.substr(0, 120)));
    return responder->respond({200,
                               std::string(asset->content_type),
                               std::string(asset->body),
                               {{"Cache-Control", "no-cache"}, {"X-Content-Type-Options", "nosniff"}}});
  }
  web::ApiReply reply = api_.handle(request);
  if (!reply.job) return responder->respond(std::move(reply.response));
  auto job = reply.job;
  const auto submitted = engines_.submit(
      [this, job, responder](Engine* engine) {
        if (!engine) {
          const auto refused = web::Api::refuse(*job, 503, "no engine came free in time: try again later");
          return job->stream() ? end_stream(*responder, refused) : responder->respond(refused);
        }
        run_search(*engine, job, responder);
      },
      [job] { return job->cancelled(); }, request.client);
  if (submitted == EngineQueue::Submitted::ClientFull)
    return responder->respond(web::Api::refuse(
        *job, 429,
        "you have " + std::to_string(engines_.per_client()) +
            " searches running or waiting, as many as one client may: stop one (POST .../stop) or wait for it"));
  if (submitted != EngineQueue::Submitted::Queued)
    return responder->respond(web::Api::refuse(*job, 503,
                                               "all " + std::to_string(engines_.engines()) + " engines are busy and " +
                                                   std::to_string(engines_.max_waiting()) +
                                                   " searches wait: try again later"));
  if (job->stream()) responder->open_stream("text/event-stream");
  // A client that goes away stops its search, and its move is not played.
  responder->on_disconnect([job] { job->cancel(); });
}

void Site::run_search(Engine& engine, const std::shared_ptr<web::EngineJob>& job,
                      const std::shared_ptr<Responder>& responder) {
  // On an engine thread. A cancel (the client gone) stops the search at once.
  job->set_on_stop([&engine] { engine.stop(); });
  engine.set_network(job->classic() ? nullptr : engines_.network());
  const Color mover = job->game().side_to_move();
  if (job->stream())
    engine.on_iteration = [&](const SearchInfo& info) {
      responder->send(web::sse_event("info", web::search_info_json(info, mover)));
    };
  const SearchResult result = engine.search(job->game(), job->limits());
  job->set_on_stop(nullptr);
  const web::ApiResponse answer = api_.finish(*job, result.best, web::search_result_json(result, mover));
  if (job->stream()) return end_stream(*responder, answer);
  responder->respond(answer);
}

}  // namespace loa::cli
