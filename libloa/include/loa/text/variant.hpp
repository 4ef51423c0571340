// Variants as data: rules written in a plain-text file of named sections,
// so that a new variant needs no recompiling (docs/variants.md has every
// field). A section may start from a preset or an earlier section and
// change only what differs, in the spirit of Fairy-Stockfish's variants.ini:
//
//   # A 6x6 game where a pinned player loses.
//   [tight6 : six]
//   description = 6x6 LOA where a player with no move loses
//   no_move = lose
//
// Every section read is checked with validate(); every Rules value can be
// written back (format_variant) and reads back equal.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "loa/base/expected.hpp"
#include "loa/game/rules.hpp"

namespace loa {

// Every section of a variant text, in file order, each validated. An error
// names the line and the field: "line 7: field 'bonus': 'z9' is not a square
// of the 6x6 board".
Expected<std::vector<Rules>> parse_variants(std::string_view text);

// The section named `section` of a variant text; with an empty name, the
// text's only section (an error lists the sections when there are several).
Expected<Rules> parse_variant(std::string_view text, std::string_view section = {});

// One section holding every field of `rules`, in the canonical spelling.
// Parsing it gives back rules equal to `rules`.
std::string format_variant(const Rules& rules);

// The rules a user names: a preset ("six"), a variant file and section
// ("my.ini:tight6"), or a variant file with one section ("my.ini"). Reads
// at most kMaxVariantFile bytes. Errors name the file, line and field.
Expected<Rules> load_rules(std::string_view spec);

constexpr std::size_t kMaxVariantFile = 1 << 20;

}  // namespace loa
