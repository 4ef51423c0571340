// loa serve's request parser and the JSON API behind it, on any bytes: the
// parser must answer Complete, Incomplete or Bad with a 4xx/5xx status, and
// a request it accepts goes to Api::handle (a search it asks for is dropped,
// which must free the game again).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "api/api.hpp"
#include "serve/http_message.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static loa::web::GameStore games(4, std::chrono::seconds(0));
  static loa::web::Api api(games, loa::web::ApiLimits{});
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  loa::cli::HttpLimits limits;
  limits.max_body = 4096;
  const loa::cli::HeadParse parsed = loa::cli::parse_head(input, limits);
  if (parsed.kind == loa::cli::HeadParse::Bad && (parsed.status < 400 || parsed.status > 505 || parsed.message.empty()))
    __builtin_trap();
  if (parsed.kind != loa::cli::HeadParse::Complete) return 0;
  loa::web::ApiRequest request = parsed.head.request;
  request.body = std::string(input.substr(parsed.head.head_bytes, parsed.head.content_length));
  loa::web::ApiReply reply = api.handle(request);
  if (reply.job && !reply.job->session().searching) __builtin_trap();
  if (!reply.job && (reply.response.status < 200 || reply.response.status > 599)) __builtin_trap();
  return 0;
}
