// loa referee codingame A [B]: CodinGame's "Lines of Action" arena, as its
// public referee (darkhorse64's CG_LinesOfAction) runs it. Each program is
// one process for the whole game; each turn it is sent its colour (on its
// first turn only), the board from rank 8 down, the opponent's last move
// ("null" on the first turn of the game, "pass"), the number of legal moves
// and the moves in sorted order ("1" and "pass" when it has none). It must
// answer one line within 1000 ms of wall time on its first turn and 150 ms
// after that: a move as "e2e3" (a blank and a comment may follow), "pass"
// when it has no move, or "random". A late, missing or unknown answer loses.
// After 150 plies the game is drawn (the codingame preset).
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <random>

#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "referees/process.hpp"
#include "referees/referee.hpp"

namespace loa::cli {

namespace {

std::string cg_move(Move m) { return m.is_pass() ? "pass" : square_name(m.from()) + square_name(m.to()); }

struct Limits_ms {
  double first_turn = 1000, turn = 150;
};

struct CodinGameResult : RefereeGame {
  std::array<double, 2> worst_ms{};       // the slowest answer of each side, first turns aside
  std::array<double, 2> first_turn_ms{};  // each side's first answer
};

CodinGameResult codingame_game(const Game& start, std::array<Contestant*, 2> side,
                               const std::array<std::string, 2>& names, const Limits_ms& limits, std::mt19937_64& rng,
                               Transcript& t) {
  CodinGameResult r;
  Game game = start;
  std::array<Interactive, 2> child;
  std::array<bool, 2> spoke{};
  auto fault = [&](int c, const std::string& what) {
    r.fault = fmt::format("{} ({}): {}", c == Black ? "black" : "white", side[c]->name(), what);
    r.winner = 1 - c;
    t.note("fault: " + r.fault);
  };
  for (int c = 0; c < 2; ++c) {
    if (side[c]->is_builtin()) {
      side[c]->builtin->new_game();
    } else if (!child[c].start(side[c]->argv)) {
      fault(c, "could not be started");
      return r;
    }
  }
  std::string last = "null";
  while (!game.over() && r.fault.empty()) {
    const int c = game.side_to_move();
    const MoveList legal = game.legal_moves();
    Move m;
    if (side[c]->is_builtin()) {
      m = side[c]->builtin->choose(game);
    } else {
      std::vector<std::string> lines;
      if (!spoke[c]) lines.push_back(c == Black ? "b" : "w");
      for (int rank = 7; rank >= 0; --rank) {
        std::string row;
        for (int file = 0; file < 8; ++file) {
          const Piece p = game.position().piece_on(make_square(file, rank));
          row += p == Piece::Black ? 'b' : p == Piece::White ? 'w' : '.';
        }
        lines.push_back(row);
      }
      lines.push_back(last);
      std::vector<std::string> offered;
      for (Move x : legal) offered.push_back(cg_move(x));
      std::sort(offered.begin(), offered.end());
      lines.push_back(std::to_string(offered.size()));
      lines.insert(lines.end(), offered.begin(), offered.end());
      bool sent = true;
      for (const std::string& l : lines) {
        t.sent(names[c], l);
        sent = sent && child[c].send(l);
      }
      const double limit = spoke[c] ? limits.turn : limits.first_turn;
      const auto asked_at = std::chrono::steady_clock::now();
      // Read past the limit to tell a late answer from none at all. A program
      // that closed its input may still have answered before it did.
      const auto line = child[c].read_line(sent ? limit / 1000.0 + 1.0 : 0.2);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - asked_at).count();
      (spoke[c] ? r.worst_ms[c] : r.first_turn_ms[c]) = std::max(spoke[c] ? r.worst_ms[c] : 0.0, ms);
      if (!line) {
        if (sent && child[c].timed_out()) {
          fault(c, fmt::format("no answer within {:.0f} ms", limit));
        } else {
          // 126 and 127: the shell could not find or run the program.
          const int code = child[c].finish(0.5);
          fault(c, code == 126 || code == 127 ? fmt::format("could not be started (exit code {})", code)
                   : sent                     ? "output ended mid-game"
                                              : "closed its input");
        }
        break;
      }
      t.received(names[c], *line);
      if (ms > limit) {
        fault(c, fmt::format("answered after {:.0f} ms, over the {:.0f} ms allowed", ms, limit));
        break;
      }
      spoke[c] = true;
      // The answer is its first word; the rest is a comment for the viewer.
      const std::string word = line->substr(0, line->find(' '));
      const bool stuck = legal.size() == 1 && legal[0].is_pass();
      if (word == "random") {
        m = legal[int(rng() % std::uint64_t(legal.size()))];
      } else if (stuck) {
        if (word != "pass") {
          fault(c, "answered '" + word.substr(0, 20) + "' with no legal move (it must pass)");
          break;
        }
        m = Move::pass();
      } else {
        // As the arena does: the first legal move the answer starts with.
        m = Move::none();
        for (Move x : legal)
          if (word.rfind(cg_move(x), 0) == 0) m = x;
        if (m.is_none()) {
          fault(c, "'" + word.substr(0, 20) + "' is not a legal move (invalid action)");
          break;
        }
      }
    }
    game.play(m);
    r.moves.push_back(m);
    last = cg_move(m);
  }
  for (int c = 0; c < 2; ++c)
    if (!side[c]->is_builtin()) {
      child[c].finish(0.5);
      r.cpu[c] = child[c].cpu_seconds();
    }
  r.outcome = game.outcome();
  if (r.fault.empty()) {
    const auto w = game.outcome().winner();
    r.winner = w ? int(*w) : -1;
  }
  return r;
}

}  // namespace

