// libFuzzer target: SHOWDOWN's parsers and one execution of each strategy on
// any input line and any state file. Whatever comes in, a strategy writes a
// turn that reads back as itself and a state file that loads.
#include <cstdint>
#include <string_view>

#include "showdown/strategy.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // The first line is the mediator's, the rest the state file.
  const std::size_t nl = text.find('\n');
  const std::string_view line = text.substr(0, nl);
  const std::string_view state = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);

  if (const auto t = showdown::parse_turn(line)) {
    const auto again = showdown::parse_turn(showdown::to_string(*t));
    if (!again || *again != *t) __builtin_trap();
  }
  if (const auto r = showdown::parse_result(line)) {
    const auto again = showdown::parse_result(showdown::to_string(*r));
    if (!again || *again != *r) __builtin_trap();
  }
  const showdown::Memory m = showdown::load_memory(state);
  if (m.valid && !showdown::load_memory(showdown::save_memory(m)).valid) __builtin_trap();
  for (const auto s :
       {showdown::Strategy::Entry, showdown::Strategy::Racer, showdown::Strategy::Zapper, showdown::Strategy::Waller}) {
    const auto run = showdown::execute(s, line, state);
    const auto turn = showdown::parse_turn(showdown::to_string(run.turn));
    if (!turn || *turn != run.turn) __builtin_trap();
    if (!showdown::load_memory(run.state).valid && run.turn.action != showdown::Action::Help) __builtin_trap();
  }
  return 0;
}
