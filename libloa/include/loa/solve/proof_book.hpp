// Solved positions in play: the claimant's moves of checked proofs, by
// position, so that an engine plays a proven win without searching
// (docs/solver.md, "Proofs in play"), as a chess engine plays from its
// endgame tables.
//
// A book is built only from a proof that verify_proof() accepts, and only
// from claims of a win. It answers by the position (Game::key()), not by
// the moves that led there: a transposition into a proven position gets the
// proof's move too. Under a repetition rule that move is proven for the
// proof's own history only, which is why the book is for play and not for
// proofs (the solver never reads it).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"
#include "loa/search/search.hpp"

namespace loa {

class ProofBook {
 public:
  // The positions of every "X wins" section of a proof text, after it
  // verifies; an error if it does not. Where a position recurs, the move
  // with the shortest longest line is kept.
  static Expected<ProofBook> from_text(std::string_view text);

  // The proven move for the side to move, with the proof's longest line
  // after it (plies), or nothing if the position is not in the book.
  std::optional<ProvenWin> find(const Game& game) const;

  // Positions in the book.
  std::size_t size() const { return keys_.size(); }

 private:
  struct Answer {
    Move move;
    std::uint16_t plies;
  };
  // Sorted keys, and the answer for each at the same index: 12 bytes a
  // position, where one array of key-and-answer entries would pad to 16.
  std::vector<Key> keys_;
  std::vector<Answer> answers_;
};

// The book of the proof file at `path`, checked as verify_proof() checks
// it; an error names the file.
Expected<std::shared_ptr<const ProofBook>> read_proof_book(const std::string& path);

// The book of a proof text read from `path` (named in an error), to share
// among engines.
Expected<std::shared_ptr<const ProofBook>> proof_book_of(std::string_view text, const std::string& path);

// Lets `engine` play from `book` (Engine::known_win) before any search.
void use_proof_book(Engine& engine, std::shared_ptr<const ProofBook> book);

}  // namespace loa