int referee_codingame(const std::vector<std::string>& args) {
  po::options_description options("referee codingame options");
  options.add_options()("a", po::value<std::string>()->required(), "program A (a path, or builtin:SPEC)")(
      "b", po::value<std::string>()->default_value("builtin:random"), "program B (default builtin:random)")(
      "games,g", po::value<int>()->default_value(2), "games; A is black in odd games, white in even ones")(
      "seed,s", po::value<std::uint64_t>()->default_value(1), "seed for built-in players and 'random' answers")(
      "first-turn-ms", po::value<double>()->default_value(1000), "wall-clock ms for a program's first answer")(
      "turn-ms", po::value<double>()->default_value(150), "wall-clock ms for every later answer")(
      "position", po::value<std::string>()->default_value(""),
      "start every game from this position text (codingame rules) instead of the start")(
      "verbose,v", "print every game's moves")("transcript", po::value<std::string>()->default_value(""),
                                               "write every line exchanged to this file");
  po::positional_options_description positional;
  positional.add("a", 1).add("b", 1);
  po::variables_map vm;
  if (!parse_options("referee codingame", "PROGRAM_A [PROGRAM_B] [--games N] [--seed S] [--position TEXT]", options,
                     args, vm, &positional))
    return 0;
  const int games = vm["games"].as<int>();
  if (games < 1 || games > 100000) throw UsageError{"referee codingame: --games must lie in 1..100000"};
  Limits_ms limits{vm["first-turn-ms"].as<double>(), vm["turn-ms"].as<double>()};
  if (!(limits.first_turn > 0 && limits.first_turn <= 60000 && limits.turn > 0 && limits.turn <= 60000))
    throw UsageError{"referee codingame: --first-turn-ms and --turn-ms must lie in (0, 60000]"};
  const std::uint64_t seed = vm["seed"].as<std::uint64_t>();
  std::array<Contestant, 2> players = {make_contestant(vm["a"].as<std::string>(), seed),
                                       make_contestant(vm["b"].as<std::string>(), seed + 1)};
  Game start(codingame());
  if (const std::string text = vm["position"].as<std::string>(); !text.empty()) {
    auto parsed = parse_position_text(text, codingame());
    if (!parsed) throw UsageError{"referee codingame: --position: " + parsed.error()};
    if (parsed->over()) throw UsageError{"referee codingame: --position: the game is already over there"};
    start = std::move(parsed).value();
  }
  std::mt19937_64 rng(seed);
  Transcript transcript(vm["transcript"].as<std::string>());
  std::array<int, 2> wins{};
  int draws = 0, faults = 0;
  std::array<double, 2> worst{}, worst_first{};
  std::vector<int> lengths;
  for (int i = 0; i < games; ++i) {
    const int black = i % 2;  // A is black in the first game
    transcript.note(fmt::format("game {}: A is {}", i + 1, black == 0 ? "black" : "white"));
    const std::array<std::string, 2> names = {black == 0 ? "A" : "B", black == 0 ? "B" : "A"};
    const CodinGameResult g =
        codingame_game(start, {&players[black], &players[1 - black]}, names, limits, rng, transcript);
    const int winner = g.winner < 0 ? -1 : g.winner == Black ? black : 1 - black;
    winner < 0 ? ++draws : ++wins[winner];
    faults += !g.fault.empty();
    lengths.push_back(int(g.moves.size()));
    for (int c = 0; c < 2; ++c) {
      const int p = c == Black ? black : 1 - black;
      worst[p] = std::max(worst[p], g.worst_ms[c]);
      worst_first[p] = std::max(worst_first[p], g.first_turn_ms[c]);
    }
    fmt::print("game {:>4}: A is {}: {} ({}), {} plies\n", i + 1, black == 0 ? "black" : "white",
               winner < 0    ? "draw"
               : winner == 0 ? "A wins"
                             : "B wins",
               g.fault.empty() ? std::string(to_string(g.outcome.reason)) : "fault: " + g.fault, g.moves.size());
    if (vm.count("verbose")) fmt::print("           {}\n", pv_text(g.moves));
    std::fflush(stdout);
  }
  std::sort(lengths.begin(), lengths.end());
  fmt::print("\nA ({}) {} wins, B ({}) {} wins, {} draws, {} faults; median game {} plies\n", players[0].name(),
             wins[0], players[1].name(), wins[1], draws, faults, lengths[lengths.size() / 2]);
  for (int p = 0; p < 2; ++p)
    if (!players[p].is_builtin())
      fmt::print("worst answer, {}: first turn {:.1f} ms (of {:.0f}), later turns {:.1f} ms (of {:.0f})\n",
                 p == 0 ? "A" : "B", worst_first[p], limits.first_turn, worst[p], limits.turn);
  return faults == 0 ? 0 : 1;
}

}  // namespace loa::cli
