#include "loa/text/record.hpp"

#include "loa/text/notation.hpp"
#include "loa/text/position_text.hpp"
#include "loa/text/variant.hpp"
#include "text/text.hpp"

namespace loa {

std::string result_token(const Outcome& outcome) {
  switch (outcome.state) {
    case GameState::BlackWins: return "1-0";
    case GameState::WhiteWins: return "0-1";
    case GameState::Draw: return "1/2-1/2";
    case GameState::Ongoing: return "*";
  }
  return "*";
}

std::string escape_tag(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c != '\r') out += c;
  }
  return out;
}

std::string unescape_tag(std::string_view value) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '\\' && i + 1 < value.size()) {
      ++i;
      out += value[i] == 'n' ? '\n' : value[i];
    } else {
      out += value[i];
    }
  }
  return out;
}

std::string RecordedGame::tag(std::string_view key) const {
  for (const auto& [k, v] : tags)
    if (k == key) return v;
  return "";
}

Game RecordedGame::replay() const {
  Game g = *parse_position_text(start, rules);
  for (Move m : moves) g.play(m);
  return g;
}

std::string format_record(const Game& start, const std::vector<Move>& moves, const Tags& extra,
                          const std::string& forfeit, int forfeit_loser) {
  Game g = start;
  std::string text;
  int ply = start.ply();
  for (Move m : moves) {
    if (g.side_to_move() == Black || text.empty()) {
      if (!text.empty()) text += ' ';
      text += std::to_string(ply / 2 + 1) + (g.side_to_move() == Black ? ". " : "... ");
    } else {
      text += ' ';
    }
    text += move_text(m);
    g.play(m);
    ++ply;
  }
  std::string result = result_token(g.outcome());
  std::string termination = g.over() ? std::string(to_string(g.outcome().reason)) : "unterminated";
  if (!forfeit.empty()) {
    result = forfeit_loser == Black ? "0-1" : forfeit_loser == White ? "1-0" : "1/2-1/2";
    termination = forfeit;
  }
  // Rules that are not a preset travel with the record, as variant text.
  const Rules& rules = start.rules();
  const auto named = preset(rules.name);
  std::string out = "[Rules \"" + escape_tag(rules.name) + "\"]\n";
  if (!named || !(*named == rules)) out += "[Variant \"" + escape_tag(format_variant(rules)) + "\"]\n";
  out += "[Start \"" + to_position_text(start) + "\"]\n";
  for (const auto& [k, v] : extra) out += "[" + k + " \"" + escape_tag(v) + "\"]\n";
  out += "[Result \"" + result + "\"]\n[Termination \"" + escape_tag(termination) + "\"]\n";
  if (g.rules().scores_points())
    out += "[Points \"" + std::to_string(g.points(Black)) + "-" + std::to_string(g.points(White)) + "\"]\n";
  out += "[Plies \"" + std::to_string(moves.size()) + "\"]\n\n";
  out += text + (text.empty() ? "" : " ") + result + "\n";
  return out;
}

namespace {

bool is_result(std::string_view w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }

Expected<RecordedGame> finish(RecordedGame g, const std::vector<std::string>& words, int index) {
  const std::string where = "game " + std::to_string(index);
  const std::string rules_name = g.tag("Rules").empty() ? "olympiad" : g.tag("Rules");
  auto rules = g.tag("Variant").empty() ? preset(rules_name) : parse_variant(g.tag("Variant"), rules_name);
  if (!rules) return Error{where + ": " + rules.error()};
  g.rules = *rules;
  g.start = g.tag("Start");
  auto start = g.start.empty() ? Expected<Game>(Game(g.rules)) : parse_position_text(g.start, g.rules);
  if (!start) return Error{where + ": bad Start tag: " + start.error()};
  if (g.start.empty()) g.start = to_position_text(*start);
  Game game = std::move(start).value();
  int n = 0;
  for (const std::string& w : words) {
    if (is_result(w)) {
      g.result = w;
      break;
    }
    // Move numbers: "12." or "12...".
    if (!w.empty() && w.back() == '.') continue;
    ++n;
    const auto m = parse_move(w, game);
    if (!m) return Error{where + ", move " + std::to_string(n) + " '" + w.substr(0, 20) + "': " + m.error()};
    game.play(*m);
    g.moves.push_back(*m);
  }
  if (g.result.empty()) g.result = g.tag("Result").empty() ? "*" : g.tag("Result");
  if (!g.tag("Result").empty() && g.tag("Result") != g.result)
    return Error{where + ": the Result tag says " + g.tag("Result") + " but the moves end with " + g.result};
  g.outcome = game.outcome();
  const std::string played = result_token(game.outcome());
  if (played != g.result) {
    // Only a game stopped outside the rules may disagree with its moves.
    if (game.over() || g.result == "*")
      return Error{where + ": the moves end in " + played + " but the record says " + g.result};
    g.forfeit = g.tag("Termination").empty() ? "resignation or adjudication" : g.tag("Termination");
  }
  return g;
}

}  // namespace

Expected<std::vector<RecordedGame>> parse_records(std::string_view text) {
  std::vector<RecordedGame> games;
  RecordedGame current;
  std::vector<std::string> words;
  bool in_game = false;
  auto close = [&]() -> std::string {
    if (!in_game) return "";
    auto done = finish(std::move(current), words, int(games.size()) + 1);
    if (!done) return done.error();
    games.push_back(std::move(done).value());
    current = RecordedGame{};
    words.clear();
    in_game = false;
    return "";
  };
  std::size_t line_no = 0;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const std::string_view line = text::trim(text.substr(0, nl));
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    ++line_no;
    if (line.empty() || line[0] == ';' || line[0] == '%') continue;
    if (line[0] == '[') {
      // A tag after moves starts the next game.
      if (!words.empty())
        if (const std::string e = close(); !e.empty()) return Error{e};
      const auto space = line.find(' ');
      const auto open = line.find('"'), end = line.rfind('"');
      if (line.back() != ']' || space == std::string_view::npos || open == end || open == std::string_view::npos)
        return Error{"line " + std::to_string(line_no) + ": not a tag: " + text::quoted(line)};
      current.tags.emplace_back(std::string(line.substr(1, space - 1)),
                                unescape_tag(line.substr(open + 1, end - open - 1)));
      in_game = true;
      continue;
    }
    in_game = true;
    for (auto w : text::fields(line)) {
      // "1.b1-d3" is read as "1." and "b1-d3".
      const auto dot = w.rfind('.');
      if (dot != std::string_view::npos && dot + 1 < w.size()) {
        words.emplace_back(w.substr(0, dot + 1));
        w = w.substr(dot + 1);
      }
      words.emplace_back(w);
      if (is_result(w))
        if (const std::string e = close(); !e.empty()) return Error{e};
    }
  }
  if (const std::string e = close(); !e.empty()) return Error{e};
  return games;
}

}  // namespace loa
