// libFuzzer target: every move notation (standard, Kattis, Votey, POTM)
// against a few positions. A move that parses must be legal there.
#include <charconv>
#include <cstdint>
#include <string_view>

#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"

namespace {
const char* kPositions[][2] = {
    {"olympiad", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"},
    {"kattis", "8/4b2w/1bb3bw/2b1w3/wb2b3/2wwb2w/3www2/2bb2b1 b 20"},
    {"votey", "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w 1"},
    {"loaps", "1bb4/w4b1/w1w1w2/2b3b/6w/ww5/1bb4 b 18 4 5"},
    {"olympiad", "6wb/6ww/8/8/8/8/ww6/bw6 b"},
};
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const auto& p : kPositions) {
    const loa::Game game = *loa::parse_position_text(p[1], *loa::preset(p[0]));
    for (const auto& m :
         {loa::parse_move(text, game), loa::parse_kattis_move(text, game), loa::parse_potm_move(text, game)})
      if (m && !game.is_legal(*m)) __builtin_trap();
    long long code = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), code);
    if (ec == std::errc() && end == text.data() + text.size())
      if (const auto v = loa::parse_votey_code(code, game); v && !game.is_legal(v->move)) __builtin_trap();
  }
  return 0;
}
