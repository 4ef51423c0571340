// loa records: read game records (or a move list), replay them with checks,
// and print or convert them: record, move list, final position text, or a
// diagram of the final position.
#include <fmt/core.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "commands/commands.hpp"
#include "common.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/record.hpp"

namespace loa::cli {

int cmd_records(const std::vector<std::string>& args) {
  po::options_description options("records options");
  add_game_options(options);
  options.add_options()("file,f", po::value<std::string>(), "a file of game records ('-' for stdin)")(
      "to,t", po::value<std::string>()->default_value("record"), "output: record, moves, position or diagram")(
      "game,g", po::value<int>(), "only this game of the file (1-based)");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  if (!parse_options("records", "[FILE | --moves \"...\" [--rules R] [--position P]] [--to FORMAT] [--game N]", options,
                     args, vm, &positional))
    return 0;
  const std::string to = vm["to"].as<std::string>();
  if (to != "record" && to != "moves" && to != "position" && to != "diagram")
    throw UsageError{"records: --to must be record, moves, position or diagram"};

  std::vector<RecordedGame> games;
  if (vm.count("file")) {
    const std::string path = vm["file"].as<std::string>();
    std::stringstream text;
    if (path == "-") {
      text << std::cin.rdbuf();
    } else {
      std::ifstream in(path);
      if (!in) throw UsageError{"records: cannot read " + path};
      text << in.rdbuf();
    }
    auto parsed = parse_records(text.str());
    if (!parsed) throw UsageError{"records: " + path + ": " + parsed.error()};
    games = std::move(parsed).value();
  } else if (vm.count("moves")) {
    // A move list (from a start position) becomes a record.
    const Game end = game_from_options(vm);
    po::variables_map start_vm = vm;
    start_vm.erase("moves");
    const Game start = game_from_options(start_vm);
    auto parsed = parse_records(
        format_record(start, std::vector<Move>(end.moves().begin(), end.moves().end()), {{"Event", "loa records"}}));
    if (!parsed) throw UsageError{"records: " + parsed.error()};
    games = std::move(parsed).value();
  } else {
    throw UsageError{"records: give a FILE of records or --moves"};
  }
  int first = 1, last = int(games.size());
  if (vm.count("game")) {
    first = last = vm["game"].as<int>();
    if (first < 1 || first > int(games.size()))
      throw UsageError{fmt::format("records: --game must lie in 1..{}", games.size())};
  }
  for (int i = first; i <= last; ++i) {
    const RecordedGame& g = games[i - 1];
    const Game end = g.replay();
    if (to == "record") {
      Tags extra;
      for (const auto& [k, v] : g.tags)
        if (k != "Rules" && k != "Start" && k != "Result" && k != "Termination" && k != "Points" && k != "Plies")
          extra.emplace_back(k, v);
      const int loser = g.result == "1-0" ? White : g.result == "0-1" ? Black : -1;
      fmt::print("{}{}", format_record(*parse_position_text(g.start, g.rules), g.moves, extra, g.forfeit, loser),
                 i < last ? "\n" : "");
    } else if (to == "moves") {
      std::string line;
      for (Move m : g.moves) {
        if (!line.empty()) line += ' ';
        line += move_text(m);
      }
      fmt::print("{}\n", line);
    } else if (to == "position") {
      fmt::print("{}\n", to_position_text(end));
    } else {
      fmt::print("{}{} ({})\n", board_diagram(end), g.result,
                 g.forfeit.empty() ? to_string(end.outcome().reason) : g.forfeit);
    }
  }
  return 0;
}

}  // namespace loa::cli
