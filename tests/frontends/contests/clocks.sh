#!/usr/bin/env bash
# clocks.sh LOA: each contest entry plays on a short clock with its own time
# management (no LOA_ENGINE_NODES) and must finish every game inside the clock
# its referee gives it; a legal but slow program (weak_player.py burning CPU
# on every move) must be flagged by each referee for overrunning; and the
# engine with two threads keeps a short clock in a match.
set -u
loa="$(realpath "$1")"
bin="$(dirname "$loa")"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"
unset LOA_ENGINE_NODES
failures=0
program() { printf '#!/bin/sh\n%s\n' "$2" > "$1"; chmod +x "$1"; }
# Legal but slow programs: weak_player.py burning CPU before each move.
program slow_potm "exec python3 \"$here/weak_player.py\" --burn 0.4 potm \"\$@\""
program slow_kattis "exec python3 \"$here/weak_player.py\" --burn 0.1 kattis"
program slow_votey "exec python3 \"$here/weak_player.py\" --burn 0.7 votey \"\$@\""

run() {  # name, expected exit code, words expected, referee arguments...
  local name="$1" code="$2" words="$3"; shift 3
  timeout 300 "$loa" referee "$@" > "$name.out" 2>&1; local rc=$?
  if [ "$rc" != "$code" ] || ! grep -Eq -- "$words" "$name.out"; then
    echo "FAIL: $name: exit $rc (expected $code), '$words' expected in:"; tail -5 "$name.out"
    failures=$((failures + 1))
  else
    echo "ok: $name: $(grep -E -- "$words" "$name.out" | head -1)"
  fi
}
# POTM: a 3 s clock per game (the contest's is 60): two matches, no fault.
run potm-entry 0 "faults: 0" potm "$bin/loa-potm" builtin:greedy --matches 2 --clock 3 --opening-plies 2 -s 7
run potm-slow 1 "fault: A \(./slow_potm\): ran out of time" potm ./slow_potm builtin:greedy --clock 2
grep -q "game   1: .*, [1-9][0-9]* moves" potm-slow.out || { echo "FAIL: potm-slow overran before playing"; failures=$((failures + 1)); }
# Kattis: the judge's 1 s of CPU for a whole game.
run kattis-entry 0 "^4 of 4 games accepted" kattis "$bin/loa-kattis" --games 4 -s 11
run kattis-slow 1 "not accepted \(fault: program: [0-9.]+ s of CPU\)|no move in time" kattis ./slow_kattis --games 1 -s 1
# Votey: the entry's own budget (LOA_VOTEY_MS, 2 s by default) under a per-move
# CPU limit a little above it.
LOA_VOTEY_MS=150 run votey-entry 0 "2 wins, B \(builtin:greedy\) 0 wins, 0 draws, 0 faults" votey "$bin/loa-votey" builtin:greedy --games 2 --move-cpu 0.4
run votey-slow 1 "fault: black \(./slow_votey\): (took [0-9.]+ s of CPU for a move|no move in time)" votey ./slow_votey builtin:greedy --games 1 --move-cpu 0.5
# The threaded engine on a short clock: its first thread keeps the time for
# every helper, so no game may be lost on time (the match adjudicates it).
# This needs cores no other session takes: there, a helper can wait 200 ms
# to run and see the stop, more than the end of a 1 s game has left
# (docs/search.md, "Time").
timeout 300 "$loa" match -1 engine:threads=2 -2 engine --tc 1+0.02 -g 4 -s 5 -v > smp.out 2>&1; rc=$?
if [ "$rc" != 0 ] || grep -q "time forfeit" smp.out || ! grep -q "^wins" smp.out; then
  echo "FAIL: two-thread engine on a 1 s clock: exit $rc"; tail -5 smp.out; failures=$((failures + 1))
else
  echo "ok: two-thread engine on a 1 s clock: $(grep "^wins" smp.out)"
fi
[ "$failures" = 0 ] || { echo "$failures failures"; exit 1; }
echo "clocks.sh: every entry kept its clock; every slow program was flagged"
