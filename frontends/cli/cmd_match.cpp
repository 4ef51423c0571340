// loa match: games between built-in players under any preset, in
// colour-reversed pairs from random openings, with a progress bar and the
// score and Elo difference at the end.
#include <fmt/core.h>
#include <unistd.h>

#include "commands.hpp"
#include "common.hpp"
#include "loa/match.hpp"
#include "loa/notation.hpp"

namespace loa::cli {

int cmd_match(const std::vector<std::string>& args) {
  po::options_description options("match options");
  options.add_options()("rules,r", po::value<std::string>()->default_value("olympiad"), "rules preset")(
      "first,1", po::value<std::string>()->default_value("engine:ms=100"),
      "first player: random, greedy, engine, engine:depth=N, engine:nodes=N, engine:ms=N")(
      "second,2", po::value<std::string>()->default_value("greedy"), "second player (same forms)")(
      "games,g", po::value<int>()->default_value(20), "games to play (rounded up to an even number: pairs)")(
      "opening-plies", po::value<int>()->default_value(4), "random plies before the players take over")(
      "seed,s", po::value<std::uint64_t>()->default_value(1), "seed for openings and random players")(
      "concurrency,c", po::value<int>()->default_value(1), "games played at once")(
      "verbose,v", "print every game's result and moves");
  po::variables_map vm;
  if (!parse_options("match", "[--rules NAME] [--first SPEC] [--second SPEC] [--games N] ...", options, args, vm))
    return 0;
  const auto rules = preset(vm["rules"].as<std::string>());
  if (!rules) throw UsageError{"match: " + rules.error()};
  MatchOptions m{*rules, vm["first"].as<std::string>(), vm["second"].as<std::string>()};
  const int games = vm["games"].as<int>();
  if (games < 1 || games > 1000000) throw UsageError{"match: --games must lie in 1..1000000"};
  m.pairs = (games + 1) / 2;
  m.opening_plies = vm["opening-plies"].as<int>();
  if (m.opening_plies < 0 || m.opening_plies > 40) throw UsageError{"match: --opening-plies must lie in 0..40"};
  m.seed = vm["seed"].as<std::uint64_t>();
  m.concurrency = vm["concurrency"].as<int>();
  if (m.concurrency < 1 || m.concurrency > 64) throw UsageError{"match: --concurrency must lie in 1..64"};
  const bool verbose = vm.count("verbose") > 0, tty = isatty(fileno(stderr));
  int done = 0, longest = 0;
  long long plies = 0;
  const auto result = run_match(m, [&](int index, const GameRecord& g, const MatchStats& s) {
    ++done;
    plies += g.plies;
    longest = std::max(longest, g.plies);
    if (verbose) {
      std::string moves;
      for (Move mv : g.moves) moves += move_text(mv) + " ";
      fmt::print("game {:>4}: {} as {}, {} ({}, {} plies, points {}-{}): {}\n", index + 1, m.first,
                 g.first_player_colour == Black ? "black" : "white", to_string(g.outcome.state),
                 to_string(g.outcome.reason), g.plies, g.points[Black], g.points[White], moves);
    }
    const int width = 30, filled = done * width / (2 * m.pairs);
    const std::string bar =
        fmt::format("[{}{}] {}/{}  +{} -{} ={}  score {:.1f}%", std::string(filled, '#'),
                    std::string(width - filled, '.'), done, 2 * m.pairs, s.wins, s.losses, s.draws, 100 * s.score());
    if (tty)
      fmt::print(stderr, "\r{}", bar);
    else if (done % 10 == 0 || done == 2 * m.pairs)
      fmt::print(stderr, "{}\n", bar);
  });
  if (tty) fmt::print(stderr, "\n");
  if (!result) throw UsageError{"match: " + result.error()};
  const MatchStats& s = *result;
  const EloEstimate elo = s.elo();
  fmt::print("{} vs {} under {}: {} games\n", m.first, m.second, m.rules.name, s.games());
  fmt::print("wins {}  losses {}  draws {}  score {:.1f}%\n", s.wins, s.losses, s.draws, 100 * s.score());
  fmt::print("Elo difference: {:+.0f} +/- {:.0f} (95%)\n", elo.elo, elo.margin);
  fmt::print("average game length {:.1f} plies, longest {}\n", double(plies) / std::max(done, 1), longest);
  return 0;
}

}  // namespace loa::cli
