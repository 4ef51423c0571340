// loa solve: proves a position's value with proof-number search; loa
// verify-proof: checks a proof file with the plain rules (docs/solver.md).
//
// Exit codes: 0 a value proven (win, loss or draw) or a proof verified;
// 1 unknown within the budget, or a proof that does not hold; 2 bad input;
// 130 interrupted by Ctrl-C (what was learned is still printed).
#include <fmt/core.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <sstream>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/notation.hpp"
#include "loa/proof.hpp"
#include "loa/solver.hpp"

namespace loa::cli {

namespace {

// Set by Ctrl-C; the solver polls it. A signal handler may only touch a
// lock-free atomic, hence this one piece of static state, in the front-end.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) { interrupted.store(true); }

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string read_file(const std::string& command, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError{command + ": cannot read " + path};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int cmd_solve(const std::vector<std::string>& args) {
  po::options_description options("solve options");
  add_game_options(options);
  options.add_options()("time", po::value<double>(), "stop after this many seconds")(
      "nodes", po::value<std::uint64_t>(), "stop after this many tree nodes")(
      "memory", po::value<int>()->default_value(512), "the proof tree's memory in MiB")(
      "proof", po::value<std::string>(), "write the proof to this file (check it with loa verify-proof)")(
      "json", "print the result as one JSON object")("quiet,q", "no progress lines on stderr");
  po::variables_map vm;
  if (!parse_options("solve",
                     "[--rules NAME|FILE:SECTION] [--position TEXT] [--moves \"...\"] [--time S] [--nodes N] "
                     "[--memory MB] [--proof FILE] [--json]",
                     options, args, vm))
    return 0;
  const Game game = game_from_options(vm);
  SolveLimits limits;
  if (vm.count("time")) {
    const double s = vm["time"].as<double>();
    if (!(s > 0) || s > 1e7) throw UsageError{"solve: --time must be a positive number of seconds"};
    limits.time_ms = std::max<std::int64_t>(1, static_cast<std::int64_t>(s * 1000));
  }
  if (vm.count("nodes")) {
    limits.nodes = vm["nodes"].as<std::uint64_t>();
    if (limits.nodes == 0) throw UsageError{"solve: --nodes must be at least 1"};
  }
  const int memory = vm["memory"].as<int>();
  if (memory < 1 || memory > 1 << 20) throw UsageError{"solve: --memory must be from 1 to 1048576 MiB"};
  limits.memory_mb = static_cast<std::size_t>(memory);
  limits.interrupt = &interrupted;
  const std::string proof_path = vm.count("proof") ? vm["proof"].as<std::string>() : "";
  // Fail before the work, not after it.
  if (!proof_path.empty() && !std::ofstream(proof_path, std::ios::app))
    throw UsageError{"solve: cannot write " + proof_path};

  Solver solver;
  solver.keep_proof = !proof_path.empty();
  if (!vm.count("quiet"))
    solver.on_progress = [](const SolveProgress& p) {
      fmt::print(stderr, "solve: {:.1f} s  {} nodes  {}  proof {} disproof {}  {} MiB\n",
                 static_cast<double>(p.time_ms) / 1000.0, p.nodes, p.question, p.proof, p.disproof,
                 p.memory_bytes >> 20);
    };
  interrupted = false;
  const auto previous = std::signal(SIGINT, on_interrupt);
  const SolveReport r = solver.solve(game, limits);
  std::signal(SIGINT, previous);

  if (!proof_path.empty() && !r.proof.empty()) {
    std::ofstream out(proof_path, std::ios::binary | std::ios::trunc);
    out << "# libloa proof (loa solve); check it with: loa verify-proof FILE\n" << r.proof;
    if (!out) throw UsageError{"solve: could not write the proof to " + proof_path, 1};
  }
  const std::string side = game.side_to_move() == Black ? "black" : "white";
  const std::string move = r.move.is_none() ? "" : move_text(r.move);
  if (vm.count("json")) {
    fmt::print(
        "{{\"result\": \"{}\", \"to_move\": \"{}\", \"move\": {}, \"nodes\": {}, \"time_ms\": {}, \"memory_bytes\": "
        "{}, "
        "\"proof_moves\": {}, \"cannot_win\": {}, \"cannot_lose\": {}, \"stopped\": {}}}\n",
        to_string(r.value), side, move.empty() ? std::string("null") : fmt::format("\"{}\"", move), r.nodes, r.time_ms,
        r.memory_bytes, r.proof_nodes, r.cannot_win, r.cannot_lose,
        r.stopped.empty() ? std::string("null") : fmt::format("\"{}\"", json_escape(r.stopped)));
  } else {
    fmt::print("result: {} for {} to move", to_string(r.value), side);
    if (r.value == SolveValue::Unknown) {
      fmt::print(" (stopped by {}{})", r.stopped,
                 r.cannot_win    ? "; proven: cannot win"
                 : r.cannot_lose ? "; proven: cannot lose"
                                 : "");
    }
    fmt::print("\n");
    if (!move.empty()) fmt::print("move: {}\n", move);
    fmt::print("nodes: {}  time: {} ms  memory: {} MiB  proof: {} moves\n", r.nodes, r.time_ms, r.memory_bytes >> 20,
               r.proof_nodes);
    if (!proof_path.empty() && !r.proof.empty()) fmt::print("proof written to {}\n", proof_path);
  }
  if (r.stopped == "interrupted") return 130;
  return r.value == SolveValue::Unknown ? 1 : 0;
}

int cmd_verify_proof(const std::vector<std::string>& args) {
  po::options_description options("verify-proof options");
  options.add_options()("file", po::value<std::string>(), "the proof file");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options("verify-proof", "FILE", options, args, vm, &positional)) return 0;
  if (!vm.count("file")) throw UsageError{"verify-proof: which file? (loa verify-proof FILE)"};
  const std::string path = vm["file"].as<std::string>();
  const auto check = verify_proof(read_file("verify-proof", path));
  if (!check) throw UsageError{"verify-proof: " + path + ": " + check.error(), 1};
  fmt::print("verified: {} ({} section{}, {} moves)\n", check->claims, check->sections, check->sections == 1 ? "" : "s",
             check->moves);
  return 0;
}

}  // namespace loa::cli
