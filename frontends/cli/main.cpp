// loa: the command line of libloa. Each subcommand parses its own options;
// errors reach the user as one line on stderr and a non-zero exit code.
#include <fmt/core.h>

#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "commands/commands.hpp"
#include "common.hpp"

namespace {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const std::vector<std::string>&);
};

constexpr Command kCommands[] = {
    {"analyse", "search a position, printing every iteration", loa::cli::cmd_analyse},
    {"bench", "search fixed positions; prints a node-count signature", loa::cli::cmd_bench},
    {"categories", "learn move-category probabilities for the search by self-play", loa::cli::cmd_categories},
    {"datagen", "self-play positions with scores and results, to train an evaluation on", loa::cli::cmd_datagen},
    {"demo", "a game engine against engine, with the board", loa::cli::cmd_demo},
    {"match", "games between built-in players, with score and Elo", loa::cli::cmd_match},
    {"match-merge", "add up the results files of a match's shards", loa::cli::cmd_match_merge},
    {"perft", "count leaf positions to a depth, by root move", loa::cli::cmd_perft},
    {"play", "a game in the terminal against the engine", loa::cli::cmd_play},
    {"records", "read, check and convert game records (record, moves, position)", loa::cli::cmd_records},
    {"referee", "judge programs by a contest's protocol: potm, kattis, votey, codingame, showdown",
     loa::cli::cmd_referee},
    {"rules", "list the presets, or print rules as variant text (docs/variants.md)", loa::cli::cmd_rules},
    {"serve", "a board in the browser: play and analyse against the engine (HTTP, JSON API)", loa::cli::cmd_serve},
    {"show", "print a position, its status and its legal moves", loa::cli::cmd_show},
    {"solve", "prove a position won, lost or drawn (proof-number search), with a checkable proof", loa::cli::cmd_solve},
    {"tune", "tune the evaluation weights by self-play (SPSA)", loa::cli::cmd_tune},
    {"ugi", "the engine over UGI (and UCI) on stdin/stdout", loa::cli::cmd_ugi},
    {"verify-proof", "check a proof file of loa solve with the plain rules", loa::cli::cmd_verify_proof},
};

void print_usage() {
  fmt::print("usage: loa COMMAND [OPTIONS]   (loa COMMAND --help for its options; loa --version)\n\ncommands:\n");
  for (const Command& c : kCommands) fmt::print("  {:<14}{}\n", c.name, c.summary);
}

int run_command(const std::vector<std::string>& words) {
  if (words[0] == "--help" || words[0] == "-h" || words[0] == "help") {
    print_usage();
    return 0;
  }
  // The project's version (CMakeLists.txt), as the Python package's loa.__version__ has it.
  if (words[0] == "--version" || words[0] == "-V" || words[0] == "version") {
    fmt::print("loa (libloa) {}\n", LOA_VERSION);
    return 0;
  }
  for (const Command& c : kCommands) {
    if (words[0] != c.name) continue;
    try {
      return c.run({words.begin() + 1, words.end()});
    } catch (const loa::cli::UsageError& e) {
      fmt::print(stderr, "loa: {}\n", e.message);
      return e.exit_code;
    } catch (const std::exception& e) {
      fmt::print(stderr, "loa: {}: internal error: {}\n", c.name, e.what());
      return 3;
    }
  }
  fmt::print(stderr, "loa: unknown command '{}' (see 'loa --help')\n", words[0]);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  // With no arguments: a short demonstration game under the Olympiad rules.
  if (words.empty()) return run_command({"demo"});
  return run_command(words);
}
