// loa datagen: positions to train an evaluation on (docs/training.md), from
// self-play at a fixed node budget, on every core. Runs again with the same
// options go on where the last one stopped; a progress line shows games,
// positions a second and the time left.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <thread>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/learn/training_data.hpp"

namespace loa::cli {

int cmd_datagen(const std::vector<std::string>& args) {
  po::options_description options("datagen options");
  add_rules_option(options);
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  options.add_options()("output,o", po::value<std::string>(), "the positions file (made, or added to)")(
      "games,g", po::value<int>()->default_value(1000), "games 0..N-1 (those the file holds are not played again)")(
      "nodes,n", po::value<std::uint64_t>()->default_value(5000), "the engine's node budget for every move")(
      "opening-plies", po::value<int>()->default_value(8), "uniformly random plies before the engine plays")(
      "max-plies", po::value<int>()->default_value(300), "a game still going after this many plies is a draw")(
      "seed,s", po::value<std::uint64_t>()->default_value(1), "with a game's index, decides its opening")(
      "threads,t", po::value<int>()->default_value(cores), "games played at once (default: every core)");
  po::variables_map vm;
  if (!parse_options("datagen", "--output FILE [--rules NAME|FILE:SECTION] [--games N] [--nodes N] ...", options, args,
                     vm))
    return 0;
  if (!vm.count("output")) throw UsageError{"datagen: --output FILE is needed"};
  DataGenOptions o;
  o.rules = rules_from_options("datagen", vm);
  o.games = vm["games"].as<int>();
  if (o.games < 1) throw UsageError{"datagen: --games must be positive"};
  o.nodes = vm["nodes"].as<std::uint64_t>();
  if (o.nodes < 1 || o.nodes > 100000000) throw UsageError{"datagen: --nodes must lie in 1..100000000"};
  o.opening_plies = vm["opening-plies"].as<int>();
  if (o.opening_plies < 0 || o.opening_plies > 40) throw UsageError{"datagen: --opening-plies must lie in 0..40"};
  o.max_plies = vm["max-plies"].as<int>();
  if (o.max_plies < 1 || o.max_plies > 10000) throw UsageError{"datagen: --max-plies must lie in 1..10000"};
  o.seed = vm["seed"].as<std::uint64_t>();
  o.threads = vm["threads"].as<int>();
  if (o.threads < 1 || o.threads > 256) throw UsageError{"datagen: --threads must lie in 1..256"};
  const std::string path = vm["output"].as<std::string>();

  const bool tty = isatty(fileno(stderr));
  double last_print = -1;
  auto line = [&](const DataGenProgress& p) {
    const int made = p.games_done - p.games_resumed;
    const double rate = p.seconds > 0 ? static_cast<double>(p.positions) / p.seconds : 0;
    const double left = made > 0 ? p.seconds / made * (p.games_total - p.games_done) : 0;
    return fmt::format("games {}/{}  positions {}  {:.0f}/s  {:.0f} s left", p.games_done, p.games_total, p.positions,
                       rate, left);
  };
  const auto result = generate_data(o, path, [&](const DataGenProgress& p) {
    // A line every few seconds where stderr is a file, redrawn in place on a terminal.
    if (tty)
      fmt::print(stderr, "\r{}\033[K", line(p));
    else if (p.seconds - last_print >= 5 || p.games_done == p.games_total) {
      fmt::print(stderr, "{}\n", line(p));
      last_print = p.seconds;
    }
  });
  if (tty) fmt::print(stderr, "\n");
  if (!result) throw UsageError{"datagen: " + result.error()};
  fmt::print("{}: {} games ({} there before), {} positions written in {:.1f} s\n", path, result->games_done,
             result->games_resumed, result->positions, result->seconds);
  return 0;
}

}  // namespace loa::cli
