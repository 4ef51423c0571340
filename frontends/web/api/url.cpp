#include "api/url.hpp"

#include <cctype>

namespace loa::web {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = char(std::tolower(static_cast<unsigned char>(c)));
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace

bool percent_decode(std::string_view text, bool plus_is_space, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%') {
      if (i + 2 >= text.size()) return false;
      const int hi = hex_value(text[i + 1]), lo = hex_value(text[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out += char(hi * 16 + lo);
      i += 2;
    } else {
      out += plus_is_space && text[i] == '+' ? ' ' : text[i];
    }
  }
  return true;
}

bool parse_query(std::string_view query, Fields& out) {
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    std::string key, value;
    if (!percent_decode(pair.substr(0, eq), true, key)) return false;
    if (eq != std::string_view::npos && !percent_decode(pair.substr(eq + 1), true, value)) return false;
    out.emplace_back(std::move(key), std::move(value));
  }
  return true;
}

bool parse_target(std::string_view target, std::string& path, Fields& query) {
  const auto question = target.find('?');
  if (!percent_decode(target.substr(0, question), false, path) || path.find('\0') != std::string::npos) return false;
  return question == std::string_view::npos || parse_query(target.substr(question + 1), query);
}

}  // namespace loa::web
