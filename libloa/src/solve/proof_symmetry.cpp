// map_proof(): a proof's image under a symmetry of the board, as text.
#include <cctype>
#include <string>
#include <vector>

#include "loa/game/symmetry.hpp"
#include "loa/solve/proof.hpp"

namespace loa {

namespace {

bool is_file(char c, int size) { return c >= 'a' && c < 'a' + size; }
bool is_rank(char c, int size) { return c >= '1' && c < '1' + size; }

// Every square name in `text` replaced by its image: the moves of a move
// line or a Before tag ("pass", depths and spaces have none).
std::string map_squares(std::string_view text, Symmetry s, int size) {
  std::string out(text);
  for (std::size_t i = 0; i + 1 < out.size(); ++i) {
    if (!is_file(out[i], size) || !is_rank(out[i + 1], size)) continue;
    const Square image = map_square(make_square(out[i] - 'a', out[i + 1] - '1'), s, size);
    out[i] = static_cast<char>('a' + file_of(image));
    out[i + 1] = static_cast<char>('1' + rank_of(image));
    ++i;
  }
  return out;
}

// The board field of position text ("1bbb1/w3w/...": rows from the top
// rank down, digits for runs of empty squares) mapped; the rest kept.
// The text was checked when the proof was, so it is well formed.
std::string map_position_text(std::string_view text, Symmetry s, int& size) {
  const std::size_t space = text.find(' ');
  const std::string_view board = text.substr(0, space);
  std::vector<std::string> rows(1);
  for (char c : board) {
    if (c == '/') {
      rows.emplace_back();
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      rows.back().append(static_cast<std::size_t>(c - '0'), '.');
    } else {
      rows.back() += c;
    }
  }
  size = static_cast<int>(rows.size());
  std::vector<std::string> image(rows.size(), std::string(rows.size(), '.'));
  for (int r = 0; r < size; ++r)
    for (int f = 0; f < size && f < static_cast<int>(rows[size - 1 - r].size()); ++f) {
      const Square to = map_square(make_square(f, r), s, size);
      image[size - 1 - rank_of(to)][file_of(to)] = rows[size - 1 - r][f];
    }
  std::string out;
  for (const std::string& row : image) {
    if (!out.empty()) out += '/';
    int empty = 0;
    for (char c : row) {
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
  }
  return out + std::string(space == std::string_view::npos ? "" : text.substr(space));
}

}  // namespace

Expected<std::string> map_proof(std::string_view text, Symmetry s) {
  // Written out move by move (and checked) first: a compact proof numbers
  // each move among the legal moves in square order, which the symmetry
  // changes.
  const auto expanded = expand_proof(text);
  if (!expanded) return Error{expanded.error()};
  std::string out;
  out.reserve(expanded->size());
  int size = 8;
  std::string_view rest = *expanded;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    const std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    constexpr std::string_view kStart = "[Start \"", kBefore = "[Before \"";
    if (line.substr(0, kStart.size()) == kStart) {
      const std::string_view position = line.substr(kStart.size(), line.size() - kStart.size() - 2);
      out += std::string(kStart) + map_position_text(position, s, size) + "\"]";
    } else if (line.substr(0, kBefore.size()) == kBefore ||
               (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0])))) {
      // A Start tag comes before both in every section, so `size` is its board's.
      out += map_squares(line, s, size);
    } else {
      out += line;
    }
    out += '\n';
  }
  return out;
}

}  // namespace loa
