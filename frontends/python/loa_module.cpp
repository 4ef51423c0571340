// `import loa`: the library from Python (pybind11). A thin adapter: every
// rule, notation and search decision is the C++ library's; errors come back
// as ValueError with the library's message. docs/library.md shows its use.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "loa/bitboard.hpp"
#include "loa/game.hpp"
#include "loa/notation.hpp"
#include "loa/perft.hpp"
#include "loa/position_text.hpp"
#include "loa/proof.hpp"
#include "loa/proof_book.hpp"
#include "loa/search.hpp"
#include "loa/solver.hpp"
#include "loa/variant.hpp"

namespace py = pybind11;

namespace {

using loa::Color;
using loa::Game;
using loa::Move;
using loa::Rules;

template <class T>
T value_or_raise(loa::Expected<T> e) {
  if (!e) throw py::value_error(e.error());
  return std::move(e).value();
}

std::string color_name(Color c) { return c == loa::Black ? "black" : "white"; }

std::vector<std::string> square_names(loa::Bitboard b) {
  std::vector<std::string> out;
  while (b) out.push_back(loa::square_name(loa::pop_lsb(b)));
  return out;
}

// Rules may be given as a Rules value or by name (a preset or FILE:SECTION).
using RulesArg = std::variant<Rules, std::string>;
Rules rules_of(const RulesArg& arg) {
  if (const auto* r = std::get_if<Rules>(&arg)) return *r;
  return value_or_raise(loa::load_rules(std::get<std::string>(arg)));
}

// A move as text in any spelling the library reads, or a Move.
using MoveArg = std::variant<Move, std::string>;
Move move_of(const Game& game, const MoveArg& arg) {
  if (game.over()) throw py::value_error("the game is over");
  if (const auto* m = std::get_if<Move>(&arg)) {
    if (!game.is_legal(*m)) throw py::value_error("illegal move: " + loa::move_text(*m));
    return *m;
  }
  return value_or_raise(loa::parse_move(std::get<std::string>(arg), game));
}

std::vector<Move> legal_moves(const Game& game) {
  const loa::MoveList list = game.legal_moves();
  return {list.begin(), list.end()};
}

// Planes for learning code: own pieces (the side to move), opponent pieces,
// empty squares and bonus squares, each size x size, row 0 = rank 1 and
// column 0 = file a; 1.0 where the square is of that kind.
struct Observation {
  int size = 0;
  std::vector<float> data;
};
constexpr int kPlanes = 4;

Observation observe(const Game& game) {
  const loa::Position& pos = game.position();
  const int size = pos.size();
  Observation o{size, std::vector<float>(std::size_t(kPlanes * size * size), 0.0f)};
  const Color us = pos.side_to_move();
  for (int rank = 0; rank < size; ++rank)
    for (int file = 0; file < size; ++file) {
      const loa::Square s = loa::make_square(file, rank);
      const std::size_t at = std::size_t(rank * size + file), plane = std::size_t(size * size);
      const loa::Piece p = pos.piece_on(s);
      if (p == loa::Piece::Empty)
        o.data[2 * plane + at] = 1.0f;
      else
        o.data[(int(p) == int(us) ? 0 : 1) * plane + at] = 1.0f;
      if (game.rules().square_points[s]) o.data[3 * plane + at] = 1.0f;
    }
  return o;
}

py::dict outcome_dict(const Game& game) {
  const loa::Outcome& o = game.outcome();
  py::dict d;
  d["over"] = o.over();
  d["winner"] = o.winner() ? py::object(py::str(color_name(*o.winner()))) : py::object(py::none());
  d["state"] = std::string(loa::to_string(o.state));
  d["reason"] = std::string(loa::to_string(o.reason));
  d["points"] = py::make_tuple(game.points(loa::Black), game.points(loa::White));
  return d;
}

py::dict search_result(const loa::SearchResult& r) {
  py::dict d;
  d["best"] = r.best;
  d["score"] = r.score;
  d["depth"] = r.depth;
  d["nodes"] = r.nodes;
  d["time_ms"] = r.time_ms;
  d["pv"] = r.pv;
  return d;
}

// loa.solve(): the solver's report, with the names `loa solve --json` uses.
py::dict solve(const Game& game, std::optional<double> time_s, std::optional<std::uint64_t> nodes, int memory_mb,
               bool proof) {
  if (game.over()) throw py::value_error("the game is over: nothing to solve");
  if (time_s && !(*time_s > 0)) throw py::value_error("time_s must be above 0");
  if (nodes && *nodes < 1) throw py::value_error("nodes must be at least 1");
  if (memory_mb < 1 || memory_mb > 1 << 20) throw py::value_error("memory_mb must lie in 1..1048576");
  loa::SolveLimits limits;
  if (time_s) limits.time_ms = std::max<std::int64_t>(1, std::int64_t(*time_s * 1000));
  if (nodes) limits.nodes = *nodes;
  limits.memory_mb = std::size_t(memory_mb);
  loa::Solver solver;
  solver.keep_proof = proof;
  loa::SolveReport r;
  {
    py::gil_scoped_release release;
    r = solver.solve(game, limits);
  }
  py::dict d;
  d["result"] = std::string(loa::to_string(r.value));
  d["move"] = r.move.is_none() ? py::object(py::none()) : py::cast(r.move);
  d["nodes"] = r.nodes;
  d["time_ms"] = r.time_ms;
  d["memory_bytes"] = r.memory_bytes;
  d["proof_moves"] = r.proof_nodes;
  d["longest_line"] = r.proof_depth;
  d["cannot_win"] = r.cannot_win;
  d["cannot_lose"] = r.cannot_lose;
  d["stopped"] = r.stopped.empty() ? py::object(py::none()) : py::cast(r.stopped);
  if (proof) d["proof"] = r.proof;
  return d;
}

}  // namespace

