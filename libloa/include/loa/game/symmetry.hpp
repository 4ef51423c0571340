// The symmetries of the square board: the eight ways to turn or mirror it.
// A symmetry that maps a variant's start and its scoring squares onto
// themselves plays the same game on the image board, so a value shown for
// a position holds for its image, and a proof maps to a proof of the image
// (map_proof(), loa/solve/proof.hpp). Solved-board tables use them to solve one
// first move of each class (docs/solver.md).
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "loa/base/bitboard.hpp"
#include "loa/base/types.hpp"
#include "loa/game/rules.hpp"

namespace loa {

enum class Symmetry : std::uint8_t {
  Identity,
  MirrorFiles,    // a <-> h on 8x8: left and right swap
  MirrorRanks,    // 1 <-> 8: top and bottom swap
  Rotate180,      // both
  Transpose,      // a1-h8 diagonal: files become ranks
  AntiTranspose,  // the a8-h1 diagonal
  Rotate90,       // a quarter turn clockwise
  Rotate270,      // a quarter turn the other way
};

constexpr std::array<Symmetry, 8> kSymmetries = {Symmetry::Identity,  Symmetry::MirrorFiles, Symmetry::MirrorRanks,
                                                 Symmetry::Rotate180, Symmetry::Transpose,   Symmetry::AntiTranspose,
                                                 Symmetry::Rotate90,  Symmetry::Rotate270};

// "identity", "mirror files", "mirror ranks", "rotate 180", "transpose",
// "anti-transpose", "rotate 90", "rotate 270"; and back.
std::string_view to_string(Symmetry s);
std::optional<Symmetry> symmetry_from_string(std::string_view name);

// The image of a square (file, rank within the board's size) under s.
Square map_square(Square square, Symmetry s, int board_size);
// The image of a move: its squares mapped, capture and pass kept.
Move map_move(Move move, Symmetry s, int board_size);
Bitboard map_bitboard(Bitboard squares, Symmetry s, int board_size);

// The symmetries under which `rules` play the same game: the start of each
// side and the square points map onto themselves (Identity first).
std::vector<Symmetry> rules_symmetries(const Rules& rules);

}  // namespace loa
