// loa referee potm A B: the POTM LOAPS mediator. Runs each program once per
// move as `PROGRAM INPUTFILE` in its own fresh run directory, charges the CPU
// it uses to its 60 s game clock, and checks every output: exactly one line
// "b4 c3" naming a legal move, and nothing on stderr. A match is two games,
// each program first once; a won game is worth 2 match points, a draw 1.
#include <fmt/core.h>
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "loa/play/match.hpp"
#include "loa/text/contest.hpp"
#include "loa/text/notation.hpp"
#include "referees/process.hpp"
#include "referees/referee.hpp"

namespace loa::cli {

namespace {

namespace fs = std::filesystem;

struct PotmSettings {
  double clock = 60.0;
  bool keep_dirs = false;
};

// The input file with the seconds of its two score lines replaced by '*':
// they depend on measured CPU time, and transcripts must not.
std::string mask_clocks(const std::string& file) {
  std::string out;
  std::size_t start = 0;
  for (int line = 0; start < file.size(); ++line) {
    const std::size_t end = file.find('\n', start);
    std::string text = file.substr(start, end - start);
    if (line == 1 || line == 2) text = text.substr(0, text.rfind(' ')) + " *";
    out += text + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

// One move of a program: write the file, run it, check what it said.
Move potm_move(Contestant& c, const Game& game, std::array<double, 2>& clock, const fs::path& dir, std::string& fault,
               double& cpu, Transcript& t, const std::string& who) {
  const Color us = game.side_to_move();
  if (c.is_builtin()) return c.builtin->choose(game);
  const fs::path input = dir / "input";
  const std::string file = potm_input_text(game, clock);
  std::ofstream(input) << file;
  // The clock depends on measured CPU time: the transcript masks it.
  t.sent(who, mask_clocks(file));
  std::vector<std::string> argv = c.argv;
  argv.push_back(input.string());
  const RunResult r = run_program(argv, dir.string(), "", clock[us], clock[us] * 3 + 5);
  cpu += r.cpu_seconds;
  clock[us] -= r.cpu_seconds;
  if (r.failed_to_start) return fault = "could not be started", Move::none();
  if (r.timed_out || clock[us] < 0)
    return fault = fmt::format("ran out of time ({:.2f} s left)", clock[us]), Move::none();
  if (r.signal) return fault = fmt::format("was killed by signal {}", r.signal), Move::none();
  t.received(who, r.out);
  const auto line = one_line_answer(r, fault);
  if (!line) return Move::none();
  const auto m = parse_potm_move(*line, game);
  if (!m) return fault = m.error(), Move::none();
  return *m;
}

// Plays one game with contestants[first] as player 1.
RefereeGame potm_game(std::array<Contestant, 2>& players, int first, const Game& start, const PotmSettings& s,
                      const fs::path& base, Transcript& t) {
  RefereeGame g;
  Game game = start;
  std::array<double, 2> clock{s.clock, s.clock};
  std::array<fs::path, 2> dirs;
  for (int i = 0; i < 2; ++i) {
    dirs[i] = base / (i == 0 ? "A" : "B");
    fs::create_directories(dirs[i]);
    if (players[i].is_builtin()) players[i].builtin->new_game();
  }
  while (!game.over()) {
    const int who = game.side_to_move() == Black ? first : 1 - first;
    std::string fault;
    const Move m = potm_move(players[who], game, clock, dirs[who], fault, g.cpu[who], t, who == 0 ? "A" : "B");
    if (!fault.empty()) {
      g.fault = fmt::format("{} ({}): {}", who == 0 ? "A" : "B", players[who].name(), fault);
      g.winner = 1 - who;
      t.note("fault: " + g.fault);
      break;
    }
    game.play(m);
    g.moves.push_back(m);
  }
  g.outcome = game.outcome();
  g.points = {game.points(Black), game.points(White)};
  if (g.fault.empty()) {
    const auto w = game.outcome().winner();
    g.winner = !w ? -1 : (*w == Black) == (first == 0) ? 0 : 1;
  }
  if (!s.keep_dirs) fs::remove_all(base);
  return g;
}

}  // namespace

int referee_potm(const std::vector<std::string>& args) {
  po::options_description options("referee potm options");
  options.add_options()("a", po::value<std::string>()->required(), "program A (a path, or builtin:SPEC)")(
      "b", po::value<std::string>()->required(), "program B")("matches,g", po::value<int>()->default_value(1),
                                                              "matches of two games, each program first once")(
      "seed,s", po::value<std::uint64_t>()->default_value(1), "seed for openings and built-in players")(
      "opening-plies", po::value<int>()->default_value(0), "random plies before the programs take over")(
      "clock", po::value<double>()->default_value(60.0), "CPU seconds per program per game")(
      "keep-dirs", "keep the run directories")("transcript", po::value<std::string>()->default_value(""),
                                               "write every file and line exchanged (clocks masked) to this file")(
      "verbose,v", "print every game's moves");
  po::positional_options_description positional;
  positional.add("a", 1).add("b", 1);
  po::variables_map vm;
  if (!parse_options("referee potm", "PROGRAM_A PROGRAM_B [--matches N] [--clock S] ...", options, args, vm,
                     &positional))
    return 0;
  const int matches = vm["matches"].as<int>(), plies = vm["opening-plies"].as<int>();
  if (matches < 1 || matches > 100000) throw UsageError{"referee potm: --matches must lie in 1..100000"};
  if (plies < 0 || plies > 40) throw UsageError{"referee potm: --opening-plies must lie in 0..40"};
  PotmSettings settings{vm["clock"].as<double>(), vm.count("keep-dirs") > 0};
  if (!(settings.clock > 0 && settings.clock <= 3600)) throw UsageError{"referee potm: --clock must lie in (0, 3600]"};
  const std::uint64_t seed = vm["seed"].as<std::uint64_t>();
  std::array<Contestant, 2> players = {make_contestant(vm["a"].as<std::string>(), seed),
                                       make_contestant(vm["b"].as<std::string>(), seed + 1)};
  std::string tmpl = (fs::temp_directory_path() / "loa-potm-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw UsageError{"referee potm: cannot make a run directory"};
  const fs::path root = tmpl;
  std::mt19937_64 rng(seed);
  Transcript transcript(vm["transcript"].as<std::string>());
  std::array<int, 2> match_points{}, faults{};
  std::array<std::vector<double>, 2> cpu;
  int game_no = 0;
  for (int m = 0; m < matches; ++m) {
    const Game start = random_opening(loaps(), plies, rng);
    for (int first = 0; first < 2; ++first) {
      transcript.note(fmt::format("game {}: player 1 is {}", game_no + 1, first == 0 ? "A" : "B"));
      const RefereeGame g =
          potm_game(players, first, start, settings, root / fmt::format("game{}", ++game_no), transcript);
      for (int i = 0; i < 2; ++i) {
        match_points[i] += g.winner == i ? 2 : g.winner < 0 ? 1 : 0;
        if (!players[i].is_builtin()) cpu[i].push_back(g.cpu[i]);
      }
      if (!g.fault.empty()) ++faults[g.winner == 0 ? 1 : 0];
      const std::string result = g.winner < 0 ? "draw" : g.winner == 0 ? "A wins" : "B wins";
      fmt::print("game {:>3}: player 1 {}: {} ({}), points {}-{}, {} moves, CPU A {:.2f} s B {:.2f} s\n", game_no,
                 first == 0 ? "A" : "B", result,
                 g.fault.empty() ? std::string(to_string(g.outcome.reason)) : "fault: " + g.fault, g.points[0],
                 g.points[1], g.moves.size(), g.cpu[0], g.cpu[1]);
      std::fflush(stdout);
      if (vm.count("verbose")) {
        fmt::print("          {}\n", pv_text(g.moves));
      }
    }
  }
  if (!settings.keep_dirs) fs::remove_all(root);
  fmt::print("\nmatch points: A ({}) {}, B ({}) {}\n", players[0].name(), match_points[0], players[1].name(),
             match_points[1]);
  for (int i = 0; i < 2; ++i)
    if (!players[i].is_builtin())
      fmt::print("CPU per game, {}: {}; faults: {}\n", i == 0 ? "A" : "B", cpu_summary(cpu[i]), faults[i]);
  return faults[0] + faults[1] == 0 ? 0 : 1;
}

}  // namespace loa::cli
