// The development play() the Votey text describes: our move on stdout, the
// reply read from stdin. At end of input it returns -2, which the agent
// reports as a protocol error.
#include <iostream>
#include <string>

#include "play.hpp"

int play(int move) {
  std::cout << move << std::endl;
  if (!std::cout) return -2;  // our move never left: as good as a lost connection
  long long reply = 0;
  if (!(std::cin >> reply)) return -2;
  if (reply < -99999 || reply > 99999) return -3;
  return int(reply);
}
