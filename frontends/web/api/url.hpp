// Request targets as the API reads them, whatever carries them (HTTP in
// loa serve, a call from the page in WebAssembly): a path and a query, with
// %XX escapes decoded.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace loa::web {

using Fields = std::vector<std::pair<std::string, std::string>>;

// %XX and (in a query) '+' decoded; false for a malformed escape.
bool percent_decode(std::string_view text, bool plus_is_space, std::string& out);

// "a=1&b=x%3Dy" -> {a: 1, b: x=y}: a value keeps every '=' after the first.
bool parse_query(std::string_view query, Fields& out);

// "/path?query" -> the decoded path (without NUL) and query; false when
// either is malformed.
bool parse_target(std::string_view target, std::string& path, Fields& query);

}  // namespace loa::web
