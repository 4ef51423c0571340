#include "loa/solve/proof_book.hpp"

#include <algorithm>
#include <fstream>
#include <limits>

#include "loa/solve/proof.hpp"

namespace loa {

Expected<ProofBook> ProofBook::from_text(std::string_view text) {
  // The key in two halves: 12 bytes an entry, not 16 with a 64-bit member's
  // padding, as a proof may hold tens of millions of the claimant's turns
  // (the 6x6 proof from the start: 15.7 million).
  struct Entry {
    std::uint32_t low, high;
    Answer answer;
    Key key() const { return Key(high) << 32 | low; }
  };
  static_assert(sizeof(Entry) == 12);
  std::vector<Entry> entries;
  const auto check = walk_proof(text, [&](const Game& game, Move move, int plies, bool win) {
    const Key key = game.key();
    if (win)
      entries.push_back({std::uint32_t(key), std::uint32_t(key >> 32), {move, std::uint16_t(std::min(plies, 0xffff))}});
  });
  if (!check) return Error{check.error()};
  // Where a position recurs, the first after sorting has the shortest line.
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.key() != b.key() ? a.key() < b.key() : a.answer.plies < b.answer.plies;
  });
  const auto same_key = [](const Entry& a, const Entry& b) { return a.key() == b.key(); };
  entries.erase(std::unique(entries.begin(), entries.end(), same_key), entries.end());
  ProofBook book;
  book.keys_.reserve(entries.size());
  book.answers_.reserve(entries.size());
  for (const Entry& entry : entries) {
    book.keys_.push_back(entry.key());
    book.answers_.push_back(entry.answer);
  }
  return book;
}

std::optional<ProvenWin> ProofBook::find(const Game& game) const {
  if (game.over()) return std::nullopt;
  const Key key = game.key();
  const auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
  if (it == keys_.end() || *it != key) return std::nullopt;
  const Answer& answer = answers_[std::size_t(it - keys_.begin())];
  // A 64-bit key can collide, and a book may be read under other rules: the
  // move must at least be legal here.
  const MoveList legal = game.legal_moves();
  if (std::find(legal.begin(), legal.end(), answer.move) == legal.end()) return std::nullopt;
  return ProvenWin{answer.move, answer.plies};
}

Expected<std::shared_ptr<const ProofBook>> read_proof_book(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return Error{"cannot read the proof " + path};
  // One buffer of the file's size, not one that doubles as it is read.
  std::string text(std::size_t(std::max<std::streamoff>(0, in.tellg())), '\0');
  in.seekg(0);
  if (!in.read(text.data(), std::streamsize(text.size()))) return Error{"cannot read the proof " + path};
  return proof_book_of(text, path);
}

Expected<std::shared_ptr<const ProofBook>> proof_book_of(std::string_view text, const std::string& path) {
  auto book = ProofBook::from_text(text);
  if (!book) return Error{"the proof " + path + " does not verify: " + book.error()};
  return std::make_shared<const ProofBook>(std::move(*book));
}

void use_proof_book(Engine& engine, std::shared_ptr<const ProofBook> book) {
  engine.known_win = [book = std::move(book)](const Game& game) { return book->find(game).value_or(ProvenWin{}); };
}

}  // namespace loa
