// Proof texts: what `loa solve --proof` writes and `loa verify-proof` checks
// (docs/solver.md). A section per claim:
//
//   [Rules "six"]
//   [Start "1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b 0 0 0"]
//   [Before "b1-b3 a2-c2"]        the moves from Start to the solved position
//   [Claim "black wins"]          or "black wins or draws", "white ..."
//   [Moves "3"]
//
//   1 c1-c3
//   2 f2-d2
//   ...
//
// A line "D MOVE" is a move at depth D below the solved position, in depth-
// first order: at the claimant's turns exactly one move, at the other
// side's every legal move, each line ending where the game ends as claimed.
// A claim "... or draws", under rules where cycles draw (Rules::cycles_draw),
// may also end a line where it returns to a position it has passed through
// since the solved position: the claimant can play on there as it did the
// first time, and the game ends no worse for it (docs/solver.md). A compact
// section always ends such a line there.
// A section tagged [Format "compact"] writes only the claimant's moves, as
// numbers (compact_proof()).
// Rules that are not a preset travel as a Variant tag, as in records.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/game.hpp"
#include "loa/game/symmetry.hpp"

namespace loa {

struct ProofCheck {
  int sections = 0;
  std::size_t moves = 0;
  std::string claims;  // "black wins", or "white wins or draws; black wins or draws"
};

// Checks every section with the plain move generator and the game's own
// adjudication, independent of the solver. An error names the line.
Expected<ProofCheck> verify_proof(std::string_view text);

// Called at each of the claimant's turns in a proof, once the lines below it
// have been checked: the game there, the proof's move, the longest line
// from there to the game's end in plies (the move included), and whether
// the claim is a win (not "wins or draws").
using ProofVisitor = std::function<void(const Game& game, Move move, int plies, bool win)>;

// verify_proof(), calling `visit` on the way. A section that fails has
// been partly visited: whoever collects what it visits keeps nothing when
// the result is an error.
Expected<ProofCheck> walk_proof(std::string_view text, const ProofVisitor& visit);

// The same proof in the compact format ([Format "compact"]): in place of
// the move lines, the number of each claimant's move among the legal moves
// ordered by origin, then destination (file, then rank: the order of their
// names), depth first; the other side's replies are every legal move, in
// that order, and are not written. A few times smaller than the text. The
// proof is checked first: an error if it does not verify. `check`, when
// given, receives what verify_proof() would say, so that converting a proof
// need not check it twice.
Expected<std::string> compact_proof(std::string_view text, ProofCheck* check = nullptr);

// The same proof with every move written as a "DEPTH MOVE" line (a text
// proof is returned as it is), checked; `check` as for compact_proof().
Expected<std::string> expand_proof(std::string_view text, ProofCheck* check = nullptr);

// The proof of a position from proofs of the positions one move on (the
// jobs of a split solve): for each (move, proof text) a section whose
// Before is the position's moves and that move, claiming `claim` (for a
// claim "X wins or draws", a section claiming "X wins" serves too). The
// result is one section claiming `claim` for the position: each move at
// depth 1 with its section's lines one deeper. It still needs checking.
Expected<std::string> graft_proofs(std::string_view claim,
                                   const std::vector<std::pair<std::string, std::string>>& children);

// The proof's image under a symmetry of the board: every section's Start
// position, Before moves and move lines mapped, written as text (compact
// input is written out first; compact_proof() packs the result again). The
// proof is checked first. The image proves the image position's claim when
// the rules play the same on the image board (s among rules_symmetries());
// verify it like any other.
Expected<std::string> map_proof(std::string_view text, Symmetry s);

}  // namespace loa
