// libFuzzer target: the POTM LOAPS position file, as loa-potm reads it: what
// parses sets up a game or a board on which a move can be looked for.
#include <cstdint>
#include <string_view>

#include "loa/text/contest.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto in = loa::parse_potm_input(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!in) return 0;
  if (in->move_number < 1 || in->move_number > 50 || !in->pieces[in->to_move]) __builtin_trap();
  const auto game = loa::Game::from_setup(loa::loaps(), in->pieces[loa::Black], in->pieces[loa::White], in->to_move,
                                          in->plies(), {in->points[loa::Black], in->points[loa::White]});
  if (game && !game->over()) (void)game->legal_moves();
  return 0;
}
