#!/usr/bin/env bash
# contest_endings.sh LOA LOA_POTM LOA_VOTEY: the ends of contest games that
# whole-game tests against weak opponents never reach.
# - POTM: black's 50th move is its last, but white still has one: of black's
#   33 moves only c4-b3 and c4-b5 leave white no connecting last move. An
#   entry that miscounts the plies (thinks the game ends with its own move)
#   plays another.
# - Votey: the entry losing. On reading the opponent's winning (negated)
#   move it must exit 0 without another word; the referee checks both.
set -u
loa="$(realpath "$1")"; potm="$(realpath "$2")"; votey="$(realpath "$3")"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

printf '1 50\n1 0 0.30\n2 0 0.30\n...1...\n.2.2...\n..2....\n..12.11\n.....1.\n.2.....\n.1..1..\n' > last_move.txt
answer="$("$potm" last_move.txt)"; rc=$?
case "$answer" in
  "c4 b3" | "c4 b5") [ "$rc" = 0 ] && echo "ok: POTM's last move ($answer) leaves white no connection" ||
    fail "POTM: exit $rc" ;;
  *) fail "POTM: black's last move was '$answer' (exit $rc); only c4 b3 and c4 b5 keep white from connecting"
     cat DEBUG 2>/dev/null ;;
esac

# A one-node entry against a depth-3 engine loses both games.
LOA_ENGINE_NODES=1 timeout 120 "$loa" referee votey builtin:engine:depth=3 "$votey" --games 2 > votey.out 2>&1; rc=$?
if [ "$rc" != 0 ] || [ "$(grep -c 'A wins (connection)' votey.out)" != 2 ] || ! grep -q " 0 faults" votey.out; then
  fail "Votey: exit $rc; expected two lost games without a fault:"; cat votey.out
else
  echo "ok: Votey's entry reads the winning move against it and exits cleanly"
fi
exit $((failures > 0))
