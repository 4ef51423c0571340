// loa-showdown [--strategy NAME] STATEFILE: one turn of SHOWDOWN. Reads the
// result of the previous turn (or "INIT A 1" / "INIT I 26") from standard
// input, prints one turn on standard output and keeps what it knows in
// STATEFILE. The contest forbids any output on stderr, so every problem is
// answered on stdout with a turn that is always legal, HELP:
//   exit 0  a turn was chosen and the state file written;
//   exit 1  the state file could not be written (HELP next time will recover);
//   exit 2  usage: no state file named, or an unknown strategy;
//   exit 3  the turn could not be written (stdout full or closed).
// Strategies: entry (the default), racer, zapper, waller, sprinter.
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include "showdown/strategy.hpp"

namespace {
// A state file is under a kilobyte and a result line a few words.
constexpr std::size_t kMaxState = 64 * 1024, kMaxLine = 4096;
}  // namespace

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

  // Bounded reads: an endless input line or state file (a pipe from
  // /dev/zero, a link to /dev/full) must not hang the turn. Nothing at all
  // reads as an empty line, which is answered HELP.
  std::string input;
  for (int c; input.size() < kMaxLine && (c = std::getchar()) != EOF && c != '\n';) input += char(c);
  std::optional<std::string> state;
  if (std::ifstream file{state_path, std::ios::binary}) {
    std::string text(kMaxState, '\0');
    file.read(text.data(), std::streamsize(text.size()));
    text.resize(std::size_t(file.gcount()));
    state = text;
  }
  const auto run = showdown::execute(strategy, input, state);
  std::ofstream out{state_path, std::ios::binary | std::ios::trunc};
  out << run.state;
  out.close();
  std::puts(showdown::to_string(run.turn).c_str());
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) return 3;
  return out ? 0 : 1;
}
