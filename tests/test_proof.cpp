// The proof checker: a proof the solver wrote verifies; every kind of
// damage to it is caught, with the line named.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "helpers.hpp"
#include "loa/notation.hpp"
#include "loa/proof.hpp"
#include "loa/solver.hpp"

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

}  // namespace
}  // namespace loa
