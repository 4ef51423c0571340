#include "ugi/ugi_session.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <new>
#include <optional>

#include "loa/solve/proof_book.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/variant.hpp"
#include "proof_files.hpp"

namespace loa::cli {

namespace {

// UGI moves are written without separators, like UCI's: b1d3, pass.
std::string ugi_move(Move m) {
  return m.is_pass() ? "pass" : m.is_none() ? "0000" : square_name(m.from()) + square_name(m.to());
}

// A score from the side to move's view: centipawn-like units, or moves
// (not plies) to the end of the game.
std::string ugi_score(Value v) {
  if (v >= kWinBound) return fmt::format("mate {}", (kWin - v + 1) / 2);
  if (v <= -kWinBound) return fmt::format("mate -{}", (kWin + v + 1) / 2);
  return fmt::format("cp {}", v);
}

}  // namespace

UgiSession::UgiSession(std::function<void(const std::string&)> out, std::size_t hash_mb, std::size_t max_hash_mb)
    : engine_(hash_mb), game_(olympiad()), out_fn_(std::move(out)), max_hash_mb_(max_hash_mb) {
  engine_.set_network(nnue::builtin_network());
  if (max_hash_mb_ == 0) {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    max_hash_mb_ = pages > 0 && page > 0 ? std::size_t(pages) * std::size_t(page) / 2 >> 20 : 1024;
  }
}

bool UgiSession::handle(const std::string& line) {
  std::istringstream in(line);
  std::string command;
  if (!(in >> command)) return true;
  if (command == "ugi" || command == "uci") {
    say("id name libloa 0.2");
    say("id author the libloa authors");
    say("option name DefenceShare type spin default 0 min 0 max 90");
    say("option name EvalFile type string default net");
    say("option name Hash type spin default 16 min 1 max 65536");
    say(fmt::format("option name Move Overhead type spin default {} min 0 max {}", Limits{}.overhead_ms,
                    kMaxMoveOverheadMs));
    say("option name ProofBook type string default <empty>");
    say("option name ProofShare type spin default 0 min 0 max 90");
    say("option name Rules type string default olympiad");
    say("option name Seed type spin default 0 min 0 max 2147483647");
    say(fmt::format("option name Threads type spin default 1 min 1 max {}", kMaxThreads));
    say(command == "ugi" ? "ugiok" : "uciok");
  } else if (command == "isready") {
    say("readyok");
  } else if (command == "setoption") {
    stop_search();
    set_option(in);
  } else if (command == "uginewgame" || command == "ucinewgame") {
    stop_search();
    engine_.new_game();
    game_ = Game(rules_);
  } else if (command == "position") {
    stop_search();
    set_position(in);
  } else if (command == "go") {
    stop_search();
    go(in);
  } else if (command == "stop") {
    stop_search();
  } else if (command == "query") {
    std::string what;
    in >> what;
    query(what);
  } else if (command == "quit") {
    stop_search();
    return false;
  } else {
    error("unknown command '" + command.substr(0, 40) + "'");
  }
  return true;
}

void UgiSession::set_option(std::istringstream& in) {
  std::string word, name, value;
  in >> word;
  if (word != "name") return error("setoption needs 'name NAME value VALUE'");
  while (in >> word && word != "value") {
    if (!name.empty()) name += ' ';
    name += word;
  }
  std::getline(in >> std::ws, value);
  for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
  long long n = 0;
  std::istringstream number(value);
  const bool numeric = bool(number >> n) && number.eof();
  if (name == "hash") {
    if (!numeric || n < 1 || n > 65536) return error("Hash must be 1..65536 MiB");
    if (std::size_t(n) > max_hash_mb_)
      return error(fmt::format("Hash {} MiB is more than half this machine's memory ({} MiB)", n, max_hash_mb_));
    try {
      engine_.set_hash(std::size_t(n));
    } catch (const std::bad_alloc&) {
      engine_.set_hash(1);
      return error(fmt::format("cannot allocate {} MiB; the table is now 1 MiB", n));
    }
  } else if (name == "proofshare" || name == "defenceshare") {
    // The share of a timed move the proof-number solver may use: to prove a
    // win where one is likely (ProofShare), or to check the chosen move when
    // the engine stands worse (DefenceShare) (docs/solver.md); 0 switches it
    // off.
    const bool proof = name == "proofshare";
    if (!numeric || n < 0 || n > 90)
      return error(fmt::format("{} must be 0..90 (percent)", proof ? "ProofShare" : "DefenceShare"));
    (proof ? engine_.options().prover_share : engine_.options().defence_share) = int(n);
    if (asks_solver(engine_.options()) && !engine_.root_prover) use_solver(engine_);
  } else if (name == "move overhead") {
    if (!numeric || n < 0 || n > kMaxMoveOverheadMs)
      return error(fmt::format("Move Overhead must be 0..{} ms", kMaxMoveOverheadMs));
    move_overhead_ms_ = int(n);
  } else if (name == "evalfile") {
    // The evaluation (docs/training.md): net, the built-in network where it
    // applies; classic, the hand-written one; or a network file.
    auto net = nnue::network_named(value == "<empty>" || value.empty() ? "classic" : value);
    if (!net) return error(net.error());
    engine_.set_network(*net);
  } else if (name == "proofbook") {
    // A proof file whose wins the engine plays without searching
    // (docs/solver.md, "Proofs in play"); empty for none.
    if (value.empty() || value == "<empty>") {
      engine_.known_win = nullptr;
      return;
    }
    auto book = read_proof_book_file(value);
    if (!book) return error(book.error());
    use_proof_book(engine_, *book);
  } else if (name == "threads") {
    if (!numeric || n < 1 || n > kMaxThreads) return error(fmt::format("Threads must be 1..{}", kMaxThreads));
    engine_.set_threads(int(n));
  } else if (name == "rules") {
    const auto r = load_rules(value);
    if (!r) return error(r.error());
    rules_ = *r;
    game_ = Game(rules_);
  } else if (name == "seed") {
    if (!numeric || n < 0) return error("Seed must be a whole number");
    // The search is deterministic; the seed is accepted for tools that set it.
  } else {
    error("unknown option '" + name + "'");
  }
}

void UgiSession::set_position(std::istringstream& in) {
  std::string word, text;
  in >> word;
  std::optional<Game> g;
  if (word == "startpos") {
    g.emplace(rules_);
    in >> word;
  } else if (word == "fen") {
    while (in >> word && word != "moves") {
      if (!text.empty()) text += ' ';
      text += word;
    }
    auto parsed = parse_position_text(text, rules_);
    if (!parsed) return error("bad position: " + parsed.error());
    g.emplace(std::move(parsed).value());
  } else {
    return error("position needs startpos or fen");
  }
  if (word == "moves")
    while (in >> word) {
      const auto m = parse_move(word, *g);
      if (!m) return error("bad move '" + word.substr(0, 20) + "': " + m.error());
      g->play(*m);
    }
  game_ = std::move(*g);
}

void UgiSession::go(std::istringstream& in) {
  Limits limits;
  limits.overhead_ms = move_overhead_ms_;
  std::string word;
  bool infinite = false;
  long long n = 0;
  while (in >> word) {
    if (word == "infinite") {
      infinite = true;
      continue;
    }
    // A GUI waits for bestmove after go, so even a bad go gets one.
    if (!(in >> n) || n < 0) return error("go " + word + " needs a number"), say("bestmove 0000");
    if (word == "depth")
      limits.depth = int(std::min<long long>(n, kMaxDepth));
    else if (word == "nodes")
      limits.nodes = std::uint64_t(n);
    else if (word == "movetime")
      limits.movetime_ms = int(std::min<long long>(n, 1 << 30));
    else if (word == "p1time" || word == "btime")
      limits.time_ms[Black] = n;
    else if (word == "p2time" || word == "wtime")
      limits.time_ms[White] = n;
    else if (word == "p1inc" || word == "binc")
      limits.inc_ms[Black] = n;
    else if (word == "p2inc" || word == "winc")
      limits.inc_ms[White] = n;
    else if (word == "movestogo")
      limits.movestogo = int(std::min<long long>(n, 1000));
    else
      return error("unknown go parameter '" + word + "'");
  }
  if (game_.over()) {
    say("info string game over");
    say("bestmove 0000");
    return;
  }
  stop_requested_ = false;
  engine_.on_iteration = [this](const SearchInfo& i) {
    std::string pv;
    for (Move m : i.pv) {
      pv += ' ';
      pv += ugi_move(m);
    }
    say(fmt::format("info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv{}", i.depth, i.seldepth,
                    ugi_score(i.score), i.nodes, i.nps, i.time_ms, i.hashfull, pv));
  };
  const Game position = game_;
  engine_.clear_stop();  // here, not on the new thread: a stop that follows at once must hold
  searcher_ = std::thread([this, position, limits, infinite] {
    const SearchResult r = engine_.search(position, limits);
    if (infinite) {
      std::unique_lock lock(stop_mutex_);
      stop_cv_.wait(lock, [this] { return stop_requested_; });
    }
    say("bestmove " + ugi_move(r.best));
  });
}

void UgiSession::query(const std::string& what) {
  if (what == "gameover") {
    say(std::string("response ") + (game_.over() ? "true" : "false"));
  } else if (what == "p1turn") {
    say(std::string("response ") + (game_.side_to_move() == Black ? "true" : "false"));
  } else if (what == "result") {
    const auto& o = game_.outcome();
    say(std::string("response ") + (!o.over()                         ? "none"
                                    : o.state == GameState::BlackWins ? "p1win"
                                    : o.state == GameState::WhiteWins ? "p2win"
                                                                      : "draw"));
  } else {
    error("unknown query '" + what + "' (gameover, p1turn, result)");
  }
}

}  // namespace loa::cli
