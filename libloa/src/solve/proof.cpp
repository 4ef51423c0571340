#include "loa/solve/proof.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "loa/board/movegen.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/record.hpp"
#include "loa/text/variant.hpp"
#include "solve/proof_text.hpp"

namespace loa {

// The text format (the compact one is in proof_compact.cpp), the
// conversions between them, and joining proofs.

namespace proof_text {

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

namespace {

std::string outcome_text(const Outcome& o) {
  return std::string(to_string(o.state)) + " by " + std::string(to_string(o.reason));
}

}  // namespace

std::string game_end_against(const Solved& solved, int line) {
  return at(line) + "the game ends here (" + outcome_text(solved.game.outcome()) + "), against the claim \"" +
         solved.claim_text + "\"";
}

}  // namespace proof_text

namespace {

using proof_text::at;
using proof_text::check_compact;
using proof_text::Claim;
using proof_text::compact_numbers;
using proof_text::depth_line;
using proof_text::game_end_against;
using proof_text::MoveLines;
using proof_text::Section;
using proof_text::section_position;
using proof_text::Solved;
using proof_text::split_sections;

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
