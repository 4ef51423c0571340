// The rules-aware game: a Position plus the move history, repetition counts,
// the ply counter for move limits, game points and the outcome, all under one
// Rules value. Front-ends and search play through this layer, so the rules of
// how a game ends live here and nowhere else.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "loa/board/movegen.hpp"
#include "loa/board/position.hpp"
#include "loa/game/rules.hpp"

namespace loa {

enum class GameState : std::uint8_t { Ongoing, BlackWins, WhiteWins, Draw };

// Why a game ended.
enum class EndReason : std::uint8_t {
  None,
  Connection,     // one side's pieces became connected
  BothConnected,  // a capture connected both sides at once
  NoMove,         // the side to move had no legal move
  BothPass,       // neither side could move: passing would go on for ever
  Repetition,     // a position occurred for the rules' repetition-th time
  PlyLimit,       // the rules' limit on plies was reached
};

struct Outcome {
  GameState state = GameState::Ongoing;
  EndReason reason = EndReason::None;

  bool over() const { return state != GameState::Ongoing; }
  bool is_draw() const { return state == GameState::Draw; }
  // The winner, when there is one.
  std::optional<Color> winner() const;
  // +1 when c won, -1 when c lost, 0 for a draw or an unfinished game.
  int score_for(Color c) const;

  friend bool operator==(const Outcome& a, const Outcome& b) { return a.state == b.state && a.reason == b.reason; }
  friend bool operator!=(const Outcome& a, const Outcome& b) { return !(a == b); }
};

std::string_view to_string(GameState state);
std::string_view to_string(EndReason reason);

class Game {
 public:
  // The rules' start position, already judged: a start where the side to
  // move has no legal move ends at once under rules where that ends the
  // game. The rules must be valid (see validate()).
  explicit Game(Rules rules);

  // A position set up from pieces, side to move, plies already played and
  // game points, as position text describes it. Checks the layout against the
  // rules and adjudicates a position that is already over (connected sides
  // are judged as if the side not to move had just captured).
  static Expected<Game> from_setup(Rules rules, Bitboard black, Bitboard white, Color to_move, int ply,
                                   std::array<int, 2> points);

  const Rules& rules() const { return rules_; }
  const Position& position() const { return pos_; }
  Color side_to_move() const { return pos_.side_to_move(); }
  const Outcome& outcome() const { return outcome_; }
  bool over() const { return outcome_.over(); }

  // Plies played since the start of the game (including any counted in the
  // set-up position), which is what move limits count.
  int ply() const { return ply_; }
  int points(Color c) const { return points_[c]; }

  // The hash of everything that decides the game's future: pieces, side to
  // move, rules, and the points difference under rules with points.
  Key key() const { return pos_.key() ^ (scores_ ? zobrist::points(points_[Black] - points_[White]) : 0); }
  // The key after the legal move `m` if it does not end the game, without
  // playing it: the search prefetches its table entry with it.
  Key key_after(Move m) const;

  // The legal moves: none once the game is over, only Move::pass() when the
  // side to move is stuck and the rules make it pass.
  MoveList legal_moves() const;
  bool is_legal(Move m) const;

  // Plays a legal move; the game must not be over.
  void play(Move m);
  // Takes back the last move played on this Game; there must be one.
  void undo();

  // A null move for search: the side to move changes and nothing else, with
  // no adjudication. Only for a game that is not over; undo with undo_null().
  void play_null();
  void undo_null();

  // Moves played on this Game object, oldest first.
  const std::vector<Move>& moves() const { return moves_; }
  Move last_move() const { return moves_.empty() ? Move::none() : moves_.back(); }

  // How often the current position (pieces and side to move) has occurred
  // since the last capture, counting this occurrence.
  int occurrences() const;
  // Whether the current position (pieces and side to move) occurred before
  // on this Game since it had `moves_played` moves (Rules::cycles_draw).
  bool returns_since(std::size_t moves_played) const;

 private:
  Game(Rules rules, Position pos, int ply, std::array<int, 2> points);

  // Sets outcome_ after `m` was made by the side now not to move.
  void adjudicate(Move m);
  // The game points the board move `m` scores for its mover (rules with
  // points), before any connection.
  int move_points(Move m) const { return rules_.square_points[m.to()] + (m.is_capture() ? rules_.capture_points : 0); }
  // Decides a connection that counts for `side`.
  void connect(Color side, EndReason reason);
  void decide_by_points(EndReason reason);

  // What play() changes besides the board, to restore on undo().
  struct Undo {
    std::array<std::int16_t, 2> points;
    Outcome outcome;
    std::int32_t reversible_from;
  };

  Rules rules_;
  Position pos_;
  int ply_ = 0;
  std::array<int, 2> points_{};
  Outcome outcome_;
  bool scores_ = false;
  std::vector<Move> moves_;
  std::vector<Undo> undo_;
  // keys_[i] is the key after i moves on this object; the first index from
  // which positions can still repeat (nothing irreversible after it).
  std::vector<Key> keys_;
  int reversible_from_ = 0;
};

inline Key Game::key_after(Move m) const {
  const Key k = pos_.key_after(m);
  if (!scores_) return k;
  int lead = points_[Black] - points_[White];
  if (!m.is_pass()) lead += side_to_move() == Black ? move_points(m) : -move_points(m);
  return k ^ zobrist::points(lead);
}

}  // namespace loa
