#include "ugi/ugi_player.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>

#include "loa/play/network_players.hpp"
#include "loa/solve/solver.hpp"
#include "loa/text/notation.hpp"
#include "loa/text/variant.hpp"
#include "proof_files.hpp"

namespace loa::cli {

UgiPlayer::UgiPlayer(std::string spec, std::vector<std::string> argv, int movetime_ms)
    : spec_(std::move(spec)), argv_(std::move(argv)), movetime_ms_(movetime_ms) {}

UgiPlayer::~UgiPlayer() {
  if (!variant_file_.empty()) std::remove(variant_file_.c_str());
}

std::string UgiPlayer::rules_value(const Rules& rules) {
  const auto named = preset(rules.name);
  if (named && *named == rules) return rules.name;
  if (variant_file_.empty()) {
    char path[] = "/tmp/loa-variant-XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) return rules.name;
    const std::string text = format_variant(rules);
    const bool written = write(fd, text.data(), text.size()) == ssize_t(text.size());
    close(fd);
    if (!written) return rules.name;
    variant_file_ = path;
  }
  return variant_file_ + ":" + rules.name;
}

Move UgiPlayer::fail(const std::string& why) {
  failure_ = spec_ + ": " + why;
  // Whatever state it is in, the next game gets a fresh process.
  if (process_) process_->finish(0.2);
  process_.reset();
  return Move::none();
}

bool UgiPlayer::ensure_started(const Rules& rules) {
  if (!process_) {
    process_ = std::make_unique<Interactive>();
    rules_sent_.clear();
    if (!process_->start(argv_) || !process_->send("ugi")) return false;
    for (;;) {
      const auto line = process_->read_line(10);
      if (!line) return false;
      if (*line == "ugiok" || *line == "uciok") break;
    }
  }
  if (rules_sent_ != rules.name) {
    if (!process_->send("setoption name Rules value " + rules_value(rules))) return false;
    rules_sent_ = rules.name;
    new_game_ = true;
  }
  if (new_game_) {
    if (!process_->send("uginewgame") || !process_->send("isready")) return false;
    for (;;) {
      const auto line = process_->read_line(10);
      if (!line) return false;
      if (*line == "readyok") break;
    }
    new_game_ = false;
  }
  return true;
}

Move UgiPlayer::choose(const Game& game) {
  failure_.clear();
  if (!ensure_started(game.rules())) return fail("did not start or complete the UGI handshake");
  // The whole game from the rules' start, so that the program sees the
  // history (repetitions) as well as the position.
  std::string position = "position startpos";
  if (!game.moves().empty()) position += " moves";
  for (Move m : game.moves()) {
    position += ' ';
    position += m.is_pass() ? "pass" : square_name(m.from()) + square_name(m.to());
  }
  std::string go;
  double wait_s;
  if (clocked_) {
    go = fmt::format("go p1time {} p2time {} p1inc {} p2inc {}", time_ms_[Black], time_ms_[White], inc_ms_[Black],
                     inc_ms_[White]);
    wait_s = double(time_ms_[game.side_to_move()]) / 1000.0 + 5;
  } else {
    go = fmt::format("go movetime {}", movetime_ms_);
    wait_s = movetime_ms_ / 1000.0 * 3 + 5;
  }
  if (!process_->send(position) || !process_->send(go)) return fail("closed its input");
  for (;;) {
    const auto line = process_->read_line(wait_s);
    if (!line) return fail(process_->timed_out() ? "no bestmove in time" : "exited mid-game");
    std::istringstream words(*line);
    std::string first, move;
    words >> first >> move;
    if (first != "bestmove") continue;
    const auto m = parse_move(move, game);
    if (!m) return fail("bestmove '" + move.substr(0, 20) + "': " + m.error());
    return *m;
  }
}

Expected<std::shared_ptr<const ProofBook>> ProofBooks::get(const std::string& path) {
  std::lock_guard lock(mutex_);
  if (const auto it = books_.find(path); it != books_.end()) return it->second;
  auto book = read_proof_book_file(path);
  if (book) books_[path] = *book;
  return book;
}

Expected<std::unique_ptr<Player>> make_match_player(const std::string& spec, std::uint64_t seed, int movetime_ms,
                                                    ProofBooks* books) {
  if (spec.rfind("ugi:", 0) != 0) {
    // ":proofs=FILE" names a file, which make_player() does not read; the
    // evaluation (":eval=", ":net=FILE") is make_network_player()'s.
    std::string library_spec = spec, proofs;
    if (take_spec_option(library_spec, "proofs", proofs)) {
      if (proofs.empty()) return Error{"'proofs=' needs a proof file, as in engine:proofs=six.proof"};
      if (!books) return Error{"'proofs=FILE' is for loa match"};
    }
    auto player = make_network_player(library_spec, seed);
    if (!player) return player;
    if (auto* engine = dynamic_cast<EnginePlayer*>(player->get())) {
      // An engine given a share of its time for proofs ("engine:solver=25")
      // gets the solver to ask; the library's players do not link it.
      if (asks_solver(engine->engine().options())) use_solver(engine->engine());
      if (!proofs.empty()) {
        auto book = books->get(proofs);
        if (!book) return Error{book.error()};
        use_proof_book(engine->engine(), *book);
      }
      engine->set_name(spec);
    }
    return player;
  }
  std::istringstream words(spec.substr(4));
  std::vector<std::string> argv;
  for (std::string w; words >> w;) argv.push_back(w);
  if (argv.empty()) return Error{"'ugi:' needs a command, as in ugi:/path/to/engine"};
  return std::unique_ptr<Player>(new UgiPlayer(spec, argv, movetime_ms));
}

}  // namespace loa::cli
