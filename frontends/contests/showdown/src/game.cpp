#include "showdown/game.hpp"

#include <cassert>

namespace showdown {

void Game::sleep() {
  assert(!over() && asleep_[slot_]);
  asleep_[slot_] = false;
  ++stats_[slot_].slept;
  end_slot();
}

Result Game::forfeit_turn() {
  assert(!over());
  ++stats_[slot_].errors;
  end_slot();
  return {Outcome::Error, {}};
}

Result Game::play(const Turn& turn) {
  assert(!over() && !asleep_[slot_]);
  const int p = slot_;
  PlayerStats& st = stats_[p];
  const Square me = position_[p], them = position_[1 - p];
  Result r{Outcome::Error, {}};
  switch (turn.action) {
    case Action::Move:
      ++st.moves;
      r = move(p, turn.target);
      break;
    case Action::Radar:
      ++st.radars;
      r = {Outcome::At, them};
      break;
    case Action::Wall:
      ++st.walls;
      if (!turn.target.on_board() || turn.target == me) break;
      if (turn.target == them) {
        r = {Outcome::Oops, {}};
        break;
      }
      walls_.set(turn.target.index());
      r = {Outcome::Ok, {}};
      break;
    case Action::Zap:
      ++st.zaps;
      r = zap(p, turn.target);
      break;
    case Action::Help:
      ++st.helps;
      r = {Outcome::Loc, me};
      break;
  }
  if (r.outcome == Outcome::Error) ++st.errors;
  end_slot();
  return r;
}

Result Game::move(int p, Square target) {
  if (!target.on_board() || !adjacent(position_[p], target)) return {Outcome::Error, {}};
  if (walls_[target.index()]) {
    ++stats_[p].ouches;
    return {Outcome::Ouch, {}};
  }
  if (target == position_[1 - p]) return {Outcome::Hello, {}};
  position_[p] = target;
  if (target == goal(p)) stats_[p].arrived = round_;
  return {Outcome::Ok, {}};
}

Result Game::zap(int p, Square target) {
  const Square me = position_[p];
  if (!target.on_board() || !aligned(me, target)) return {Outcome::Error, {}};
  Result r{Outcome::Miss, {}};
  for_each_on_ray(me, direction(me, target), [&](Square s) {
    if (walls_[s.index()]) {
      walls_.reset(s.index());
      r = {Outcome::Boom, {}};
      return false;
    }
    if (s == position_[1 - p]) {
      asleep_[1 - p] = true;
      ++stats_[p].hits;
      r = {Outcome::Hit, {}};
      return false;
    }
    return true;
  });
  return r;
}

void Game::end_slot() {
  if (slot_ == 0) {
    slot_ = 1;  // player 1 always gets the slot of the round, even after player 0 arrives
    return;
  }
  if (stats_[0].arrived && stats_[1].arrived)
    ending_ = Ending::Tie;
  else if (stats_[0].arrived || stats_[1].arrived)
    ending_ = Ending::Win;
  else if (round_ == kTurnLimit)
    ending_ = Ending::TurnLimit;
  else {
    ++round_;
    slot_ = 0;
  }
}

std::optional<int> Game::winner() const {
  if (ending_ != Ending::Win) return std::nullopt;
  return stats_[0].arrived ? 0 : 1;
}

Score Game::score(int p) const {
  Score s;
  s.ouches = 15 * stats_[1 - p].ouches;
  s.zaps = 7 * stats_[p].hits;
  if (ending_ == Ending::Tie || (ending_ == Ending::Win && winner() == p)) {
    s.result = ending_ == Ending::Tie ? 500 : 1000;
    s.speed = 3 * (kTurnLimit - stats_[p].arrived);
  }
  if (ending_ == Ending::TurnLimit) s.progress = 11 * distance(position_[p], home(p));
  return s;
}

void play_out(Game& game, const TakeTurn& take_turn, const std::function<void(int)>& on_sleep) {
  std::array<std::string, 2> input = {"INIT " + to_string(home(0)), "INIT " + to_string(home(1))};
  while (!game.over()) {
    const int p = game.to_act();
    if (game.asleep()) {
      if (on_sleep) on_sleep(p);
      game.sleep();
      continue;
    }
    const auto turn = take_turn(p, input[p]);
    input[p] = to_string(turn ? game.play(*turn) : game.forfeit_turn());
  }
}

void MatchTally::add(const Game& game, int p) {
  const PlayerStats& st = game.stats(p);
  score += game.score(p).total();
  moves += st.moves;
  ouches += st.ouches;
  radars += st.radars;
  walls += st.walls;
}

std::optional<int> decide_match(const MatchTally& a, const MatchTally& b, const char** reason) {
  // Each criterion as (value for a, value for b, true when more is better).
  struct Criterion {
    const char* name;
    std::uintmax_t va, vb;
    bool more_wins;
  };
  const Criterion criteria[] = {
      {"score", static_cast<std::uintmax_t>(a.score), static_cast<std::uintmax_t>(b.score), true},
      {"fewest MOVEs", static_cast<std::uintmax_t>(a.moves), static_cast<std::uintmax_t>(b.moves), false},
      {"fewest OUCHs", static_cast<std::uintmax_t>(a.ouches), static_cast<std::uintmax_t>(b.ouches), false},
      {"most RADARs", static_cast<std::uintmax_t>(a.radars), static_cast<std::uintmax_t>(b.radars), true},
      {"most WALLs", static_cast<std::uintmax_t>(a.walls), static_cast<std::uintmax_t>(b.walls), true},
  };
  for (const Criterion& c : criteria) {
    if (c.va == c.vb) continue;
    if (reason) *reason = c.name;
    return (c.va > c.vb) == c.more_wins ? 0 : 1;
  }
  if (reason) *reason = "smallest executable";
  if (a.executable_size == 0 || b.executable_size == 0 || a.executable_size == b.executable_size) return std::nullopt;
  return a.executable_size < b.executable_size ? 0 : 1;
}

}  // namespace showdown
