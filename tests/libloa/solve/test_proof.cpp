// The proof checker: a proof the solver wrote verifies; every kind of
// damage to it is caught, with the line named.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "helpers.hpp"
#include "loa/solve/proof.hpp"
#include "loa/solve/proof_book.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/record.hpp"
#include "loa/text/variant.hpp"

namespace loa {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The end of the block of lines below line `i` (the lines deeper than it).
std::size_t block_end(const std::vector<std::string>& lines, std::size_t i) {
  const int depth = std::stoi(lines[i]);
  std::size_t end = i + 1;
  while (end < lines.size() && !lines[end].empty() && lines[end][0] != '[' && std::stoi(lines[end]) > depth) ++end;
  return end;
}

// The index of the first move line at `depth`.
std::size_t line_at_depth(const std::vector<std::string>& lines, int depth) {
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind(std::to_string(depth) + " ", 0) == 0) return i;
  return lines.size();
}

TEST(Proof, TheSolversProofVerifies) {
  const auto [game, proof] = test::won_position_with_replies();
  const auto check = verify_proof(proof);
  ASSERT_TRUE(check.ok()) << check.error() << "\n" << proof;
  EXPECT_EQ(check->sections, 1);
  EXPECT_GE(check->moves, 4u);
  EXPECT_EQ(check->claims, game.side_to_move() == Black ? "black wins" : "white wins");
}

TEST(Proof, EveryDamageIsCaught) {
  const auto [game, proof] = test::won_position_with_replies();
  const std::vector<std::string> good = lines_of(proof);
  auto expect_error = [](const std::vector<std::string>& lines, const std::string& what, const char* why) {
    const auto check = verify_proof(join(lines));
    ASSERT_FALSE(check.ok()) << why << "\n" << join(lines);
    EXPECT_NE(check.error().find(what), std::string::npos) << why << ": " << check.error();
  };
  auto without_count = [&] {
    std::vector<std::string> l;
    for (const auto& line : good)
      if (line.rfind("[Moves ", 0) != 0) l.push_back(line);
    return l;
  };

  // A reply left out (without the Moves tag to give it away).
  auto l = without_count();
  const std::size_t left_out = line_at_depth(l, 2);
  l.erase(l.begin() + static_cast<std::ptrdiff_t>(left_out),
          l.begin() + static_cast<std::ptrdiff_t>(block_end(l, left_out)));
  expect_error(l, "legal moves here; the proof answers", "a reply left out");
  // The Moves tag disagrees with the lines.
  l = good;
  while (l.back().empty()) l.pop_back();
  l.pop_back();
  expect_error(l, "the Moves tag says", "a line cut off");
  // The claim changed to the other side.
  l = good;
  for (auto& line : l)
    if (line.rfind("[Claim ", 0) == 0)
      line = line.find("black") != std::string::npos ? "[Claim \"white wins\"]" : "[Claim \"black wins\"]";
  expect_error(l, "line ", "the other side's claim");
  // The winning move swapped for any other legal one: the lines below it no
  // longer fit.
  l = without_count();
  const std::size_t first = line_at_depth(l, 1);
  for (Move m : game.legal_moves()) {
    std::vector<std::string> swapped = l;
    swapped[first] = "1 " + move_text(m);
    if (swapped[first] != l[first]) {
      EXPECT_FALSE(verify_proof(join(swapped)).ok()) << swapped[first];
    }
  }
  // A reply given twice, a move that is not legal, a depth that jumps.
  l = without_count();
  const std::size_t reply = line_at_depth(l, 2);
  const std::size_t end = block_end(l, reply);  // the reply and the lines below it
  l.insert(l.begin() + static_cast<std::ptrdiff_t>(end), l.begin() + static_cast<std::ptrdiff_t>(reply),
           l.begin() + static_cast<std::ptrdiff_t>(end));
  expect_error(l, "answered twice", "a reply twice");
  l = without_count();
  l[first] = "1 a1-a1";
  expect_error(l, "line ", "an illegal move");
  l = without_count();
  l[first] = "3 " + l[first].substr(2);
  expect_error(l, "depth 3 follows depth 0", "a depth jump");
  l = without_count();
  l[first] = "one b1-b3";
  expect_error(l, "not \"DEPTH MOVE\"", "no depth");
  // A second move at the claimant's turn.
  l = without_count();
  for (Move m : game.legal_moves())
    if ("1 " + move_text(m) != l[first]) {
      l.push_back("1 " + move_text(m));
      break;
    }
  expect_error(l, "a second move at the claimant's turn", "two moves at the claimant's turn");
}

