#include "serve/api.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <climits>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "loa/notation.hpp"
#include "loa/position_text.hpp"
#include "loa/record.hpp"
#include "loa/variant.hpp"
#include "serve/game_json.hpp"
#include "serve/web_assets.hpp"

namespace loa::cli {

using httplib::Request;
using httplib::Response;
using nlohmann::json;

namespace {

// A request the API refuses: its status and the message the client sees.
struct ApiError {
  int status;
  std::string message;
};

void send_json(Response& res, const json& body, int status = 200) {
  res.status = status;
  // A request's text may be any bytes: replace what is not UTF-8 rather than throw.
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

void send_error(Response& res, int status, const std::string& message) { send_json(res, {{"error", message}}, status); }

std::string game_over_text(const Game& game) {
  return "the game is over: " + std::string(to_string(game.outcome().state)) + " (" +
         std::string(to_string(game.outcome().reason)) + ")";
}

// The body as a JSON object; an empty body is an empty object. A field the
// route does not know is refused, not ignored: {"rule": "six"} must not
// start an olympiad game.
json body_of(const Request& req, std::initializer_list<const char*> known) {
  if (req.body.find_first_not_of(" \t\r\n") == std::string::npos) return json::object();
  json body = json::parse(req.body, nullptr, false);
  if (body.is_discarded()) throw ApiError{400, "the body is not JSON"};
  if (!body.is_object()) throw ApiError{400, "the body must be a JSON object"};
  for (const auto& [key, value] : body.items()) {
    (void)value;
    if (std::none_of(known.begin(), known.end(), [&key = key](const char* k) { return key == k; })) {
      std::string names;
      for (const char* k : known) names += (names.empty() ? "" : ", ") + std::string(k);
      throw ApiError{400, "unknown field '" + key.substr(0, 40) + "' (this request takes: " + names + ")"};
    }
  }
  return body;
}

std::optional<std::string> string_field(const json& body, const char* name) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) throw ApiError{400, std::string("field '") + name + "' must be a string"};
  return it->get<std::string>();
}

std::optional<long long> int_field(const json& body, const char* name, long long lo, long long hi) {
  const auto it = body.find(name);
  if (it == body.end() || it->is_null()) return std::nullopt;
  if (!it->is_number_integer() || it->get<long long>() < lo || it->get<long long>() > hi)
    throw ApiError{400, std::string("field '") + name + "' must be a whole number from " + std::to_string(lo) + " to " +
                            std::to_string(hi)};
  return it->get<long long>();
}

// Query parameters arrive as text; the same checks as the body's fields.
json query_fields(const Request& req, std::initializer_list<const char*> names) {
  json out = json::object();
  for (const char* name : names) {
    if (!req.has_param(name)) continue;
    const std::string text = req.get_param_value(name);
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
      throw ApiError{400, std::string("parameter '") + name + "' must be a whole number"};
    out[name] = value;
  }
  return out;
}

std::shared_ptr<GameSession> game_of(ServeContext& ctx, const Request& req) {
  auto session = ctx.games.find(req.matches[1]);
  if (!session) throw ApiError{404, "no game '" + std::string(req.matches[1]) + "' (it never was, or it was dropped)"};
  return session;
}

// Every route's body: turns an ApiError into its response.
template <class Handler>
httplib::Server::Handler checked(Handler handler) {
  return [handler](const Request& req, Response& res) {
    try {
      handler(req, res);
    } catch (const ApiError& e) {
      send_error(res, e.status, e.message);
    }
  };
}

// The rules, start and current game a new-game request describes.
std::pair<Game, Game> new_game_from(const json& body) {
  if (const auto record = string_field(body, "record")) {
    const auto games = parse_records(*record);
    if (!games) throw ApiError{422, "record: " + games.error()};
    if (games->empty()) throw ApiError{422, "record: no game in it"};
    const RecordedGame& g = games->front();
    return {*parse_position_text(g.start, g.rules), g.replay()};
  }
  Rules rules;
  if (const auto variant = string_field(body, "variant")) {
    const auto parsed = parse_variant(*variant, string_field(body, "section").value_or(""));
    if (!parsed) throw ApiError{422, "variant: " + parsed.error()};
    rules = *parsed;
  } else {
    // Preset names only: a file name from a request must never reach the file system.
    const auto named = preset(string_field(body, "rules").value_or("olympiad"));
    if (!named) throw ApiError{422, named.error()};
    rules = *named;
  }
  Game start(rules);
  if (const auto position = string_field(body, "position")) {
    auto parsed = parse_position_text(*position, rules);
    if (!parsed) throw ApiError{422, "position: " + parsed.error()};
    start = std::move(*parsed);
  }
  Game game = start;
  std::vector<std::string> moves;
  if (const auto it = body.find("moves"); it != body.end() && !it->is_null()) {
    if (it->is_string()) {
      std::istringstream words(it->get<std::string>());
      for (std::string w; words >> w;) moves.push_back(w);
    } else if (it->is_array() && std::all_of(it->begin(), it->end(), [](const json& m) { return m.is_string(); })) {
      moves = it->get<std::vector<std::string>>();
    } else {
      throw ApiError{400, "field 'moves' must be a string of moves or an array of strings"};
    }
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (game.over()) throw ApiError{422, "moves: move " + std::to_string(i + 1) + ": " + game_over_text(game)};
    const auto m = parse_move(moves[i], game);
    if (!m) throw ApiError{422, "moves: move " + std::to_string(i + 1) + ": " + m.error()};
    game.play(*m);
  }
  return {std::move(start), std::move(game)};
}

// The limits of an engine request: a time (capped), and optionally a depth
// or a node count, which the time cap still bounds.
Limits limits_from(const json& fields, const ServeLimits& caps) {
  Limits limits;
  const long long ms = int_field(fields, "movetime_ms", 1, INT_MAX).value_or(caps.default_movetime_ms);
  limits.movetime_ms = static_cast<int>(std::min<long long>(ms, caps.max_movetime_ms));
  limits.depth = static_cast<int>(int_field(fields, "depth", 1, kMaxDepth).value_or(0));
  limits.nodes = static_cast<std::uint64_t>(int_field(fields, "nodes", 1, LLONG_MAX).value_or(0));
  return limits;
}

// Marks a game as being searched, until release() or the end of the claim.
// A stream releases before its last event, so that a client that reads the
// end and asks again at once never finds the game still marked.
class SearchClaim {
 public:
  explicit SearchClaim(std::shared_ptr<GameSession> session) : session_(std::move(session)) {
    if (session_->searching.exchange(true)) throw ApiError{409, "an engine is already searching this game"};
  }
  ~SearchClaim() { release(); }
  SearchClaim(const SearchClaim&) = delete;
  SearchClaim& operator=(const SearchClaim&) = delete;
  void release() {
    if (!released_.exchange(true)) session_->searching = false;
  }
  GameSession& session() { return *session_; }

