// loa.Game: the library's game with its own methods (moves as text or Move)
// and OpenSpiel's State methods (actions as integers, returns, observation
// tensors), so that code written for a pyspiel state runs on it unchanged.
#include "bindings.hpp"
#include "loa/game/perft.hpp"
#include "loa/learn/actions.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/variant.hpp"

namespace loa::python {

namespace {

// OpenSpiel's player id of a finished game.
constexpr int kTerminalPlayerId = -4;

// A move as text in any spelling the library reads, or a Move.
Move move_of(const Game& game, const py::handle& arg) {
  if (game.over()) throw py::value_error("the game is over");
  if (py::isinstance<Move>(arg)) {
    const Move m = arg.cast<Move>();
    if (!game.is_legal(m)) throw py::value_error("illegal move: " + move_text(m));
    return m;
  }
  if (!py::isinstance<py::str>(arg)) throw py::type_error("move must be a str or a loa.Move, not " + type_name(arg));
  return value_or_raise(parse_move(arg.cast<std::string>(), game));
}

std::vector<Move> legal_moves(const Game& game) {
  const MoveList list = game.legal_moves();
  return {list.begin(), list.end()};
}

// The game's action id argument: an int in range, legal here.
Move action_move(const Game& game, const py::handle& action) {
  const long long a = int_arg(action, "action", 0, num_distinct_actions(game.rules()) - 1);
  return value_or_raise(move_of_action(int(a), game));
}

// OpenSpiel's player argument where one is accepted and ignored (perfect
// information: every player sees the same): None, 0 or 1.
void check_player(const py::handle& player) {
  if (!player.is_none()) int_arg(player, "player", 0, 1);
}

// Whether `player` (None: the player to move) is to move in the game: OpenSpiel's legal actions of a
// player not to move, or of a finished game, are none.
bool to_move(const Game& game, const py::handle& player) {
  if (game.over()) return false;
  if (player.is_none()) return true;
  return int_arg(player, "player", 0, 1) == int(game.side_to_move());
}

// OpenSpiel's two forms of a call, (x) and (player, x): the x, with the
// player checked when given.
const py::object& last_of(const py::object& first, const py::object& second) {
  if (second.is_none()) return first;
  check_player(first);
  return second;
}

// The planes of the earlier observation(): own pieces (the side to move),
// opponent pieces, empty squares and bonus squares, (4, n, n).
py::array_t<float> perspective_planes(const Game& game) {
  const Position& pos = game.position();
  const int n = pos.size();
  py::array_t<float> out({4, n, n});
  auto v = out.mutable_unchecked<3>();
  const Color us = pos.side_to_move();
  for (int rank = 0; rank < n; ++rank)
    for (int file = 0; file < n; ++file) {
      const Square s = make_square(file, rank);
      const Piece p = pos.piece_on(s);
      v(0, rank, file) = p != Piece::Empty && int(p) == int(us);
      v(1, rank, file) = p != Piece::Empty && int(p) != int(us);
      v(2, rank, file) = p == Piece::Empty;
      v(3, rank, file) = game.rules().square_points[s] ? 1.0f : 0.0f;
    }
  return out;
}

py::dict outcome_dict(const Game& game) {
  const Outcome& o = game.outcome();
  py::dict d;
  d["over"] = o.over();
  d["winner"] = o.winner() ? py::object(py::str(color_name(*o.winner()))) : py::object(py::none());
  d["state"] = std::string(to_string(o.state));
  d["reason"] = std::string(to_string(o.reason));
  d["points"] = py::make_tuple(game.points(Black), game.points(White));
  return d;
}

std::vector<double> returns_of(const Game& game) {
  return {double(game.outcome().score_for(Black)), double(game.outcome().score_for(White))};
}

// What a game is made of, for pickling: its rules, the position its moves
// start from, and the moves.
py::tuple game_state(const Game& game) {
  Game root = game;
  while (!root.moves().empty()) root.undo();
  std::vector<std::uint16_t> moves;
  for (Move m : game.moves()) moves.push_back(m.raw());
  return py::make_tuple(format_variant(game.rules()), game.rules().name, to_position_text(root), moves);
}

Game game_from_state(const py::tuple& t) {
  if (t.size() != 4) throw py::value_error("not a pickled Game");
  const Rules rules = value_or_raise(parse_variant(t[0].cast<std::string>(), t[1].cast<std::string>()));
  Game game = value_or_raise(parse_position_text(t[2].cast<std::string>(), rules));
  for (std::uint16_t raw : t[3].cast<std::vector<std::uint16_t>>()) {
    const Move m = Move::from_raw(raw);
    if (game.over() || !game.is_legal(m)) throw py::value_error("not a pickled Game: an illegal move");
    game.play(m);
  }
  return game;
}

}  // namespace

void bind_game(py::module_& m) {
  auto game =
      py::class_<Game>(m, "Game",
                       "A game under some rules: history, repetition, limits, points and the outcome. Besides its own "
                       "methods it has OpenSpiel's State methods (docs/library.md, 'OpenSpiel's names').")
          .def(py::init([](const py::object& rules) { return Game(rules_of(rules)); }), py::arg("rules") = "olympiad",
               "The rules' start position; rules as a Rules value or a name.")
          .def_static(
              "from_position",
              [](const py::object& rules, const py::object& text) {
                if (!py::isinstance<py::str>(text)) throw py::type_error("text must be a str (position text)");
                return value_or_raise(parse_position_text(text.cast<std::string>(), rules_of(rules)));
              },
              py::arg("rules"), py::arg("text"), "A game from position text (docs/position-text.md).")
          .def_property_readonly("rules", &Game::rules, "The game's rules.")
          .def("legal_moves", &legal_moves, "The legal moves, as Move values (none once the game is over).")
          .def(
              "play", [](Game& g, const py::object& mv) { g.play(move_of(g, mv)); }, py::arg("move"),
              "Plays a legal move, given as text ('b1-d3', 'b1xd3', 'b1d3', 'pass') or a Move.")
          .def(
              "undo",
              [](Game& g) {
                if (g.moves().empty()) throw py::value_error("no move to take back");
                g.undo();
              },
              "Takes back the last move (ValueError when there is none).")
          .def("is_over", &Game::over, "Whether the game has ended.")
          .def("outcome", &outcome_dict, "over, winner ('black', 'white' or None), state, reason, points.")
          .def_property_readonly(
              "side_to_move", [](const Game& g) { return color_name(g.side_to_move()); }, "'black' or 'white'.")
          .def_property_readonly("ply", &Game::ply, "Plies played, those of the set-up position included.")
          .def_property_readonly(
              "points", [](const Game& g) { return py::make_tuple(g.points(Black), g.points(White)); },
              "Game points (black, white).")
          .def_property_readonly(
              "moves", [](const Game& g) { return std::vector<Move>(g.moves().begin(), g.moves().end()); },
              "The moves played on this game, oldest first.")
          .def("position_text", &to_position_text, "The position as position text.")
          .def(
              "perft",
              [](const Game& g, const py::object& depth) {
                const int d = int(int_arg(depth, "depth", 0, 12));
                // On a copy, on another thread, with the GIL released: Ctrl-C stops it (KeyboardInterrupt).
                auto stop = std::make_shared<std::atomic<bool>>(false);
                return run_interruptibly([copy = g, d, stop]() mutable { return perft(copy, d, *stop); },
                                         [stop] { stop->store(true); });
              },
              py::arg("depth"),
              "Leaf nodes of the legal move tree to `depth` plies (0..12). Releases the GIL; Ctrl-C stops it.")
          .def("observation", &perspective_planes,
               "float32 (4, n, n): own pieces (the side to move), opponent pieces, empty squares, bonus squares.")
          .def(
              "copy", [](const Game& g) { return Game(g); }, "An independent copy.")
          .def("__copy__", [](const Game& g) { return Game(g); })
          .def("__deepcopy__", [](const Game& g, py::dict) { return Game(g); })
          .def(py::pickle(&game_state, &game_from_state))
          .def("__repr__", [](const Game& g) { return "loa.Game('" + to_position_text(g) + "')"; })
          .def("__str__", [](const Game& g) { return board_text(g.position()); })

          // OpenSpiel's State.
          .def(
              "clone", [](const Game& g) { return Game(g); }, "An independent copy (OpenSpiel's clone()).")
          .def(
              "current_player", [](const Game& g) { return g.over() ? kTerminalPlayerId : int(g.side_to_move()); },
              "0 (black) or 1 (white) to move, -4 once the game is over (OpenSpiel's terminal player id).")
          .def(
              "is_terminal", [](const Game& g) { return g.over(); }, "Whether the game has ended.")
          .def(
              "is_chance_node", [](const Game&) { return false; }, "Always False: no chance.")
          .def(
              "is_simultaneous_node", [](const Game&) { return false; }, "Always False: one player moves at a time.")
          .def(
              "num_players", [](const Game&) { return 2; }, "2.")
          .def(
              "num_distinct_actions", [](const Game& g) { return num_distinct_actions(g.rules()); },
              "How many action ids the rules use.")
          .def(
              "legal_actions",
              [](const Game& g, const py::object& player) {
                return to_move(g, player) ? legal_actions(g) : std::vector<int>{};
              },
              py::arg("player") = py::none(),
              "The legal moves' action ids, ascending, of the player to move (or of `player`: [] when that player is "
              "not to move, and once the game is over).")
          .def(
              "legal_action_mask",
              [](const Game& g, const py::object& player) {
                py::array_t<bool> mask(num_distinct_actions(g.rules()));
                std::fill_n(mask.mutable_data(), mask.size(), false);
                if (to_move(g, player)) legal_action_mask(g, reinterpret_cast<std::uint8_t*>(mask.mutable_data()));
                return mask;
              },
              py::arg("player") = py::none(),
              "numpy bool array, True at each legal action id (all False for a player not to move).")
          .def(
              "legal_actions_mask",
              [](const Game& g, const py::object& player) {
                std::vector<std::uint8_t> mask(std::size_t(num_distinct_actions(g.rules())));
                if (to_move(g, player)) legal_action_mask(g, mask.data());
                return std::vector<int>(mask.begin(), mask.end());
              },
              py::arg("player") = py::none(),
              "OpenSpiel's mask: a list of 0 and 1, 1 at each legal action id (all 0 for a player not to move).")
          .def(
              "apply_action", [](Game& g, const py::object& action) { g.play(action_move(g, action)); },
              py::arg("action"), "Plays the move with this action id (ValueError when it is not legal).")
          .def(
              "action_to_string",
              [](const Game& g, const py::object& first, const py::object& second) {
                // OpenSpiel's two forms: (action) and (player, action).
                const py::object& action = last_of(first, second);
                const long long a = int_arg(action, "action", 0, num_distinct_actions(g.rules()) - 1);
                // Spelled here rather than by move_text(): id 0 (a1 to a1) is no move,
                // which move_text() writes "none", and OpenSpiel "a1-a1".
                const Move move = move_of_legal_action(int(a), g.rules().board_size);
                if (move.is_pass()) return std::string("pass");
                return square_name(move.from()) + (move.is_capture() ? "x" : "-") + square_name(move.to());
              },
              py::arg("player_or_action"), py::arg("action") = py::none(),
              "'b1-b3', 'c3xe5' or 'pass': the move of an action id, as OpenSpiel writes it.")
          .def(
              "string_to_action",
              [](const Game& g, const py::object& first, const py::object& second) {
                const py::object& text = last_of(first, second);
                if (!py::isinstance<py::str>(text)) throw py::type_error("the move must be a str");
                return action_of(value_or_raise(parse_move(text.cast<std::string>(), g)), g.rules().board_size);
              },
              py::arg("player_or_text"), py::arg("text") = py::none(),
              "The action id of a legal move written as text (any spelling play() reads).")
          .def("returns", &returns_of, "[black, white]: +1 for a win, -1 for a loss, 0 for a draw or a game going on.")
          .def("rewards", &returns_of,
               "The reward of the last action, per player: the returns once the game is over, 0 before (a reward only "
               "at the end, as OpenSpiel's terminal reward model).")
          .def(
              "history",
              [](const Game& g) {
                std::vector<int> ids;
                for (Move mv : g.moves()) ids.push_back(action_of(mv, g.rules().board_size));
                return ids;
              },
              "The action ids played on this game, oldest first.")
          .def(
              "move_number", [](const Game& g) { return int(g.moves().size()); }, "Moves played on this game.")
          .def(
              "observation_tensor",
              [](const Game& g, const py::object& player) {
                check_player(player);
                const std::vector<Plane> layout = observation_layout(g.rules());
                const int n = g.rules().board_size;
                py::array_t<float> out{py::ssize_t(layout.size() * std::size_t(n * n))};
                write_observation(g, layout, out.mutable_data());
                return out;
              },
              py::arg("player") = py::none(),
              "The observation as a flat float32 array, as OpenSpiel gives it; reshape to observation_tensor_shape(). "
              "The planes: rules.observation_planes (docs/library.md, 'Observations').")
          .def(
              "observation_tensor_shape",
              [](const Game& g) {
                const int n = g.rules().board_size;
                return py::make_tuple(observation_layout(g.rules()).size(), n, n);
              },
              "(planes, n, n).")
          .def(
              "observation_string",
              [](const Game& g, const py::object& player) {
                check_player(player);
                return observation_string(g);
              },
              py::arg("player") = py::none(),
              "The board as text (under the openspiel preset OpenSpiel's own string, with the player to move).");
  pickle_by_any_protocol(game, "Game");
  m.def("_game_from_state", &game_from_state, "A Game from its pickled state (pickle's, any protocol).");
}

}  // namespace loa::python
