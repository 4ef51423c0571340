// Small text helpers shared by the library's parsers (internal header).
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <vector>

namespace loa::text {

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// The blank-separated fields of a line.
inline std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_blank(line[j])) ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

// A whole field as an integer of at most 18 digits; false for anything else.
inline bool parse_int(std::string_view s, long long& out) {
  if (s.empty() || s.size() > 18) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

// Input quoted for an error message: printable, and cut short when long.
inline std::string quoted(std::string_view s) {
  constexpr std::size_t kMax = 40;
  std::string out = "'";
  for (char c : s.substr(0, kMax)) out += (c >= 32 && c < 127) ? c : '?';
  return out + (s.size() > kMax ? "...'" : "'");
}

}  // namespace loa::text
