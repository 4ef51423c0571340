// The JSON that `loa serve` writes: rules, a game's whole state, and the
// engine's search, in the shapes docs/protocols.md ("loa serve") documents.
#pragma once

#include <nlohmann/json.hpp>

#include "loa/game/game.hpp"
#include "loa/search/search.hpp"

namespace loa::web {

// Name, description, source, board size and what scores points (bonus
// squares with their points), for the page's pickers and board.
nlohmann::json rules_json(const Rules& rules);

// Everything a client needs to draw the game: board rows from the top,
// side to move, points, the moves played, the legal moves, the result.
nlohmann::json state_json(const std::string& id, const Game& game);

// One iteration of a search, with the score from the mover's side and from
// Black's (for an evaluation bar).
nlohmann::json search_info_json(const SearchInfo& info, Color mover);
nlohmann::json search_result_json(const SearchResult& result, Color mover);

std::string_view colour_name(Color c);

}  // namespace loa::web
