// libFuzzer target: proof texts (loa verify-proof). Any input gives a result
// or a one-line error naming the problem; nothing crashes, nothing hangs.
#include <cstdint>
#include <string_view>

#include "loa/proof.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto check = loa::verify_proof(text);
  if (!check && (check.error().empty() || check.error().find('\n') != std::string::npos)) __builtin_trap();
  if (check && check->sections < 1) __builtin_trap();
  return 0;
}
