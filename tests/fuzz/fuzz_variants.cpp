// libFuzzer target: variant text. Whatever parses must print back to text
// that parses to equal rules, start a game whose moves are legal, and give a
// one-line error otherwise.
#include <cstdint>
#include <string_view>

#include "loa/game/game.hpp"
#include "loa/text/variant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto all = loa::parse_variants(text);
  if (!all) {
    if (all.error().empty() || all.error().find('\n') != std::string::npos) __builtin_trap();
    return 0;
  }
  for (const loa::Rules& rules : *all) {
    const auto again = loa::parse_variant(loa::format_variant(rules));
    if (!again || !(*again == rules) || again->key() != rules.key()) __builtin_trap();
    loa::Game game(rules);
    for (int ply = 0; ply < 4 && !game.over(); ++ply) game.play(game.legal_moves()[0]);
  }
  return 0;
}
