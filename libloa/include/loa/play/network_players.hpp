// Players as make_player() makes them, with the evaluation chosen in the
// spec: an engine plays with the built-in network (nnue::builtin_network())
// unless its spec says ":eval=classic" (the hand-written evaluation) or
// ":net=FILE" (a network file). Apart from players.hpp so that contest
// entries, which carry no network, need not link one.
#pragma once

#include <memory>
#include <string>

#include "loa/base/expected.hpp"
#include "loa/play/players.hpp"

namespace loa {

Expected<std::unique_ptr<Player>> make_network_player(const std::string& spec, std::uint64_t seed);

// Takes ":key=VALUE" out of an engine's spec (a value may hold '=' but not
// ':'), for options that name files, which make_player() does not read;
// false, and the spec unchanged, when it has none (or is not an engine's).
bool take_spec_option(std::string& spec, const std::string& key, std::string& value);

}  // namespace loa