TEST(Proof, GarbageIsAnErrorNotACrash) {
  for (std::string text :
       {"", "\n\n", "1 b1-b3\n", "[Rules \"chess\"]\n", "[Rules \"olympiad\"]\n",
        "[Rules \"olympiad\"]\n[Start \"nonsense\"]\n[Claim \"black wins\"]\n",
        "[Rules \"olympiad\"]\n[Start \"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b\"]\n[Claim \"a draw\"]\n",
        "[Rules \"olympiad\"]\n[Start \"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b\"]\n[Claim \"black wins\"]\n",
        "[Rules \"olympiad\"\n", "\x01\x02\x03[\"\"]", "[Rules \"olympiad\"]\n[Before \"b1-b9\"]\n"}) {
    const auto check = verify_proof(text);
    EXPECT_FALSE(check.ok()) << text;
  }
  // A tag's escaped line break stays escaped in the error: one line (fuzz_proof found it).
  const auto broken = verify_proof("[Rules \"no\\nsuch\"]\n");
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.error().find('\n'), std::string::npos) << broken.error();
  // A claim at the start position with no moves: the game goes on.
  const auto start = verify_proof(
      "[Rules \"olympiad\"]\n[Start \"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b\"]\n[Claim \"black wins\"]\n");
  ASSERT_FALSE(start.ok());
  EXPECT_NE(start.error().find("no move given for black"), std::string::npos) << start.error();
}

// The numbers of a compact proof's first section, one per entry.
std::vector<std::string> numbers_of(const std::string& compact, std::string& head) {
  std::vector<std::string> numbers;
  std::istringstream in(compact);
  head.clear();
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '[' || line[0] == '#') {
      if (line.rfind("[Moves ", 0) != 0) head += line + "\n";
      continue;
    }
    std::istringstream words(line);
    for (std::string w; words >> w;) numbers.push_back(w);
  }
  return numbers;
}

TEST(Proof, TheCompactFormIsTheSameProof) {
  const auto [game, proof] = test::won_position_with_replies();
  const auto compact = compact_proof(proof);
  ASSERT_TRUE(compact.ok()) << compact.error();
  EXPECT_NE(compact->find("[Format \"compact\"]"), std::string::npos);
  EXPECT_LT(compact->size(), proof.size());
  const auto check = verify_proof(*compact), original = verify_proof(proof);
  ASSERT_TRUE(check.ok()) << check.error() << "\n" << *compact;
  EXPECT_EQ(check->moves, original->moves);
  EXPECT_EQ(check->claims, original->claims);
  // Written out again it is a text proof of the same moves, and compacts to the same numbers.
  const auto expanded = expand_proof(*compact);
  ASSERT_TRUE(expanded.ok()) << expanded.error();
  EXPECT_EQ(expanded->find("[Format"), std::string::npos);
  EXPECT_EQ(verify_proof(*expanded)->moves, original->moves);
  EXPECT_EQ(*compact_proof(*expanded), *compact);
  EXPECT_EQ(*compact_proof(*compact), *compact);
  // The claimant's moves are the same: a book from either has the same positions and moves.
  const auto from_text = ProofBook::from_text(proof), from_compact = ProofBook::from_text(*compact);
  ASSERT_TRUE(from_compact.ok());
  EXPECT_EQ(from_compact->size(), from_text->size());
  EXPECT_EQ(from_compact->find(game)->move, from_text->find(game)->move);
  // A proof that does not verify is not converted.
  EXPECT_FALSE(compact_proof(proof.substr(0, proof.find_last_not_of('\n') - 1)).ok());
}

