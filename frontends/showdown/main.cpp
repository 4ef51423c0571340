// loa-showdown [--strategy NAME] STATEFILE: one turn of SHOWDOWN. Reads the
// result of the previous turn (or "INIT A 1" / "INIT I 26") from standard
// input, prints one turn on standard output and keeps what it knows in
// STATEFILE. The contest forbids any output on stderr, so every problem is
// answered on stdout with a turn that is always legal, HELP:
//   exit 0  a turn was chosen and the state file written;
//   exit 1  the state file could not be written (HELP next time will recover);
//   exit 2  usage: no state file named, or an unknown strategy;
//   exit 3  the turn could not be written (stdout full or closed).
// Strategies: entry (the default), racer, zapper, waller.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

#include "showdown/strategy.hpp"

int main(int argc, char** argv) {
  showdown::Strategy strategy = showdown::Strategy::Entry;
  const char* state_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--strategy" && i + 1 < argc) {
      const auto s = showdown::strategy_named(argv[++i]);
      if (!s) return std::puts("HELP"), 2;
      strategy = *s;
    } else if (!state_path) {
      state_path = argv[i];
    } else {
      return std::puts("HELP"), 2;
    }
  }
  if (!state_path) return std::puts("HELP"), 2;

  std::string input;
  std::getline(std::cin, input);  // nothing at all reads as an empty line: HELP
  std::optional<std::string> state;
  if (std::ifstream file{state_path, std::ios::binary}) {
    std::ostringstream text;
    text << file.rdbuf();
    state = text.str();
  }
  const auto run = showdown::execute(strategy, input, state);
  std::ofstream out{state_path, std::ios::binary | std::ios::trunc};
  out << run.state;
  out.close();
  std::puts(showdown::to_string(run.turn).c_str());
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) return 3;
  return out ? 0 : 1;
}
