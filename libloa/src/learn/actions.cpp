#include "loa/learn/actions.hpp"

#include <algorithm>

#include "loa/base/bitboard.hpp"
#include "loa/text/position_text.hpp"

namespace loa {

namespace {

int board_moves(int n) { return 2 * n * n * n * n; }

bool can_pass(const Rules& rules) { return rules.no_move == NoMoveRule::Pass; }

}  // namespace

int num_distinct_actions(const Rules& rules) { return board_moves(rules.board_size) + (can_pass(rules) ? 1 : 0); }

int action_of(Move move, int n) {
  if (move.is_pass()) return board_moves(n);
  const int from = rank_of(move.from()) * n + file_of(move.from());
  const int to = rank_of(move.to()) * n + file_of(move.to());
  return (from * n * n + to) * 2 + (move.is_capture() ? 1 : 0);
}

Expected<Move> move_of_action(int action, const Game& game) {
  const int n = game.rules().board_size;
  if (action < 0 || action >= num_distinct_actions(game.rules()))
    return Error{"action " + std::to_string(action) + " is not an action id of these rules (0 to " +
                 std::to_string(num_distinct_actions(game.rules()) - 1) + ")"};
  if (game.over()) return Error{"the game is over"};
  const Move move = move_of_legal_action(action, n);
  if (!game.is_legal(move)) return Error{"action " + std::to_string(action) + " is not legal here"};
  return move;
}

Move move_of_legal_action(int action, int n) {
  if (action >= board_moves(n)) return Move::pass();
  const int capture = action % 2, squares = action / 2;
  const int from = squares / (n * n), to = squares % (n * n);
  return Move(make_square(from % n, from / n), make_square(to % n, to / n), capture == 1);
}

std::vector<int> legal_actions(const Game& game) {
  const MoveList moves = game.legal_moves();
  std::vector<int> ids;
  ids.reserve(std::size_t(moves.size()));
  for (Move m : moves) ids.push_back(action_of(m, game.rules().board_size));
  std::sort(ids.begin(), ids.end());
  return ids;
}

void legal_action_mask(const Game& game, std::uint8_t* mask) {
  std::fill(mask, mask + num_distinct_actions(game.rules()), std::uint8_t(0));
  for (Move m : game.legal_moves()) mask[action_of(m, game.rules().board_size)] = 1;
}

std::vector<Plane> observation_layout(const Rules& rules) {
  std::vector<Plane> planes = {Plane::Black, Plane::White, Plane::Empty};
  if (rules.name == "openspiel") return planes;
  planes.push_back(Plane::BlackToMove);
  if (std::any_of(rules.square_points.begin(), rules.square_points.end(), [](auto p) { return p != 0; }))
    planes.push_back(Plane::BonusPoints);
  if (rules.scores_points()) planes.insert(planes.end(), {Plane::BlackPoints, Plane::WhitePoints});
  if (rules.ply_limit) planes.push_back(Plane::PliesLeft);
  if (rules.repetition) planes.push_back(Plane::Repetitions);
  return planes;
}

std::vector<std::string> observation_planes(const Rules& rules) {
  static constexpr const char* kNames[] = {"black",         "white",        "empty",
                                           "black_to_move", "bonus_points", "black_points",
                                           "white_points",  "plies_left",   "repetitions"};
  std::vector<std::string> names;
  for (Plane p : observation_layout(rules)) names.emplace_back(kNames[int(p)]);
  return names;
}

void write_observation(const Game& game, const std::vector<Plane>& layout, float* out) {
  const Rules& rules = game.rules();
  const Position& pos = game.position();
  const int n = rules.board_size, area = n * n;
  for (std::size_t p = 0; p < layout.size(); ++p) {
    float* plane = out + p * std::size_t(area);
    const Plane kind = layout[p];
    if (kind <= Plane::Empty) {
      // From the bitboards: a plane of the other value, then the squares set.
      const bool empty = kind == Plane::Empty;
      std::fill(plane, plane + area, empty ? 1.0f : 0.0f);
      Bitboard b = empty ? pos.occupied() : pos.pieces(kind == Plane::Black ? Black : White);
      while (b) {
        const Square s = pop_lsb(b);
        plane[rank_of(s) * n + file_of(s)] = empty ? 0.0f : 1.0f;
      }
      continue;
    }
    if (kind == Plane::BonusPoints) {
      for (int rank = 0; rank < n; ++rank)
        for (int file = 0; file < n; ++file)
          plane[rank * n + file] = float(rules.square_points[make_square(file, rank)]);
      continue;
    }
    float fill = 0;
    switch (kind) {
      case Plane::BlackToMove: fill = game.side_to_move() == Black ? 1.0f : 0.0f; break;
      case Plane::BlackPoints: fill = float(game.points(Black)); break;
      case Plane::WhitePoints: fill = float(game.points(White)); break;
      case Plane::PliesLeft: fill = float(std::max(0, rules.ply_limit - game.ply())); break;
      case Plane::Repetitions: fill = float(game.occurrences()); break;
      default: break;
    }
    std::fill(plane, plane + area, fill);
  }
}

std::string observation_string(const Game& game) {
  const Position& pos = game.position();
  if (game.rules().name != "openspiel") return board_text(pos);
  const int n = game.rules().board_size;
  std::string out;
  for (int rank = n - 1; rank >= 0; --rank) {
    out += std::to_string(rank + 1);
    for (int file = 0; file < n; ++file) {
      const Piece p = pos.piece_on(make_square(file, rank));
      out += p == Piece::Black ? 'x' : p == Piece::White ? 'o' : '.';
    }
    out += '\n';
  }
  out += ' ';
  for (int file = 0; file < n; ++file) out += char('a' + file);
  out += "\n\n\nCurrent player: ";
  out += game.over() ? "none (terminal)" : game.side_to_move() == Black ? "x" : "o";
  return out;
}

void write_observation(const Game& game, float* out) { write_observation(game, observation_layout(game.rules()), out); }

}  // namespace loa