// The checker reads a proof's move lines from the text as it goes: blank
// lines and comments between them, and CRLF line ends, are skipped, and an
// error still names the line of the file.
TEST(Proof, BlankLinesCommentsAndCrlfBetweenMoves) {
  const auto [game, proof] = test::won_position_with_replies();
  const auto original = verify_proof(proof);
  ASSERT_TRUE(original.ok()) << original.error();
  std::vector<std::string> lines = lines_of(proof);
  const std::size_t second = line_at_depth(lines, 2);
  lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(second), {"# the replies", ""});
  std::string crlf;
  for (const auto& line : lines) crlf += line + "\r\n";
  for (const std::string& text : {join(lines), crlf}) {
    const auto check = verify_proof(text);
    ASSERT_TRUE(check.ok()) << check.error();
    EXPECT_EQ(check->moves, original->moves);
    const auto compact = compact_proof(text);
    ASSERT_TRUE(compact.ok()) << compact.error();
    EXPECT_EQ(verify_proof(*compact)->moves, original->moves);
  }
  // The first reply made illegal: the error names its line in the file (1-based, after the two inserted).
  lines[second + 2] = lines[second + 2].substr(0, lines[second + 2].find(' ')) + " a1-a1";
  const auto bad = verify_proof(join(lines));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().rfind("line " + std::to_string(second + 3) + ":", 0), 0u) << bad.error();
}

// A conversion reports what verify_proof() would, so the command line
// checks a proof it converts once.
TEST(Proof, AConversionReportsTheCheck) {
  const auto [game, proof] = test::won_position_with_replies();
  const auto original = verify_proof(proof);
  ASSERT_TRUE(original.ok()) << original.error();
  ProofCheck compacted, expanded;
  const auto compact = compact_proof(proof, &compacted);
  ASSERT_TRUE(compact.ok()) << compact.error();
  ASSERT_TRUE(expand_proof(*compact, &expanded).ok());
  for (const ProofCheck& check : {compacted, expanded}) {
    EXPECT_EQ(check.sections, original->sections);
    EXPECT_EQ(check.moves, original->moves);
    EXPECT_EQ(check.claims, original->claims);
  }
  // Two sections (a draw's) are both counted.
  const auto twice = expand_proof(proof + proof, &expanded);
  ASSERT_TRUE(twice.ok()) << twice.error();
  EXPECT_EQ(expanded.sections, 2 * original->sections);
  EXPECT_EQ(expanded.moves, 2 * original->moves);
}

TEST(Proof, EveryDamageToACompactProofIsCaught) {
  const auto [game, proof] = test::won_position_with_replies();
  std::string head;
  const std::vector<std::string> good = numbers_of(*compact_proof(proof), head);
  ASSERT_GE(good.size(), 2u);
  auto expect_error = [&](const std::vector<std::string>& numbers, const std::string& what, const char* why) {
    std::string text = head + "\n";
    for (const auto& n : numbers) text += n + " ";
    const auto check = verify_proof(text + "\n");
    ASSERT_FALSE(check.ok()) << why << "\n" << text;
    EXPECT_NE(check.error().find(what), std::string::npos) << why << ": " << check.error();
  };
  auto l = good;
  l.pop_back();
  expect_error(l, "a move number is missing", "a number left out");
  l = good;
  l.push_back("0");
  expect_error(l, "left over", "a number too many");
  l = good;
  l[0] = "99";
  expect_error(l, "move number 99, but", "a number past the legal moves");
  l = good;
  l[0] = "b1-b3";
  expect_error(l, "not a move number", "a move, not its number");
  l = good;
  l[0] = "-1";
  expect_error(l, "not a move number", "a negative number");
  // Every other first move: the numbers below it no longer fit.
  for (int k = 0; k < game.legal_moves().size(); ++k) {
    l = good;
    if (l[0] == std::to_string(k)) continue;
    l[0] = std::to_string(k);
    std::string text = head + "\n";
    for (const auto& n : l) text += n + " ";
    EXPECT_FALSE(verify_proof(text).ok()) << "first move number " << k;
  }
  const auto format = verify_proof("[Rules \"olympiad\"]\n[Format \"zip\"]\n");
  ASSERT_FALSE(format.ok());
  EXPECT_NE(format.error().find("Format must be"), std::string::npos) << format.error();
}

