// Scripted SHOWDOWN games for the tests.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "showdown/game.hpp"
#include "showdown/protocol.hpp"

namespace showdown::testing {

inline Turn turn(const std::string& text) {
  const auto t = parse_turn(text);
  EXPECT_TRUE(t) << text << ": " << t.error;
  return t ? *t : Turn{};
}

// Plays the turns in order, each by whoever is to act (sleeping players'
// slots pass by themselves), and returns the results as text.
inline std::vector<std::string> play(Game& game, std::initializer_list<const char*> turns) {
  std::vector<std::string> results;
  for (const char* text : turns) {
    while (!game.over() && game.asleep()) game.sleep();
    EXPECT_FALSE(game.over()) << "the game ended before " << text;
    if (game.over()) break;
    results.push_back(to_string(game.play(turn(text))));
  }
  return results;
}

// Walks player `p` along a shortest route to `target` while the other player
// asks for HELP, starting with whoever is to act. Columns first, then rows.
inline void walk(Game& game, int p, Square target) {
  for (int guard = 0; guard < 2 * 2 * kTurnLimit && !game.over() && game.position(p) != target; ++guard) {
    while (!game.over() && game.asleep()) game.sleep();
    if (game.over()) return;
    if (game.to_act() != p) {
      game.play({Action::Help, {}});
      continue;
    }
    const Square at = game.position(p);
    Square next = at;
    if (at.column != target.column)
      next.column += target.column > at.column ? 1 : -1;
    else
      next.row += target.row > at.row ? 1 : -1;
    game.play({Action::Move, next});
  }
}

}  // namespace showdown::testing
