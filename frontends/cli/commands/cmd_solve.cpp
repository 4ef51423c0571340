// loa solve: proves a position's value with proof-number search; loa
// verify-proof: checks a proof file with the plain rules (docs/solver.md).
//
// Exit codes: 0 a value proven (win, loss or draw) or a proof verified;
// 1 unknown within the budget, or a proof that does not hold; 2 bad input;
// 130 interrupted by Ctrl-C (what was learned is still printed).
#include <fmt/core.h>
#include <fmt/format.h>
#include <unistd.h>  // access: may a pipe be written

#include <algorithm>
#include <atomic>
#include <cctype>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <tuple>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/solve/proof.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/notation.hpp"
#include "proof_files.hpp"

namespace loa::cli {

namespace {

// Set by Ctrl-C; the solver polls it. A signal handler may only touch a
// lock-free atomic, hence this one piece of static state, in the front-end.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_interrupt(int) { interrupted.store(true); }

// A proof file as solve and verify-proof write it: a comment line saying
// what it is, then the proof.
std::string proof_file(const std::string& proof) {
  return "# libloa proof (loa solve); check it with: loa verify-proof FILE\n" + proof;
}

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::optional<std::string> read_if_there(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The words that set up the game again: what --split hands each job.
std::string game_words(const po::variables_map& vm) {
  auto quote = [](const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
  };
  std::string words = "--rules " + quote(vm["rules"].as<std::string>());
  if (vm.count("position")) words += " --position " + quote(vm["position"].as<std::string>());
  return words;
}

// --split DIR: a line per root move in DIR/jobs.txt, each a loa solve of the
// position after that move writing DIR/MOVE.json and DIR/MOVE.proof; any
// scheduler runs the lines (docs/solver.md).
int split_jobs(const po::variables_map& vm, const Game& game, const std::string& dir, const std::string& budget) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);  // a failure shows as jobs.txt not written
  const std::string self = fs::read_symlink("/proc/self/exe", ec).string();
  const std::string root = pv_text(game.moves());
  std::string jobs;
  int n = 0;
  for (Move m : game.legal_moves()) {
    const std::string name = move_text(m);
    const std::string out = (fs::path(dir) / name).string();
    jobs += fmt::format("{} solve -q --json {} --moves '{}' {} --proof '{}.proof' > '{}.json'\n",
                        self.empty() ? "loa" : self, game_words(vm), root.empty() ? name : root + " " + name, budget,
                        out, out);
    ++n;
  }
  // Whole or not at all: a scheduler that finds jobs.txt runs every line of it.
  if (!write_whole_file((fs::path(dir) / "jobs.txt").string(), jobs))
    throw UsageError{"solve: cannot write " + dir + "/jobs.txt"};
  fmt::print("{} jobs in {}/jobs.txt; run them (bash, GNU parallel, a Slurm array), then: loa solve {} {}--merge {}\n",
             n, dir, game_words(vm), root.empty() ? "" : "--moves '" + root + "' ", dir);
  return 0;
}

// --merge DIR: the root's value from the jobs' DIR/MOVE.json (a job missing,
// unfinished or unknown counts as unknown); with a proof, the jobs' proofs
// joined under their moves.
SolveReport merge_jobs(const Game& game, const std::string& dir, bool want_proof) {
  namespace fs = std::filesystem;
  if (!fs::is_directory(dir)) throw UsageError{"solve: --merge: no folder " + dir};
  std::vector<RootChild> children;
  SolveReport r;
  const MoveList legal = game.legal_moves();
  for (Move m : legal) {
    const auto text = read_if_there(fs::path(dir) / (move_text(m) + ".json"));
    if (!text) continue;
    const auto json = nlohmann::json::parse(*text, nullptr, false);
    if (json.is_discarded() || !json.is_object() || !json.contains("result") || !json["result"].is_string())
      throw UsageError{"solve: --merge: " + dir + "/" + move_text(m) + ".json is not a loa solve --json result", 1};
    const std::string value = json["result"];
    const SolveValue v = value == "win"    ? SolveValue::Win
                         : value == "loss" ? SolveValue::Loss
                         : value == "draw" ? SolveValue::Draw
                                           : SolveValue::Unknown;
    children.push_back({m, v});
    if (json.contains("nodes") && json["nodes"].is_number_unsigned()) r.nodes += json["nodes"].get<std::uint64_t>();
    if (json.contains("time_ms") && json["time_ms"].is_number_integer())
      r.time_ms += json["time_ms"].get<std::int64_t>();
  }
  std::tie(r.value, r.move) = combine_root(children, legal.size());
  r.cannot_win = r.value == SolveValue::Loss || r.value == SolveValue::Draw;
  r.cannot_lose = r.value == SolveValue::Draw;
  if (r.value == SolveValue::Unknown) {
    r.stopped = fmt::format("jobs: {} of {} settled",
                            std::count_if(children.begin(), children.end(),
                                          [](const RootChild& c) { return c.value != SolveValue::Unknown; }),
                            legal.size());
    return r;
  }
  if (!want_proof) return r;
  const std::string me = game.side_to_move() == Black ? "black" : "white";
  const std::string them = game.side_to_move() == Black ? "white" : "black";
  auto graft = [&](const std::string& claim, bool every_move) {
    std::vector<std::pair<std::string, std::string>> parts;
    for (Move m : legal) {
      if (!every_move && m != r.move) continue;
      const auto text = read_if_there(fs::path(dir) / (move_text(m) + ".proof"));
      if (!text) throw UsageError{"solve: --merge: no proof " + dir + "/" + move_text(m) + ".proof", 1};
      parts.emplace_back(move_text(m), *text);
    }
    const auto joined = graft_proofs(claim, parts);
    if (!joined) throw UsageError{"solve: --merge: " + joined.error(), 1};
    return *joined + "\n";
  };
  if (r.value == SolveValue::Win) r.proof = graft(me + " wins", false);
  if (r.value == SolveValue::Loss) r.proof = graft(them + " wins", true);
  if (r.value == SolveValue::Draw) r.proof = graft(them + " wins or draws", true) + graft(me + " wins or draws", false);
  for (std::size_t at = 0; at < r.proof.size(); at = r.proof.find('\n', at) + 1) {
    r.proof_nodes += std::isdigit(static_cast<unsigned char>(r.proof[at])) != 0;
    if (r.proof.find('\n', at) == std::string::npos) break;
  }
  return r;
}

}  // namespace

