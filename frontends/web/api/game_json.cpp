#include "api/game_json.hpp"

#include <cctype>
#include <cstdlib>

#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/record.hpp"

namespace loa::web {

using nlohmann::json;

std::string_view colour_name(Color c) { return c == Black ? "black" : "white"; }

json rules_json(const Rules& rules) {
  json bonus = json::array();
  for (Square s = 0; s < kSquares; ++s)
    if (rules.square_points[s]) bonus.push_back({{"square", square_name(s)}, {"points", rules.square_points[s]}});
  return {{"name", rules.name},
          {"description", rules.description},
          {"source", rules.source},
          {"board_size", rules.board_size},
          {"first_player", colour_name(rules.first_player)},
          {"scores_points", rules.scores_points()},
          {"bonus", bonus},
          {"capture_points", rules.capture_points},
          {"connection_points", rules.connection_points}};
}

json state_json(const std::string& id, const Game& game) {
  const Position& pos = game.position();
  const int size = game.rules().board_size;
  json board = json::array();
  for (int rank = size - 1; rank >= 0; --rank) {
    std::string row;
    for (int file = 0; file < size; ++file) {
      const Bitboard b = square_bb(make_square(file, rank));
      row += pos.pieces(Black) & b ? 'b' : pos.pieces(White) & b ? 'w' : '.';
    }
    board.push_back(row);
  }
  json moves = json::array();
  for (Move m : game.moves()) moves.push_back(move_text(m));
  json legal = json::array();
  if (!game.over())
    for (Move m : game.legal_moves()) legal.push_back(move_text(m));
  json result = nullptr;
  if (game.over()) {
    const auto winner = game.outcome().winner();
    result = {{"winner", winner ? json(colour_name(*winner)) : json(nullptr)},
              {"state", to_string(game.outcome().state)},
              {"reason", to_string(game.outcome().reason)},
              {"token", result_token(game.outcome())}};
  }
  return {{"id", id},
          {"rules", rules_json(game.rules())},
          {"board", board},
          {"to_move", colour_name(game.side_to_move())},
          {"ply", game.ply()},
          {"points", {{"black", game.points(Black)}, {"white", game.points(White)}}},
          {"moves", moves},
          {"last_move", game.moves().empty() ? json(nullptr) : json(move_text(game.last_move()))},
          {"legal_moves", legal},
          {"position", to_position_text(game)},
          {"over", game.over()},
          {"result", result}};
}

namespace {

std::string signed_text(int v) {
  std::string text = std::to_string(v);
  if (v > 0) text.insert(text.begin(), '+');
  return text;
}

// The score as the mover sees it ("+343", "win in 7"), and labelled with the
// side it favours ("White +343", "Black wins in 7"): a bare "+343" read by
// the other side looks like its own advantage.
json score_json(Value score, Color mover) {
  const Value black = mover == Black ? score : -score;
  std::string text = score >= kWinBound    ? "win in " + std::to_string(kWin - score)
                     : score <= -kWinBound ? "loss in " + std::to_string(kWin + score)
                                           : signed_text(score);
  const std::string leader(colour_name(black > 0 ? Black : White));
  std::string summary = black == 0                     ? "even"
                        : std::abs(black) >= kWinBound ? leader + " wins in " + std::to_string(kWin - std::abs(black))
                                                       : leader + " +" + std::to_string(std::abs(black));
  summary[0] = char(std::toupper(static_cast<unsigned char>(summary[0])));
  return {{"score", score}, {"score_text", text}, {"black_score", black}, {"summary", summary}};
}

json pv_json(const std::vector<Move>& pv) {
  json out = json::array();
  for (Move m : pv) out.push_back(move_text(m));
  return out;
}

}  // namespace

json search_info_json(const SearchInfo& info, Color mover) {
  json out = score_json(info.score, mover);
  out.update({{"depth", info.depth},
              {"seldepth", info.seldepth},
              {"nodes", info.nodes},
              {"nps", info.nps},
              {"time_ms", info.time_ms},
              {"pv", pv_json(info.pv)}});
  return out;
}

json search_result_json(const SearchResult& result, Color mover) {
  json out = score_json(result.score, mover);
  out.update({{"best", move_text(result.best)},
              {"depth", result.depth},
              {"nodes", result.nodes},
              {"time_ms", result.time_ms},
              {"pv", pv_json(result.pv)}});
  return out;
}

}  // namespace loa::web
