// The lines of the SHOWDOWN protocol: the turn a program writes ("MOVE B 1",
// "RADAR", "WALL C 4", "ZAP A 26", "HELP") and the line the mediator gives it
// next time ("INIT A 1", "OK", "AT E 13", ...).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "showdown/board.hpp"

namespace showdown {

enum class Action { Move, Radar, Wall, Zap, Help };

// One turn. `target` is used by MOVE, WALL and ZAP; it may be off the board
// (the mediator answers ERROR).
struct Turn {
  Action action = Action::Help;
  Square target{};
  friend bool operator==(const Turn&, const Turn&) = default;
};

enum class Outcome { Init, Ok, Error, Ouch, Hello, At, Boom, Miss, Hit, Oops, Loc };

// What the mediator reports for a turn; `square` is used by INIT, AT and LOC.
struct Result {
  Outcome outcome = Outcome::Init;
  Square square{};
  friend bool operator==(const Result&, const Result&) = default;
};

// A parsed value or why the text is not one.
template <typename T>
struct Parsed {
  std::optional<T> value;
  std::string error;
  explicit operator bool() const { return value.has_value(); }
  const T& operator*() const { return *value; }
  const T* operator->() const { return &*value; }
};

// Parses one line (without its newline). Words are separated by blanks; a
// row is one capital letter and a column one to three digits, so "MOVE Z 99"
// is a well-formed turn naming a square off the board, while "MOVE b 2" or
// "move B 2" is not a turn at all.
Parsed<Turn> parse_turn(std::string_view line);
Parsed<Result> parse_result(std::string_view line);

std::string to_string(const Turn& turn);
std::string to_string(const Result& result);
const char* action_name(Action a);

}  // namespace showdown
