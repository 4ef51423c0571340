#include "serve/http_message.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "api/url.hpp"

namespace loa::cli {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

bool is_token_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) ||
         std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

HeadParse bad(int status, std::string message) {
  HeadParse out;
  out.kind = HeadParse::Bad;
  out.status = status;
  out.message = std::move(message);
  return out;
}

}  // namespace

HeadParse parse_head(std::string_view input, const HttpLimits& limits) {
  // The head ends at the first empty line; a bare LF is read as CRLF.
  std::size_t end = std::string_view::npos, body_start = 0;
  for (std::size_t i = input.find('\n'); i != std::string_view::npos; i = input.find('\n', i + 1)) {
    const std::size_t next = i + 1;
    if (next < input.size() && input[next] == '\n') {
      end = i;
      body_start = next + 1;
      break;
    }
    if (next + 1 < input.size() && input[next] == '\r' && input[next + 1] == '\n') {
      end = i;
      body_start = next + 2;
      break;
    }
  }
  if (end == std::string_view::npos) {
    if (input.size() > limits.max_head)
      return bad(431, "the request's head is longer than " + std::to_string(limits.max_head) + " bytes");
    return {};
  }
  if (body_start > limits.max_head + 2)
    return bad(431, "the request's head is longer than " + std::to_string(limits.max_head) + " bytes");

  HeadParse out;
  RequestHead& head = out.head;
  head.head_bytes = body_start;
  std::string_view text = input.substr(0, end);
  // Blank lines before a request are allowed (RFC 9112, 2.2).
  while (!text.empty() && (text.front() == '\r' || text.front() == '\n')) text.remove_prefix(1);
  const auto line_end = text.find('\n');
  const std::string_view line = trim(text.substr(0, line_end));
  std::string_view rest = line_end == std::string_view::npos ? std::string_view() : text.substr(line_end + 1);

  const auto sp1 = line.find(' ');
  const auto sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
    return bad(400, "the request line is not METHOD TARGET HTTP/1.1");
  const std::string_view method = line.substr(0, sp1), target = line.substr(sp1 + 1, sp2 - sp1 - 1),
                         version = line.substr(sp2 + 1);
  if (method.empty() || !std::all_of(method.begin(), method.end(), is_token_char))
    return bad(400, "the request's method is not a word");
  const bool http10 = version == "HTTP/1.0";
  if (http10)
    head.keep_alive = false;
  else if (version != "HTTP/1.1")
    return bad(505, "only HTTP/1.1 and HTTP/1.0 are spoken here");
  if (target.empty() || target.front() != '/') return bad(400, "the request's target must be a path starting with /");
  head.request.method = std::string(method);
  if (!web::parse_target(target, head.request.path, head.request.query))
    return bad(400, "the request's path or query has a malformed %-escape (or a NUL)");

  bool has_length = false;
  while (!rest.empty()) {
    const auto nl = rest.find('\n');
    const std::string_view raw = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (raw.empty() || raw == "\r") continue;
    if (raw.front() == ' ' || raw.front() == '\t') return bad(400, "a folded header line is not accepted");
    const auto colon = raw.find(':');
    if (colon == std::string_view::npos || colon == 0 ||
        !std::all_of(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(colon), is_token_char))
      return bad(400, "a header line is not NAME: VALUE");
    if (head.request.headers.size() >= limits.max_headers)
      return bad(431, "more than " + std::to_string(limits.max_headers) + " headers");
    head.request.headers.emplace_back(lower(raw.substr(0, colon)), std::string(trim(raw.substr(colon + 1))));
    const auto& [name, value] = head.request.headers.back();
    if (name == "content-length") {
      if (value.empty() || value.size() > 18 || value.find_first_not_of("0123456789") != std::string::npos)
        return bad(400, "Content-Length '" + value.substr(0, 40) + "' is not a number of bytes");
      const std::size_t length = std::stoull(value);
      if (has_length && length != head.content_length) return bad(400, "two different Content-Length headers");
      has_length = true;
      head.content_length = length;
    } else if (name == "transfer-encoding") {
      // A chunked body (or one read until the connection closes) has no
      // length to check before it is read: browsers and HTTP clients send one.
      return bad(411, "send the body with a Content-Length: a Transfer-Encoding body is not accepted");
    } else if (name == "connection") {
      const std::string v = lower(value);
      if (v.find("close") != std::string::npos)
        head.keep_alive = false;
      else if (v.find("keep-alive") != std::string::npos)
        head.keep_alive = true;
    } else if (name == "expect") {
      if (lower(value) != "100-continue") return bad(417, "only Expect: 100-continue is understood");
      head.expect_continue = true;
    }
  }
  // RFC 9112 3.2: a server must refuse an HTTP/1.1 request without Host. The
  // Host check (DNS rebinding, docs/protocols.md) needs one to check.
  if (!http10 && !head.request.header("host")) return bad(400, "an HTTP/1.1 request must name its Host");
  const std::string& m = head.request.method;
  if (!has_length && (m == "POST" || m == "PUT" || m == "PATCH"))
    return bad(411, "a " + m + " needs a Content-Length header (0 for no body)");
  if (head.content_length > limits.max_body)
    return bad(413, "the body is larger than " + std::to_string(limits.max_body) + " bytes");
  out.kind = HeadParse::Complete;
  return out;
}

std::string_view reason_phrase(int status) {
  switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 201: return "Created";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 411: return "Length Required";
    case 413: return "Content Too Large";
    case 417: return "Expectation Failed";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 499: return "Client Closed Request";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Status";
  }
}

namespace {

std::string status_line(int status) {
  return "HTTP/1.1 " + std::to_string(status) + " " + std::string(reason_phrase(status)) + "\r\n";
}

}  // namespace

namespace {

// On every answer: no other site may show the page (or an API answer) in a
// frame, so a click on it cannot be a click on a move here (clickjacking).
constexpr std::string_view kFraming = "X-Frame-Options: DENY\r\nContent-Security-Policy: frame-ancestors 'none'\r\n";

}  // namespace

std::string format_response(const web::ApiResponse& response, bool keep_alive, bool head_only) {
  std::string out = status_line(response.status);
  out += kFraming;
  out += "Content-Type: " + response.content_type + "\r\n";
  out += "Content-Length: " + std::to_string(response.body.size()) + "\r\n";
  out += keep_alive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
  for (const auto& [name, value] : response.headers) out += name + ": " + value + "\r\n";
  out += "\r\n";
  if (!head_only) out += response.body;
  return out;
}

std::string format_stream_head(std::string_view content_type, bool keep_alive) {
  std::string out = status_line(200);
  out += kFraming;
  out += "Content-Type: " + std::string(content_type) + "\r\n";
  out += "Transfer-Encoding: chunked\r\nCache-Control: no-cache\r\n";
  out += keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
  return out;
}

std::string format_chunk(std::string_view data) {
  char size[20];
  std::snprintf(size, sizeof size, "%zx\r\n", data.size());
  return size + std::string(data) + "\r\n";
}

}  // namespace loa::cli
