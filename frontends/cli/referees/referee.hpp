// What the three referees share: who plays (a program or a built-in
// player), how a game ended, and the summary of many games.
#pragma once

#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "loa/play/players.hpp"
#include "referees/process.hpp"

namespace loa::cli {

// A contestant: an external program (a path, with arguments after blanks),
// or "builtin:SPEC" for a built-in player (random, greedy, engine:ms=100...).
struct Contestant {
  std::string spec;
  std::vector<std::string> argv;    // empty for a built-in
  std::unique_ptr<Player> builtin;  // null for a program

  bool is_builtin() const { return builtin != nullptr; }
  std::string name() const { return spec; }
};

Contestant make_contestant(const std::string& spec, std::uint64_t seed);

// The end of one refereed game, from contestant 0's point of view where a
// game has two.
struct RefereeGame {
  std::vector<Move> moves;
  Outcome outcome;
  std::array<int, 2> points{};
  int winner = -1;              // contestant index, -1 for a draw
  std::string fault;            // the first fault, naming the contestant; empty if none
  std::array<double, 2> cpu{};  // CPU seconds each contestant used
};

// A record of every line exchanged, for golden tests and for reading what
// a program did: "> NAME line" for what it was sent, "< NAME line" for what
// it said, "# text" for the referee's notes. Writes nothing when no file.
class Transcript {
 public:
  explicit Transcript(const std::string& path);
  void sent(const std::string& who, const std::string& text);
  void received(const std::string& who, const std::string& text);
  void note(const std::string& text);

 private:
  std::unique_ptr<std::ofstream> file_;
};

// What a program run once a turn answered: the one line it wrote, without
// its newline; nothing, with `fault` set, when it wrote on stderr or did not
// write exactly one line.
std::optional<std::string> one_line_answer(const RunResult& r, std::string& fault);

// Median and worst of a list of CPU times.
std::string cpu_summary(std::vector<double> seconds);

int referee_codingame(const std::vector<std::string>& args);
int referee_kattis(const std::vector<std::string>& args);
int referee_potm(const std::vector<std::string>& args);
int referee_votey(const std::vector<std::string>& args);
int referee_showdown(const std::vector<std::string>& args);

}  // namespace loa::cli
