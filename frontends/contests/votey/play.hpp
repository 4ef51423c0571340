// The Votey referee's interface (votey-checkers.txt): register our move and
// get the opponent's reply. play(0) asks for black's opening move; -1 back
// means the referee judged our move illegal or late. A contest's own play()
// can be linked in place of play_stdio.cpp.
#pragma once

int play(int move);
