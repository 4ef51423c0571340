// The tournament entry (docs/showdown.md has the reasoning at length).
// Tempo is symmetric, so two players who waste nothing tie the race; what
// decides is a ZAP that hits, because a sleeping opponent stays where it was
// and the same ZAP hits it again next turn: 7 points a turn for as long as
// we like, while the opponent scores nothing. So the entry:
// - walls its home once it has left it (a racer bumps into it and must
//   spend a ZAP on it);
// - looks once, early, to tell a racer (it has moved nearly every turn)
//   from a hunter, and to forecast the race;
// - against a racer it can outrun, races, rebuilding the home wall on the
//   turns the racer is foreseen to have just cleared it;
// - against one it cannot, waits on its home row and fires along its
//   column as the racer crosses it (the ambush);
// - against a hunter, looks every other turn and keeps off its lines;
// - fires whenever the opponent is more likely than not on a clear line,
//   and once it hits, keeps the opponent asleep until just enough turns
//   remain to walk home and still arrive first.
#include <utility>

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
enum Slot {
  kMode = 0,
  kFinalRun = 1,
  kRewallTurn = 2,
  kRewallsLeft = 3,
  kSeen = 4,
  kSeenTurns = 5,
  kWatches = 6,
  kRaceLost = 7
};
// ZAPs spent watching a column for a racer before giving up on the model.
constexpr int kMaxWatches = 12;

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

// The opponent's turns so far, before our turn (player one moves first).
int their_turns(const Memory& m) { return m.side == 0 ? m.turns - 1 : m.turns; }

// How likely each square the opponent may be on is, in relative weights,
// `ahead` of its turns from now. A hunter steps onto our row or column to
// fire along it, so against one those squares count three times. A racer
// runs a shortest way to our home: from where it was seen, `elapsed` turns
// take it that much nearer, within the box between the two, and one that
// has moved along a single row or column so far is likeliest to go on so.
std::array<int, kSquares> weights(const Memory& m, Square me, int ahead = 0) {
  std::array<int, kSquares> w{};
  const bool hunter = m.scratch[kMode] == kHunting;
  const bool racer = m.scratch[kMode] == kRacing && m.scratch[kSeen] > 0;
  int racer_total = 0;
  if (racer) {
    const Square seen = Square::from_index(m.scratch[kSeen] - 1), home = m.home_square(), start = goal(m.side);
    const int elapsed = their_turns(m) + ahead - m.scratch[kSeenTurns];
    const int target = std::max(0, distance(seen, home) - elapsed);
    const bool on_row = seen.row == start.row, on_column = seen.column == start.column;
    for (int i = 0; i < kSquares; ++i) {
      const Square s = Square::from_index(i);
      const bool in_box =
          (s.row - seen.row) * (s.row - home.row) <= 0 && (s.column - seen.column) * (s.column - home.column) <= 0;
      const int behind = distance(s, home) - target;  // turns it would have lost
      if (!in_box || behind < 0 || behind > 3 || (ahead == 0 && !m.opponent[i])) continue;
      const bool keeps_line = (on_row && s.row == seen.row) || (on_column && s.column == seen.column);
      w[i] = (behind == 0 ? 4 : behind == 1 ? 2 : 1) * (keeps_line ? 4 : 1);
      racer_total += w[i];
    }
    if (racer_total > 0) return w;
  }
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
  return plan::weigh_ray(from, d, m.walls, [&](Square s) { return w[s.index()]; });
}

// The direction from `from` whose ray meets the most weight, and that weight
// (0 when no ray meets any).
std::pair<int, Step> heaviest_ray(const Memory& m, const std::array<int, kSquares>& w, Square from) {
  std::pair<int, Step> best{0, {}};
  for (const Step d : kSteps)
    if ((from + d).on_board())
      if (const int n = weight_on_ray(m, w, from, d); n > best.first) best = {n, d};
  return best;
}

std::optional<Turn> best_zap(const Memory& m, const View& v, const std::array<int, kSquares>& w) {
  int total = 0;
  for (const int x : w) total += x;
  const auto [best, dir] = heaviest_ray(m, w, v.me);
  if (best == 0 || best < kZapOdds * total) return std::nullopt;
  return Turn{Action::Zap, v.me + dir};
}

