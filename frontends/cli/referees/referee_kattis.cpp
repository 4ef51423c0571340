// loa referee kattis PROGRAM: the Kattis judge. Gives the program its colour,
// plays uniformly random legal moves against it, and accepts a game only if
// the program wins within 100 moves, exits by itself and stays within its
// CPU time for the whole game.
#include <fmt/core.h>

#include <cstdio>
#include <random>

#include "loa/text/notation.hpp"
#include "referees/process.hpp"
#include "referees/referee.hpp"

namespace loa::cli {

namespace {

RefereeGame kattis_game(Contestant& program, Player& judge, Color colour, double cpu_limit, Transcript& t) {
  RefereeGame r;
  Game game(kattis());
  Interactive child;
  if (program.is_builtin()) {
    program.builtin->new_game();
  } else {
    t.sent("program", colour == Black ? "0" : "1");
    if (!child.start(program.argv)) {
      r.fault = "program: could not be started";
      t.note("fault: " + r.fault);
      return r;
    }
    // A program that exits at once may be gone before its colour arrives;
    // the game goes on, so that the fault named is what it did instead
    // (wrote nonsense, or nothing).
    if (!child.send(colour == Black ? "0" : "1")) t.note("the program did not take its colour");
  }
  while (!game.over()) {
    Move m;
    if (game.side_to_move() == colour) {
      if (program.is_builtin()) {
        m = program.builtin->choose(game);
      } else {
        const auto line = child.read_line(std::max(1.0, 3 * cpu_limit));
        if (!line) {
          r.fault = child.timed_out() ? "program: no move in time" : "program: output ended mid-game";
          break;
        }
        t.received("program", *line);
        const auto parsed = parse_kattis_move(*line, game);
        if (!parsed) {
          r.fault = "program: " + parsed.error();
          break;
        }
        m = *parsed;
      }
    } else {
      m = judge.choose(game);
      if (!program.is_builtin()) t.sent("program", kattis_move_text(m, 8));
      if (!program.is_builtin() && !child.send(kattis_move_text(m, 8))) {
        r.fault = "program: closed its input mid-game";
        break;
      }
    }
    game.play(m);
    r.moves.push_back(m);
  }
  if (!program.is_builtin()) {
    if (r.fault.empty()) {
      // After the last move the program must see that the game is over and
      // exit, without another word.
      const auto extra = child.read_line(2.0);
      if (extra)
        r.fault = "program: wrote after the game ended: " + extra->substr(0, 40);
      else if (child.timed_out())
        r.fault = "program: did not exit at the end of the game";
      else if (const std::size_t unread = child.unread_input())
        r.fault = fmt::format("program: ended without reading the last {} bytes sent to it", unread);
    }
    const int code = child.finish(1.0);
    r.cpu[0] = child.cpu_seconds();
    if (r.fault.empty() && code != 0) r.fault = fmt::format("program: exit code {}", code);
    if (r.fault.empty() && r.cpu[0] > cpu_limit) r.fault = fmt::format("program: {:.2f} s of CPU", r.cpu[0]);
  }
  if (!r.fault.empty()) t.note("fault: " + r.fault);
  r.outcome = game.outcome();
  r.winner = r.fault.empty() && game.outcome().score_for(colour) > 0 ? 0 : -1;
  return r;
}

}  // namespace

int referee_kattis(const std::vector<std::string>& args) {
  po::options_description options("referee kattis options");
  options.add_options()("program", po::value<std::string>()->required(), "program to judge (a path, or builtin:SPEC)")(
      "games,g", po::value<int>()->default_value(10), "games, colours alternating")(
      "seed,s", po::value<std::uint64_t>()->default_value(1), "seed of the judge's random moves")(
      "judge", po::value<std::string>()->default_value("random"),
      "the judge's player: random (as on Kattis), or another builtin SPEC (staller plays to the move limit)")(
      "cpu", po::value<double>()->default_value(1.0), "CPU seconds allowed for a whole game")(
      "transcript", po::value<std::string>()->default_value(""), "write every line exchanged to this file");
  po::positional_options_description positional;
  positional.add("program", 1);
  po::variables_map vm;
  if (!parse_options("referee kattis", "PROGRAM [--games N] [--seed S] [--judge SPEC] [--cpu SECONDS]", options, args,
                     vm, &positional))
    return 0;
  const int games = vm["games"].as<int>();
  if (games < 1 || games > 100000) throw UsageError{"referee kattis: --games must lie in 1..100000"};
  Contestant program = make_contestant(vm["program"].as<std::string>(), vm["seed"].as<std::uint64_t>());
  std::mt19937_64 rng(vm["seed"].as<std::uint64_t>());
  const std::string judge_spec = vm["judge"].as<std::string>();
  if (const auto judge = make_player(judge_spec, 1); !judge)
    throw UsageError{"referee kattis: --judge: " + judge.error()};
  Transcript transcript(vm["transcript"].as<std::string>());
  int accepted = 0;
  std::vector<double> cpu;
  for (int i = 0; i < games; ++i) {
    const Color colour = i % 2 == 0 ? Black : White;
    transcript.note(fmt::format("game {}: program plays {}", i + 1, colour == Black ? "black" : "white"));
    // A new judge a game, seeded from the referee's seed.
    const auto judge = make_player(judge_spec, rng());
    const RefereeGame g = kattis_game(program, **judge, colour, vm["cpu"].as<double>(), transcript);
    cpu.push_back(g.cpu[0]);
    const bool ok = g.winner == 0;
    accepted += ok;
    fmt::print("game {:>4}: program {} : {} ({}), {} moves, {:.2f} s CPU\n", i + 1, colour == Black ? "black" : "white",
               ok ? "accepted" : "not accepted",
               g.fault.empty()
                   ? std::string(to_string(g.outcome.state)) + ", " + std::string(to_string(g.outcome.reason))
                   : "fault: " + g.fault,
               g.moves.size(), g.cpu[0]);
    std::fflush(stdout);
  }
  fmt::print("\n{} of {} games accepted; CPU per game: {}\n", accepted, games, cpu_summary(cpu));
  return accepted == games ? 0 : 1;
}

}  // namespace loa::cli
