#include "showdown/protocol.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace showdown {

namespace {

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// A row letter and a column number, as two words; nothing when malformed.
std::optional<Square> parse_square(std::string_view row, std::string_view column) {
  if (row.size() != 1 || row[0] < 'A' || row[0] > 'Z') return std::nullopt;
  if (column.empty() || column.size() > 3) return std::nullopt;
  int number = 0;
  for (const char c : column) {
    if (c < '0' || c > '9') return std::nullopt;
    number = number * 10 + (c - '0');
  }
  return Square{row[0] - 'A', number - 1};
}

constexpr std::array<const char*, 5> kActionNames = {"MOVE", "RADAR", "WALL", "ZAP", "HELP"};
constexpr std::array<const char*, 11> kOutcomeNames = {"INIT", "OK",   "ERROR", "OUCH", "HELLO", "AT",
                                                       "BOOM", "MISS", "HIT",   "OOPS", "LOC"};

// The start of a line in quotes, for messages.
std::string quoted(std::string_view line) {
  std::string q = "'";
  q.append(line.substr(0, 40)).append("'");
  return q;
}

// The index of `word` in `names`, or -1.
template <std::size_t N>
int find_name(const std::array<const char*, N>& names, std::string_view word) {
  for (std::size_t i = 0; i < N; ++i)
    if (word == names[i]) return static_cast<int>(i);
  return -1;
}

bool has_square(Outcome o) { return o == Outcome::Init || o == Outcome::At || o == Outcome::Loc; }
bool has_target(Action a) { return a == Action::Move || a == Action::Wall || a == Action::Zap; }

}  // namespace

std::string to_string(Square s) {
  if (!s.on_board()) return "off the board";
  return std::string(1, static_cast<char>('A' + s.row)) + " " + std::to_string(s.column + 1);
}

const char* action_name(Action a) { return kActionNames[static_cast<int>(a)]; }

std::string to_string(const Turn& turn) {
  std::string text = action_name(turn.action);
  if (has_target(turn.action))
    text += std::string(" ") + static_cast<char>('A' + turn.target.row) + " " + std::to_string(turn.target.column + 1);
  return text;
}

std::string to_string(const Result& result) {
  std::string text = kOutcomeNames[static_cast<int>(result.outcome)];
  if (has_square(result.outcome)) text.append(" ").append(to_string(result.square));
  return text;
}

Parsed<Turn> parse_turn(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const auto w = words(line);
  if (w.empty()) return {std::nullopt, "an empty line is not a turn"};
  const int a = find_name(kActionNames, w[0]);
  if (a < 0) return {std::nullopt, quoted(line).append(" is not MOVE, RADAR, WALL, ZAP or HELP")};
  const Action action = static_cast<Action>(a);
  if (!has_target(action)) {
    if (w.size() != 1) return {std::nullopt, std::string(kActionNames[a]) + " takes no row or column"};
    return {Turn{action, {}}, ""};
  }
  if (w.size() != 3) return {std::nullopt, std::string(kActionNames[a]) + " needs a row and a column"};
  const auto target = parse_square(w[1], w[2]);
  if (!target) return {std::nullopt, quoted(line).append(": a row is a capital letter, a column a number")};
  return {Turn{action, *target}, ""};
}

Parsed<Result> parse_result(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const auto w = words(line);
  const int o = w.empty() ? -1 : find_name(kOutcomeNames, w[0]);
  const Outcome outcome = static_cast<Outcome>(std::max(o, 0));
  const std::size_t expected = has_square(outcome) ? 3 : 1;
  if (o >= 0 && w.size() == expected) {
    if (expected == 1) return {Result{outcome, {}}, ""};
    if (const auto square = parse_square(w[1], w[2]); square && square->on_board())
      return {Result{outcome, *square}, ""};
  }
  return {std::nullopt, quoted(line).append(" is not a SHOWDOWN result")};
}

}  // namespace showdown