 private:
  std::shared_ptr<GameSession> session_;
  std::atomic<bool> released_{false};
};

using Emit = std::function<bool(const char* event, const json& data)>;

// Searches a copy of the game (the game stays free for other requests),
// sends each iteration to `emit`, and plays the move when `play` is set and
// the game has not changed meanwhile. Returns the final JSON.
json run_search(ServeContext& ctx, GameSession& session, const Limits& limits, bool play, const Emit& emit) {
  auto lease = ctx.engines.acquire(std::chrono::milliseconds(ctx.limits.engine_wait_ms));
  if (!lease) throw ApiError{503, "all " + std::to_string(ctx.engines.size()) + " engines are busy: try again later"};
  Game copy = [&] {
    std::lock_guard lock(session.mutex);
    return session.game;
  }();
  if (copy.over()) throw ApiError{409, game_over_text(copy)};
  Engine& engine = lease->engine();
  const Color mover = copy.side_to_move();
  // A client that has gone away stops the search at its next iteration.
  engine.on_iteration = [&](const SearchInfo& info) {
    if (!emit("info", search_info_json(info, mover))) engine.stop();
  };
  const SearchResult result = engine.search(copy, limits);
  json out = {{"search", search_result_json(result, mover)}, {"movetime_ms", limits.movetime_ms}};
  std::lock_guard lock(session.mutex);
  if (play) {
    if (session.game.moves() != copy.moves() || session.game.key() != copy.key())
      throw ApiError{409, "the game changed during the search: nothing played"};
    session.game.play(result.best);
    out["move"] = move_text(result.best);
  }
  out["state"] = state_json(session.id, session.game);
  return out;
}

std::string sse_event(const char* event, const json& data) {
  return std::string("event: ") + event + "\ndata: " + data.dump(-1, ' ', false, json::error_handler_t::replace) +
         "\n\n";
}

// Answers an engine request as Server-Sent Events: "info" per iteration,
// then "done" with the final JSON, or "error" with a message.
struct SearchStream {
  ServeContext* ctx;
  std::shared_ptr<SearchClaim> claim;
  Limits limits;
  bool play;

