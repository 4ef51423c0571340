// libFuzzer target: UGI commands, line by line, through the session behind
// `loa ugi`. Every go is held to depth 1 (appended limits win), so that a
// search cannot stall the fuzzer (and one node: the parser, not the search,
// is what is fuzzed here); every session ends with quit.
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "ugi/ugi_session.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The smallest table, and Hash allowed up to 1 MiB only: clearing tables
  // would otherwise be most of the time of a run.
  loa::cli::UgiSession session([](const std::string&) {}, 0, 1);
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  while (!rest.empty()) {
    const auto nl = rest.find('\n');
    std::string line(rest.substr(0, nl));
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    // The session splits words at any white space, so " go" or "\tgo" is a go too.
    std::istringstream words(line);
    std::string first;
    if (words >> first && first == "go") line += " depth 1 nodes 1";
    if (!session.handle(line)) break;
  }
  session.handle("stop");
  return 0;
}
