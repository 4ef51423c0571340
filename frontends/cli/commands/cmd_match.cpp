// loa match: games between players (built-in, or external programs over
// UGI) under any preset, in colour-reversed pairs from varied openings; a
// progress line with the running score, Elo and SPRT; every game written to
// a record file; shards that add up to the whole match (loa match-merge).
#include <fmt/core.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/play/match.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/record.hpp"
#include "ugi/ugi_player.hpp"

namespace loa::cli {

Sprt parse_sprt(const std::string& command, const std::string& text) {
  std::vector<double> v;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    try {
      std::size_t end = 0;
      v.push_back(std::stod(item, &end));
      if (end != item.size()) throw std::invalid_argument(item);
    } catch (const std::exception&) {
      throw UsageError{command + ": --sprt takes elo0,elo1[,alpha,beta], not '" + text + "'"};
    }
  }
  if (v.size() != 2 && v.size() != 4) throw UsageError{command + ": --sprt takes elo0,elo1[,alpha,beta]"};
  Sprt s{v[0], v[1]};
  if (v.size() == 4) s.alpha = v[2], s.beta = v[3];
  if (!(s.elo1 > s.elo0) || !(s.alpha > 0 && s.alpha < 0.5) || !(s.beta > 0 && s.beta < 0.5))
    throw UsageError{command + ": --sprt needs elo0 < elo1 and alpha, beta in (0, 0.5)"};
  return s;
}

namespace {

std::string sprt_text(const Sprt& s, const MatchStats& stats) {
  const double llr = s.llr(stats);
  const char* verdict = llr >= s.upper() ? " H1 accepted" : llr <= s.lower() ? " H0 accepted" : "";
  return fmt::format("LLR {:.2f} ({:.2f}, {:.2f}){}", llr, s.lower(), s.upper(), verdict);
}

}  // namespace

void print_match_summary(const std::string& title, const MatchStats& s, const std::optional<Sprt>& sprt) {
  const EloEstimate elo = s.elo();
  fmt::print("{}: {} games\n", title, s.games());
  fmt::print("wins {}  losses {}  draws {}  score {:.1f}%\n", s.wins, s.losses, s.draws, 100 * s.score());
  fmt::print("Elo difference: {:+.0f} +/- {:.0f} (95%)\n", elo.elo, elo.margin);
  if (sprt) fmt::print("SPRT [{}, {}]: {}\n", sprt->elo0, sprt->elo1, sprt_text(*sprt, s));
}

