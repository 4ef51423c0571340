#include "api/api.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdint>
#include <optional>
#include <sstream>

#include "api/game_json.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/record.hpp"
#include "loa/text/variant.hpp"

namespace loa::web {

using nlohmann::json;

namespace {

const std::string* find_field(const Fields& fields, std::string_view name) {
  for (const auto& [key, value] : fields)
    if (key == name) return &value;
  return nullptr;
}

}  // namespace

const std::string* ApiRequest::header(std::string_view name) const { return find_field(headers, name); }
const std::string* ApiRequest::param(std::string_view name) const { return find_field(query, name); }

std::string json_text(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string sse_event(std::string_view event, const json& data) {
  return "event: " + std::string(event) + "\ndata: " + json_text(data) + "\n\n";
}

namespace {

// A request the API refuses: its status and the message the client sees.
struct ApiError {
  int status;
  std::string message;
  Fields headers = {};  // Allow, on a 405
};

ApiResponse json_response(const json& body, int status = 200) {
  return {status, "application/json", json_text(body), {}};
}

ApiResponse error_response(int status, const std::string& message) {
  return json_response({{"error", message}}, status);
}

std::string game_over_text(const Game& game) {
  return "the game is over: " + std::string(to_string(game.outcome().state)) + " (" +
         std::string(to_string(game.outcome().reason)) + ")";
}

// The body as a JSON object; an empty body is an empty object. A field the
// route does not know is refused, not ignored: {"rule": "six"} must not
// start an olympiad game.
json body_of(const ApiRequest& req, std::initializer_list<const char*> known) {
  if (req.body.find_first_not_of(" \t\r\n") == std::string::npos) return json::object();
  json body = json::parse(req.body, nullptr, false);
  if (body.is_discarded()) throw ApiError{400, "the body is not JSON"};
  if (!body.is_object()) throw ApiError{400, "the body must be a JSON object"};
  for (const auto& item : body.items()) {
    const std::string& key = item.key();
    if (std::none_of(known.begin(), known.end(), [&key](const char* k) { return key == k; })) {
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
json query_fields(const ApiRequest& req, std::initializer_list<const char*> names) {
  json out = json::object();
  for (const char* name : names) {
    const std::string* text = req.param(name);
    if (!text) continue;
    long long value = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size())
      throw ApiError{400, std::string("parameter '") + name + "' must be a whole number"};
    out[name] = value;
  }
  return out;
}

// Whether `text` is UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
// past U+10FFFF): a record is served as UTF-8 and must be.
bool is_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(i);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > text.size()) return false;
    std::uint32_t code = n == 1 ? c : c & (0x7f >> n);
    for (std::size_t k = 1; k < n; ++k) {
      if ((byte(i + k) & 0xc0) != 0x80) return false;
      code = (code << 6) | (byte(i + k) & 0x3f);
    }
    constexpr std::uint32_t kLeast[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < kLeast[n] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    i += n;
  }
  return true;
}

// The token a request shows: "Authorization: Bearer T", or ?token=T where a
// header cannot be sent (a link, an EventSource).
std::string token_of(const ApiRequest& req) {
  if (const std::string* auth = req.header("authorization")) {
    constexpr std::string_view bearer = "Bearer ";
    if (auth->size() > bearer.size() && std::equal(bearer.begin(), bearer.end(), auth->begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
        }))
      return auth->substr(bearer.size());
  }
  if (const std::string* token = req.param("token")) return *token;
  return {};
}

std::string too_long_text(int max_plies) {
  return "a game here holds at most " + std::to_string(max_plies) + " plies (loa serve --max-plies)";
}

// The rules, start and current game a new-game request describes.
std::pair<Game, Game> new_game_from(const json& body, int max_plies) {
  if (const auto record = string_field(body, "record")) {
    const auto games = parse_records(*record);
    if (!games) throw ApiError{422, "record: " + games.error()};
    if (games->empty()) throw ApiError{422, "record: no game in it"};
    const RecordedGame& g = games->front();
    if (g.moves.size() > static_cast<std::size_t>(max_plies))
      throw ApiError{422, "record: " + too_long_text(max_plies)};
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
  if (moves.size() > static_cast<std::size_t>(max_plies)) throw ApiError{422, "moves: " + too_long_text(max_plies)};
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
Limits limits_from(const json& fields, const ApiLimits& caps) {
  Limits limits;
  const long long ms = int_field(fields, "movetime_ms", 1, LLONG_MAX).value_or(caps.default_movetime_ms);
  limits.movetime_ms = static_cast<int>(std::min<long long>(ms, caps.max_movetime_ms));
  limits.depth = static_cast<int>(int_field(fields, "depth", 1, kMaxDepth).value_or(0));
  limits.nodes = static_cast<std::uint64_t>(int_field(fields, "nodes", 1, LLONG_MAX).value_or(0));
  return limits;
}

constexpr std::string_view kGames = "/api/games";

// What a request to /api/games/ID[/ACTION] names.
struct GameRoute {
  std::string id;
  std::string action;  // "" for the game itself
};

std::optional<GameRoute> game_route(const std::string& path) {
  if (path.size() <= kGames.size() + 1 || path.compare(0, kGames.size() + 1, "/api/games/") != 0) return std::nullopt;
  const std::string rest = path.substr(kGames.size() + 1);
  const auto slash = rest.find('/');
  GameRoute route{rest.substr(0, slash), slash == std::string::npos ? "" : rest.substr(slash + 1)};
  if (route.id.empty() || route.action.find('/') != std::string::npos) return std::nullopt;
  return route;
}

void allow_only(const ApiRequest& req, std::initializer_list<const char*> methods) {
  for (const char* m : methods)
    if (req.method == m || (req.method == "HEAD" && std::string_view(m) == "GET")) return;
  std::string allowed, allow_header;
  for (const char* m : methods) {
    allowed += (allowed.empty() ? "" : ", ") + std::string(m);
    allow_header +=
        (allow_header.empty() ? "" : ", ") + std::string(m) + (std::string_view(m) == "GET" ? ", HEAD" : "");
  }
  // RFC 9110 15.5.6: a 405 says in Allow which methods the resource has.
  throw ApiError{
      405,
      req.method.substr(0, 20) + " is not allowed on " + req.path.substr(0, 80) + " (allowed: " + allowed + ")",
      {{"Allow", allow_header}}};
}

}  // namespace

EngineJob::EngineJob(std::shared_ptr<GameSession> session, Game game, Limits limits, bool play, bool stream,
                     bool classic)
    : session_(std::move(session)),
      game_(std::move(game)),
      limits_(limits),
      play_(play),
      stream_(stream),
      classic_(classic) {}

EngineJob::~EngineJob() { release(); }

void EngineJob::release() {
  if (!released_.exchange(true)) session_->searching = false;
}

// The callback runs under the lock, so that once set_on_stop(nullptr)
// returns no late stop can reach an engine that has gone on to other work.
void EngineJob::stop() {
  std::lock_guard lock(stop_mutex_);
  stopped_ = true;
  if (on_stop_) on_stop_();
}

void EngineJob::cancel() {
  cancelled_ = true;
  stop();
}

void EngineJob::set_on_stop(std::function<void()> on_stop) {
  std::lock_guard lock(stop_mutex_);
  on_stop_ = std::move(on_stop);
  if (stopped_ && on_stop_) on_stop_();
}

ApiResponse Api::refuse(EngineJob& job, int status, const std::string& message) {
  job.release();
  return error_response(status, message);
}

ApiResponse Api::finish(EngineJob& job, Move best, const json& search) {
  // Freed first, so that a client that reads the answer and asks again at
  // once never finds the game still marked.
  job.release();
  if (job.cancelled()) return error_response(499, "the client went away: nothing played");
  GameSession& session = job.session();
  json out = {{"search", search}, {"movetime_ms", job.limits_.movetime_ms}, {"eval", job.classic_ ? "classic" : "net"}};
  std::lock_guard lock(session.mutex);
  if (job.play_) {
    if (session.game.moves() != job.game_.moves() || session.game.key() != job.game_.key())
      return error_response(409, "the game changed during the search: nothing played");
    if (best.is_none() || !session.game.is_legal(best))
      return error_response(500, "the engine found no legal move: nothing played");
    session.game.play(best);
    out["move"] = move_text(best);
  }
  out["state"] = state_json(session.id, session.game);
  return json_response(out);
}

ApiReply Api::handle(const ApiRequest& req) try {
  if (req.path == "/api/rules") {
    allow_only(req, {"GET"});
    json presets = json::array();
    for (std::string_view name : preset_names()) presets.push_back(rules_json(*preset(name)));
    return {json_response({{"presets", presets},
                           {"max_movetime_ms", limits_.max_movetime_ms},
                           {"default_movetime_ms", limits_.default_movetime_ms}}),
            nullptr};
  }
  if (req.path == kGames) {
    allow_only(req, {"POST"});
    auto [start, game] =
        new_game_from(body_of(req, {"rules", "variant", "section", "position", "moves", "record"}), limits_.max_plies);
    auto session = games_.add(std::move(start), std::move(game), req.client);
    if (!session) throw ApiError{503, session.error()};
    std::lock_guard lock((*session)->mutex);
    json state = state_json((*session)->id, (*session)->game);
    state["token"] = (*session)->token;
    return {json_response(state, 201), nullptr};
  }
  const auto route = game_route(req.path);
  if (!route) throw ApiError{404, "nothing at " + req.method.substr(0, 20) + " " + req.path.substr(0, 120)};
  const std::string& action = route->action;
  if (action.empty())
    allow_only(req, {"GET", "DELETE"});
  else if (action == "moves" || action == "analysis" || action == "record")
    allow_only(req, {"GET"});
  else if (action == "play" || action == "undo" || action == "engine-move" || action == "stop")
    allow_only(req, {"POST"});
  else
    throw ApiError{404, "nothing at " + req.method.substr(0, 20) + " " + req.path.substr(0, 120)};

  // Not HEAD of a stream: a stream has no length to announce, and its events would follow the head.
  if (action == "analysis" && req.method == "HEAD")
    throw ApiError{405, "HEAD is not allowed on " + req.path.substr(0, 80) + " (allowed: GET)", {{"Allow", "GET"}}};

  auto session = games_.find(route->id);
  if (!session) throw ApiError{404, "no game '" + route->id.substr(0, 40) + "' (it never was, or it was dropped)"};
  // A game answers only the client that made it.
  const std::string token = token_of(req);
  if (token.empty()) throw ApiError{401, "this request needs the game's token (Authorization: Bearer TOKEN)"};
  if (!session->owned_by(token)) throw ApiError{403, "this is not your game: its token is not the one sent"};

  if (action.empty() && req.method == "DELETE") {
    games_.erase(route->id);
    return {json_response({{"deleted", route->id}}), nullptr};
  }
  if (action.empty()) {
    std::lock_guard lock(session->mutex);
    json state = state_json(session->id, session->game);
    // Whether an engine is searching this game now (an engine move or an analysis): a page can say so,
    // and a client knows that a move it plays now makes that search's answer stale (409).
    state["searching"] = session->searching.load();
    return {json_response(state), nullptr};
  }
  if (action == "moves") {
    std::lock_guard lock(session->mutex);
    const Game& game = session->game;
    std::optional<Square> from;
    if (const std::string* text = req.param("from")) {
      const auto s = parse_square(*text, game.rules().board_size);
      if (!s) throw ApiError{400, "parameter 'from': " + s.error()};
      from = *s;
    }
    json moves = json::array();
    if (!game.over())
      for (Move m : game.legal_moves())
        if (!from || (!m.is_pass() && m.from() == *from)) moves.push_back(move_text(m));
    return {json_response({{"moves", moves}}), nullptr};
  }
  if (action == "play") {
    const json body = body_of(req, {"move"});
    const auto text = string_field(body, "move");
    if (!text) throw ApiError{400, "field 'move' is missing (a move such as \"b1-d3\")"};
    std::lock_guard lock(session->mutex);
    Game& game = session->game;
    if (game.over()) throw ApiError{409, game_over_text(game)};
    if (game.moves().size() >= static_cast<std::size_t>(limits_.max_plies))
      throw ApiError{409, too_long_text(limits_.max_plies)};
    const auto m = parse_move(*text, game);
    if (!m) throw ApiError{422, m.error()};
    game.play(*m);
    return {json_response(state_json(session->id, game)), nullptr};
  }
  if (action == "undo") {
    const json body = body_of(req, {"plies"});
    const auto plies = int_field(body, "plies", 1, 100000).value_or(1);
    std::lock_guard lock(session->mutex);
    Game& game = session->game;
    if (static_cast<std::size_t>(plies) > game.moves().size())
      throw ApiError{409, "cannot take back " + std::to_string(plies) +
                              " moves: " + std::to_string(game.moves().size()) + " played"};
    for (long long i = 0; i < plies; ++i) game.undo();
    return {json_response(state_json(session->id, game)), nullptr};
  }
  if (action == "stop") {
    body_of(req, {});
    std::shared_ptr<EngineJob> job;
    {
      std::lock_guard lock(session->mutex);
      job = session->job.lock();
    }
    if (job) job->stop();
    return {json_response({{"stopped", job != nullptr}}), nullptr};
  }
  if (action == "record") {
    Tags tags{{"Event", "loa serve"}};
    for (const char* side : {"Black", "White"}) {
      std::string key(side);
      key[0] = char(key[0] - 'A' + 'a');
      const std::string* name = req.param(key);
      if (!name) continue;
      if (name->size() > 200) throw ApiError{400, "parameter '" + key + "' is longer than 200 characters"};
      if (!is_utf8(*name)) throw ApiError{400, "parameter '" + key + "' is not UTF-8 text"};
      tags.emplace_back(side, *name);
    }
    std::lock_guard lock(session->mutex);
    return {ApiResponse{200,
                        "text/plain; charset=utf-8",
                        format_record(session->start, session->game.moves(), tags),
                        {{"Content-Disposition", "attachment; filename=\"loa-" + session->id + ".txt\""}}},
            nullptr};
  }
  // engine-move and analysis: a job for the transport to run.
  json fields;
  if (action == "analysis") {
    fields = query_fields(req, {"movetime_ms", "depth", "nodes"});
  } else {
    fields = body_of(req, {"movetime_ms", "depth", "nodes", "stream", "eval"});
  }
  // The evaluation: "net" (the engine's network, where it applies; the default) or "classic".
  std::optional<std::string> eval =
      action == "analysis" ? (req.param("eval") ? std::optional<std::string>(*req.param("eval")) : std::nullopt)
                           : string_field(fields, "eval");
  if (eval && *eval != "net" && *eval != "classic")
    throw ApiError{
        400, std::string(action == "analysis" ? "parameter" : "field") + " 'eval' must be \"net\" or \"classic\""};
  const Limits limits = limits_from(fields, limits_);
  const auto stream = fields.find("stream");
  if (stream != fields.end() && !stream->is_boolean()) throw ApiError{400, "field 'stream' must be true or false"};
  const std::string* accept = req.header("accept");
  const bool wants_stream = action == "analysis" || (stream != fields.end() && stream->get<bool>()) ||
                            (accept && accept->find("text/event-stream") != std::string::npos);
  Game copy = [&] {
    std::lock_guard lock(session->mutex);
    return session->game;
  }();
  if (copy.over()) throw ApiError{409, game_over_text(copy)};
  if (action == "engine-move" && copy.moves().size() >= static_cast<std::size_t>(limits_.max_plies))
    throw ApiError{409, too_long_text(limits_.max_plies)};
  if (session->searching.exchange(true)) throw ApiError{409, "an engine is already searching this game"};
  auto job = std::make_shared<EngineJob>(session, std::move(copy), limits, action == "engine-move", wants_stream,
                                         eval && *eval == "classic");
  std::lock_guard lock(session->mutex);
  session->job = job;
  return {{}, job};
} catch (const ApiError& e) {
  ApiResponse response = error_response(e.status, e.message);
  response.headers = e.headers;
  return {std::move(response), nullptr};
}

}  // namespace loa::web
