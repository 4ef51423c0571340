#include "loa/proof.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <vector>

#include "loa/movegen.hpp"
#include "loa/notation.hpp"
#include "loa/position_text.hpp"
#include "loa/record.hpp"
#include "loa/variant.hpp"

namespace loa {

namespace {

std::string at(int line) { return "line " + std::to_string(line) + ": "; }

struct Claim {
  Color prover;
  bool draw_enough;

  bool met_by(const Outcome& o) const {
    const auto w = o.winner();
    return (w && *w == prover) || (draw_enough && o.is_draw());
  }
};

std::string outcome_text(const Outcome& o) {
  return std::string(to_string(o.state)) + " by " + std::string(to_string(o.reason));
}

// One node on the path from the solved position to the current line. The
// proof lists a node's children right after it, so only the path is kept:
// memory grows with the depth of the proof, not its size.
struct Frame {
  int line;
  bool over;
  bool chooser;  // the claimant is to move: exactly one move
  int legal = 0;
  std::vector<Move> given;
  int height = 0;  // the longest line below, in plies
};

// A section's tags, then its move lines.
// The next line of `rest` that says something (not blank, not a '#'
// comment), without its CR, taken off `rest`; `number` counts every line
// taken, so it is the line's number in the text. None at the end.
std::optional<std::string_view> next_line(std::string_view& rest, int& number) {
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
std::optional<std::pair<int, std::string_view>> depth_line(std::string_view text) {
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  int depth = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + space, depth);
  if (ec != std::errc() || end != text.data() + space || depth < 1) return std::nullopt;
  return std::pair{depth, text.substr(space + 1)};
}

Expected<std::vector<Section>> split_sections(std::string_view text) {
  std::vector<Section> sections;
  int number = 0;
  while (const auto next = next_line(text, number)) {
    const std::string_view line = *next;
    if (line[0] == '[') {
      const std::size_t quote = line.find(" \"");
      if (quote == std::string_view::npos || line.size() < quote + 4 || line.substr(line.size() - 2) != "\"]")
        return Error{at(number) + "not a tag [Key \"value\"]"};
      const std::string key(line.substr(1, quote - 1));
      if (key == "Rules") sections.push_back({number, {}, {}});
      if (sections.empty()) return Error{at(number) + "a section starts with a [Rules \"...\"] tag"};
      if (!sections.back().moves.empty()) return Error{at(number) + "a tag after the section's moves"};
      sections.back().tags.emplace_back(key, unescape_tag(line.substr(quote + 2, line.size() - quote - 4)));
      continue;
    }
    if (sections.empty()) return Error{at(number) + "a move before any [Rules \"...\"] tag"};
    sections.back().moves.add(number, line);
  }
  if (sections.empty()) return Error{"no proof in the text (it has no [Rules \"...\"] tag)"};
  return sections;
}

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

Expected<Solved> section_position(const Section& s) {
  const std::string where = at(s.first_line);
  Rules rules;
  if (const auto variant = s.tag("Variant")) {
    auto parsed = parse_variant(*variant);
    if (!parsed) return Error{where + "Variant: " + parsed.error()};
    rules = *parsed;
  } else {
    auto named = preset(s.tag("Rules").value_or(""));
    if (!named) return Error{where + named.error()};
    rules = *named;
  }
  const auto start = s.tag("Start");
  if (!start) return Error{where + "no [Start \"...\"] tag"};
  auto parsed = parse_position_text(*start, rules);
  if (!parsed) return Error{where + "Start: " + parsed.error()};
  Game game = std::move(*parsed);
  if (const auto before = s.tag("Before")) {
    std::string_view rest = *before;
    while (!rest.empty()) {
      const std::size_t space = rest.find(' ');
      const std::string_view word = rest.substr(0, space);
      rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
      if (word.empty()) continue;
      if (game.over()) return Error{where + "Before: the game is over before " + std::string(word)};
      const auto m = parse_move(word, game);
      if (!m) return Error{where + "Before: " + m.error()};
      game.play(*m);
    }
  }
  const std::string claim_text = s.tag("Claim").value_or("");
  Claim claim{};
  if (claim_text == "black wins" || claim_text == "white wins" || claim_text == "black wins or draws" ||
      claim_text == "white wins or draws") {
    claim = {claim_text[0] == 'b' ? Black : White, claim_text.size() > 10};
  } else {
    return Error{where + "Claim must be \"black wins\", \"white wins\" or either \"... or draws\", not \"" +
                 claim_text + "\""};
  }
  const std::size_t root_moves = game.moves().size();
  return Solved{std::move(game), claim, claim_text, root_moves};
}

std::string game_end_against(const Solved& solved, int line) {
  return at(line) + "the game ends here (" + outcome_text(solved.game.outcome()) + "), against the claim \"" +
         solved.claim_text + "\"";
}

// A text section: "DEPTH MOVE" lines, every move written.
Expected<std::size_t> check_text(const Section& s, Solved& solved, const ProofVisitor& visit) {
  const std::string where = at(s.first_line);
  Game& game = solved.game;
  const Claim claim = solved.claim;
  if (const auto count = s.tag("Moves"); count && *count != std::to_string(s.moves.size()))
    return Error{where + "the Moves tag says " + *count + " moves, the section has " + std::to_string(s.moves.size())};

  std::vector<Frame> path;
  auto open = [&](int line) -> Expected<bool> {
    Frame f{line, game.over(), false, 0, {}, 0};
    if (f.over) {
      if (!claim.met_by(game.outcome())) return Error{game_end_against(solved, line)};
    } else {
      f.chooser = game.side_to_move() == claim.prover;
      f.legal = game.legal_moves().size();
    }
    path.push_back(std::move(f));
    return true;
  };
  auto close = [&]() -> Expected<bool> {
    const Frame& f = path.back();
    const std::string side = game.side_to_move() == Black ? "black" : "white";
    // A line ends at a game end, or at a return (a text proof may also go
    // on below one; a compact proof stops there).
    const bool ends = f.over || (f.given.empty() && solved.returned());
    if (!ends && f.chooser && f.given.size() != 1)
      return Error{at(f.line) + "no move given for " + side + ", who claims the result, and the game goes on"};
    if (!ends && !f.chooser && static_cast<int>(f.given.size()) != f.legal)
      return Error{at(f.line) + side + " has " + std::to_string(f.legal) + " legal moves here; the proof answers " +
                   std::to_string(f.given.size())};
    if (visit && !ends && f.chooser) visit(game, f.given.front(), f.height, !claim.draw_enough);
    const int height = f.height;
    path.pop_back();
    if (!path.empty()) {
      game.undo();
      path.back().height = std::max(path.back().height, height + 1);
    }
    return true;
  };

  if (auto r = open(s.first_line); !r) return Error{r.error()};
  for (const auto& [line, text] : s.moves) {
    const auto move_line = depth_line(text);
    if (!move_line) return Error{at(line) + "not \"DEPTH MOVE\": " + std::string(text.substr(0, 40))};
    const auto [depth, move] = *move_line;
    if (depth > static_cast<int>(path.size()))
      return Error{at(line) + "depth " + std::to_string(depth) + " follows depth " + std::to_string(path.size() - 1)};
    while (static_cast<int>(path.size()) > depth)
      if (auto r = close(); !r) return Error{r.error()};
    Frame& parent = path.back();
    if (parent.over) return Error{at(line) + "a move after the game's end"};
    const auto m = parse_move(move, game);
    if (!m) return Error{at(line) + m.error()};
    if (parent.chooser && !parent.given.empty())
      return Error{at(line) + "a second move at the claimant's turn (one is the proof)"};
    if (std::find(parent.given.begin(), parent.given.end(), *m) != parent.given.end())
      return Error{at(line) + move_text(*m) + " is answered twice"};
    parent.given.push_back(*m);
    game.play(*m);
    if (auto r = open(line); !r) return Error{r.error()};
  }
  while (!path.empty())
    if (auto r = close(); !r) return Error{r.error()};
  return s.moves.size();
}

// A position's legal moves in the order a compact proof numbers them: by
// origin, then destination, each by file, then rank (the order of their
// names), so that the numbers do not depend on how moves are generated.
MoveList numbered_moves(const Game& game) {
  const MoveList legal = game.legal_moves();
  // Each move's place in that order is a number below 4096: a bit set of
  // them, read in order, sorts the list in one pass (a check spent a third
  // of its time in a comparison sort here). A pass, legal only when nothing
  // else is, comes first.
  std::array<std::uint64_t, 64> placed{};
  std::array<std::uint16_t, 4096> at_place;  // read only where placed
  MoveList moves;
  for (const Move m : legal) {
    if (m.is_pass()) {
      moves.push(m);
      continue;
    }
    const int place = ((file_of(m.from()) * 8 + rank_of(m.from())) * 8 + file_of(m.to())) * 8 + rank_of(m.to());
    placed[place >> 6] |= std::uint64_t{1} << (place & 63);
    at_place[place] = m.raw();
  }
  for (int word = 0; word < 64; ++word)
    for (std::uint64_t bits = placed[word]; bits; bits &= bits - 1)
      moves.push(Move::from_raw(at_place[word * 64 + std::countr_zero(bits)]));
  return moves;
}

// The numbers of a compact section, one after another, with their lines.
class Numbers {
 public:
  explicit Numbers(const Section& s) : row_(s.moves.begin()), first_line_(s.first_line) {}

