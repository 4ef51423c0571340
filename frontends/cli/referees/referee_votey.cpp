// loa referee votey BLACK WHITE: the Votey Checkers referee with play()
// semantics over the agents' stdin/stdout. Starts BLACK as `BLACK 1` and WHITE
// as `WHITE 2`; white first calls play(0) (writes 0) to learn black's move;
// each move is a four-digit code, negated when it wins. An illegal or late
// move is answered with -1 and loses; so does a wrong win flag.
#include <fmt/core.h>

#include <cstdio>
#include <random>

#include "loa/play/match.hpp"
#include "loa/text/notation.hpp"
#include "referees/process.hpp"
#include "referees/referee.hpp"

namespace loa::cli {

namespace {

struct Agent {
  Contestant* who;
  Interactive process;
  std::string name;  // in the transcript
};

// Sends a line to an agent, writing it to the transcript.
bool tell(Agent& a, Transcript& t, const std::string& line) {
  t.sent(a.name, line);
  return a.process.send(line);
}

// Reads the next code an agent sends, within its per-move CPU allowance.
std::string read_code(Agent& a, double move_cpu, long long& code, double& cpu, Transcript& t) {
  const double before = a.process.cpu_seconds();
  const auto line = a.process.read_line(2 * move_cpu + 5);
  const double used = a.process.cpu_seconds() - before;
  cpu += used;
  if (!line) return a.process.timed_out() ? "no move in time" : "output ended";
  t.received(a.name, *line);
  if (used > move_cpu) return fmt::format("took {:.1f} s of CPU for a move", used);
  try {
    std::size_t end = 0;
    code = std::stoll(*line, &end);
    if (end != line->size()) throw std::invalid_argument("trailing text");
  } catch (const std::exception&) {
    return "sent '" + line->substr(0, 40) + "', not a move code";
  }
  return "";
}

RefereeGame votey_game(std::array<Contestant*, 2> by_colour, std::array<std::string, 2> names, double move_cpu,
                       Transcript& t) {
  RefereeGame g;
  Game game(votey());
  std::array<Agent, 2> agents{Agent{by_colour[0], {}, names[0]}, Agent{by_colour[1], {}, names[1]}};
  auto fault = [&](int c, const std::string& what) {
    g.fault = fmt::format("{} ({}): {}", c == Black ? "black" : "white", agents[c].who->name(), what);
    g.winner = 1 - c;
    t.note("fault: " + g.fault);
  };
  for (int c = 0; c < 2; ++c) {
    Contestant& who = *agents[c].who;
    if (who.is_builtin()) {
      who.builtin->new_game();
      continue;
    }
    std::vector<std::string> argv = who.argv;
    argv.push_back(c == Black ? "1" : "2");
    if (!agents[c].process.start(argv)) fault(c, "could not be started");
  }
  // White's play(0): its first word must be 0.
  if (g.fault.empty() && !agents[White].who->is_builtin()) {
    long long zero = -1;
    const std::string e = read_code(agents[White], move_cpu, zero, g.cpu[White], t);
    if (!e.empty() || zero != 0) fault(White, e.empty() ? "did not open with play(0)" : e);
  }
  while (g.fault.empty() && !game.over()) {
    const Color c = game.side_to_move();
    Agent& a = agents[c];
    Move m;
    bool claims = false;
    if (a.who->is_builtin()) {
      m = a.who->builtin->choose(game);
      Game after = game;
      after.play(m);
      claims = after.over() && after.outcome().score_for(c) > 0;
    } else {
      long long code = 0;
      const std::string e = read_code(a, move_cpu, code, g.cpu[c], t);
      if (!e.empty()) {
        tell(a, t, "-1");
        fault(c, e);
        break;
      }
      if (code == 0 && game.is_legal(Move::pass())) {
        m = Move::pass();
      } else {
        const auto parsed = parse_votey_code(code, game);
        if (!parsed) {
          tell(a, t, "-1");
          fault(c, parsed.error());
          break;
        }
        m = parsed->move, claims = parsed->claims_win;
      }
    }
    game.play(m);
    g.moves.push_back(m);
    const bool won = game.over() && game.outcome().score_for(c) > 0;
    if (claims != won) {
      if (!a.who->is_builtin()) tell(a, t, "-1");
      fault(c, won ? "did not negate its winning move" : "declared a win that is not one");
      break;
    }
    // The opponent learns the move from its pending play().
    Agent& other = agents[~c];
    const int code = m.is_pass() ? 0 : votey_code(m, 8, won);
    if (!other.who->is_builtin() && !tell(other, t, std::to_string(code)) && !game.over())
      fault(~c, "closed its input");
  }
  // Once the game is over each program must exit by itself, cleanly: the
  // loser on reading the winning move, the winner when its play() finds its
  // input closed.
  for (int c = 0; c < 2; ++c)
    if (!agents[c].who->is_builtin()) {
      const int code = agents[c].process.finish(2.0);
      if (!g.fault.empty() || !game.over()) continue;
      if (const auto extra = agents[c].process.read_line(0.0)) {
        t.received(agents[c].name, *extra);
        fault(c, "wrote after the game's end: '" + extra->substr(0, 20) + "'");
      } else if (code != 0) {
        fault(c, code < 0 ? "did not exit cleanly at the game's end (killed or signalled)"
                          : fmt::format("exit code {} at the game's end", code));
      }
    }
  g.outcome = game.outcome();
  if (g.fault.empty()) {
    const auto w = game.outcome().winner();
    g.winner = w ? int(*w) : -1;
  }
  return g;
}

}  // namespace

int referee_votey(const std::vector<std::string>& args) {
  po::options_description options("referee votey options");
  options.add_options()("a", po::value<std::string>()->required(), "program A (a path, or builtin:SPEC)")(
      "b", po::value<std::string>()->required(), "program B")("games,g", po::value<int>()->default_value(2),
                                                              "games; A is black in odd games, white in even ones")(
      "seed,s", po::value<std::uint64_t>()->default_value(1), "seed for built-in players")(
      "move-cpu", po::value<double>()->default_value(60.0), "CPU seconds allowed per move")(
      "verbose,v", "print every game's moves")("transcript", po::value<std::string>()->default_value(""),
                                               "write every line exchanged to this file");
  po::positional_options_description positional;
  positional.add("a", 1).add("b", 1);
  po::variables_map vm;
  if (!parse_options("referee votey", "PROGRAM_A PROGRAM_B [--games N] [--move-cpu S]", options, args, vm, &positional))
    return 0;
  const int games = vm["games"].as<int>();
  if (games < 1 || games > 100000) throw UsageError{"referee votey: --games must lie in 1..100000"};
  const double move_cpu = vm["move-cpu"].as<double>();
  if (!(move_cpu > 0 && move_cpu <= 3600)) throw UsageError{"referee votey: --move-cpu must lie in (0, 3600]"};
  const std::uint64_t seed = vm["seed"].as<std::uint64_t>();
  std::array<Contestant, 2> players = {make_contestant(vm["a"].as<std::string>(), seed),
                                       make_contestant(vm["b"].as<std::string>(), seed + 1)};
  Transcript transcript(vm["transcript"].as<std::string>());
  std::array<int, 2> wins{};
  int draws = 0, faults = 0;
  std::array<std::vector<double>, 2> cpu;
  for (int i = 0; i < games; ++i) {
    const int black = i % 2;  // A is black in the first game
    transcript.note(fmt::format("game {}: A is {}", i + 1, black == 0 ? "black" : "white"));
    const std::array<std::string, 2> names = {black == 0 ? "A" : "B", black == 0 ? "B" : "A"};
    const RefereeGame g = votey_game({&players[black], &players[1 - black]}, names, move_cpu, transcript);
    const int winner = g.winner < 0 ? -1 : g.winner == Black ? black : 1 - black;
    if (winner < 0)
      ++draws;
    else
      ++wins[winner];
    faults += !g.fault.empty();
    for (int p = 0; p < 2; ++p)
      if (!players[p].is_builtin()) cpu[p].push_back(g.cpu[p == black ? Black : White]);
    fmt::print("game {:>3}: A is {}: {} ({}), {} moves\n", i + 1, black == 0 ? "black" : "white",
               winner < 0    ? "draw"
               : winner == 0 ? "A wins"
                             : "B wins",
               g.fault.empty() ? std::string(to_string(g.outcome.reason)) : "fault: " + g.fault, g.moves.size());
    std::fflush(stdout);
    if (vm.count("verbose")) {
      fmt::print("          {}\n", pv_text(g.moves));
    }
  }
  fmt::print("\nA ({}) {} wins, B ({}) {} wins, {} draws, {} faults\n", players[0].name(), wins[0], players[1].name(),
             wins[1], draws, faults);
  for (int p = 0; p < 2; ++p)
    if (!players[p].is_builtin()) fmt::print("CPU per game, {}: {}\n", p == 0 ? "A" : "B", cpu_summary(cpu[p]));
  return faults == 0 ? 0 : 1;
}

}  // namespace loa::cli
