#include "loa/game/game.hpp"

#include <algorithm>
#include <string>

namespace loa {

std::optional<Color> Outcome::winner() const {
  if (state == GameState::BlackWins) return Black;
  if (state == GameState::WhiteWins) return White;
  return std::nullopt;
}

int Outcome::score_for(Color c) const {
  const auto w = winner();
  return !w ? 0 : *w == c ? 1 : -1;
}

std::string_view to_string(GameState state) {
  switch (state) {
    case GameState::Ongoing: return "ongoing";
    case GameState::BlackWins: return "black wins";
    case GameState::WhiteWins: return "white wins";
    case GameState::Draw: return "draw";
  }
  return "?";
}

std::string_view to_string(EndReason reason) {
  switch (reason) {
    case EndReason::None: return "none";
    case EndReason::Connection: return "connection";
    case EndReason::BothConnected: return "both connected";
    case EndReason::NoMove: return "no legal move";
    case EndReason::BothPass: return "neither side can move";
    case EndReason::Repetition: return "repetition";
    case EndReason::PlyLimit: return "move limit";
  }
  return "?";
}

namespace {
GameState win_for(Color c) { return c == Black ? GameState::BlackWins : GameState::WhiteWins; }
}  // namespace

Game::Game(Rules rules)
    : Game(rules, Position(rules.board_size, rules.start[Black], rules.start[White], rules.first_player, rules.key()),
           0, {0, 0}) {
  assert(validate(rules_).ok());
  // A start where the side to move has no legal move is judged at once, as
  // the rules say (validate() has made sure that neither side is connected).
  adjudicate(Move::none());
}

Game::Game(Rules rules, Position pos, int ply, std::array<int, 2> points)
    : rules_(std::move(rules)), pos_(pos), ply_(ply), points_(points) {
  scores_ = rules_.scores_points();
  keys_.reserve(256);
  moves_.reserve(256);
  undo_.reserve(256);
  keys_.push_back(pos_.key());
}

Expected<Game> Game::from_setup(Rules rules, Bitboard black, Bitboard white, Color to_move, int ply,
                                std::array<int, 2> points) {
  auto valid = validate(std::move(rules));
  if (!valid) return Error{valid.error()};
  rules = std::move(valid).value();
  if ((black | white) & ~board_mask(rules.board_size)) return Error{"a piece stands off the board"};
  if (black & white) return Error{"a square holds two pieces"};
  for (Bitboard side : {black, white}) {
    if (side == 0) return Error{"each side needs at least one piece"};
    if (popcount(side) > kMaxPieces) return Error{"more than 32 pieces of one colour"};
  }
  if (ply < 0 || (rules.ply_limit && ply > rules.ply_limit))
    return Error{"ply count " + std::to_string(ply) + " is outside the game's limit"};
  for (int p : points)
    if (p < 0 || p > 100000) return Error{"points must lie in 0..100000"};
  Game game(rules, Position(rules.board_size, black, white, to_move, rules.key()), ply, points);
  // Judge what the set-up position already shows, as if the side not to move
  // had just captured, but without awarding points for it.
  const Color last = ~to_move;
  const bool last_conn = game.pos_.connected(last), next_conn = game.pos_.connected(to_move);
  if (last_conn || next_conn) {
    if (last_conn && next_conn && rules.simultaneous == Simultaneous::Draw)
      game.outcome_ = {GameState::Draw, EndReason::BothConnected};
    else if (rules.points_decide)
      game.decide_by_points(last_conn && next_conn ? EndReason::BothConnected : EndReason::Connection);
    else
      game.outcome_ = {win_for(last_conn ? last : to_move), EndReason::Connection};
    return game;
  }
  game.adjudicate(Move::none());
  return game;
}

MoveList Game::legal_moves() const {
  MoveList list;
  if (over()) return list;
  generate(pos_, list);
  if (list.empty() && rules_.no_move == NoMoveRule::Pass) list.push(Move::pass());
  return list;
}

bool Game::is_legal(Move m) const {
  if (over() || m.is_none()) return false;
  if (m.is_pass()) return rules_.no_move == NoMoveRule::Pass && !pos_.has_move();
  return pos_.find_move(m.from(), m.to()) == m;
}

void Game::play(Move m) {
  assert(!over());
  assert(is_legal(m));
  undo_.push_back({{std::int16_t(points_[Black]), std::int16_t(points_[White])}, outcome_, reversible_from_});
  moves_.push_back(m);
  pos_.make(m);
  ++ply_;
  keys_.push_back(pos_.key());
  // A capture can never be undone by play, so no earlier position recurs.
  if (m.is_capture()) reversible_from_ = int(keys_.size()) - 1;
  adjudicate(m);
}

void Game::undo() {
  assert(!moves_.empty());
  const Undo& u = undo_.back();
  pos_.unmake(moves_.back());
  points_ = {u.points[Black], u.points[White]};
  outcome_ = u.outcome;
  reversible_from_ = u.reversible_from;
  --ply_;
  keys_.pop_back();
  moves_.pop_back();
  undo_.pop_back();
}

void Game::play_null() {
  assert(!over());
  pos_.make(Move::pass());
  keys_.push_back(pos_.key());
  ++ply_;
}

void Game::undo_null() {
  pos_.unmake(Move::pass());
  keys_.pop_back();
  --ply_;
}

int Game::occurrences() const {
  const Key now = keys_.back();
  int n = 1;
  if (rules_.repetition_by_board) {
    // The pieces alone: the same key, or the same but for the side to move.
    for (int i = int(keys_.size()) - 2; i >= reversible_from_; --i)
      n += keys_[i] == now || (keys_[i] ^ zobrist::kWhiteToMove) == now;
    return n;
  }
  for (int i = int(keys_.size()) - 3; i >= reversible_from_; i -= 2) n += keys_[i] == now;
  return n;
}

bool Game::returns_since(std::size_t moves_played) const {
  const Key now = keys_.back();
  const int first = std::max(reversible_from_, int(moves_played));
  for (int i = int(keys_.size()) - 3; i >= first; i -= 2)
    if (keys_[i] == now) return true;
  return false;
}

void Game::decide_by_points(EndReason reason) {
  const int diff = points_[Black] - points_[White];
  outcome_ = {diff > 0 ? GameState::BlackWins : diff < 0 ? GameState::WhiteWins : GameState::Draw, reason};
}

void Game::connect(Color side, EndReason reason) {
  if (scores_) points_[side] += rules_.connection_points;
  if (rules_.points_decide)
    decide_by_points(reason);
  else
    outcome_ = {win_for(side), reason};
}

void Game::adjudicate(Move m) {
  const Color mover = ~pos_.side_to_move(), next = pos_.side_to_move();
  const bool at_limit = rules_.ply_limit && ply_ >= rules_.ply_limit;
  auto end_at_limit = [&] {
    if (rules_.at_limit == LimitOutcome::Draw)
      outcome_ = {GameState::Draw, EndReason::PlyLimit};
    else
      decide_by_points(EndReason::PlyLimit);
  };
  if (!m.is_none() && !m.is_pass()) {
    if (scores_) points_[mover] += move_points(m);
    if (at_limit && rules_.limit_over_connection) return end_at_limit();
    // A quiet move leaves the opponent's pieces as they were, and the game
    // was not over before it, so only a capture can connect the opponent.
    const bool mover_conn = pos_.connected(mover);
    const bool next_conn = m.is_capture() && pos_.connected(next);
    if (mover_conn && next_conn) {
      if (rules_.simultaneous == Simultaneous::Draw)
        outcome_ = {GameState::Draw, EndReason::BothConnected};
      else
        connect(mover, EndReason::BothConnected);
      return;
    }
    if (mover_conn || next_conn) {
      connect(mover_conn ? mover : next, EndReason::Connection);
      return;
    }
  }
  if (at_limit) return end_at_limit();
  if (rules_.repetition && int(keys_.size()) - reversible_from_ > 4 && occurrences() >= rules_.repetition) {
    outcome_ = {GameState::Draw, EndReason::Repetition};
    return;
  }
  // Under pass rules a stuck side just passes: only a pass answered by a
  // pass ends the game, so the (costly) check is needed after a pass alone.
  if (rules_.no_move == NoMoveRule::Pass && !m.is_pass()) return;
  if (!pos_.has_move()) {
    switch (rules_.no_move) {
      case NoMoveRule::Pass:
        if (m.is_pass()) outcome_ = {GameState::Draw, EndReason::BothPass};
        break;
      case NoMoveRule::Draw: outcome_ = {GameState::Draw, EndReason::NoMove}; break;
      case NoMoveRule::Lose: outcome_ = {win_for(mover), EndReason::NoMove}; break;
    }
  }
}

}  // namespace loa
