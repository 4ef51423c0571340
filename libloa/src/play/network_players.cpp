#include "loa/play/network_players.hpp"

#include <algorithm>

#include "loa/nnue/network.hpp"

namespace loa {

bool take_spec_option(std::string& spec, const std::string& key, std::string& value) {
  const std::size_t at = spec.find(":" + key + "=");
  if (at == std::string::npos || spec.rfind("engine", 0) != 0) return false;
  const std::size_t end = std::min(spec.find(':', at + 1), spec.size());
  value = spec.substr(at + key.size() + 2, end - at - key.size() - 2);
  spec = spec.substr(0, at) + spec.substr(end);
  return true;
}

Expected<std::unique_ptr<Player>> make_network_player(const std::string& spec, std::uint64_t seed) {
  std::string rest = spec, eval, net_file;
  take_spec_option(rest, "eval", eval);
  const bool has_net = take_spec_option(rest, "net", net_file);
  if (!eval.empty() && eval != "classic" && eval != "net")
    return Error{"'eval=' takes classic or net, not '" + eval + "' (in '" + spec + "')"};
  if (has_net && net_file.empty()) return Error{"'net=' needs a network file, as in engine:net=olympiad.nnue"};
  auto player = make_player(rest, seed);
  if (!player) return player;
  if (auto* engine = dynamic_cast<EnginePlayer*>(player->get())) {
    engine->engine().set_network(eval == "classic" ? nullptr : nnue::builtin_network());
    if (has_net) {
      auto net = nnue::load_network(net_file);
      if (!net) return Error{net.error()};
      engine->engine().set_network(*net);
    }
    engine->set_name(spec);
  }
  return player;
}

}  // namespace loa
