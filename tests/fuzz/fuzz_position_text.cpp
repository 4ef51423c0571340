// libFuzzer target: position text under every preset. What parses must print
// back to text that parses to the same game.
#include <cstdint>
#include <string_view>

#include "loa/text/position_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (auto name : loa::preset_names()) {
    const auto rules = loa::preset(name);
    const auto game = loa::parse_position_text(text, *rules);
    if (!game) continue;
    const std::string printed = loa::to_position_text(*game);
    const auto again = loa::parse_position_text(printed, *rules);
    if (!again || loa::to_position_text(*again) != printed || again->key() != game->key()) __builtin_trap();
    (void)game->legal_moves();
  }
  return 0;
}