TEST(Proof, GraftingTakesCompactProofs) {
  const auto [game, proof] = test::won_position_with_replies();
  // Grafted under the move that led to it, a compact proof gives the lines
  // of its text form.
  const std::size_t tag = proof.find("[Before \""), end = proof.find("\"]", tag);
  const std::string before = proof.substr(tag, end - tag);
  const std::string last = before.substr(before.rfind(' ') + 1);
  const std::string compact = *compact_proof(proof);
  const auto from_compact = graft_proofs("black wins", {{last, compact}});
  const auto from_text = graft_proofs("black wins", {{last, *expand_proof(compact)}});
  ASSERT_TRUE(from_text.ok()) << from_text.error();
  ASSERT_TRUE(from_compact.ok()) << from_compact.error();
  EXPECT_EQ(*from_compact, *from_text);
}

// Every kind of draw a line can end in, under a claim: refused under "X
// wins", accepted under its "X wins or draws" twin, in the text and the
// compact form. A checker that let a draw meet a win claim would pass a
// solver's wrong proof (issue 30).
struct DrawnLine {
  const char* kind;
  const char* rules;
  const char* start;
  const char* before;
  const char* claimant;
  const char* line;  // the claimant's move that ends the game in the draw
  EndReason reason;
};

const DrawnLine kDrawnLines[] = {
    // Kattis: 100 moves in all; the 100th ends the game drawn.
    {"move limit", "kattis", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b 99", "", "black", "1 b1-b3",
     EndReason::PlyLimit},
    // 6x6: the start for the third time.
    {"repetition", "six", "1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b", "b1-b3 a2-c2 b3-b1 c2-a2 b1-b3 a2-c2 b3-b1", "white",
     "1 c2-a2", EndReason::Repetition},
    // Black's capture of a4 joins black's two pieces and leaves white's two.
    {"both connected", "six", "6/b5/w1b3/6/w5/w5 b", "", "black", "1 c4xa4", EndReason::BothConnected},
    // A full board of stripes: no piece can move, and neither side is one group.
    {"both passing", "six", "bwbwbw/bwbwbw/bwbwbw/bwbwbw/bwbwbw/bwbwbw b", "", "black", "1 pass", EndReason::BothPass},
};

std::string claim_section(const DrawnLine& d, const std::string& claim) {
  std::string text = std::string("[Rules \"") + d.rules + "\"]\n[Start \"" + d.start + "\"]\n";
  if (*d.before) text += std::string("[Before \"") + d.before + "\"]\n";
  return text + "[Claim \"" + claim + "\"]\n\n" + d.line + "\n";
}

