// loa bench: a fixed set of positions under every preset, each searched to a
// fixed depth with a fresh table. The node count is a signature of search
// behaviour: it changes only when the search does (quote it as "Bench: N").
#include <fmt/core.h>

#include <chrono>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/search/search.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"

namespace loa::cli {

namespace {

struct BenchPosition {
  const char* rules;
  const char* position;
};

// Start positions, middle games from Winands' thesis games and the POTM
// LOAPS sample files, endings close to a connection, and the smaller boards
// and Scrambled Eggs (starts, and middle games from engine self-play).
constexpr BenchPosition kPositions[] = {
    {"olympiad", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"},
    {"olympiad", "8/4b2w/1bb3bw/2b1w3/wb2b3/2wwb2w/3www2/2bb2b1 b 20"},
    {"olympiad", "8/7w/6wb/4b3/1b4w1/2b1b1bw/2b1www1/8 w 33"},
    {"gamut", "bb1w4/1bww4/1b1w4/1w1b4/w7/8/8/7w w 43"},
    {"gamut", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"},
    {"kattis", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"},
    {"kattis", "8/4b2w/1bb3bw/2b1w3/wb2b3/2wwb2w/3www2/2bb2b1 b 90"},
    {"votey", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"},
    {"loaps", "1bb1bb1/w5w/w5w/7/w5w/w5w/1bb1bb1 b"},
    {"loaps", "1bb4/w4b1/w1w1w2/2b3b/6w/ww5/1bb4 b 18 4 5"},
    {"loaps", "1b2bb1/w4w1/7/3b1b1/w5w/6w/1b2b2 w 55 13 7"},
    {"six", "1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b"},
    {"six", "1b4/2w2w/3wbw/1b1bbb/2ww2/2wb2 b 10"},
    {"five", "1bbb1/w3w/w3w/w3w/1bbb1 b"},
    {"scrambled", "1wbwbwb1/b6w/w6b/b6w/w6b/b6w/w6b/1bwbwbw1 b"},
    {"scrambled", "3w2b1/b6w/w1bw1w1b/1b1b3w/w1w5/b2w2w1/5b1b/2wbwb2 b 10"},
};

}  // namespace

int cmd_bench(const std::vector<std::string>& args) {
  po::options_description options("bench options");
  add_eval_option(options);
  options.add_options()("depth,d", po::value<int>()->default_value(9), "depth of every search")(
      "hash", po::value<int>()->default_value(16), "transposition table size in MiB")(
      "threads", po::value<int>()->default_value(1), "search threads (1: the deterministic node count)")(
      "list",
      "print the positions (rules, a tab, position text) and search none: other builds "
      "(bench/web/web-bench.py, the WebAssembly engine) search the same");
  po::variables_map vm;
  if (!parse_options("bench", "[--depth D] [--hash MB] [--threads N] [--eval net|classic|FILE] [--list]", options, args,
                     vm))
    return 0;
  if (vm.count("list")) {
    for (const BenchPosition& p : kPositions) fmt::print("{}\t{}\n", p.rules, p.position);
    return 0;
  }
  const int depth = vm["depth"].as<int>();
  if (depth < 1 || depth > 30) throw UsageError{"bench: --depth must lie in 1..30"};
  const int hash = vm["hash"].as<int>();
  if (hash < 1 || hash > 65536) throw UsageError{"bench: --hash must lie in 1..65536 MiB"};
  Engine engine{std::size_t(hash)};
  engine.set_threads(threads_from_options(vm, "bench"));
  use_eval_from_options(engine, vm, "bench");
  Limits limits;
  limits.depth = depth;
  std::uint64_t nodes = 0;
  const auto start = std::chrono::steady_clock::now();
  int n = 0;
  for (const BenchPosition& p : kPositions) {
    const auto game = parse_position_text(p.position, *preset(p.rules));
    if (!game) throw UsageError{fmt::format("bench position {}: {}", n + 1, game.error())};
    engine.new_game();
    const SearchResult r = engine.search(*game, limits);
    fmt::print("position {:>2} {:<9} nodes {:>10}  best {}\n", ++n, p.rules, r.nodes, move_text(r.best));
    nodes += r.nodes;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // With more than one thread the node count varies from run to run; the
  // time to reach the depth is what threads buy.
  fmt::print("\nNodes searched: {}\nNodes/second: {}\nTime (ms): {}\n", nodes,
             std::uint64_t(double(nodes) / std::max(seconds, 1e-9)), std::int64_t(seconds * 1000));
  return 0;
}

}  // namespace loa::cli
