// The compact proof format: the claimant's moves as numbers among the
// legal moves in a fixed order, the other side's replies implied
// (loa/solve/proof.hpp). Checked here, and written from a checked text section.
#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "loa/text/notation.hpp"
#include "solve/proof_text.hpp"

namespace loa::proof_text {

namespace {

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

}  // namespace

Expected<std::size_t> check_compact(const Section& s, Solved& solved, const ProofVisitor& visit,
                                    std::string* expanded) {
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

}  // namespace loa::proof_text
