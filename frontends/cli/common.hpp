// What the loa subcommands share: the command table, option helpers that
// turn user input into library values, and board printing.
#pragma once

#include <boost/program_options.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "loa/game/game.hpp"
#include "loa/play/match.hpp"
#include "loa/search/search.hpp"
#include "loa/solve/proof_book.hpp"

namespace loa::cli {

namespace po = boost::program_options;

// A subcommand failure with a message for the user; main() prints it on one
// line and exits with `exit_code`.
struct UsageError {
  std::string message;
  int exit_code = 2;
};

// Parses `args` (the words after the subcommand) against `options`. Prints
// the help and returns false when --help was given.
bool parse_options(const std::string& command, const std::string& synopsis, po::options_description& options,
                   const std::vector<std::string>& args, po::variables_map& vm,
                   const po::positional_options_description* positional = nullptr);

// The help text of every --rules option: the presets and the variant files.
std::string rules_help();

// Adds --rules (olympiad by default) alone, and reads it back: a preset or a
// variant file (FILE or FILE:SECTION). Throws UsageError naming `command`,
// the file, line and field.
void add_rules_option(po::options_description& options);
Rules rules_from_options(const std::string& command, const po::variables_map& vm);

// Adds --rules, --position and --moves, the options that set up a game.
void add_game_options(po::options_description& options);

// The game those options describe: a preset, an optional position text and
// moves played from it. Throws UsageError naming the first bad item.
Game game_from_options(const po::variables_map& vm);

// An ASCII diagram with coordinates; the last move's squares are marked.
std::string board_diagram(const Game& game);

// Adds --depth, --nodes, --movetime, --hash and --threads; reads them back (depth 10
// when no limit is given).
void add_limit_options(po::options_description& options);
Limits limits_from_options(const po::variables_map& vm);
// The value of a command's --threads option, checked to lie in 1..kMaxThreads.
int threads_from_options(const po::variables_map& vm, const std::string& command);

// Adds --proofs FILE, and gives `engine` the book it names (a UsageError
// naming `command` if the file cannot be read or does not verify).
// --eval net|classic|FILE (default net): the evaluation an engine plays with.
void add_eval_option(po::options_description& options);
// The network an --eval value names (nullptr for classic); UsageError naming `command` for a bad file.
std::shared_ptr<const nnue::Network> network_of(const std::string& eval, const std::string& command);
void use_eval_from_options(Engine& engine, const po::variables_map& vm, const std::string& command);
void add_proofs_option(po::options_description& options);
void use_proofs_from_options(Engine& engine, const po::variables_map& vm, const std::string& command);
// The book --proofs names, read once for several engines; null without it.
std::shared_ptr<const ProofBook> proof_book_from_options(const po::variables_map& vm, const std::string& command);

// The SPRT of an "--sprt elo0,elo1[,alpha,beta]" option, checked; errors
// name `command`.
Sprt parse_sprt(const std::string& command, const std::string& text);

// The summary every match and merge prints: games, score, Elo and, when
// given, the SPRT's verdict.
void print_match_summary(const std::string& title, const MatchStats& s, const std::optional<Sprt>& sprt);

// Writes `text` to `path` whole or not at all: into a file beside it first,
// renamed over `path` once every byte is written, so that a full disk or a
// crash never leaves half a proof or half a result where a reader expects a
// whole one. A link is followed (the file it names is replaced, the link
// stays); what is no regular file (/dev/stdout, a pipe) is written directly.
// False on failure, with `path` as it was.
bool write_whole_file(const std::string& path, std::string_view text);

// A principal variation as moves in standard notation, and a score as a
// signed number or "win in N" / "loss in N" plies.
std::string pv_text(std::span<const Move> moves);
std::string score_text(Value v);

}  // namespace loa::cli