PYBIND11_MODULE(loa, m) {
  m.doc() = "libloa: Lines of Action and its variants — rules as data, move generation, search.";

  py::class_<Rules>(m, "Rules", "The rules of a Lines of Action variant (docs/variants.md).")
      .def(py::init([](const std::string& spec) { return value_or_raise(loa::load_rules(spec)); }), py::arg("spec"),
           "A preset ('olympiad', 'six', ...) or a variant file, FILE or FILE:SECTION.")
      .def_static("presets",
                  [] {
                    std::vector<std::string> names;
                    for (auto n : loa::preset_names()) names.emplace_back(n);
                    return names;
                  })
      .def_static(
          "from_text",
          [](const std::string& text, const std::string& section) {
            return value_or_raise(loa::parse_variant(text, section));
          },
          py::arg("text"), py::arg("section") = "", "Rules from variant text (one section, or the one named).")
      .def("variant_text", &loa::format_variant, "These rules as variant text; it reads back equal.")
      .def_readonly("name", &Rules::name)
      .def_readonly("description", &Rules::description)
      .def_readonly("source", &Rules::source)
      .def_readonly("board_size", &Rules::board_size)
      .def_property_readonly("first_player", [](const Rules& r) { return color_name(r.first_player); })
      .def_property_readonly("black", [](const Rules& r) { return square_names(r.start[loa::Black]); })
      .def_property_readonly("white", [](const Rules& r) { return square_names(r.start[loa::White]); })
      .def_property_readonly("bonus",
                             [](const Rules& r) {
                               std::map<std::string, int> bonus;
                               for (loa::Square s = 0; s < loa::kSquares; ++s)
                                 if (r.square_points[s]) bonus[loa::square_name(s)] = r.square_points[s];
                               return bonus;
                             })
      .def_readonly("capture_points", &Rules::capture_points)
      .def_readonly("connection_points", &Rules::connection_points)
      .def_readonly("points_decide", &Rules::points_decide)
      .def_property_readonly(
          "simultaneous", [](const Rules& r) { return r.simultaneous == loa::Simultaneous::Draw ? "draw" : "mover"; })
      .def_property_readonly(
          "no_move",
          [](const Rules& r) {
            return r.no_move == loa::NoMoveRule::Pass ? "pass" : r.no_move == loa::NoMoveRule::Draw ? "draw" : "lose";
          })
      .def_readonly("repetition", &Rules::repetition)
      .def_readonly("ply_limit", &Rules::ply_limit)
      .def_property_readonly("at_limit",
                             [](const Rules& r) { return r.at_limit == loa::LimitOutcome::Draw ? "draw" : "points"; })
      .def("__eq__", [](const Rules& a, const Rules& b) { return a == b; })
      .def("__repr__", [](const Rules& r) { return "loa.Rules('" + r.name + "')"; });

  py::class_<Move>(m, "Move", "A move: origin, destination and whether it captures; or a pass.")
      .def_property_readonly("from_square",
                             [](Move mv) { return mv.is_pass() ? std::string() : loa::square_name(mv.from()); })
      .def_property_readonly("to_square",
                             [](Move mv) { return mv.is_pass() ? std::string() : loa::square_name(mv.to()); })
      .def_property_readonly("is_capture", &Move::is_capture)
      .def_property_readonly("is_pass", &Move::is_pass)
      .def("__str__", [](Move mv) { return loa::move_text(mv); })
      .def("__repr__", [](Move mv) { return "loa.Move('" + loa::move_text(mv) + "')"; })
      .def("__eq__", [](Move a, Move b) { return a == b; })
      .def("__hash__", [](Move mv) { return mv.raw(); });

  py::class_<Observation>(m, "Observation", py::buffer_protocol(),
                          "Planes of the position as float32: own, opponent, empty, bonus; shape (4, size, size).")
      .def_property_readonly("shape", [](const Observation& o) { return py::make_tuple(kPlanes, o.size, o.size); })
      .def("tolist", [](const Observation& o) { return o.data; })
      .def_buffer([](Observation& o) {
        const auto f = py::ssize_t(sizeof(float)), n = py::ssize_t(o.size);
        return py::buffer_info(o.data.data(), sizeof(float), py::format_descriptor<float>::format(), 3,
                               {py::ssize_t(kPlanes), n, n}, {n * n * f, n * f, f});
      });

  py::class_<Game>(m, "Game", "A game under some rules: history, repetition, limits, points and the outcome.")
      .def(py::init([](const RulesArg& rules) { return Game(rules_of(rules)); }), py::arg("rules") = "olympiad")
      .def_static(
          "from_position",
          [](const RulesArg& rules, const std::string& text) {
            return value_or_raise(loa::parse_position_text(text, rules_of(rules)));
          },
          py::arg("rules"), py::arg("text"), "A game from position text (docs/position-text.md).")
      .def_property_readonly("rules", &Game::rules)
      .def("legal_moves", &legal_moves)
      .def(
          "play", [](Game& g, const MoveArg& mv) { g.play(move_of(g, mv)); }, py::arg("move"),
          "Plays a legal move, given as text ('b1-d3', 'b1xd3', 'b1d3', 'pass') or a Move.")
      .def("undo",
           [](Game& g) {
             if (g.moves().empty()) throw py::value_error("no move to take back");
             g.undo();
           })
      .def("is_over", &Game::over)
      .def("outcome", &outcome_dict, "over, winner ('black', 'white' or None), state, reason, points")
      .def_property_readonly("side_to_move", [](const Game& g) { return color_name(g.side_to_move()); })
      .def_property_readonly("ply", &Game::ply)
      .def_property_readonly("points",
                             [](const Game& g) { return py::make_tuple(g.points(loa::Black), g.points(loa::White)); })
      .def_property_readonly("moves",
                             [](const Game& g) { return std::vector<Move>(g.moves().begin(), g.moves().end()); })
      .def("position_text", &loa::to_position_text)
      .def(
          "perft",
          [](Game& g, int depth) {
            if (depth < 0 || depth > 12) throw py::value_error("perft depth must lie in 0..12");
            py::gil_scoped_release release;
            return loa::perft(g, depth);
          },
          py::arg("depth"))
      .def("observation", &observe)
      .def("copy", [](const Game& g) { return Game(g); })
      .def("__repr__", [](const Game& g) { return "loa.Game('" + loa::to_position_text(g) + "')"; });

  py::class_<loa::Engine>(m, "Engine", "The search engine with its own transposition table.")
      .def(py::init([](int hash_mb, int threads) {
             if (hash_mb < 1 || hash_mb > 65536) throw py::value_error("hash_mb must lie in 1..65536");
             if (threads < 1 || threads > loa::kMaxThreads) throw py::value_error("threads must lie in 1..256");
             auto engine = std::make_unique<loa::Engine>(std::size_t(hash_mb));
             engine->set_threads(threads);
             return engine;
           }),
           py::arg("hash_mb") = 16, py::arg("threads") = 1)
      .def_property_readonly("threads", &loa::Engine::threads)
      .def("new_game", &loa::Engine::new_game)
      .def(
          "search",
          [](loa::Engine& e, const Game& game, std::optional<int> movetime_ms, std::optional<int> depth,
             std::optional<std::uint64_t> nodes) {
            if (game.over()) throw py::value_error("the game is over: nothing to search");
            loa::Limits limits;
            if (movetime_ms) {
              if (*movetime_ms < 1) throw py::value_error("movetime_ms must be at least 1");
              limits.movetime_ms = *movetime_ms;
            }
            if (depth) {
              if (*depth < 1 || *depth > loa::kMaxDepth) throw py::value_error("depth must lie in 1..64");
              limits.depth = *depth;
            }
            if (nodes) limits.nodes = *nodes;
            if (!movetime_ms && !depth && !nodes) limits.depth = 8;
            loa::SearchResult r;
            {
              py::gil_scoped_release release;
              r = e.search(game, limits);
            }
            return search_result(r);
          },
          py::arg("game"), py::kw_only(), py::arg("movetime_ms") = py::none(), py::arg("depth") = py::none(),
          py::arg("nodes") = py::none(),
          "Best move, score, depth, nodes, time_ms and pv; depth 8 when no limit is given. Releases the GIL.")
      .def("stop", &loa::Engine::stop, "Asks a search running in another thread to return.")
      .def(
          "use_proofs",
          [](loa::Engine& e, const std::string& text) {
            loa::Expected<loa::ProofBook> book = loa::Error{""};
            {
              py::gil_scoped_release release;
              book = loa::ProofBook::from_text(text);
            }
            auto shared = std::make_shared<const loa::ProofBook>(value_or_raise(std::move(book)));
            const std::size_t positions = shared->size();
            loa::use_proof_book(e, std::move(shared));
            return positions;
          },
          py::arg("text"),
          "Plays the wins of a proof text (solve(proof=True), loa solve --proof; compact or not) without searching, "
          "as loa match's engine:proofs=. Returns the positions it knows; ValueError if the proof does not verify.")
      .def(
          "use_solver",
          [](loa::Engine& e, int share, int memory_mb) {
            if (share < 0 || share > 90) throw py::value_error("share must lie in 0..90 (percent of a move's time)");
            if (memory_mb < 1 || memory_mb > 65536) throw py::value_error("memory_mb must lie in 1..65536");
            e.options().prover_share = share;
            loa::use_solver(e, std::size_t(memory_mb));
          },
          py::kw_only(), py::arg("share") = 25, py::arg("memory_mb") = 64,
          "Asks the solver at the root of timed searches where a proof is likely, with up to `share` percent of the "
          "move's time (docs/solver.md, 'The engine asks it'); 0 never asks.");

  m.def("solve", &solve, py::arg("game"), py::kw_only(), py::arg("time_s") = py::none(), py::arg("nodes") = py::none(),
        py::arg("memory_mb") = 256, py::arg("proof") = false,
        "Proof-number search (docs/solver.md): result ('win', 'loss', 'draw' or 'unknown', for the side to "
        "move), move, nodes, time_ms, memory_bytes, proof_moves, longest_line, cannot_win, cannot_lose, stopped; "
        "with proof=True also the proof text, which verify_proof() checks. Releases the GIL.");
  m.def(
      "verify_proof",
      [](const std::string& text) {
        const loa::ProofCheck check = value_or_raise(loa::verify_proof(text));
        py::dict d;
        d["claims"] = check.claims;
        d["sections"] = check.sections;
        d["moves"] = check.moves;
        return d;
      },
      py::arg("text"),
      "Checks a proof text (loa solve --proof, or solve(proof=True)) with the plain move generator: claims, "
      "sections and moves, or ValueError saying where it fails.");
}