// The first sighting: a racer has moved (nearly) every turn it had.
void classify(Memory& m, const View& v, Square seen) {
  const int radar_turn = m.turns - 1;
  const int their = m.side == 0 ? radar_turn - 1 : radar_turn;
  const bool racing = distance(seen, home(1 - m.side)) >= their - kRacerSlack;
  m.scratch[kMode] = racing ? kRacing : kHunting;
  if (!racing) return;
  // The race as it stands: the opponent at the pace it has shown, slowed by
  // one turn at our walled home, against us walking from our next turn.
  const int progress = std::max(1, distance(seen, home(1 - m.side)));
  const int theirs = their + (v.to_home[seen.index()] * std::max(their, 1) + progress - 1) / progress + 1;
  const int ours = m.turns + v.d;
  m.scratch[kRaceLost] = m.side == 0 ? ours >= theirs - 1 : ours > theirs - 1;
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

// Whether the opponent may stand next to our home now, by `w` (the racer's
// predicted run when we have one).
bool near_home(const View& v, const std::array<int, kSquares>& w) {
  for (int i = 0; i < kSquares; ++i)
    if (w[i] > 0 && distance(Square::from_index(i), v.home) <= 1) return true;
  return false;
}

// Our home walled again, on a turn foreseen for it; the next one is two
// turns on (the racer's bump and ZAP).
Turn rewall(Memory& m, const View& v) {
  --m.scratch[kRewallsLeft];
  m.scratch[kRewallTurn] += 2;
  return {Action::Wall, v.home};
}

// The ambush, when the race looks lost or even. Standing on our home row, we are on the edge of every row a
// racer can cross our column at, so a ZAP along the column covers them all:
// fired on each of our turns while the racer may be on the column, it hits
// for certain when the racer crosses (a crossing lasts at least until our
// next turn). Walk along the row toward the racer while it is two columns
// away or more; one column away, look instead (it steps onto ours next).
std::optional<Turn> ambush(Memory& m, const View& v, const std::array<int, kSquares>& now) {
  if (m.scratch[kMode] != kRacing || !m.scratch[kSeen] || v.me.row != v.home.row) return std::nullopt;
  if (!m.scratch[kRaceLost] || m.scratch[kWatches] >= kMaxWatches) return std::nullopt;
  const int toward = v.goal.column > v.me.column ? 1 : -1;  // the racer comes from our goal's side
  int nearest = kColumns;  // columns still between the racer and our column, at the fewest
  for (int i = 0; i < kSquares; ++i) {
    if (now[i] == 0) continue;
    const int gap = (Square::from_index(i).column - v.me.column) * toward;
    if (gap > 0) nearest = std::min(nearest, gap);
  }
  // Our column, or a row the racer has come onto: whichever line it is
  // likeliest to be on.
  if (const auto [best, best_dir] = heaviest_ray(m, now, v.me); best > 0) {
    ++m.scratch[kWatches];
    return Turn{Action::Zap, v.me + best_dir};
  }
  if (nearest == kColumns) return std::nullopt;  // it has passed our column: the ambush is off
  if (nearest == 1) return Turn{Action::Radar, {}};
  const Square step{v.me.row, v.me.column + toward};
  if (step.on_board() && !m.walls[step.index()]) return Turn{Action::Move, step};
  return std::nullopt;
}

}  // namespace

Turn entry_turn(Memory& m, const Result& last) {
  View v{m.me, m.goal_square(), m.home_square(), {}, {}, 0, 0};
  v.to_goal = plan::distances_forgetting_walls(m, v.goal);
  v.to_home = plan::distances_to(v.home, m.walls);
  v.d = v.to_goal[v.me.index()];
  v.their_d = plan::kFar;
  for (int i = 0; i < kSquares; ++i)
    if (m.opponent[i]) v.their_d = std::min(v.their_d, v.to_home[i]);
  const int remaining = kTurnLimit - m.turns;  // turns left after this one
  if (last.outcome == Outcome::At && m.scratch[kMode] == kUnknown) classify(m, v, last.square);
  if (last.outcome == Outcome::At) {  // every sighting refreshes the racer's predicted run
    m.scratch[kSeen] = last.square.index() + 1;
    m.scratch[kSeenTurns] = their_turns(m) - 1;
  }

  // 1. A sleeping opponent: keep it asleep until it is time to go.
  if (last.outcome == Outcome::Hit && m.last) {
    const bool time_to_go = remaining - (v.d - 1) <= kSpareTurns && v.d - 1 <= remaining;
    if (m.scratch[kFinalRun] ? !wins_race(m, v) : !(time_to_go && wins_race(m, v))) return *m.last;
    m.scratch[kMode] = kHunting;  // it will wake up knowing nothing: watch it
    m.scratch[kFinalRun] = 1;
  }
  const auto w = weights(m, v.me);
  // On the way home after a long sleep of the opponent's, a ZAP is worth its
  // turn only while turns are to spare.
  const bool may_zap = !m.scratch[kFinalRun] || remaining - (v.d - 1) > 2;
  // 2. Next to the goal: clear it or step on it. Player one arriving lets
  //    player two finish the round: when it is about to step onto our home
  //    too, the wall goes back first and our arrival waits a turn.
  const bool rewall_due = m.scratch[kRewallsLeft] > 0 && m.turns == m.scratch[kRewallTurn];
  if (adjacent(v.me, v.goal) && m.side == 0 && rewall_due && near_home(v, w)) return rewall(m, v);
  if (adjacent(v.me, v.goal)) {
    if (m.walls[v.goal.index()]) return {Action::Zap, v.goal};
    if (!(m.opponent.count() == 1 && m.opponent[v.goal.index()])) return {Action::Move, v.goal};
  }
  // 3. The opponent is more likely than not on a clear line: fire.
  if (const auto zap = best_zap(m, v, w); zap && may_zap) return *zap;
  if (const auto wait = ambush(m, v, w); wait && !m.scratch[kFinalRun] && m.turns > 2) return *wait;
  // 4. A wall on our home as soon as we have left it, and again on the turns
  //    a racer will have just cleared it.
  if (v.me != v.home) {
    if (m.turns == 2 && adjacent(v.me, v.home)) return {Action::Wall, v.home};
    if (rewall_due && near_home(v, w)) return rewall(m, v);
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
  // A racer does not fire: step where it is likeliest to cross our lines next.
  const bool against_racer = m.scratch[kMode] == kRacing;
  const auto next = against_racer ? weights(m, v.me, 1) : w;
  const auto cost = [&](Square to) {
    if (!against_racer) return move_cost(m, w, from, to);
    int meet = 0;
    for (const Step d : kSteps) meet += weight_on_ray(m, next, to, d);
    return -meet;
  };
  const auto step = plan::step_toward(from, v.goal, v.to_goal, blocked, cost);
  if (!step) return {Action::Radar, {}};
  return {Action::Move, *step};
}

}  // namespace showdown::detail
