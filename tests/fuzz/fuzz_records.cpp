// libFuzzer target: game records. Every game read must replay and write back
// to a record that reads the same.
#include <cstdint>
#include <string_view>

#include "loa/text/position_text.hpp"
#include "loa/text/record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto games = loa::parse_records(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!games) return 0;
  for (const auto& g : *games) {
    const loa::Game end = g.replay();
    const int loser = g.result == "1-0" ? loa::White : g.result == "0-1" ? loa::Black : -1;
    const auto again = loa::parse_records(
        loa::format_record(*loa::parse_position_text(g.start, g.rules), g.moves, {}, g.forfeit, loser));
    if (!again || again->size() != 1 || loa::to_position_text((*again)[0].replay()) != loa::to_position_text(end))
      __builtin_trap();
  }
  return 0;
}
