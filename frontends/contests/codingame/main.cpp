// loa-codingame: the bot for CodinGame's "Lines of Action" arena (the rules
// and protocol of darkhorse64's public referee, docs/contests.md). One
// process plays the whole game and keeps its game, transposition table and
// move-ordering history from turn to turn. Each turn it reads its colour
// (first turn only), the board from rank 8 down, the opponent's last move
// ("null" on the very first turn, "pass"), the number of legal moves and
// the moves; it answers "e2e3 COMMENT" (the comment shows the search score)
// within the arena's 1000 ms on its first turn and 150 ms after that.
//
// If the board it is given differs from its own, it follows the given board.
// Diagnostics go to stderr, which the arena shows in its console and does
// not read. Exit codes: 0 at the end of input between turns, 1 for input
// that cannot be a turn, 2 when stdout is closed or full.
#include <chrono>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "loa/search/search.hpp"
#include "loa/text/notation.hpp"

namespace {

using namespace loa;

// Time a turn, counted from its first line as the arena counts it: most of
// the first turn's second (the table it fills serves the next turns), and a
// margin under the 150 ms of the others for writing and a loaded machine.
constexpr int kFirstTurnMs = 650;
constexpr int kTurnMs = 85;

int fail(const std::string& message) {
  std::cerr << "loa-codingame: " << message << std::endl;
  return 1;
}

std::string cg_move(Move m) { return m.is_pass() ? "pass" : square_name(m.from()) + square_name(m.to()); }

// A short comment for the viewer (at most 16 characters are shown).
std::string comment(const SearchResult& r) {
  // Appended piece by piece: GCC 12 warns falsely on a + (c ? "" : "+") + b.
  std::string out = "d";
  out += std::to_string(r.depth);
  if (r.score >= kWinBound) {
    out += " win";
    out += std::to_string((kWin - r.score + 1) / 2);
  } else if (r.score <= -kWinBound) {
    out += " loss";
    out += std::to_string((kWin + r.score + 1) / 2);
  } else {
    out += r.score >= 0 ? " +" : " ";
    out += std::to_string(r.score);
  }
  return out;
}

struct Turn {
  std::array<Bitboard, 2> board{};
  std::string last;
  std::vector<std::string> moves;
};

// Reads one turn after the optional colour line; false at the end of input.
bool read_turn(std::istream& in, std::string first, Turn& t, std::string& error) {
  std::string line = std::move(first);
  for (int row = 0; row < 8; ++row) {
    if (row > 0 && !std::getline(in, line)) return error = "input ended inside the board", false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.size() != 8)
      return error = "board row " + std::to_string(row + 1) + " is not 8 squares: '" + line + "'", false;
    for (int file = 0; file < 8; ++file) {
      const char c = line[std::size_t(file)];
      if (c == 'b' || c == 'w')
        t.board[c == 'w'] |= square_bb(make_square(file, 7 - row));
      else if (c != '.')
        return error = std::string("unexpected '") + c + "' on the board", false;
    }
  }
  if (!std::getline(in, t.last)) return error = "input ended before the last move", false;
  if (!t.last.empty() && t.last.back() == '\r') t.last.pop_back();
  std::string count;
  if (!std::getline(in, count)) return error = "input ended before the move count", false;
  long n = -1;
  try {
    n = std::stol(count);
  } catch (const std::exception&) {
  }
  if (n < 1 || n > kMaxMoves) return error = "bad move count '" + count.substr(0, 20) + "'", false;
  for (long i = 0; i < n; ++i) {
    if (!std::getline(in, line)) return error = "input ended inside the move list", false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    t.moves.push_back(line);
  }
  return true;
}

int run() {
  std::ios::sync_with_stdio(false);
  Color us = Black;
  bool first_turn = true;
  Game game(codingame());
  Engine engine(64);
  std::string line;
  while (std::getline(std::cin, line)) {
    const auto turn_start = std::chrono::steady_clock::now();
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (first_turn) {
      if (line != "b" && line != "w") return fail("the first line must be the colour, b or w, not '" + line + "'");
      us = line == "b" ? Black : White;
      if (!std::getline(std::cin, line)) return fail("input ended before the board");
    }
    Turn turn;
    std::string error;
    if (!read_turn(std::cin, line, turn, error)) return fail(error);
    // The opponent's move on our game, when it fits; else the given board.
    if (turn.last != "null" && !game.over() && game.side_to_move() != us) {
      const auto m = turn.last == "pass" ? Expected<Move>(Move::pass()) : parse_move(turn.last, game);
      if (m && game.is_legal(*m)) game.play(*m);
    }
    if (game.over() || game.side_to_move() != us || game.position().pieces(Black) != turn.board[Black] ||
        game.position().pieces(White) != turn.board[White]) {
      const int ply = game.ply() + (game.side_to_move() != us ? 1 : 0);
      auto given = Game::from_setup(codingame(), turn.board[Black], turn.board[White], us,
                                    std::min(ply, codingame().ply_limit - 1), {0, 0});
      if (!given || given->over()) return fail("the board given is not a position to play from");
      std::cerr << "loa-codingame: following the board given (ours differed)" << std::endl;
      game = std::move(given).value();
    }
    std::string answer;
    if (turn.moves.size() == 1 && turn.moves[0] == "pass") {
      answer = "pass";
      if (game.is_legal(Move::pass())) game.play(Move::pass());
    } else {
      Limits limits;
      const auto spent =
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - turn_start);
      limits.movetime_ms = std::max(1, (first_turn ? kFirstTurnMs : kTurnMs) - int(spent.count()));
      const SearchResult r = engine.search(game, with_environment(limits));
      Move best = r.best;
      // The arena's list is the authority: a move it does not offer is never sent.
      bool offered = false;
      for (const std::string& m : turn.moves) offered = offered || m == cg_move(best);
      if (!offered) {
        std::cerr << "loa-codingame: " << cg_move(best) << " is not in the arena's list; playing " << turn.moves[0]
                  << std::endl;
        const auto listed = parse_move(turn.moves[0], game);
        if (!listed) return fail("the arena's first move '" + turn.moves[0] + "' is not legal here");
        best = *listed;
        answer = turn.moves[0];
      } else {
        answer = cg_move(best);
        answer += ' ';
        answer += comment(r);
      }
      game.play(best);
    }
    std::cout << answer << std::endl;
    if (!std::cout) {
      std::cerr << "loa-codingame: could not write '" << answer << "'" << std::endl;
      return 2;
    }
    first_turn = false;
  }
  return 0;
}

}  // namespace

int main() {
  try {
    return run();
  } catch (const std::exception& e) {
    return fail(std::string("internal error: ") + e.what());
  }
}
