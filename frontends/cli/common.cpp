#include "common.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "loa/search/search.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/variant.hpp"
#include "proof_files.hpp"

namespace loa::cli {

bool parse_options(const std::string& command, const std::string& synopsis, po::options_description& options,
                   const std::vector<std::string>& args, po::variables_map& vm,
                   const po::positional_options_description* positional) {
  options.add_options()("help,h", "show this help");
  try {
    po::command_line_parser parser(args);
    parser.options(options);
    if (positional) parser.positional(*positional);
    po::store(parser.run(), vm);
    if (vm.count("help")) {
      std::ostringstream text;
      text << options;
      fmt::print("usage: loa {} {}\n\n{}", command, synopsis, text.str());
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError{fmt::format("{}: {} (see 'loa {} --help')", command, e.what(), command)};
  }
  return true;
}

std::string rules_help() {
  std::string names;
  for (auto n : preset_names()) names += (names.empty() ? "" : ", ") + std::string(n);
  return "rules: a preset (" + names + ") or a variant file, FILE or FILE:SECTION (docs/variants.md)";
}

void add_rules_option(po::options_description& options) {
  options.add_options()("rules,r", po::value<std::string>()->default_value("olympiad"), rules_help().c_str());
}

Rules rules_from_options(const std::string& command, const po::variables_map& vm) {
  auto rules = load_rules(vm["rules"].as<std::string>());
  if (!rules) throw UsageError{command + ": " + rules.error()};
  return std::move(rules).value();
}

void add_game_options(po::options_description& options) {
  add_rules_option(options);
  options.add_options()("position,p", po::value<std::string>(),
                        "start from this position text (docs/position-text.md)")(
      "moves,m", po::value<std::string>(), "then play these moves, e.g. \"b1-d3 a2xc4\"");
}

Game game_from_options(const po::variables_map& vm) {
  const auto rules = load_rules(vm["rules"].as<std::string>());
  if (!rules) throw UsageError{rules.error()};
  auto game = [&]() -> Game {
    if (!vm.count("position")) return Game(*rules);
    auto parsed = parse_position_text(vm["position"].as<std::string>(), *rules);
    if (!parsed) throw UsageError{"bad --position: " + parsed.error()};
    return std::move(parsed).value();
  }();
  if (vm.count("moves")) {
    std::istringstream words(vm["moves"].as<std::string>());
    std::string word;
    for (int n = 1; words >> word; ++n) {
      const auto m = parse_move(word, game);
      if (!m) throw UsageError{fmt::format("bad --moves: move {} '{}': {}", n, word, m.error())};
      game.play(*m);
    }
  }
  return game;
}

std::string board_diagram(const Game& game) {
  const Position& pos = game.position();
  const int size = pos.size();
  const Move last = game.last_move();
  const bool marked = !last.is_none() && !last.is_pass();
  std::string out;
  for (int rank = size - 1; rank >= 0; --rank) {
    out += fmt::format("{} ", rank + 1);
    for (int file = 0; file < size; ++file) {
      const Square s = make_square(file, rank);
      const Piece p = pos.piece_on(s);
      const bool here = marked && (s == last.from() || s == last.to());
      const char c = p == Piece::Black ? 'X' : p == Piece::White ? 'O' : (game.rules().square_points[s] ? '+' : '.');
      out += here ? fmt::format("[{}]", c) : fmt::format(" {} ", c);
    }
    out += '\n';
  }
  out += "  ";
  for (int file = 0; file < size; ++file) out += fmt::format(" {} ", char('a' + file));
  out += '\n';
  return out;
}

std::string pv_text(std::span<const Move> pv) {
  std::string out;
  for (Move m : pv) {
    if (!out.empty()) out += ' ';
    out += move_text(m);
  }
  return out;
}

std::string score_text(Value v) {
  if (v >= kWinBound) return fmt::format("win in {}", kWin - v);
  if (v <= -kWinBound) return fmt::format("loss in {}", kWin + v);
  return fmt::format("{:+}", v);
}

void add_proofs_option(po::options_description& options) {
  options.add_options()("proofs", po::value<std::string>(),
                        "a proof file (loa solve --proof; plain or gzip): its wins are played without searching");
}

std::shared_ptr<const ProofBook> proof_book_from_options(const po::variables_map& vm, const std::string& command) {
  if (!vm.count("proofs")) return nullptr;
  auto book = read_proof_book_file(vm["proofs"].as<std::string>());
  if (!book) throw UsageError{command + ": " + book.error()};
  return *book;
}

void use_proofs_from_options(Engine& engine, const po::variables_map& vm, const std::string& command) {
  if (auto book = proof_book_from_options(vm, command)) use_proof_book(engine, std::move(book));
}

void add_eval_option(po::options_description& options) {
  options.add_options()("eval", po::value<std::string>()->default_value("net"),
                        "the evaluation: net (the built-in network, where it applies: 8x8, no game points), classic "
                        "(the hand-written one), or a network file (loa.train, docs/training.md)");
}

std::shared_ptr<const nnue::Network> network_of(const std::string& eval, const std::string& command) {
  auto net = nnue::network_named(eval);
  if (!net) throw UsageError{command + ": --eval: " + net.error()};
  return *net;
}

void use_eval_from_options(Engine& engine, const po::variables_map& vm, const std::string& command) {
  engine.set_network(network_of(vm["eval"].as<std::string>(), command));
}

void add_limit_options(po::options_description& options) {
  options.add_options()("depth,d", po::value<int>(), "search to this depth")("nodes,n", po::value<std::uint64_t>(),
                                                                             "search this many nodes")(
      "movetime,t", po::value<int>(), "search this many milliseconds")("hash", po::value<int>()->default_value(64),
                                                                       "transposition table size in MiB")(
      "threads", po::value<int>()->default_value(1), "search threads (Lazy SMP; 1 is deterministic)");
}

Limits limits_from_options(const po::variables_map& vm) {
  Limits limits;
  if (vm.count("depth")) limits.depth = vm["depth"].as<int>();
  if (vm.count("nodes")) limits.nodes = vm["nodes"].as<std::uint64_t>();
  if (vm.count("movetime")) limits.movetime_ms = vm["movetime"].as<int>();
  if (limits.depth < 0 || limits.depth > kMaxDepth)
    throw UsageError{fmt::format("--depth must lie in 1..{}", kMaxDepth)};
  if (limits.movetime_ms < 0) throw UsageError{"--movetime must be positive"};
  if (!limits.depth && !limits.nodes && !limits.movetime_ms) limits.depth = 10;
  const int hash = vm["hash"].as<int>();
  if (hash < 1 || hash > 65536) throw UsageError{"--hash must lie in 1..65536 MiB"};
  return limits;
}

int threads_from_options(const po::variables_map& vm, const std::string& command) {
  const int threads = vm["threads"].as<int>();
  if (threads < 1 || threads > kMaxThreads)
    throw UsageError{fmt::format("{}: --threads must lie in 1..{}", command, kMaxThreads)};
  return threads;
}

bool write_whole_file(const std::string& path, std::string_view text) {
  namespace fs = std::filesystem;
  const auto write = [&](const fs::path& to) {
    std::ofstream out(to, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();  // a failure to close (a full disk, late) counts too
    return !out.fail();
  };
  // Something that is not a regular file (/dev/stdout, a named pipe) is
  // written as it is: a rename would replace it, not fill it. A link to a
  // file is followed, so that the link stays.
  std::error_code ec;  // a path not there yet is no error here: status() says "not found"
  const fs::file_status status = fs::status(path, ec);
  if (fs::exists(status) && !fs::is_regular_file(status)) return write(path);
  fs::path target = path;
  for (int links = 0; fs::is_symlink(fs::symlink_status(target, ec)); ++links) {
    const fs::path to = fs::read_symlink(target, ec);
    if (ec || links == 40) return false;  // 40: the system's own bound on a chain of links
    target = to.is_absolute() ? to : target.parent_path() / to;
  }
  // Beside the target, so that the rename stays on one file system; the
  // process id keeps two writers of the same path apart.
  const fs::path temporary = target.string() + ".part-" + std::to_string(::getpid());
  if (write(temporary)) {
    // The file rewritten keeps its permissions (a proof made read-only for
    // others stays so), not the new file's defaults.
    const fs::file_status before = fs::status(target, ec);
    if (fs::exists(before)) fs::permissions(temporary, before.permissions(), ec);
    fs::rename(temporary, target, ec);
    if (!ec) return true;
  }
  std::error_code ignored;
  fs::remove(temporary, ignored);
  return false;
}

}  // namespace loa::cli