  // The next number, or an error naming the line.
  Expected<int> next() {
    skip_space();
    if (row_ == end_) return Error{"the numbers end before the proof does (a move number is missing)"};
    const std::string_view text = row_->second;
    std::size_t end = text.find(' ', column_);
    if (end == std::string_view::npos) end = text.size();
    int n = 0;
    const auto [stop, ec] = std::from_chars(text.data() + column_, text.data() + end, n);
    if (ec != std::errc() || stop != text.data() + end || n < 0)
      return Error{at(line()) +
                   "not a move number: " + std::string(text.substr(column_, std::min<std::size_t>(20, end - column_)))};
    column_ = end;
    return n;
  }
  bool done() {
    skip_space();
    return row_ == end_;
  }
  int line() const { return row_ != end_ ? row_->first : first_line_; }

 private:
  void skip_space() {
    while (row_ != end_) {
      const std::string_view text = row_->second;
      while (column_ < text.size() && (text[column_] == ' ' || text[column_] == '\t')) ++column_;
      if (column_ < text.size()) return;
      ++row_, column_ = 0;
    }
  }
  MoveLines::iterator row_, end_;
  std::size_t column_ = 0;
  int first_line_;
};

struct CompactFrame {
  MoveList moves;  // the claimant's move, or every legal move of the other side
  int next = 0;
  bool chooser = false;
  int height = 0;
};

// A compact section: the claimant's moves as numbers (numbered_moves()),
// the other side's replies implied. With `expanded`, the same proof as
// "DEPTH MOVE" lines is appended to it.
Expected<std::size_t> check_compact(const Section& s, Solved& solved, const ProofVisitor& visit,
                                    std::string* expanded = nullptr) {
  Game& game = solved.game;
  const Claim claim = solved.claim;
  Numbers numbers(s);
  std::vector<CompactFrame> path;
  std::size_t moves = 0;
  // The node the game has reached: false for a game end (checked here) or
  // a return, where a line always ends in this format.
  auto open = [&]() -> Expected<bool> {
    if (game.over()) {
      if (!claim.met_by(game.outcome())) return Error{game_end_against(solved, numbers.line())};
      return false;
    }
    if (solved.returned()) return false;
    // Built in place: a frame holds a whole move list, and copying it twice
    // a node was a tenth of a check's time.
    CompactFrame& f = path.emplace_back();
    f.chooser = game.side_to_move() == claim.prover;
    f.moves = numbered_moves(game);
    if (f.chooser) {
      const auto k = numbers.next();
      if (!k) return Error{k.error()};
      if (*k >= f.moves.size())
        return Error{at(numbers.line()) + "move number " + std::to_string(*k) + ", but " +
                     (claim.prover == Black ? "black" : "white") + " has " + std::to_string(f.moves.size()) +
                     " legal moves here"};
      const Move chosen = f.moves[*k];
      f.moves.clear();
      f.moves.push(chosen);
    }
    return true;
  };
  if (auto r = open(); !r) return Error{r.error()};
  while (!path.empty()) {
    CompactFrame& f = path.back();
    if (f.next < f.moves.size()) {
      const Move m = f.moves[f.next++];
      if (expanded) {  // appended piece by piece: no temporary string a move
        expanded->append(std::to_string(path.size())).push_back(' ');
        expanded->append(move_text(m)).push_back('\n');
      }
      game.play(m);
      ++moves;
      const auto r = open();
      if (!r) return Error{r.error()};
      if (!*r) {
        game.undo();
        path.back().height = std::max(path.back().height, 1);
      }
      continue;
    }
    if (visit && f.chooser) visit(game, f.moves[0], f.height, !claim.draw_enough);
    const int height = f.height;
    path.pop_back();
    if (!path.empty()) {
      game.undo();
      path.back().height = std::max(path.back().height, height + 1);
    }
  }
  if (!numbers.done()) return Error{at(numbers.line()) + "move numbers left over after the proof's end"};
  if (const auto count = s.tag("Moves"); count && *count != std::to_string(moves))
    return Error{at(s.first_line) + "the Moves tag says " + *count + " moves, the proof has " + std::to_string(moves)};
  return moves;
}

bool is_compact(const Section& s) { return s.tag("Format").value_or("text") == "compact"; }

Expected<std::size_t> check_section(const Section& s, const ProofVisitor& visit, std::string* expanded = nullptr) {
  const std::string format = s.tag("Format").value_or("text");
  if (format != "text" && format != "compact")
    return Error{at(s.first_line) + "Format must be \"text\" or \"compact\", not \"" + format + "\""};
  auto solved = section_position(s);
  if (!solved) return Error{solved.error()};
  return format == "compact" ? check_compact(s, *solved, visit, expanded) : check_text(s, *solved, visit);
}

// A section's tags as written, the format and the move count replaced.
std::string section_head(const Section& s, bool compact, std::size_t moves) {
  std::string head;
  for (const auto& [key, value] : s.tags)
    if (key != "Format" && key != "Moves") head += "[" + key + " \"" + escape_tag(value) + "\"]\n";
  if (compact) head += "[Format \"compact\"]\n";
  return head + "[Moves \"" + std::to_string(moves) + "\"]\n\n";
}

// The move numbers of a checked text section, in the compact order, and in
// `moves` how many moves they stand for: a line that goes on below a return
// (Solved::returned) stops there.
Expected<std::string> compact_numbers(const Section& s, std::size_t& moves) {
  auto solved = section_position(s);
  if (!solved) return Error{solved.error()};
  Game& game = solved->game;
  // Random access, for a conversion: the lines in a vector.
  const std::vector<MoveLines::Line> lines(s.moves.begin(), s.moves.end());
  // Where each line's block (the line and the lines below it) ends.
  std::vector<std::uint32_t> end(lines.size());
  std::vector<std::pair<int, std::uint32_t>> blocks;  // depth, line index
  for (std::size_t i = 0; i <= lines.size(); ++i) {
    const int d = i < lines.size() ? depth_line(lines[i].second)->first : 0;
    while (!blocks.empty() && blocks.back().first >= d) end[blocks.back().second] = std::uint32_t(i), blocks.pop_back();
    if (i < lines.size()) blocks.emplace_back(d, std::uint32_t(i));
  }
  std::string out;
  int written = 0;
  moves = 0;
  // The path from the solved position, each node with its children (the
  // lines from `first` to `last`, block by block) in the compact order; an
  // explicit stack, as a proof may be deeper than the call stack.
  struct Node {
    std::vector<std::pair<Move, std::size_t>> children;
    std::size_t next = 0;
  };
  std::vector<Node> path;
  auto open = [&](std::size_t first, std::size_t last) -> Expected<bool> {
    Node node;
    if (!game.over() && !solved->returned()) {
      std::vector<std::pair<Move, std::size_t>> given;
      for (std::size_t c = first; c < last; c = end[c]) {
        const auto m = parse_move(depth_line(lines[c].second)->second, game);
        if (!m) return Error{at(lines[c].first) + m.error()};
        given.emplace_back(*m, c);
      }
      const MoveList legal = numbered_moves(game);
      for (int k = 0; k < legal.size(); ++k)
        for (const auto& child : given)
          if (child.first == legal[k]) {
            node.children.push_back(child);
            if (game.side_to_move() == solved->claim.prover) {
              out += std::to_string(k);
              out += ++written % 25 == 0 ? '\n' : ' ';
            }
          }
    }
    path.push_back(std::move(node));
    return true;
  };
  if (auto r = open(0, lines.size()); !r) return Error{r.error()};
  while (!path.empty()) {
    Node& node = path.back();
    if (node.next == node.children.size()) {
      path.pop_back();
      if (!path.empty()) game.undo();
      continue;
    }
    const auto [move, line] = node.children[node.next++];
    game.play(move);
    ++moves;
    if (auto r = open(line + 1, end[line]); !r) return Error{r.error()};
  }
  if (!out.empty()) out.back() = '\n';
  return out;
}

}  // namespace

Expected<std::string> graft_proofs(std::string_view claim,
                                   const std::vector<std::pair<std::string, std::string>>& children) {
  if (children.empty()) return Error{"no proofs to join"};
  const std::string wins = claim.size() > 10 ? std::string(claim.substr(0, 10)) : std::string(claim);
  std::string header, body;
  std::size_t moves = 0;
  for (const auto& [move, given] : children) {
    // A compact proof is grafted as text (its lines are numbers).
    std::string expanded;
    if (given.find("[Format \"compact\"]") != std::string::npos) {
      auto text = expand_proof(given);
      if (!text) return Error{"the proof after " + move + ": " + text.error()};
      expanded = std::move(*text);
    }
    const std::string& text = expanded.empty() ? given : expanded;
    const auto sections = split_sections(text);
    if (!sections) return Error{"the proof after " + move + ": " + sections.error()};
    const Section* found = nullptr;
    for (const Section& s : *sections) {
      const std::string c = s.tag("Claim").value_or("");
      if (c == claim || c == wins) found = &s;
      if (c == claim) break;
    }
    if (!found) return Error{"the proof after " + move + " claims nothing that gives \"" + std::string(claim) + "\""};
    // The position's Before: the section's, less its last move.
    std::string before = found->tag("Before").value_or("");
    const std::size_t cut = before.rfind(' ');
    const std::string last = cut == std::string::npos ? before : before.substr(cut + 1);
    before = cut == std::string::npos ? "" : before.substr(0, cut);
    if (last != move) return Error{"the proof after " + move + " starts after " + last};
    std::string head = "[Rules \"" + escape_tag(found->tag("Rules").value_or("")) + "\"]\n";
    if (const auto v = found->tag("Variant")) head += "[Variant \"" + escape_tag(*v) + "\"]\n";
    head += "[Start \"" + found->tag("Start").value_or("") + "\"]\n";
    if (!before.empty()) head += "[Before \"" + before + "\"]\n";
    if (header.empty()) header = head;
    if (head != header) return Error{"the proof after " + move + " starts from another position"};
    body += "1 " + move + "\n";
    for (const auto& [line, text_line] : found->moves) {
      const auto move_line = depth_line(text_line);
      if (!move_line)
        return Error{"the proof after " + move + ": line " + std::to_string(line) + " is not \"DEPTH MOVE\""};
      body += std::to_string(move_line->first + 1) + ' ' + std::string(move_line->second) + "\n";
    }
    moves += found->moves.size() + 1;
  }
  return header + "[Claim \"" + std::string(claim) + "\"]\n[Moves \"" + std::to_string(moves) + "\"]\n\n" + body;
}

// An error on one line: values quoted from the text may hold line breaks
// and other control characters (a tag's "\n" unescaped).
std::string one_line(const std::string& message) {
  std::string out;
  for (char c : message) {
    if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f) {
      out += c;
    } else {
      static const char* hex = "0123456789abcdef";
      out += c == '\n' ? std::string("\\n") : std::string("\\x") + hex[(c >> 4) & 15] + hex[c & 15];
    }
  }
  return out;
}