TEST(Proof, EveryKindOfDrawMeetsOnlyADrawClaim) {
  for (const DrawnLine& d : kDrawnLines) {
    SCOPED_TRACE(d.kind);
    // The line really ends in that draw.
    const auto start = parse_position_text(d.start, *preset(d.rules));
    ASSERT_TRUE(start.ok()) << start.error();
    Game game = *start;
    std::istringstream before(d.before);
    for (std::string word; before >> word;) game.play(*parse_move(word, game));
    game.play(*parse_move(std::string(d.line).substr(2), game));
    ASSERT_EQ(game.outcome(), (Outcome{GameState::Draw, d.reason}));

    const std::string wins = std::string(d.claimant) + " wins";
    const std::string drawn = claim_section(d, wins + " or draws"), won = claim_section(d, wins);
    const auto accepted = verify_proof(drawn);
    ASSERT_TRUE(accepted.ok()) << accepted.error() << "\n" << drawn;
    EXPECT_EQ(accepted->claims, wins + " or draws");
    const auto refused = verify_proof(won);
    ASSERT_FALSE(refused.ok()) << won;
    EXPECT_NE(refused.error().find("the game ends here (draw by "), std::string::npos) << refused.error();
    EXPECT_NE(refused.error().find("against the claim \"" + wins + "\""), std::string::npos) << refused.error();

    // The compact form: the same numbers under either claim.
    const auto compact = compact_proof(drawn);
    ASSERT_TRUE(compact.ok()) << compact.error();
    ASSERT_TRUE(verify_proof(*compact).ok());
    std::string compact_won = *compact;
    const std::string tag = "[Claim \"" + wins + " or draws\"]";
    compact_won.replace(compact_won.find(tag), tag.size(), "[Claim \"" + wins + "\"]");
    const auto compact_refused = verify_proof(compact_won);
    ASSERT_FALSE(compact_refused.ok()) << compact_won;
    EXPECT_NE(compact_refused.error().find("against the claim"), std::string::npos) << compact_refused.error();
  }
}

// A return: a line of a claim "... or draws" ends, under rules where cycles
// draw, at a position it has passed through (the solver's draw proofs end
// their lines so). Where cycles do not draw, or for a win, such a line is
// unfinished. A text proof may also go on below a return; the compact form
// ends the line there, so both give the same compact proof.
TEST(Proof, ADrawClaimMayEndALineWhereItReturns) {
  const Game g = test::five_drawn_by_going_round();
  Solver solver;
  solver.keep_proof = true;
  const SolveReport r = solver.solve(g, SolveLimits{300000, 0, 64, nullptr});
  ASSERT_EQ(r.value, SolveValue::Draw) << r.stopped;
  const std::string& proof = r.proof;
  const auto checked = verify_proof(proof);
  ASSERT_TRUE(checked.ok()) << checked.error();

  // The same lines where cycles do not draw (no repetition rule), or
  // claiming wins: unfinished.
  Rules endless = five();
  endless.repetition = 0;
  endless.name = "five-endless";
  ASSERT_FALSE(endless.cycles_draw());
  std::string other_rules = proof;
  for (std::size_t at = 0; (at = other_rules.find("[Rules \"five\"]\n", at)) != std::string::npos;) {
    const std::string tags = "[Rules \"five-endless\"]\n[Variant \"" + escape_tag(format_variant(endless)) + "\"]\n";
    other_rules.replace(at, 15, tags);
    at += tags.size();
  }
  std::string wins = proof;
  for (std::size_t at = 0; (at = wins.find(" or draws\"]", at)) != std::string::npos;) wins.erase(at, 9);
  for (const std::string& unfinished : {other_rules, wins}) {
    const auto check = verify_proof(unfinished);
    ASSERT_FALSE(check.ok()) << unfinished;
    const bool goes_on = check.error().find("and the game goes on") != std::string::npos ||
                         check.error().find("the proof answers 0") != std::string::npos;
    EXPECT_TRUE(goes_on) << check.error();
  }

  // The first section, with a return's line going on below it as the line
  // did the first time: the subtree of the earlier position copied in.
  std::vector<std::string> lines = lines_of(proof);
  const std::size_t first = line_at_depth(lines, 1);
  std::size_t second = lines.size();
  for (std::size_t i = first; i < lines.size(); ++i)
    if (lines[i].rfind("[Rules", 0) == 0) {
      second = i;
      break;
    }
  Game game = g;
  std::vector<Key> keys{game.position().key()};
  std::vector<std::size_t> line_of{0};  // the move line at each depth
  std::size_t leaf = 0, earlier = 0;
  for (std::size_t i = first; i < second && !leaf; ++i) {
    if (lines[i].empty()) continue;
    const int depth = std::stoi(lines[i]);
    while (static_cast<int>(keys.size()) > depth) game.undo(), keys.pop_back(), line_of.pop_back();
    game.play(*parse_move(lines[i].substr(lines[i].find(' ') + 1), game));
    keys.push_back(game.position().key());
    line_of.push_back(i);
    const bool ends = block_end(lines, i) == i + 1;
    for (int d = 1; ends && !game.over() && d + 1 < depth; ++d)
      if (keys[d] == keys[depth]) leaf = i, earlier = line_of[d];
  }
  ASSERT_NE(leaf, 0u) << "no line of the first section ends where it returns";
  const int shift = std::stoi(lines[leaf]) - std::stoi(lines[earlier]);
  std::vector<std::string> below;
  for (std::size_t i = earlier + 1; i < block_end(lines, earlier); ++i) {
    const std::size_t space = lines[i].find(' ');
    below.push_back(std::to_string(std::stoi(lines[i]) + shift) + lines[i].substr(space));
  }
  ASSERT_FALSE(below.empty());
  std::vector<std::string> longer(lines.begin(), lines.begin() + std::ptrdiff_t(leaf) + 1);
  longer.insert(longer.end(), below.begin(), below.end());
  longer.insert(longer.end(), lines.begin() + std::ptrdiff_t(leaf) + 1, lines.end());
  longer.erase(
      std::find_if(longer.begin(), longer.end(), [](const std::string& l) { return l.rfind("[Moves", 0) == 0; }));
  const auto longer_check = verify_proof(join(longer));
  ASSERT_TRUE(longer_check.ok()) << longer_check.error();
  EXPECT_EQ(longer_check->moves, checked->moves + below.size());
  const auto compact = compact_proof(proof), compact_longer = compact_proof(join(longer));
  ASSERT_TRUE(compact.ok() && compact_longer.ok());
  EXPECT_EQ(*compact_longer, *compact);
  const auto compact_check = verify_proof(*compact);
  ASSERT_TRUE(compact_check.ok()) << compact_check.error();
  EXPECT_EQ(compact_check->moves, checked->moves);
}

