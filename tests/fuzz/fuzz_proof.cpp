// libFuzzer target: proof texts (loa verify-proof). Any input gives a result
// or a one-line error naming the problem; nothing crashes, nothing hangs. A
// proof that verifies converts to the compact format and back (text or
// compact, either way) into proofs of as many moves.
#include <cstdint>
#include <string_view>

#include "loa/solve/proof.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto check = loa::verify_proof(text);
  if (!check && (check.error().empty() || check.error().find('\n') != std::string::npos)) __builtin_trap();
  if (!check) return 0;
  if (check->sections < 1) __builtin_trap();
  for (const auto& converted : {loa::compact_proof(text), loa::expand_proof(text)}) {
    if (!converted) __builtin_trap();
    const auto again = loa::verify_proof(*converted);
    if (!again || again->moves != check->moves || again->claims != check->claims) __builtin_trap();
  }
  return 0;
}
