#include <cstdlib>
#include <iterator>

#include "plan.hpp"
#include "showdown/strategy.hpp"

namespace showdown {

namespace detail {

Turn race_step(Memory& m, std::optional<Square> avoid, bool careful) {
  const Square goal = m.goal_square();
  if (adjacent(m.me, goal) && m.walls[goal.index()]) return {Action::Zap, goal};
  const bool just_fired = m.last && m.last->action == Action::Zap && m.last->target == goal;
  if (careful && adjacent(m.me, goal) && !just_fired) return {Action::Zap, goal};
  const auto dist = plan::distances_forgetting_walls(m, goal);
  SquareSet blocked = m.walls;
  if (avoid) blocked.set(avoid->index());
  if (const auto step = plan::step_toward(m.me, goal, dist, blocked)) return {Action::Move, *step};
  // The only way on is where the opponent stood: look where it is now.
  return {Action::Radar, {}};
}

namespace {

std::optional<Square> hello_square(const Memory& m, const Result& last) {
  if (last.outcome == Outcome::Hello && m.last) return m.last->target;
  return std::nullopt;
}

Turn racer_turn(Memory& m, const Result& last) { return race_step(m, hello_square(m, last)); }

Turn sprinter_turn(Memory& m, const Result& last) { return race_step(m, hello_square(m, last), true); }

// RADAR; ZAP along the line if the opponent was on one of ours, otherwise
// step to share its row or column (whichever is nearer); RADAR again. A hit
// is repeated for as long as it keeps hitting.
Turn zapper_turn(Memory& m, const Result& last) {
  if (last.outcome == Outcome::Hit && m.last) return *m.last;
  if (last.outcome != Outcome::At) return {Action::Radar, {}};
  const Square them = last.square;
  if (aligned(m.me, them) &&
      plan::weigh_ray(m.me, direction(m.me, them), m.walls, [&](Square s) { return s == them ? 1 : 0; }) > 0)
    return {Action::Zap, them};
  const int dr = them.row - m.me.row, dc = them.column - m.me.column;
  const Step vertical{dr > 0 ? 1 : -1, 0}, horizontal{0, dc > 0 ? 1 : -1};
  const bool rows_nearer = dr != 0 && (dc == 0 || std::abs(dr) <= std::abs(dc));
  for (const Step d : rows_nearer ? std::array{vertical, horizontal} : std::array{horizontal, vertical}) {
    const Square n = m.me + d;
    if ((d.dr != 0 ? dr : dc) != 0 && n.on_board() && !m.walls[n.index()] && n != them) return {Action::Move, n};
  }
  return {Action::Radar, {}};
}

// Races; walls its home right after leaving it; every fourth turn a RADAR,
// and when the opponent is near home, a wall on the square it would step to
// next (or on home itself when it is next to it).
Turn waller_turn(Memory& m, const Result& last) {
  const Square home = m.home_square();
  if (m.turns == 2 && adjacent(m.me, home)) return {Action::Wall, home};
  if (last.outcome == Outcome::At && distance(last.square, home) <= 8) {
    const Square them = last.square;
    if (adjacent(them, home) && m.me != home) return {Action::Wall, home};
    const auto dist = plan::distances_to(home, SquareSet());
    if (const auto next = plan::step_toward(them, home, dist, SquareSet()); next && *next != m.me && *next != home)
      return {Action::Wall, *next};
  }
  if (m.turns % 4 == 0) return {Action::Radar, {}};
  return race_step(m, hello_square(m, last));
}

}  // namespace
}  // namespace detail

namespace {
constexpr const char* kNames[] = {"entry", "racer", "zapper", "waller", "sprinter"};
}

std::optional<Strategy> strategy_named(std::string_view name) {
  for (int i = 0; i < static_cast<int>(std::size(kNames)); ++i)
    if (name == kNames[i]) return static_cast<Strategy>(i);
  return std::nullopt;
}

const char* strategy_name(Strategy s) { return kNames[static_cast<int>(s)]; }

Turn decide(Strategy s, Memory& m, const Result& last) {
  // What every strategy does first: find itself when lost, then its side.
  if (!m.valid) return {Action::Help, {}};
  if (m.side < 0) return {Action::Radar, {}};
  switch (s) {
    case Strategy::Entry: return detail::entry_turn(m, last);
    case Strategy::Racer: return detail::racer_turn(m, last);
    case Strategy::Zapper: return detail::zapper_turn(m, last);
    case Strategy::Waller: return detail::waller_turn(m, last);
    case Strategy::Sprinter: return detail::sprinter_turn(m, last);
  }
  return {Action::Help, {}};
}

Execution execute(Strategy s, std::string_view input, std::optional<std::string_view> state) {
  if (const auto nl = input.find('\n'); nl != std::string_view::npos) input = input.substr(0, nl);
  const auto result = parse_result(input);
  Memory m;
  if (result && result->outcome == Outcome::Init) {
    m.observe(*result);
  } else {
    if (state) m = load_memory(*state);
    // A line we cannot read tells us nothing about our last turn.
    if (result)
      m.observe(*result);
    else
      m.valid = false;
  }
  const Turn turn = decide(s, m, result ? *result : Result{Outcome::Error, {}});
  m.last = turn;
  return {turn, save_memory(m)};
}

}  // namespace showdown
