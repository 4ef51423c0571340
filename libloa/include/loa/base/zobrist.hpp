// Zobrist keys, generated at compile time so that no table is filled at run
// time and every build hashes alike.
#pragma once

#include <array>

#include "loa/base/types.hpp"

namespace loa::zobrist {

// SplitMix64's finaliser: a cheap, well-mixed bijection on 64-bit values.
constexpr Key mix(Key x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

namespace detail {
constexpr auto make_piece_keys() {
  std::array<std::array<Key, kSquares>, 2> keys{};
  for (int c = 0; c < 2; ++c)
    for (Square s = 0; s < kSquares; ++s) keys[c][s] = mix(Key(0x4C4F41) ^ Key(c * 64 + s + 1) << 20);
  return keys;
}
}  // namespace detail

inline constexpr auto kPiece = detail::make_piece_keys();
inline constexpr Key kWhiteToMove = mix(0x5749544Dull);

// Keys for game points: the points difference (first minus second player)
// is folded in so that the game layer can tell apart positions whose value
// differs only by the score.
constexpr Key points(int difference) { return difference == 0 ? 0 : mix(0x504F494E00000000ull ^ Key(difference)); }

}  // namespace loa::zobrist