  bool operator()(std::size_t /*offset*/, httplib::DataSink& sink) const {
    const Emit emit = [&sink](const char* event, const json& data) {
      const std::string text = sse_event(event, data);
      return sink.is_writable() && sink.write(text.data(), text.size());
    };
    try {
      const json done = run_search(*ctx, claim->session(), limits, play, emit);
      claim->release();
      emit("done", done);
    } catch (const ApiError& e) {
      claim->release();
      emit("error", {{"error", e.message}, {"status", e.status}});
    }
    sink.done();
    return true;
  }
};

void stream_search(Response& res, ServeContext& ctx, std::shared_ptr<SearchClaim> claim, Limits limits, bool play) {
  res.set_header("Cache-Control", "no-cache");
  res.set_chunked_content_provider("text/event-stream", SearchStream{&ctx, std::move(claim), limits, play});
}

void engine_request(ServeContext& ctx, const Request& req, Response& res, const json& fields, bool play) {
  auto session = game_of(ctx, req);
  const Limits limits = limits_from(fields, ctx.limits);
  {
    std::lock_guard lock(session->mutex);
    if (session->game.over()) throw ApiError{409, game_over_text(session->game)};
  }
  auto claim = std::make_shared<SearchClaim>(session);
  const auto stream = fields.find("stream");
  if (stream != fields.end() && !stream->is_boolean()) throw ApiError{400, "field 'stream' must be true or false"};
  const bool wants_stream = (stream != fields.end() && stream->get<bool>()) ||
                            req.get_header_value("Accept").find("text/event-stream") != std::string::npos;
  if (wants_stream) return stream_search(res, ctx, std::move(claim), limits, play);
  send_json(res, run_search(ctx, claim->session(), limits, play, [](const char*, const json&) { return true; }));
}

constexpr const char* kGame = R"(/api/games/([^/]+))";

std::string lower(std::string text) {
  for (char& c : text) c = char(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool listed(const std::vector<std::string>& list, const std::string& value) {
  return std::find(list.begin(), list.end(), lower(value)) != list.end();
}

}  // namespace

bool is_loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

void allow_address(ServeLimits& limits, const std::string& host, int port, const std::vector<std::string>& extra_hosts,
                   const std::vector<std::string>& extra_origins) {
  std::vector<std::string> names = {host.find(':') != std::string::npos ? "[" + host + "]" : host};
  if (is_loopback(host)) names = {"127.0.0.1", "localhost", "[::1]"};
  for (const std::string& name : names) {
    limits.allowed_hosts.push_back(lower(name + ":" + std::to_string(port)));
    limits.allowed_origins.push_back(lower("http://" + name + ":" + std::to_string(port)));
  }
  for (const std::string& h : extra_hosts) limits.allowed_hosts.push_back(lower(h));
  for (const std::string& o : extra_origins) limits.allowed_origins.push_back(lower(o));
}

namespace {

// Refuses, before any route runs, a request from another web page or
// another name, and a Content-Length that is not a number.
httplib::Server::HandlerResponse screen(const ServeContext& ctx, const Request& req, Response& res) {
  if (req.has_header("Host") && !listed(ctx.limits.allowed_hosts, req.get_header_value("Host"))) {
    send_error(res, 403,
               "Host '" + req.get_header_value("Host").substr(0, 80) +
                   "' is not this server's address (loa serve --allow-host adds one)");
    return httplib::Server::HandlerResponse::Handled;
  }
  if (req.has_header("Origin") && !listed(ctx.limits.allowed_origins, req.get_header_value("Origin"))) {
    send_error(res, 403,
               "a request from the page of '" + req.get_header_value("Origin").substr(0, 80) +
                   "' is refused (loa serve --allow-origin adds one)");
    return httplib::Server::HandlerResponse::Handled;
  }
  // cpp-httplib applies --max-body to a Content-Length, not to a chunked
  // body nor to one read until the connection closes: such bodies are
  // refused before they are read (browsers and HTTP clients send a length).
  if (req.has_header("Transfer-Encoding")) {
    send_error(res, 411, "send the body with a Content-Length: a Transfer-Encoding body is not accepted");
    return httplib::Server::HandlerResponse::Handled;
  }
  if ((req.method == "POST" || req.method == "PUT" || req.method == "PATCH") && !req.has_header("Content-Length")) {
    send_error(res, 411, "a " + req.method + " needs a Content-Length header (0 for no body)");
    return httplib::Server::HandlerResponse::Handled;
  }
  if (req.has_header("Content-Length")) {
    const std::string length = req.get_header_value("Content-Length");
    if (length.empty() || length.find_first_not_of("0123456789") != std::string::npos) {
      send_error(res, 400, "Content-Length '" + length.substr(0, 40) + "' is not a number of bytes");
      return httplib::Server::HandlerResponse::Handled;
    }
  }
  return httplib::Server::HandlerResponse::Unhandled;
}

}  // namespace

void install_routes(httplib::Server& server, ServeContext& ctx) {
  server.set_pre_routing_handler([&ctx](const Request& req, Response& res) { return screen(ctx, req, res); });
  server.set_payload_max_length(ctx.limits.max_body);
  server.set_error_handler([&ctx](const Request& req, Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 413)
      return send_error(res, 413, "the body is larger than " + std::to_string(ctx.limits.max_body) + " bytes");
    if (res.status == 404) return send_error(res, 404, "nothing at " + req.method + " " + req.path);
    send_error(res, res.status, "HTTP status " + std::to_string(res.status) + " for " + req.method + " " + req.path);
  });
  server.set_exception_handler([](const Request&, Response& res, std::exception_ptr ep) {
    std::string what = "unknown exception";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send_error(res, 500, "internal error: " + what);
  });

  // The page: only the embedded files, looked up by exact name.
  server.Get(R"(/|/[A-Za-z0-9_.-]+)", [](const Request& req, Response& res) {
    const WebAsset* asset = find_web_asset(req.path);
    if (!asset) return send_error(res, 404, "nothing at GET " + req.path);
    res.set_header("Cache-Control", "no-cache");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_content(std::string(asset->body), std::string(asset->content_type));
  });

  server.Get("/api/rules", checked([&ctx](const Request&, Response& res) {
               json presets = json::array();
               for (std::string_view name : preset_names()) presets.push_back(rules_json(*preset(name)));
               send_json(res, {{"presets", presets},
                               {"max_movetime_ms", ctx.limits.max_movetime_ms},
                               {"default_movetime_ms", ctx.limits.default_movetime_ms}});
             }));

  server.Post("/api/games", checked([&ctx](const Request& req, Response& res) {
                auto [start, game] =
                    new_game_from(body_of(req, {"rules", "variant", "section", "position", "moves", "record"}));
                auto session = ctx.games.add(std::move(start), std::move(game));
                if (!session) throw ApiError{503, session.error()};
                std::lock_guard lock((*session)->mutex);
                send_json(res, state_json((*session)->id, (*session)->game), 201);
              }));

  server.Get(kGame, checked([&ctx](const Request& req, Response& res) {
               auto session = game_of(ctx, req);
               std::lock_guard lock(session->mutex);
               send_json(res, state_json(session->id, session->game));
             }));

  server.Delete(kGame, checked([&ctx](const Request& req, Response& res) {
                  if (!ctx.games.erase(req.matches[1]))
                    throw ApiError{404, "no game '" + std::string(req.matches[1]) + "'"};
                  send_json(res, {{"deleted", std::string(req.matches[1])}});
                }));

  server.Get(std::string(kGame) + "/moves", checked([&ctx](const Request& req, Response& res) {
               auto session = game_of(ctx, req);
               std::lock_guard lock(session->mutex);
               const Game& game = session->game;
               std::optional<Square> from;
               if (req.has_param("from")) {
                 const auto s = parse_square(req.get_param_value("from"), game.rules().board_size);
                 if (!s) throw ApiError{400, "parameter 'from': " + s.error()};
                 from = *s;
               }
               json moves = json::array();
               if (!game.over())
                 for (Move m : game.legal_moves())
                   if (!from || (!m.is_pass() && m.from() == *from)) moves.push_back(move_text(m));
               send_json(res, {{"moves", moves}});
             }));

  server.Post(std::string(kGame) + "/play", checked([&ctx](const Request& req, Response& res) {
                const json body = body_of(req, {"move"});
                const auto text = string_field(body, "move");
                if (!text) throw ApiError{400, "field 'move' is missing (a move such as \"b1-d3\")"};
                auto session = game_of(ctx, req);
                std::lock_guard lock(session->mutex);
                Game& game = session->game;
                if (game.over()) throw ApiError{409, game_over_text(game)};
                const auto m = parse_move(*text, game);
                if (!m) throw ApiError{422, m.error()};
                game.play(*m);
                send_json(res, state_json(session->id, game));
              }));

  server.Post(std::string(kGame) + "/undo", checked([&ctx](const Request& req, Response& res) {
                const json body = body_of(req, {"plies"});
                const auto plies = int_field(body, "plies", 1, 100000).value_or(1);
                auto session = game_of(ctx, req);
                std::lock_guard lock(session->mutex);
                Game& game = session->game;
                if (static_cast<std::size_t>(plies) > game.moves().size())
                  throw ApiError{409, "cannot take back " + std::to_string(plies) +
                                          " moves: " + std::to_string(game.moves().size()) + " played"};
                for (long long i = 0; i < plies; ++i) game.undo();
                send_json(res, state_json(session->id, game));
              }));

  server.Post(std::string(kGame) + "/engine-move", checked([&ctx](const Request& req, Response& res) {
                engine_request(ctx, req, res, body_of(req, {"movetime_ms", "depth", "nodes", "stream"}), true);
              }));

  // A GET, so that a browser's EventSource can follow the engine's thoughts.
  server.Get(std::string(kGame) + "/analysis", checked([&ctx](const Request& req, Response& res) {
               json fields = query_fields(req, {"movetime_ms", "depth", "nodes"});
               fields["stream"] = true;
               engine_request(ctx, req, res, fields, false);
             }));

  server.Get(std::string(kGame) + "/record", checked([&ctx](const Request& req, Response& res) {
               auto session = game_of(ctx, req);
               Tags tags{{"Event", "loa serve"}};
               for (const char* side : {"Black", "White"}) {
                 std::string key(side);
                 key[0] = char(key[0] - 'A' + 'a');
                 if (!req.has_param(key.c_str())) continue;
                 const std::string name = req.get_param_value(key.c_str());
                 if (name.size() > 200) throw ApiError{400, "parameter '" + key + "' is longer than 200 characters"};
                 tags.emplace_back(side, name);
               }
               std::lock_guard lock(session->mutex);
               res.set_header("Content-Disposition", "attachment; filename=\"loa-" + session->id + ".txt\"");
               res.set_content(format_record(session->start, session->game.moves(), tags), "text/plain; charset=utf-8");
             }));
}

}  // namespace loa::cli