int cmd_match(const std::vector<std::string>& args) {
  po::options_description options("match options");
  add_rules_option(options);
  const std::string players =
      "random, greedy, racer (for random opponents), "
      "engine[:depth=N|:nodes=N|:ms=N][:threads=N][:solver=PERCENT][:proofs=FILE][:WEIGHT=N], or ugi:COMMAND for a "
      "program";
  options.add_options()("first,1", po::value<std::string>()->default_value("engine:ms=100"),
                        ("first player: " + players).c_str())(
      "second,2", po::value<std::string>()->default_value("greedy"), "second player (same forms)")(
      "games,g", po::value<int>()->default_value(20), "games to play (rounded up to an even number: pairs)")(
      "opening-plies", po::value<int>()->default_value(4), "random plies before the players take over")(
      "openings", po::value<std::string>(), "a file of position texts, one per line, used in turn")(
      "seed,s", po::value<std::uint64_t>()->default_value(1), "seed for openings and random players")(
      "concurrency,c", po::value<int>()->default_value(1), "games played at once")(
      "tc", po::value<std::string>(), "time control SECONDS[+INCREMENT] per game and player")(
      "movetime", po::value<int>()->default_value(100), "ms a move for UGI programs when there is no --tc")(
      "max-plies", po::value<int>()->default_value(0), "adjudicate an unfinished game a draw after this many plies")(
      "records", po::value<std::string>(), "append every game to this record file")(
      "sprt", po::value<std::string>(), "stop when the SPRT elo0,elo1[,alpha,beta] decides")(
      "shard", po::value<std::string>(), "play shard I of N (I/N): pairs k with k % N == I-1")(
      "results", po::value<std::string>(), "write the totals to this file, for loa match-merge")(
      "verbose,v", "print every game's result and moves");
  po::variables_map vm;
  if (!parse_options("match", "[--rules NAME|FILE:SECTION] [--first SPEC] [--second SPEC] [--games N] ...", options,
                     args, vm))
    return 0;
  const Rules rules = rules_from_options("match", vm);
  MatchOptions m;
  m.rules = rules;
  m.first = vm["first"].as<std::string>();
  m.second = vm["second"].as<std::string>();
  const int games = vm["games"].as<int>();
  if (games < 1 || games > 1000000) throw UsageError{"match: --games must lie in 1..1000000"};
  m.pairs = (games + 1) / 2;
  m.opening_plies = vm["opening-plies"].as<int>();
  if (m.opening_plies < 0 || m.opening_plies > 40) throw UsageError{"match: --opening-plies must lie in 0..40"};
  if (vm.count("openings")) {
    std::ifstream in(vm["openings"].as<std::string>());
    if (!in) throw UsageError{"match: cannot read " + vm["openings"].as<std::string>()};
    for (std::string line; std::getline(in, line);)
      if (line.find_first_not_of(" \t\r") != std::string::npos && line[0] != '#') m.openings.push_back(line);
    if (m.openings.empty()) throw UsageError{"match: no openings in " + vm["openings"].as<std::string>()};
  }
  m.seed = vm["seed"].as<std::uint64_t>();
  m.concurrency = vm["concurrency"].as<int>();
  if (m.concurrency < 1 || m.concurrency > 64) throw UsageError{"match: --concurrency must lie in 1..64"};
  if (vm.count("tc")) {
    const std::string tc = vm["tc"].as<std::string>();
    double base = 0, inc = 0;
    char plus = 0;
    std::istringstream in(tc);
    if (!(in >> base) || (in >> plus && (plus != '+' || !(in >> inc))) || base <= 0 || inc < 0 || base > 86400)
      throw UsageError{"match: --tc takes SECONDS[+INCREMENT], as in 10+0.1, not '" + tc + "'"};
    m.game.base_ms = std::int64_t(base * 1000), m.game.inc_ms = std::int64_t(inc * 1000);
  }
  m.game.max_plies = vm["max-plies"].as<int>();
  if (m.game.max_plies < 0) throw UsageError{"match: --max-plies must not be negative"};
  const int movetime = vm["movetime"].as<int>();
  if (movetime < 1) throw UsageError{"match: --movetime must be positive"};
  auto books = std::make_shared<ProofBooks>();
  m.factory = [movetime, books](const std::string& spec, std::uint64_t seed) {
    return make_match_player(spec, seed, movetime, books.get());
  };
  if (vm.count("sprt")) m.sprt = parse_sprt("match", vm["sprt"].as<std::string>());
  if (vm.count("shard")) {
    int i = 0, n = 0;
    char slash = 0;
    std::istringstream in(vm["shard"].as<std::string>());
    if (!(in >> i >> slash >> n) || slash != '/' || n < 1 || i < 1 || i > n || !in.eof())
      throw UsageError{"match: --shard takes I/N with 1 <= I <= N"};
    m.shard_index = i - 1, m.shard_count = n;
  }
  std::unique_ptr<std::ofstream> records;
  if (vm.count("records")) {
    records = std::make_unique<std::ofstream>(vm["records"].as<std::string>(), std::ios::app);
    if (!*records) throw UsageError{"match: cannot write " + vm["records"].as<std::string>()};
  }

  const bool verbose = vm.count("verbose") > 0, tty = isatty(fileno(stderr));
  const int planned = [&] {
    int n = 0;
    for (int pair = m.shard_index; pair < m.pairs; pair += m.shard_count) n += 2;
    return n;
  }();
  int done = 0, longest = 0;
  long long plies = 0;
  const auto result = run_match(m, [&](int index, const GameRecord& g, const MatchStats& s) {
    ++done;
    plies += g.plies;
    longest = std::max(longest, g.plies);
    const std::string black = g.first_player_colour == Black ? m.first : m.second;
    const std::string white = g.first_player_colour == Black ? m.second : m.first;
    if (records) {
      const int pair = index / 2;
      const Game base =
          m.openings.empty() ? Game(m.rules) : *parse_position_text(m.openings[pair % m.openings.size()], m.rules);
      std::vector<Move> moves = g.opening;
      moves.insert(moves.end(), g.moves.begin(), g.moves.end());
      *records << format_record(base, moves,
                                {{"Event", "loa match"},
                                 {"Round", std::to_string(index + 1)},
                                 {"Black", black},
                                 {"White", white},
                                 {"Seed", std::to_string(m.seed)}},
                                g.forfeit, g.forfeit_colour)
               << "\n";
      records->flush();
    }
    if (verbose) {
      const std::string moves = pv_text(g.moves);
      fmt::print("game {:>4}: {} as {}, {} ({}, {} plies, points {}-{}): {}\n", index + 1, m.first,
                 g.first_player_colour == Black ? "black" : "white",
                 g.forfeit.empty() ? to_string(g.outcome.state) : std::string_view("forfeit"),
                 g.forfeit.empty() ? std::string(to_string(g.outcome.reason)) : g.forfeit, g.plies, g.points[Black],
                 g.points[White], moves);
    }
    const EloEstimate elo = s.elo();
    const int width = 24, filled = done * width / std::max(planned, 1);
    std::string bar = fmt::format("[{}{}] {}/{}  +{} -{} ={}  {:.1f}%  Elo {:+.0f} +/- {:.0f}",
                                  std::string(filled, '#'), std::string(width - filled, '.'), done, planned, s.wins,
                                  s.losses, s.draws, 100 * s.score(), elo.elo, elo.margin);
    if (m.sprt) bar += "  " + sprt_text(*m.sprt, s);
    if (!g.forfeit.empty() && g.forfeit_colour >= 0) bar += "  (forfeit: " + g.forfeit + ")";
    if (tty)
      fmt::print(stderr, "\r{}\033[K", bar);
    else if (done % 10 == 0 || done == planned || !g.forfeit.empty())
      fmt::print(stderr, "{}\n", bar);
  });
  if (tty) fmt::print(stderr, "\n");
  if (!result) throw UsageError{"match: " + result.error()};
  const MatchStats& s = *result;
  std::string title = fmt::format("{} vs {} under {}", m.first, m.second, m.rules.name);
  if (m.shard_count > 1) title += fmt::format(" (shard {}/{})", m.shard_index + 1, m.shard_count);
  print_match_summary(title, s, m.sprt);
  fmt::print("average game length {:.1f} plies, longest {}\n", double(plies) / std::max(done, 1), longest);
  if (vm.count("results")) {
    const std::string path = vm["results"].as<std::string>();
    const std::string text = fmt::format(
        "loa-match-results 1\nrules {}\nfirst {}\nsecond {}\nseed {}\npairs {}\nshard {}/{}\nwins {}\n"
        "losses {}\ndraws {}\n",
        m.rules.name, m.first, m.second, m.seed, m.pairs, m.shard_index + 1, m.shard_count, s.wins, s.losses, s.draws);
    // A shard's file is what match-merge counts: whole, or not there.
    if (!write_whole_file(path, text)) throw UsageError{"match: cannot write " + path};
  }
  return 0;
}

}  // namespace loa::cli
