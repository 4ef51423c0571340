// loa referee showdown A B [C ...]: the SHOWDOWN mediator. Every turn of a
// program is one execution, `echo RESULT | PROGRAM STATEFILE`, in its own run
// directory; the state file is created empty and is the same for the whole
// game. Every output is checked: exactly one line holding one turn, nothing
// on stderr, within the time limit. A line that is not a turn (or no line)
// is a fault: the turn is lost and the program is told ERROR, as for an
// illegal turn. A match is two games, each program first once; with more
// than two contestants every pair plays a match.
#include <fmt/core.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "referees/process.hpp"
#include "referees/referee.hpp"
#include "showdown/game.hpp"
#include "showdown/strategy.hpp"

namespace loa::cli {

namespace {

namespace fs = std::filesystem;
using showdown::Game;

// A program, or "builtin:NAME" for a strategy run in this process (through
// a real state file all the same).
struct ShowdownContestant {
  std::string spec;
  std::vector<std::string> argv;
  std::optional<showdown::Strategy> builtin;
  std::uintmax_t size = 0;  // the executable's size, the last tie-breaker
};

ShowdownContestant make_showdown_contestant(const std::string& spec) {
  ShowdownContestant c{spec, {}, {}, 0};
  if (spec.rfind("builtin:", 0) == 0) {
    c.builtin = showdown::strategy_named(spec.substr(8));
    if (!c.builtin)
      throw UsageError{"referee showdown: no strategy '" + spec.substr(8) +
                       "' (entry, racer, zapper, waller, sprinter)"};
    return c;
  }
  std::istringstream words(spec);
  for (std::string w; words >> w;) c.argv.push_back(w);
  if (c.argv.empty()) throw UsageError{"referee showdown: empty program"};
  if (c.argv[0].find('/') != std::string::npos) c.argv[0] = fs::absolute(c.argv[0]).string();
  std::error_code ec;
  c.size = fs::file_size(c.argv[0], ec);
  if (ec) c.size = 0;
  return c;
}

struct Settings {
  double turn_limit = 10.0;  // seconds of CPU per turn
  bool keep_dirs = false;
};

// One turn of a contestant: its output line, or a fault.
std::string run_turn(const ShowdownContestant& c, const std::string& input, const fs::path& dir, const fs::path& state,
                     const Settings& s, std::string& fault, double& cpu, double& worst) {
  if (c.builtin) {
    std::ifstream in(state, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const auto run = showdown::execute(*c.builtin, input, text.str());
    std::ofstream(state, std::ios::binary | std::ios::trunc) << run.state;
    return showdown::to_string(run.turn);
  }
  std::vector<std::string> argv = c.argv;
  argv.push_back(state.string());
  const RunResult r = run_program(argv, dir.string(), input + "\n", s.turn_limit, s.turn_limit * 3 + 5);
  cpu += r.cpu_seconds;
  worst = std::max(worst, r.cpu_seconds);
  if (r.failed_to_start) return fault = "could not be started", "";
  if (r.timed_out) return fault = fmt::format("took more than {} s", s.turn_limit), "";
  if (r.signal) return fault = fmt::format("was killed by signal {}", r.signal), "";
  return one_line_answer(r, fault).value_or("");
}

struct GameReport {
  Game game;
  std::array<int, 2> faults{};  // by player (0 = player one)
  std::array<std::string, 2> first_fault;
  std::array<double, 2> cpu{}, worst_turn{};  // CPU seconds of the programs
  std::array<int, 2> runs{};                  // executions
};

// Plays one game with `one` as player one (starting at A-1) and `two` as
// player two.
GameReport play_game(const ShowdownContestant& one, const ShowdownContestant& two, const fs::path& base,
                     const Settings& s, Transcript& t) {
  GameReport g;
  const std::array<const ShowdownContestant*, 2> players = {&one, &two};
  const std::array<std::string, 2> names = {"1", "2"};
  std::array<fs::path, 2> dirs, states;
  for (int p = 0; p < 2; ++p) {
    dirs[p] = base / names[p];
    fs::create_directories(dirs[p]);
    states[p] = dirs[p] / "state";
    std::ofstream{states[p]};  // the mediator provides the file, empty
  }
  const auto take_turn = [&](int p, const std::string& input) -> std::optional<showdown::Turn> {
    t.sent(names[p], input);
    ++g.runs[p];
    std::string fault;
    const std::string line = run_turn(*players[p], input, dirs[p], states[p], s, fault, g.cpu[p], g.worst_turn[p]);
    std::optional<showdown::Turn> turn;
    if (fault.empty()) {
      t.received(names[p], line);
      const auto parsed = showdown::parse_turn(line);
      if (parsed)
        turn = *parsed;
      else
        fault = parsed.error;
    }
    if (!fault.empty()) {
      if (g.faults[p]++ == 0) g.first_fault[p] = fault;
      t.note(fmt::format("fault: player {} {}", names[p], fault));
    }
    return turn;
  };
  showdown::play_out(g.game, take_turn,
                     [&](int p) { t.note(fmt::format("turn {}: player {} sleeps", g.game.turn(), names[p])); });
  if (!s.keep_dirs) fs::remove_all(base);
  return g;
}

std::string score_text(const showdown::Score& s) {
  return fmt::format("{} (result {}, speed {}, ouch {}, zap {}, progress {})", s.total(), s.result, s.speed, s.ouches,
                     s.zaps, s.progress);
}

std::string ending_text(const Game& g) {
  switch (g.ending()) {
    case showdown::Ending::Win:
      return fmt::format("player {} arrives on turn {}", *g.winner() + 1, g.stats(*g.winner()).arrived);
    case showdown::Ending::Tie: return fmt::format("both arrive on turn {}", g.stats(0).arrived);
    default: return "nobody arrives in 100 turns";
  }
}

struct MatchResult {
  std::array<showdown::MatchTally, 2> tally;
  std::optional<int> advances;
  const char* reason = "";
  int faults = 0;
};

MatchResult play_match(const std::array<const ShowdownContestant*, 2>& c, const fs::path& base, const Settings& s,
                       Transcript& t, bool verbose) {
  MatchResult m;
  for (int first = 0; first < 2; ++first) {
    const int one = first, two = 1 - first;  // contestant indices for player one and two
    t.note(fmt::format("game {}: player 1 is {}, player 2 is {}", first + 1, c[one]->spec, c[two]->spec));
    const GameReport g = play_game(*c[one], *c[two], base / fmt::format("game{}", first + 1), s, t);
    const std::array<int, 2> as = {one, two};
    for (int p = 0; p < 2; ++p) {
      m.tally[as[p]].add(g.game, p);
      m.faults += g.faults[p];
    }
    fmt::print("  game {}: {} first: {}\n", first + 1, c[one]->spec, ending_text(g.game));
    for (int p = 0; p < 2; ++p) {
      const auto& st = g.game.stats(p);
      fmt::print("    {:<28} {}\n", c[as[p]]->spec, score_text(g.game.score(p)));
      if (!c[as[p]]->builtin)
        fmt::print("      CPU {:.2f} s in {} turns, worst turn {:.3f} s\n", g.cpu[p], g.runs[p], g.worst_turn[p]);
      if (verbose || st.errors || g.faults[p])
        fmt::print("      moves {} radars {} walls {} zaps {} helps {} ouches {} hits {} slept {} errors {}{}\n",
                   st.moves, st.radars, st.walls, st.zaps, st.helps, st.ouches, st.hits, st.slept, st.errors,
                   g.faults[p] ? fmt::format(", faults {} (first: {})", g.faults[p], g.first_fault[p]) : "");
    }
  }
  m.tally[0].executable_size = c[0]->size;
  m.tally[1].executable_size = c[1]->size;
  m.advances = showdown::decide_match(m.tally[0], m.tally[1], &m.reason);
  return m;
}

}  // namespace

int referee_showdown(const std::vector<std::string>& args) {
  po::options_description options("referee showdown options");
  options.add_options()("programs", po::value<std::vector<std::string>>()->multitoken(),
                        "two or more programs (a path with arguments, or builtin:entry|racer|zapper|waller|sprinter)")(
      "turn-limit", po::value<double>()->default_value(10.0), "CPU seconds a program may take for one turn")(
      "keep-dirs", "keep the run directories")("transcript", po::value<std::string>()->default_value(""),
                                               "write every line exchanged to this file")(
      "verbose,v", "print every player's counts of each turn");
  po::positional_options_description positional;
  positional.add("programs", -1);
  po::variables_map vm;
  if (!parse_options("referee showdown", "PROGRAM_A PROGRAM_B [PROGRAM_C ...] [--turn-limit S] ...", options, args, vm,
                     &positional))
    return 0;
  if (!vm.count("programs") || vm["programs"].as<std::vector<std::string>>().size() < 2)
    throw UsageError{"referee showdown: name at least two programs"};
  Settings settings{vm["turn-limit"].as<double>(), vm.count("keep-dirs") > 0};
  if (!(settings.turn_limit > 0 && settings.turn_limit <= 600))
    throw UsageError{"referee showdown: --turn-limit must lie in (0, 600]"};
  std::vector<ShowdownContestant> players;
  for (const auto& spec : vm["programs"].as<std::vector<std::string>>())
    players.push_back(make_showdown_contestant(spec));
  std::string tmpl = (fs::temp_directory_path() / "loa-showdown-XXXXXX").string();
  if (!mkdtemp(tmpl.data())) throw UsageError{"referee showdown: cannot make a run directory"};
  const fs::path root = tmpl;
  Transcript transcript(vm["transcript"].as<std::string>());

  const std::size_t n = players.size();
  std::vector<int> total(n), matches_won(n);
  int faults = 0, match_no = 0;
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = a + 1; b < n; ++b) {
      fmt::print("match {}: A {} vs B {}\n", ++match_no, players[a].spec, players[b].spec);
      const MatchResult m = play_match({&players[a], &players[b]}, root / fmt::format("match{}", match_no), settings,
                                       transcript, vm.count("verbose") > 0);
      total[a] += m.tally[0].score;
      total[b] += m.tally[1].score;
      faults += m.faults;
      const std::string verdict =
          m.advances ? fmt::format("{} advances ({})", *m.advances == 0 ? "A" : "B", m.reason) : "undecided";
      if (m.advances) ++matches_won[*m.advances == 0 ? a : b];
      fmt::print("  match score: A {} B {}: {}\n", m.tally[0].score, m.tally[1].score, verdict);
    }
  if (!settings.keep_dirs) fs::remove_all(root);
  if (n > 2) {
    std::size_t width = 7;
    for (const auto& p : players) width = std::max(width, p.spec.size());
    fmt::print("\nround robin: {:<{}} {:>8} {:>8}\n", "program", width, "score", "matches");
    for (std::size_t i = 0; i < n; ++i)
      fmt::print("             {:<{}} {:>8} {:>8}\n", players[i].spec, width, total[i], matches_won[i]);
  }
  if (faults) fmt::print("faults: {}\n", faults);
  return faults == 0 ? 0 : 1;
}

}  // namespace loa::cli
