// loa ugi: the engine over UGI, the game-neutral superset of UCI that
// cutegames speaks (docs/protocols.md), on stdin and stdout.
#include <iostream>

#include "commands/commands.hpp"
#include "common.hpp"
#include "ugi/ugi_session.hpp"

namespace loa::cli {

int cmd_ugi(const std::vector<std::string>& args) {
  po::options_description options("ugi options");
  po::variables_map vm;
  if (!parse_options("ugi", "(then UGI commands on stdin; see docs/protocols.md)", options, args, vm)) return 0;
  UgiSession session([](const std::string& line) { std::cout << line << std::endl; });
  std::string line;
  while (std::getline(std::cin, line))
    if (!session.handle(line)) return 0;
  return 0;
}

}  // namespace loa::cli
