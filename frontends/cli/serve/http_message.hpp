// HTTP/1.1 messages for `loa serve`, read with bounds: a request's head is
// parsed only once it is whole and within max_head bytes, a body only when
// its Content-Length is within max_body. Everything a client sends is
// untrusted (docs/protocols.md, "loa serve", lists what is refused).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "api/api.hpp"

namespace loa::cli {

struct HttpLimits {
  std::size_t max_head = 16 * 1024;  // request line and headers
  std::size_t max_headers = 100;
  std::size_t max_body = 1 << 20;
};

struct RequestHead {
  web::ApiRequest request;  // without its body
  std::size_t head_bytes = 0;
  std::size_t content_length = 0;
  bool keep_alive = true;
  bool expect_continue = false;
};

struct HeadParse {
  enum Kind { Incomplete, Complete, Bad } kind = Incomplete;
  RequestHead head;
  int status = 0;  // for Bad: 400, 411, 413, 431, 501, 505
  std::string message;
};

// Parses the request head at the start of `input`.
HeadParse parse_head(std::string_view input, const HttpLimits& limits);

// A whole response; `head_only` for HEAD (the length of the body, no body).
std::string format_response(const web::ApiResponse& response, bool keep_alive, bool head_only);

// The head of a response whose body follows in chunks, one chunk, the end.
std::string format_stream_head(std::string_view content_type, bool keep_alive);
std::string format_chunk(std::string_view data);
inline constexpr std::string_view kLastChunk = "0\r\n\r\n";

std::string_view reason_phrase(int status);

}  // namespace loa::cli