Expected<ProofCheck> verify_proof(std::string_view text) { return walk_proof(text, {}); }

namespace {

// Adds a section that has been checked to the summary.
void tally(ProofCheck& check, const Section& s, std::size_t moves) {
  ++check.sections;
  check.moves += moves;
  check.claims += (check.claims.empty() ? "" : "; ") + s.tag("Claim").value_or("");
}

}  // namespace

Expected<std::string> compact_proof(std::string_view text, ProofCheck* check) {
  const auto sections = split_sections(text);
  if (!sections) return Error{one_line(sections.error())};
  std::string out;
  ProofCheck summary;
  for (const Section& s : *sections) {
    const auto moves = check_section(s, {});
    if (!moves) return Error{one_line(moves.error())};
    if (is_compact(s)) {
      tally(summary, s, *moves);
      out += section_head(s, true, *moves);
      for (const auto& [line, numbers] : s.moves) (out += numbers) += '\n';
      continue;
    }
    // Fewer moves than the text's when a line went on below a return.
    std::size_t kept = 0;
    const auto numbers = compact_numbers(s, kept);
    if (!numbers) return Error{one_line(numbers.error())};
    tally(summary, s, kept);
    (out += section_head(s, true, kept)) += *numbers;  // no temporary of the whole section
  }
  if (check) *check = summary;
  return out;
}

Expected<std::string> expand_proof(std::string_view text, ProofCheck* check) {
  const auto sections = split_sections(text);
  if (!sections) return Error{one_line(sections.error())};
  std::string out;
  ProofCheck summary;
  for (const Section& s : *sections) {
    std::string lines;
    const auto moves = check_section(s, {}, &lines);
    if (!moves) return Error{one_line(moves.error())};
    tally(summary, s, *moves);
    if (!is_compact(s))
      for (const auto& [line, move] : s.moves) (lines += move) += '\n';
    (out += section_head(s, false, *moves)) += lines;
  }
  if (check) *check = summary;
  return out;
}

Expected<ProofCheck> walk_proof(std::string_view text, const ProofVisitor& visit) {
  const auto sections = split_sections(text);
  if (!sections) return Error{one_line(sections.error())};
  ProofCheck check;
  for (const Section& s : *sections) {
    const auto moves = check_section(s, visit);
    if (!moves) return Error{one_line(moves.error())};
    tally(check, s, *moves);
  }
  return check;
}

}  // namespace loa
