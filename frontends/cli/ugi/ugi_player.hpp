// A Player that is an external program speaking UGI (docs/protocols.md):
// "ugi:COMMAND ARGS". It is started on first use, handed the rules and the
// whole game as "position startpos moves ...", and asked to "go" on the
// match's clock (or for a fixed time). A program that crashes, stays silent
// or answers nonsense fails the move (the game is lost) and is started
// afresh for the next game.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "loa/play/players.hpp"
#include "loa/solve/proof_book.hpp"
#include "referees/process.hpp"

namespace loa::cli {

class UgiPlayer final : public Player {
 public:
  // movetime_ms is used when the match has no clock.
  UgiPlayer(std::string spec, std::vector<std::string> argv, int movetime_ms);
  ~UgiPlayer() override;
  Move choose(const Game& game) override;
  std::string name() const override { return spec_; }
  void new_game() override { new_game_ = true; }
  void set_clock(const std::array<std::int64_t, 2>& time_ms, const std::array<std::int64_t, 2>& inc_ms) override {
    time_ms_ = time_ms, inc_ms_ = inc_ms, clocked_ = true;
  }
  std::string failure() const override { return failure_; }

 private:
  bool ensure_started(const Rules& rules);
  // The Rules option's value: a preset's name, or for other rules a variant
  // file written for the program (FILE:SECTION), removed with the player.
  std::string rules_value(const Rules& rules);
  Move fail(const std::string& why);

  std::string spec_;
  std::vector<std::string> argv_;
  int movetime_ms_;
  std::unique_ptr<Interactive> process_;
  std::string rules_sent_;
  std::string variant_file_;
  bool new_game_ = true, clocked_ = false;
  std::array<std::int64_t, 2> time_ms_{}, inc_ms_{};
  std::string failure_;
};

// Proof books (loa/solve/proof_book.hpp) read once and shared by every player
// that names the file: a match builds players game after game, and a large
// proof takes seconds to check.
class ProofBooks {
 public:
  // The book of the proof file at `path`, read and checked on first use.
  Expected<std::shared_ptr<const ProofBook>> get(const std::string& path);

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const ProofBook>> books_;
};

// make_player() plus "ugi:COMMAND" for external programs, and for engines
// ":proofs=FILE", a proof whose wins the engine plays without searching
// (from `books`; without them the option is an error).
Expected<std::unique_ptr<Player>> make_match_player(const std::string& spec, std::uint64_t seed, int movetime_ms,
                                                    ProofBooks* books = nullptr);

}  // namespace loa::cli