// The converse: a line that ends in the other side's win meets no claim of
// the claimant, "or draws" included.
TEST(Proof, TheOpponentsWinMeetsNoClaim) {
  // Black's capture of a4 joins white's a1 and a2, and not black's pieces.
  const DrawnLine lost{"opponent's win", "six", "6/5b/w1b3/6/w5/w5 b", "", "black", "1 c4xa4", EndReason::Connection};
  for (const std::string claim : {"black wins", "black wins or draws"}) {
    SCOPED_TRACE(claim);
    const auto check = verify_proof(claim_section(lost, claim));
    ASSERT_FALSE(check.ok());
    EXPECT_NE(check.error().find("the game ends here (white wins by connection), against the claim"), std::string::npos)
        << check.error();
    // The compact form: c4xa4's number among black's moves in the order
    // proof.hpp gives (origin, then destination, each by file, then rank).
    const Game game = *parse_position_text(lost.start, six());
    std::vector<std::string> names;
    for (Move m : game.legal_moves()) names.push_back(square_name(m.from()) + square_name(m.to()));
    std::sort(names.begin(), names.end());
    const auto number = std::find(names.begin(), names.end(), "c4a4") - names.begin();
    ASSERT_LT(std::size_t(number), names.size());
    const std::string compact = "[Rules \"six\"]\n[Start \"" + std::string(lost.start) + "\"]\n[Claim \"" + claim +
                                "\"]\n[Format \"compact\"]\n\n" + std::to_string(number) + "\n";
    const auto compact_check = verify_proof(compact);
    ASSERT_FALSE(compact_check.ok()) << compact;
    EXPECT_NE(compact_check.error().find("(white wins by connection), against the claim"), std::string::npos)
        << compact_check.error();
  }
}

}  // namespace
}  // namespace loa
