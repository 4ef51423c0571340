// The tournament entry. The scoring makes two things count most: arriving
// first (1000 + 3 per turn to spare) and a ZAP that hits, because a sleeping
// opponent stays where it was and the same ZAP hits it again next turn: each
// turn of keeping it asleep is worth 7 points and costs only the 3 of a
// later arrival. So the entry races, walls its home as soon as it has left
// it (a racer bumps into the wall, 15 points, and must spend a ZAP to clear
// it), and fires whenever the opponent is more likely than not on a clear
// line. Once it hits, it keeps the opponent asleep until just enough turns
// remain to walk to its goal and still arrive first.
//
// One RADAR early tells a racer (it has moved nearly every turn) from a
// hunter. Against a racer nothing more is spent on looking: its arrival at
// our home is foreseen from that one sighting, and the home wall is rebuilt
// on the turns it will have just cleared it. Against a hunter the entry
// looks every other turn and steps off any line the hunter could fire along.
#include "plan.hpp"
#include "showdown/strategy.hpp"

namespace showdown::detail {

namespace {

// A ZAP that hits at least this share of the squares the opponent may be on.
constexpr double kZapOdds = 0.5;
// Turns kept in hand when letting a sleeping opponent wake to race it home:
// room for a wall or a ZAP met on the way.
constexpr int kSpareTurns = 5;
// The turn of the first RADAR: late enough that a racer has shown its pace.
constexpr int kScoutTurn = 8;
// A racer may have lost this many turns (walls, a RADAR) and still be one.
constexpr int kRacerSlack = 2;
// How many times the home wall is rebuilt on the foreseen turns.
constexpr int kRewalls = 4;

enum Mode { kUnknown = 0, kRacing = 1, kHunting = 2 };
// Our slots in Memory::scratch.
enum Slot { kMode = 0, kFinalRun = 1, kRewallTurn = 2, kRewallsLeft = 3 };

struct View {
  Square me, goal, home;
  plan::Distances to_goal, to_home;
  int d = 0;        // our steps to the goal
  int their_d = 0;  // the fewest steps the opponent may need to our home
};

// Whether we arrive first if we walk from now on and the opponent, awake
// from its next turn on, walks too. Player one moves first in a round; a
// home wall costs the opponent at least a ZAP.
bool wins_race(const Memory& m, const View& v) {
  const int theirs = v.their_d + (m.walls[v.home.index()] ? 1 : 0);
  return m.side == 0 ? v.d < theirs : v.d <= theirs;
}

// How likely each square the opponent may be on is, in relative weights: a
// hunter steps onto our row or column to fire along it, so against one those
// squares count three times.
std::array<int, kSquares> weights(const Memory& m, Square me) {
  std::array<int, kSquares> w{};
  const bool hunter = m.scratch[kMode] == kHunting;
  for (int i = 0; i < kSquares; ++i) {
    if (!m.opponent[i]) continue;
    const Square s = Square::from_index(i);
    w[i] = hunter && (s.row == me.row || s.column == me.column) ? 3 : 1;
  }
  return w;
}

// The weight of the opponent squares a ray from `from` along `d` meets
// before a wall we know of.
int weight_on_ray(const Memory& m, const std::array<int, kSquares>& w, Square from, Step d) {
  int n = 0;
  for_each_on_ray(from, d, [&](Square s) {
    if (m.walls[s.index()]) return false;
    n += w[s.index()];
    return true;
  });
  return n;
}

std::optional<Turn> best_zap(const Memory& m, const View& v, const std::array<int, kSquares>& w) {
  int total = 0;
  for (const int x : w) total += x;
  if (total == 0) return std::nullopt;
  int best = 0;
  Step best_dir{};
  for (const Step d : kSteps) {
    if (!(v.me + d).on_board()) continue;
    const int hits = weight_on_ray(m, w, v.me, d);
    if (hits > best) best = hits, best_dir = d;
  }
  if (best == 0 || best < kZapOdds * total) return std::nullopt;
  return Turn{Action::Zap, v.me + best_dir};
}

// The first sighting: a racer has moved (nearly) every turn it had.
void classify(Memory& m, const View& v, Square seen) {
  const int radar_turn = m.turns - 1;
  const int their_turns = m.side == 0 ? radar_turn - 1 : radar_turn;
  const bool racing = distance(seen, home(1 - m.side)) >= their_turns - kRacerSlack;
  m.scratch[kMode] = racing ? kRacing : kHunting;
  if (!racing) return;
  // It reaches the square next to our home, bumps into the wall, clears it
  // with a ZAP and steps in: the wall goes back between the last two.
  m.scratch[kRewallTurn] = radar_turn + v.to_home[seen.index()] + 1;
  m.scratch[kRewallsLeft] = kRewalls;
}

// How exposed a square is to a ZAP: the line we keep while moving there
// (the row for a sideways step) counts double, since a hunter that saw us
// last turn fires along it.
int move_cost(const Memory& m, const std::array<int, kSquares>& w, Square from, Square to) {
  const Step along = direction(from, to);
  int kept = 0, other = 0;
  for (const Step d : kSteps) {
    const int n = weight_on_ray(m, w, to, d);
    (d.dr == 0) == (along.dr == 0) ? kept += n : other += n;
  }
  return 2 * kept + other;
}

}  // namespace

Turn entry_turn(Memory& m, const Result& last) {
  View v{m.me, m.goal_square(), m.home_square(), {}, {}, 0, 0};
  v.to_goal = plan::distances_to(v.goal, m.walls);
  if (v.to_goal[v.me.index()] >= plan::kFar) {  // boxed in by walls we know: forget them
    m.walls.reset();
    v.to_goal = plan::distances_to(v.goal, m.walls);
  }
  v.to_home = plan::distances_to(v.home, m.walls);
  v.d = v.to_goal[v.me.index()];
  v.their_d = plan::kFar;
  for (int i = 0; i < kSquares; ++i)
    if (m.opponent[i]) v.their_d = std::min(v.their_d, v.to_home[i]);
  const int remaining = kTurnLimit - m.turns;  // turns left after this one
  if (last.outcome == Outcome::At && m.scratch[kMode] == kUnknown) classify(m, v, last.square);

  // 1. A sleeping opponent: keep it asleep until it is time to go.
  if (last.outcome == Outcome::Hit && m.last) {
    const bool time_to_go = remaining - (v.d - 1) <= kSpareTurns && v.d - 1 <= remaining;
    if (m.scratch[kFinalRun] ? !wins_race(m, v) : !(time_to_go && wins_race(m, v))) return *m.last;
    m.scratch[kMode] = kHunting;  // it will wake up knowing nothing: watch it
    m.scratch[kFinalRun] = 1;
  }
  // On the way home after a long sleep of the opponent's, a ZAP is worth its
  // turn only while turns are to spare.
  const bool may_zap = !m.scratch[kFinalRun] || remaining - (v.d - 1) > 2;
  // 2. Next to the goal: clear it or step on it. Player one arriving lets
  //    player two finish the round: when it is about to step onto our home
  //    too, the wall goes back first and our arrival waits a turn.
  const bool rewall_due = m.scratch[kRewallsLeft] > 0 && m.turns == m.scratch[kRewallTurn];
  if (adjacent(v.me, v.goal) && m.side == 0 && rewall_due) {
    --m.scratch[kRewallsLeft];
    m.scratch[kRewallTurn] += 2;
    return {Action::Wall, v.home};
  }
  if (adjacent(v.me, v.goal)) {
    if (m.walls[v.goal.index()]) return {Action::Zap, v.goal};
    if (!(m.opponent.count() == 1 && m.opponent[v.goal.index()])) return {Action::Move, v.goal};
  }
  // 3. The opponent is more likely than not on a clear line: fire.
  const auto w = weights(m, v.me);
  if (const auto zap = best_zap(m, v, w); zap && may_zap) return *zap;
  // 4. A wall on our home as soon as we have left it, and again on the turns
  //    a racer will have just cleared it.
  if (v.me != v.home) {
    if (m.turns == 2 && adjacent(v.me, v.home)) return {Action::Wall, v.home};
    if (rewall_due) {
      --m.scratch[kRewallsLeft];
      m.scratch[kRewallTurn] += 2;
      return {Action::Wall, v.home};
    }
    if (m.scratch[kRewallsLeft] > 0 && m.turns > m.scratch[kRewallTurn]) m.scratch[kRewallTurn] = m.turns + 1;
  }
  // 5. Look: once to tell a racer from a hunter, then every other turn
  //    against a hunter.
  if (m.scratch[kMode] == kUnknown && m.turns >= kScoutTurn) return {Action::Radar, {}};
  if (m.scratch[kMode] == kHunting && m.info_age >= 1 && !(last.outcome == Outcome::At)) return {Action::Radar, {}};
  // 6. Step toward the goal, keeping off the lines the opponent may fire along.
  SquareSet blocked = m.walls;
  if (last.outcome == Outcome::Hello && m.last) blocked.set(m.last->target.index());
  const Square from = v.me;
  const auto step =
      plan::step_toward(from, v.goal, v.to_goal, blocked, [&](Square to) { return move_cost(m, w, from, to); });
  if (!step) return {Action::Radar, {}};
  return {Action::Move, *step};
}

}  // namespace showdown::detail
