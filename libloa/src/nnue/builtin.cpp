#include <cassert>

#include "loa/nnue/network.hpp"

namespace loa::nnue {

// The bytes of libloa/nets/olympiad.nnue (a source file CMake writes).
std::string_view builtin_network_bytes();

std::shared_ptr<const Network> builtin_network() {
  // Read once, on first use (thread-safe), and never changed after.
  static const std::shared_ptr<const Network> net = [] {
    auto read = read_network(builtin_network_bytes());
    assert(read && "libloa/nets/olympiad.nnue is not a network this build reads");
    return read ? *read : nullptr;
  }();
  return net;
}

Expected<std::shared_ptr<const Network>> network_named(const std::string& name) {
  if (name == "classic") return std::shared_ptr<const Network>();
  if (name == "net") return builtin_network();
  return load_network(name);
}

}  // namespace loa::nnue
