// The players: the tournament entry and the simple strategies it is
// measured against. Each turn is one execution: the result line and the
// state file in, the turn and the new state file out.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "showdown/memory.hpp"
#include "showdown/protocol.hpp"

namespace showdown {

enum class Strategy {
  Entry,     // weighs racing, radar, walls and the sleep ray against the scoring
  Racer,     // runs the shortest path it knows; clears a walled goal with ZAP
  Zapper,    // finds the opponent by RADAR, lines up with it and keeps it asleep
  Waller,    // races, walls its home behind it and the square in front of the opponent
  Sprinter,  // a racer that clears its goal with a ZAP before stepping in, wall or not
};

std::optional<Strategy> strategy_named(std::string_view name);
const char* strategy_name(Strategy s);

// The turn `s` takes with what it knows (`m`, already updated with `last`,
// the result of its previous turn). May note things in m.scratch.
Turn decide(Strategy s, Memory& m, const Result& last);

// One execution: `input` is the line read from standard input, `state` the
// state file's contents (nothing when it is missing).
struct Execution {
  Turn turn;
  std::string state;
};
Execution execute(Strategy s, std::string_view input, std::optional<std::string_view> state);

}  // namespace showdown