int cmd_solve(const std::vector<std::string>& args) {
  po::options_description options("solve options");
  add_game_options(options);
  options.add_options()("time", po::value<double>(), "stop after this many seconds")(
      "nodes", po::value<std::uint64_t>(), "stop after this many tree nodes")(
      "memory", po::value<int>()->default_value(512), "the proof tree's memory in MiB")(
      "pn2", "PN²: a second-level search per new node; a smaller tree, for long solves")(
      "collect", "when the tree fills, fold its settled and smallest parts and go on (bounded by --time or --nodes)")(
      "prover", po::value<std::string>(), "ask only whether this side (black or white) wins")(
      "proof", po::value<std::string>(), "write the proof to this file (check it with loa verify-proof)")(
      "json", "print the result as one JSON object")("quiet,q", "no progress lines on stderr")(
      "split", po::value<std::string>(), "write a job per root move into this folder (DIR/jobs.txt), solve nothing")(
      "merge", po::value<std::string>(), "the root's result from the jobs of a --split folder");
  po::variables_map vm;
  if (!parse_options("solve",
                     "[--rules NAME|FILE:SECTION] [--position TEXT] [--moves \"...\"] [--time S] [--nodes N] "
                     "[--memory MB] [--pn2] [--collect] [--prover SIDE] [--proof FILE] [--json] "
                     "[--split DIR | --merge DIR]",
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
  // Folding, a solve is bounded by nothing else.
  if (vm.count("collect") && !limits.time_ms && !limits.nodes)
    throw UsageError{"solve: --collect needs --time or --nodes"};
  limits.interrupt = &interrupted;
  const std::string proof_path = vm.count("proof") ? vm["proof"].as<std::string>() : "";
  // Fail before the work, not after it; a file made only to find that out
  // goes again, so that a solve that proves nothing leaves no empty proof.
  if (!proof_path.empty()) {
    namespace fs = std::filesystem;
    std::error_code ec;  // status() follows a link: to the file a write would make
    const fs::file_status status = fs::status(proof_path, ec);
    // A pipe is only asked: opening it would wait for a reader, and closing it
    // would hand that reader an end of file before the proof.
    const bool writable = fs::exists(status) && !fs::is_regular_file(status)
                              ? ::access(proof_path.c_str(), W_OK) == 0
                              : static_cast<bool>(std::ofstream(proof_path, std::ios::app));
    if (!writable) throw UsageError{"solve: cannot write " + proof_path};
    if (!fs::exists(status)) fs::remove(fs::weakly_canonical(proof_path, ec), ec);
  }

  std::optional<Color> prover;
  if (vm.count("prover")) {
    const std::string side = vm["prover"].as<std::string>();
    if (side != "black" && side != "white") throw UsageError{"solve: --prover must be black or white"};
    if (vm.count("merge")) throw UsageError{"solve: --prover does not apply to --merge"};
    prover = side == "black" ? Black : White;
  }
  if (vm.count("split") && vm.count("merge")) throw UsageError{"solve: --split or --merge, not both"};
  if (vm.count("split")) {
    std::string budget;
    if (vm.count("time")) budget += fmt::format(" --time {}", vm["time"].as<double>());
    if (vm.count("nodes")) budget += fmt::format(" --nodes {}", limits.nodes);
    budget += fmt::format(" --memory {}", memory);
    if (vm.count("pn2")) budget += " --pn2";
    if (vm.count("collect")) budget += " --collect";
    if (prover) budget += fmt::format(" --prover {}", vm["prover"].as<std::string>());
    return split_jobs(vm, game, vm["split"].as<std::string>(), budget);
  }

  SolveReport r;
  if (vm.count("merge")) {
    r = merge_jobs(game, vm["merge"].as<std::string>(), !proof_path.empty());
  } else {
    Solver solver;
    solver.keep_proof = !proof_path.empty();
    solver.two_level = vm.count("pn2") > 0;
    solver.collect = vm.count("collect") > 0;
    solver.prover = prover;
    // With --prover, what the solve shows may be the other side's "wins or
    // draws": that proof is written too, since it is what was learned.
    solver.keep_disproof = prover.has_value();
    if (!vm.count("quiet"))
      solver.on_progress = [](const SolveProgress& p) {
        fmt::print(stderr, "solve: {:.1f} s  {} nodes  {}  proof {} disproof {}  {} MiB\n",
                   static_cast<double>(p.time_ms) / 1000.0, p.nodes, p.question, p.proof, p.disproof,
                   p.memory_bytes >> 20);
      };
    interrupted = false;
    const auto previous = std::signal(SIGINT, on_interrupt);
    r = solver.solve(game, limits);
    std::signal(SIGINT, previous);
  }

  if (!proof_path.empty() && !r.proof.empty() && !write_whole_file(proof_path, proof_file(r.proof)))
    throw UsageError{"solve: could not write the proof to " + proof_path, 1};
  const std::string side = game.side_to_move() == Black ? "black" : "white";
  const std::string move = r.move.is_none() ? "" : move_text(r.move);
  std::vector<std::string> promising;
  for (Move m : r.promising) promising.push_back(move_text(m));
  if (vm.count("json")) {
    std::vector<std::string> quoted;
    for (const std::string& m : promising) quoted.push_back("\"" + m + "\"");
    fmt::print(
        "{{\"result\": \"{}\", \"to_move\": \"{}\", \"move\": {}, \"nodes\": {}, \"time_ms\": {}, \"memory_bytes\": "
        "{}, "
        "\"proof_moves\": {}, \"cannot_win\": {}, \"cannot_lose\": {}, \"promising\": [{}], \"stopped\": {}, "
        "\"collections\": {}}}\n",
        to_string(r.value), side, move.empty() ? std::string("null") : fmt::format("\"{}\"", move), r.nodes, r.time_ms,
        r.memory_bytes, r.proof_nodes, r.cannot_win, r.cannot_lose, fmt::join(quoted, ", "),
        r.stopped.empty() ? std::string("null") : fmt::format("\"{}\"", json_escape(r.stopped)), r.collections);
  } else {
    fmt::print("result: {} for {} to move", to_string(r.value), side);
    if (r.value == SolveValue::Unknown) {
      const char* learned = r.cannot_win ? "proven: cannot win" : r.cannot_lose ? "proven: cannot lose" : "";
      // A --prover question answered "no" stopped by nothing but its answer.
      if (r.stopped.empty())
        fmt::print(" ({})", learned);
      else
        fmt::print(" (stopped by {}{}{})", r.stopped, *learned ? "; " : "", learned);
    }
    fmt::print("\n");
    if (!move.empty()) fmt::print("move: {}\n", move);
    if (!promising.empty()) fmt::print("promising: {}\n", fmt::join(promising, " "));
    fmt::print("nodes: {}  time: {} ms  memory: {} MiB  proof: {} moves", r.nodes, r.time_ms, r.memory_bytes >> 20,
               r.proof_nodes);
    if (r.collections) fmt::print("  tree folded {} times", r.collections);
    fmt::print("\n");
    if (!proof_path.empty() && !r.proof.empty()) fmt::print("proof written to {}\n", proof_path);
  }
  if (r.stopped == "interrupted") return 130;
  return r.value == SolveValue::Unknown ? 1 : 0;
}

int cmd_verify_proof(const std::vector<std::string>& args) {
  po::options_description options("verify-proof options");
  options.add_options()("file", po::value<std::string>(), "the proof file (plain or gzip)")(
      "compact", po::value<std::string>(), "write the proof, once verified, to this file in the compact format")(
      "expand", po::value<std::string>(), "write the proof, once verified, to this file with every move written");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options("verify-proof", "FILE [--compact OUT | --expand OUT]", options, args, vm, &positional)) return 0;
  if (!vm.count("file")) throw UsageError{"verify-proof: which file? (loa verify-proof FILE)"};
  if (vm.count("compact") && vm.count("expand")) throw UsageError{"verify-proof: --compact or --expand, not both"};
  const std::string path = vm["file"].as<std::string>();
  const auto read = read_proof_file(path);  // plain or gzip
  if (!read) throw UsageError{"verify-proof: " + read.error()};
  const std::string& text = *read;
  const char* format = vm.count("compact") ? "compact" : vm.count("expand") ? "expand" : nullptr;
  // A conversion checks the proof as it goes: one walk, not two.
  auto failed = [&](const std::string& error) { return UsageError{"verify-proof: " + path + ": " + error, 1}; };
  ProofCheck check;
  std::string converted;
  if (format) {
    auto written = std::string_view(format) == "compact" ? compact_proof(text, &check) : expand_proof(text, &check);
    if (!written) throw failed(written.error());
    converted = std::move(*written);
  } else {
    const auto checked = verify_proof(text);
    if (!checked) throw failed(checked.error());
    check = *checked;
  }
  fmt::print("verified: {} ({} section{}, {} moves)\n", check.claims, check.sections, check.sections == 1 ? "" : "s",
             check.moves);
  if (format) {
    const std::string out = vm[format].as<std::string>();
    if (!write_whole_file(out, proof_file(converted))) throw UsageError{"verify-proof: cannot write " + out};
  }
  return 0;
}

}  // namespace loa::cli
