// loa.Engine, loa.solve and loa.verify_proof: the searches run with the GIL
// released and stop on Ctrl-C; proof texts arrive already read (the
// package's __init__.py reads paths and gzip bytes).
#include <algorithm>
#include <atomic>
#include <string>
#include <utility>

#include "bindings.hpp"
#include "loa/game/symmetry.hpp"
#include "loa/nnue/network.hpp"
#include "loa/search/search.hpp"
#include "loa/solve/proof.hpp"
#include "loa/solve/proof_book.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/notation.hpp"

namespace loa::python {

namespace {

py::dict search_result(const SearchResult& r) {
  py::dict d;
  d["best"] = r.best;
  d["score"] = r.score;
  d["depth"] = r.depth;
  d["nodes"] = r.nodes;
  d["time_ms"] = r.time_ms;
  d["pv"] = r.pv;
  return d;
}

constexpr long long kMaxNodes = 1LL << 62;

// expand_proof() without the GIL, and what its check found; ValueError when
// the proof does not verify.
std::pair<std::string, ProofCheck> expand_or_raise(const std::string& text) {
  ProofCheck check;
  Expected<std::string> expanded = Error{""};
  {
    py::gil_scoped_release release;
    expanded = expand_proof(text, &check);
  }
  return {value_or_raise(std::move(expanded)), check};
}

// loa.solve(): the solver's report, with the names `loa solve --json` uses.
// `finished`: a game already over is settled (its end the proof) rather
// than refused, as a split solve's jobs need.
py::dict solve(const py::object& game_arg, const py::object& time_s, const py::object& nodes,
               const py::object& memory_mb, bool proof, const py::object& prover, bool collect, bool finished = false,
               bool keep_disproof = false) {
  const Game& game = game_of(game_arg);
  if (game.over() && !finished) throw py::value_error("the game is over: nothing to solve");
  SolveLimits limits;
  if (!time_s.is_none()) {
    if (!py::isinstance<py::int_>(time_s) && !py::isinstance<py::float_>(time_s))
      throw py::type_error("time_s must be a number of seconds");
    const double seconds = time_s.cast<double>();
    if (!(seconds > 0 && seconds <= 1e7)) throw py::value_error("time_s must lie in (0, 10000000]");
    limits.time_ms = std::max<std::int64_t>(1, std::int64_t(seconds * 1000));
  }
  if (const auto n = optional_int_arg(nodes, "nodes", 1, kMaxNodes)) limits.nodes = std::uint64_t(*n);
  limits.memory_mb = std::size_t(int_arg(memory_mb, "memory_mb", 1, 1 << 20));
  // Folding, a solve is bounded by nothing else.
  if (collect && !limits.time_ms && !limits.nodes) throw py::value_error("collect=True needs time_s or nodes");
  std::atomic<bool> interrupt{false};
  limits.interrupt = &interrupt;
  Solver solver;
  solver.keep_proof = proof;
  solver.collect = collect;
  solver.keep_disproof = keep_disproof;
  if (!prover.is_none()) {
    const std::string side = py::isinstance<py::str>(prover) ? prover.cast<std::string>() : "";
    if (side != "black" && side != "white") throw py::value_error("prover must be 'black' or 'white'");
    solver.prover = side == "black" ? Black : White;
  }
  const SolveReport r = run_interruptibly([&] { return solver.solve(game, limits); }, [&] { interrupt.store(true); });
  py::dict d;
  d["result"] = std::string(to_string(r.value));
  d["move"] = r.move.is_none() ? py::object(py::none()) : py::cast(r.move);
  d["nodes"] = r.nodes;
  d["time_ms"] = r.time_ms;
  d["memory_bytes"] = r.memory_bytes;
  d["proof_moves"] = r.proof_nodes;
  d["longest_line"] = r.proof_depth;
  d["cannot_win"] = r.cannot_win;
  d["cannot_lose"] = r.cannot_lose;
  py::list promising;
  for (Move m : r.promising) promising.append(move_text(m));
  d["promising"] = promising;
  d["stopped"] = r.stopped.empty() ? py::object(py::none()) : py::cast(r.stopped);
  d["collections"] = r.collections;
  if (proof) d["proof"] = r.proof;
  return d;
}

// A network from "net" (the built-in one), "classic" or None (none: the hand-written evaluation), a path (str or
// os.PathLike) or the bytes of a file; ValueError naming the reason.
std::shared_ptr<const nnue::Network> network_of(const py::object& net) {
  if (net.is_none()) return nullptr;
  if (py::isinstance<py::bytes>(net)) return value_or_raise(nnue::read_network(net.cast<std::string>()));
  if (py::isinstance<py::str>(net)) return value_or_raise(nnue::network_named(net.cast<std::string>()));
  if (py::hasattr(net, "__fspath__"))
    return value_or_raise(nnue::load_network(py::str(py::module_::import("os").attr("fspath")(net))));
  throw py::type_error("net must be a path, the bytes of a network file or None, not " + type_name(net));
}

}  // namespace

void bind_engine(py::module_& m) {
  auto engine = py::class_<Engine>(m, "Engine", "The search engine with its own transposition table.");
  engine
      .def(py::init([](const py::object& hash_mb, const py::object& threads, const py::object& net) {
             const long long mb = int_arg(hash_mb, "hash_mb", 1, 65536);
             const long long t = int_arg(threads, "threads", 1, kMaxThreads);
             auto made = std::make_unique<Engine>(std::size_t(mb));
             made->set_threads(int(t));
             made->set_network(network_of(net));
             return made;
           }),
           py::arg("hash_mb") = 16, py::arg("threads") = 1, py::arg("net") = "net",
           "hash_mb: the transposition table (1..65536 MB); threads: search threads (1..256, Lazy SMP); net: a "
           "learned evaluation: \"net\" (the built-in network, the default), \"classic\" or None (the hand-written "
           "evaluation), or a network file's path or bytes (docs/training.md); used where it applies to the rules "
           "(its board size, no game points).")
      .def_property(
          "net",
          [](const Engine& e) -> py::object {
            return e.network() ? py::object(py::str(e.network()->description)) : py::object(py::none());
          },
          [](Engine& e, const py::object& net) { e.set_network(network_of(net)); },
          "The learned evaluation's description, or None for the hand-written one; set \"net\", \"classic\", None, a "
          "path or bytes.")
      .def(
          "evaluate",
          [](const Engine& e, const py::object& game_arg) {
            const Game& game = game_of(game_arg);
            if (game.over()) throw py::value_error("the game is over: nothing to evaluate");
            return e.evaluate(game);
          },
          py::arg("game"),
          "The static evaluation the search uses for the game's position, for the side to move (evaluation "
          "units): the network's where it applies, the hand-written one elsewhere.")
      .def_property_readonly("threads", &Engine::threads, "Search threads.")
      .def("new_game", &Engine::new_game, "Forgets what earlier searches learned (table and history).")
      .def(
          "search",
          [](Engine& e, const py::object& game_arg, const py::object& movetime_ms, const py::object& depth,
             const py::object& nodes, const std::vector<std::string>& exclude) {
            const Game& game = game_of(game_arg);
            if (game.over()) throw py::value_error("the game is over: nothing to search");
            Limits limits;
            for (const std::string& text : exclude) {
              const Expected<Move> move = parse_move(text, game);
              if (!move) throw py::value_error("exclude: " + move.error());
              limits.excluded.push_back(*move);
            }
            if (!exclude.empty()) {
              const auto& x = limits.excluded;
              const MoveList legal = game.legal_moves();
              if (std::all_of(legal.begin(), legal.end(),
                              [&](Move legal_move) { return std::find(x.begin(), x.end(), legal_move) != x.end(); }))
                throw py::value_error("exclude: every legal move is excluded");
            }
            if (const auto ms = optional_int_arg(movetime_ms, "movetime_ms", 1, 1LL << 31))
              limits.movetime_ms = int(*ms);
            if (const auto d = optional_int_arg(depth, "depth", 1, kMaxDepth)) limits.depth = int(*d);
            if (const auto n = optional_int_arg(nodes, "nodes", 1, kMaxNodes)) limits.nodes = std::uint64_t(*n);
            if (movetime_ms.is_none() && depth.is_none() && nodes.is_none()) limits.depth = 8;
            try {
              return search_result(run_interruptibly([&] { return e.search(game, limits); }, [&] { e.stop(); }));
            } catch (const py::error_already_set&) {
              e.clear_stop();  // the interrupt's stop is not meant for the next search
              throw;
            }
          },
          py::arg("game"), py::kw_only(), py::arg("movetime_ms") = py::none(), py::arg("depth") = py::none(),
          py::arg("nodes") = py::none(), py::arg("exclude") = std::vector<std::string>{},
          "Best move, score, depth, nodes, time_ms and pv; depth 8 when no limit is given. `exclude`: moves not to "
          "consider (as `loa analyse --exclude`). Releases the GIL; Ctrl-C stops it (KeyboardInterrupt).")
      .def(
          "stop", [](Engine& e) { e.stop(); },
          "Asks a search running in another thread to return; it holds for the next search until clear_stop().")
      .def("clear_stop", &Engine::clear_stop, "Lets searches run again after stop().")
      .def(
          "use_proofs",
          [](Engine& e, const py::object& source) {
            // The proof's text, read as loa.read_proof reads it (its text, a path, or bytes; plain or gzip):
            // one reader of proof sources for the package, in Python, where gzip is at hand.
            const std::string text = py::module_::import("loa").attr("read_proof")(source).cast<std::string>();
            Expected<ProofBook> book = Error{""};
            {
              py::gil_scoped_release release;
              book = ProofBook::from_text(text);
            }
            auto shared = std::make_shared<const ProofBook>(value_or_raise(std::move(book)));
            const std::size_t positions = shared->size();
            use_proof_book(e, std::move(shared));
            return positions;
          },
          py::arg("source"),
          "Plays a proof's wins without searching (solve(proof=True), loa solve --proof; compact or not). The proof "
          "is its text, a path (plain or gzip) or bytes (plain or gzip). Returns the positions it knows; ValueError "
          "if the proof does not verify.")
      .def(
          "use_solver",
          [](Engine& e, const py::object& share, const py::object& memory_mb) {
            const long long s = int_arg(share, "share", 0, 90);
            const long long mb = int_arg(memory_mb, "memory_mb", 1, 65536);
            e.options().prover_share = int(s);
            use_solver(e, std::size_t(mb));
          },
          py::kw_only(), py::arg("share") = 25, py::arg("memory_mb") = 64,
          "Asks the solver at the root of timed searches where a proof is likely, with up to `share` percent of the "
          "move's time (docs/solver.md, 'The engine asks it'); 0 never asks.");

  m.def(
      "solve",
      [](const py::object& game, const py::object& time_s, const py::object& nodes, const py::object& memory_mb,
         bool proof, const py::object& prover,
         bool collect) { return solve(game, time_s, nodes, memory_mb, proof, prover, collect); },
      py::arg("game"), py::kw_only(), py::arg("time_s") = py::none(), py::arg("nodes") = py::none(),
      py::arg("memory_mb") = 256, py::arg("proof") = false, py::arg("prover") = py::none(), py::arg("collect") = false,
      "Proof-number search (docs/solver.md): result ('win', 'loss', 'draw' or 'unknown', for the side to "
      "move), move, nodes, time_ms, memory_bytes, proof_moves, longest_line, cannot_win, cannot_lose, promising (when "
      "unknown: the moves closest to a proof of the mover's win, best first), stopped, collections; "
      "with proof=True also the proof text, which verify_proof() checks. prover='black' or 'white' asks only "
      "whether that side wins ('unknown' with cannot_win or cannot_lose when it does not). collect=True: a full "
      "tree is folded and the solve goes on, bounded by time_s or nodes (then give one). Releases the GIL; "
      "Ctrl-C stops it.");
  m.def(
      "_solve_job",
      [](const py::object& game, const py::object& time_s, const py::object& memory_mb, const py::object& prover,
         bool collect, bool keep_disproof, const py::object& nodes) {
        if (keep_disproof && prover.is_none()) throw py::value_error("keep_disproof needs a prover");
        if (time_s.is_none() && nodes.is_none()) throw py::value_error("a job needs time_s or nodes");
        return solve(game, time_s, nodes, memory_mb, true, prover, collect, true, keep_disproof);
      },
      py::arg("game"), py::kw_only(), py::arg("time_s"), py::arg("memory_mb"), py::arg("prover") = py::none(),
      py::arg("collect") = false, py::arg("keep_disproof") = false, py::arg("nodes") = py::none(),
      "solve(proof=True) for a split solve's job: a game already over is settled by its end, not refused. "
      "keep_disproof: when the prover cannot win, the proof that the other side wins or draws.");
  m.def(
      "_verify_proof_text",
      [](const std::string& text) {
        Expected<ProofCheck> check = Error{""};
        // The claimant's move at its first turn (at the proved position when
        // it is the claimant's turn there): the first of its turns with the
        // fewest moves before it (the checker visits them in the text's order).
        Move first = Move::none();
        std::size_t first_ply = ~std::size_t{0};
        {
          py::gil_scoped_release release;
          check = walk_proof(text, [&](const Game& g, Move played, int, bool) {
            if (g.moves().size() < first_ply) first_ply = g.moves().size(), first = played;
          });
        }
        const ProofCheck c = value_or_raise(std::move(check));
        py::dict d;
        d["claims"] = c.claims;
        d["sections"] = c.sections;
        d["moves"] = c.moves;
        d["first_move"] = first.is_none() ? py::object(py::none()) : py::cast(move_text(first));
        return d;
      },
      py::arg("text"), "verify_proof() with the proof's text already read.");
  m.def(
      "_graft_proofs",
      [](const std::string& claim, const std::vector<std::pair<std::string, std::string>>& children) {
        Expected<std::string> joined = Error{""};
        {
          py::gil_scoped_release release;
          joined = graft_proofs(claim, children);
        }
        return value_or_raise(std::move(joined));
      },
      py::arg("claim"), py::arg("children"),
      "The proof of a position from its children's: [(move, proof text)], each claiming `claim` one move on "
      "(loa solve --merge; unchecked).");
  m.def(
      "_compact_proof",
      [](const std::string& text) {
        Expected<std::string> compact = Error{""};
        {
          py::gil_scoped_release release;
          compact = compact_proof(text);
        }
        return value_or_raise(std::move(compact));
      },
      py::arg("text"), "The proof in the compact format, checked first (loa verify-proof --compact).");
  m.def(
      "_expand_proof", [](const std::string& text) { return expand_or_raise(text).first; }, py::arg("text"),
      "The proof with every move written out, checked first (loa verify-proof --expand).");
  m.def(
      "_expand_proof_checked",
      [](const std::string& text) {
        auto [expanded, check] = expand_or_raise(text);
        return py::make_tuple(std::move(expanded), check.claims);
      },
      py::arg("text"),
      "_expand_proof() and the claims verify_proof() would report, from the one check (seeding a store: the "
      "check is the expansion's, not a second walk).");
  m.def(
      "_map_proof",
      [](const std::string& text, const std::string& symmetry) {
        const auto s = symmetry_from_string(symmetry);
        if (!s) throw py::value_error("not a symmetry: '" + symmetry + "'");
        Expected<std::string> image = Error{""};
        {
          py::gil_scoped_release release;
          image = map_proof(text, *s);
        }
        return value_or_raise(std::move(image));
      },
      py::arg("text"), py::arg("symmetry"),
      "The proof's image under a symmetry of the board ('mirror files', 'rotate 180', ...), as text; checked first.");
  m.def(
      "_map_move",
      [](const std::string& move, const std::string& symmetry, int board_size) {
        const auto s = symmetry_from_string(symmetry);
        if (!s) throw py::value_error("not a symmetry: '" + symmetry + "'");
        if (board_size < 5 || board_size > 8) throw py::value_error("board_size must be 5 to 8");
        if (move == "pass") return move;
        // The written form alone ("b1-d3", "b1xd3"): no game says whether it is legal.
        const auto from = parse_square(move.substr(0, 2), board_size);
        const auto to = parse_square(move.size() == 5 ? move.substr(3) : "", board_size);
        if (!from || !to || (move[2] != '-' && move[2] != 'x'))
          throw py::value_error("not a move on a " + std::to_string(board_size) + "x" + std::to_string(board_size) +
                                " board: '" + move + "'");
        return move_text(map_move(Move(*from, *to, move[2] == 'x'), *s, board_size));
      },
      py::arg("move"), py::arg("symmetry"), py::arg("board_size"), "A move's image under a symmetry of the board.");
  m.def(
      "_rules_symmetries",
      [](const py::object& rules) {
        std::vector<std::string> out;
        for (Symmetry s : rules_symmetries(rules_of(rules))) out.emplace_back(to_string(s));
        return out;
      },
      py::arg("rules"), "The symmetries that keep the rules' start and square points (identity first).");
  refuse_pickle(engine,
                "a loa.Engine does not pickle: it owns threads and a transposition table; make a new one where it is "
                "needed (loa.Engine(hash_mb=..., threads=...))");
}

}  // namespace loa::python
