// A proof text read as sections (tags, then move lines read from the text
// as they are needed) and each section's solved position and claim: what
// the checks of both formats share. Internal header of proof.cpp (the text
// format, the conversions) and proof_compact.cpp (the compact format); the
// formats are described in loa/solve/proof.hpp.
#pragma once

#include <charconv>
#include <cstddef>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"
#include "loa/solve/proof.hpp"

namespace loa::proof_text {

// The start of an error about line `line` of the text.
inline std::string at(int line) { return "line " + std::to_string(line) + ": "; }

// What a section claims: that `prover` wins, or with `draw_enough` that it
// wins or draws.
struct Claim {
  Color prover;
  bool draw_enough;

  bool met_by(const Outcome& o) const {
    const auto w = o.winner();
    return (w && *w == prover) || (draw_enough && o.is_draw());
  }
};

// The next line of `rest` that says something (not blank, not a '#'
// comment), without its CR, taken off `rest`; `number` counts every line
// taken, so it is the line's number in the text. None at the end.
inline std::optional<std::string_view> next_line(std::string_view& rest, int& number) {
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line[0] != '#') return line;
  }
  return std::nullopt;
}

// The move lines of a section, read from the text as they are needed: a
// proof of millions of lines is never copied into a vector, so checking it
// needs the text and its depth, not memory for every line. Blank lines and
// '#' comments between moves are skipped.
class MoveLines {
 public:
  using Line = std::pair<int, std::string_view>;  // line number, text

  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Line;
    using difference_type = std::ptrdiff_t;
    using pointer = const Line*;
    using reference = const Line&;

    iterator() = default;
    iterator(std::string_view rest, int first_line) : rest_(rest), number_(first_line - 1), done_(false) { advance(); }
    const Line& operator*() const { return current_; }
    const Line* operator->() const { return &current_; }
    iterator& operator++() {
      advance();
      return *this;
    }
    bool operator==(const iterator& other) const {
      return done_ == other.done_ && (done_ || current_.second.data() == other.current_.second.data());
    }

   private:
    void advance() {
      if (const auto line = next_line(rest_, number_))
        current_ = {number_, *line};
      else
        done_ = true;
    }
    std::string_view rest_;
    int number_ = 0;
    bool done_ = true;
    Line current_;
  };

  // Adds the next move line of the text (split_sections() reads them in order).
  void add(int number, std::string_view line) {
    if (count_++ == 0) first_ = line.data(), first_line_ = number;
    last_ = line.data() + line.size();
  }
  iterator begin() const {
    return count_ ? iterator(std::string_view(first_, std::size_t(last_ - first_)), first_line_) : iterator();
  }
  iterator end() const { return iterator(); }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }

 private:
  const char* first_ = nullptr;  // the first move line's text, in the proof
  const char* last_ = nullptr;   // just after the last one's
  int first_line_ = 0;
  std::size_t count_ = 0;
};

struct Section {
  int first_line = 0;
  std::vector<std::pair<std::string, std::string>> tags;
  MoveLines moves;

  std::optional<std::string> tag(std::string_view key) const {
    for (const auto& [k, v] : tags)
      if (k == key) return v;
    return std::nullopt;
  }
};

// A move line "DEPTH MOVE": the depth (1 or more) and the move's text, or
// nothing if the line is not one.
inline std::optional<std::pair<int, std::string_view>> depth_line(std::string_view text) {
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  int depth = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + space, depth);
  if (ec != std::errc() || end != text.data() + space || depth < 1) return std::nullopt;
  return std::pair{depth, text.substr(space + 1)};
}

// The sections of a proof text, in order. An error names the line.
Expected<std::vector<Section>> split_sections(std::string_view text);

// The solved position of a section and what it claims.
struct Solved {
  Game game;
  Claim claim;
  std::string claim_text;
  std::size_t root_moves = 0;  // the moves on `game` at the solved position

  // Whether a line of the claim ends at the current position as a draw: a
  // claim "... or draws", under rules where cycles draw (Rules::cycles_draw),
  // at a position the line has passed through since the solved position.
  bool returned() const { return claim.draw_enough && game.rules().cycles_draw() && game.returns_since(root_moves); }
};

// A section's solved position (its rules, Start and Before played) and its
// claim.
Expected<Solved> section_position(const Section& s);

// The error for a line of the proof, at line `line`, that ends in a game end
// against the claim.
std::string game_end_against(const Solved& solved, int line);

// The compact format (proof_compact.cpp).

// A compact section: the claimant's moves as numbers (numbered_moves()),
// the other side's replies implied. With `expanded`, the same proof as
// "DEPTH MOVE" lines is appended to it.
Expected<std::size_t> check_compact(const Section& s, Solved& solved, const ProofVisitor& visit,
                                    std::string* expanded = nullptr);

// The move numbers of a checked text section, in the compact order, and in
// `moves` how many moves they stand for: a line that goes on below a return
// (Solved::returned) stops there.
Expected<std::string> compact_numbers(const Section& s, std::size_t& moves);

}  // namespace loa::proof_text
