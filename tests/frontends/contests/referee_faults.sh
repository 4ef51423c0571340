#!/usr/bin/env bash
# referee_faults.sh LOA: programs that crash, hang, print garbage, write on
# stderr or close their pipe, under each referee (SHOWDOWN's too). The referee must name the
# fault, exit 1, and keep the transcript of the game up to that point.
set -u
loa="$(realpath "$1")"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
program() { printf '#!/bin/sh\n%s\n' "$2" > "$1"; chmod +x "$1"; }
program crash 'kill -SEGV $$'
program busy 'while :; do :; done'
program silent 'exec sleep 600'
program garbage 'echo "hello there"'
program noisy 'echo "b1 b3"; echo oops >&2'
program twolines 'printf "b1 b3\nb1 b3\n"'
program exits 'exit 0'
program nonexistent_dir 'exec /nonexistent/program'
program busy_once '[ -s "$1" ] || { echo x > "$1"; while :; do :; done; }; echo RADAR'  # hangs on its first turn
# Well-formed moves that are not legal, wrong Votey win flags, a Kattis
# player that wins and then does not exit, and players that play legally and
# lose (weak_player.py), which no referee may call a fault.
bin="$(dirname "$loa")"
program illegal_potm 'echo "a1 a2"'
program illegal_kattis 'echo "1 1 1 2"; exec sleep 5'
program illegal_votey 'echo 1112; exec sleep 5'
program false_claim_votey 'echo -8262; exec sleep 5'
program unflagged_win_votey "\"$bin/loa-votey\" \"\$@\" | sed -u 's/^-//'"
program lingering_kattis "\"$bin/loa-kattis\"; exec sleep 600"
program weak_potm "exec python3 \"$here/weak_player.py\" potm \"\$@\""
program weak_kattis "exec python3 \"$here/weak_player.py\" kattis"
program weak_votey "exec python3 \"$here/weak_player.py\" votey \"\$@\""

expect() {  # name, words expected in the output, referee arguments...
  local name="$1" words="$2"; shift 2
  timeout 60 "$loa" referee "$@" --transcript "$name.transcript" > "$name.out" 2>&1; local rc=$?
  if [ "$rc" != 1 ] || ! grep -Eq -- "$words" "$name.out"; then
    echo "FAIL: $name: exit $rc, expected 1 and '$words' in:"; head -5 "$name.out"; failures=$((failures + 1))
  elif [ ! -s "$name.transcript" ]; then
    echo "FAIL: $name: no transcript"; failures=$((failures + 1))
  else
    echo "ok: $name"
  fi
}
# POTM: the mediator runs the program once a move.
expect potm-crash "killed by signal 11" potm ./crash builtin:random --clock 2
expect potm-busy "ran out of time" potm ./busy builtin:random --clock 1
expect potm-silent "ran out of time" potm ./silent builtin:random --clock 1
expect potm-garbage "not a square of the 7x7 board: 'hello'" potm ./garbage builtin:random --clock 2
expect potm-stderr "wrote on stderr" potm ./noisy builtin:random --clock 2
expect potm-two-lines "exactly one line" potm ./twolines builtin:random --clock 2
expect potm-no-output "exactly one line" potm ./exits builtin:random --clock 2
expect potm-missing "could not be started" potm ./nonexistent_dir builtin:random --clock 2
grep -q "^> A 1 1" potm-garbage.transcript || { echo "FAIL: potm transcript lacks the input file"; failures=$((failures + 1)); }
expect potm-illegal "fault: A \(./illegal_potm\): a1-a2: no black piece on a1" potm ./illegal_potm builtin:random --clock 2
# Kattis: one interactive program against the random judge.
expect kattis-crash "output ended mid-game" kattis ./crash --games 1
expect kattis-garbage "expected four numbers" kattis ./garbage --games 1
expect kattis-silent "no move in time" kattis ./silent --games 1 --cpu 0.5
expect kattis-exits "output ended mid-game|closed its input before the game" kattis ./exits --games 1
expect kattis-illegal "fault: program: a8-b8: no black piece on a8" kattis ./illegal_kattis --games 1
expect kattis-lingering "accepted \(fault: program: did not exit at the end of the game\)" kattis ./lingering_kattis --games 1
# Votey: two agents with play() semantics; white's first word must be 0.
expect votey-crash "output ended" votey ./crash builtin:random --games 1
expect votey-garbage "not a move code" votey ./garbage builtin:random --games 1
expect votey-silent "no move in time" votey ./silent builtin:random --games 1 --move-cpu 0.5
expect votey-illegal "fault: black \(./illegal_votey\): move 1112: a8-b8: no black piece on a8" votey ./illegal_votey builtin:random --games 1
expect votey-false-claim "fault: black \(./false_claim_votey\): declared a win that is not one" votey ./false_claim_votey builtin:random --games 1
LOA_VOTEY_MS=20 expect votey-unflagged-win "fault: black \(./unflagged_win_votey\): did not negate its winning move" votey ./unflagged_win_votey builtin:random --games 1
expect votey-white-garbage "white \(./garbage\): sent 'hello there', not a move code" votey builtin:random ./garbage --games 1
# CodinGame: long-lived programs, each answer within 1000 ms (first turn) or
# 150 ms of wall time; "random" is a legal answer there.
program cg_late 'read -r c; sleep 0.4; echo b1b3'
program cg_random 'while :; do echo random; done'
program cg_pass 'echo pass; exec sleep 5'
program cg_illegal 'echo a1a2; exec sleep 5'
# It may die before or after its input is written: either is named.
expect codingame-crash "fault: black \(./crash\): (output ended mid-game|closed its input)" codingame ./crash --games 1
expect codingame-garbage "fault: black \(./garbage\): 'hello' is not a legal move \(invalid action\)" codingame ./garbage --games 1
expect codingame-illegal "fault: black \(./cg_illegal\): 'a1a2' is not a legal move" codingame ./cg_illegal --games 1
expect codingame-pass "fault: black \(./cg_pass\): 'pass' is not a legal move" codingame ./cg_pass --games 1
expect codingame-silent "fault: black \(./silent\): no answer within 1000 ms" codingame ./silent --games 1
expect codingame-late "fault: black \(./cg_late\): answered after [0-9]+ ms, over the 200 ms allowed" codingame ./cg_late --games 1 --first-turn-ms 200
expect codingame-missing "could not be started" codingame ./nonexistent_dir --games 1
expect codingame-white-garbage "fault: white \(./garbage\): 'hello' is not a legal move" codingame builtin:random ./garbage --games 1
# SHOWDOWN: one execution a turn; a fault loses the turn (the program is told
# ERROR next time) and the game goes on to its end.
expect showdown-crash "killed by signal 11" showdown ./crash builtin:racer
expect showdown-busy "took more than 0.3 s" showdown ./busy_once builtin:racer --turn-limit 0.3
expect showdown-garbage "'hello there' is not MOVE, RADAR, WALL, ZAP or HELP" showdown ./garbage builtin:racer
expect showdown-stderr "wrote on stderr" showdown ./noisy builtin:racer
expect showdown-two-lines "exactly one line" showdown ./twolines builtin:racer
expect showdown-no-output "exactly one line" showdown ./exits builtin:racer
expect showdown-missing "could not be started" showdown ./nonexistent_dir builtin:racer
for name in crash busy garbage stderr two-lines no-output missing; do
  grep -q "^# fault: player" "showdown-$name.transcript" || { echo "FAIL: showdown-$name: fault not in the transcript"; failures=$((failures + 1)); }
done
grep -q "^> 1 ERROR" showdown-garbage.transcript || { echo "FAIL: showdown: not told ERROR after a fault"; failures=$((failures + 1)); }
# The garbage program never leaves its home, so the racer cannot arrive; it
# wins the match on progress.
grep -q "B advances" showdown-garbage.out || { echo "FAIL: showdown: the racer should win the match"; failures=$((failures + 1)); }
# Playing legally and losing is no fault: the loss is reported as one.
loses() {  # name, exit code, words expected, referee arguments...
  local name="$1" code="$2" words="$3"; shift 3
  timeout 120 "$loa" referee "$@" > "$name.out" 2>&1; local rc=$?
  if [ "$rc" != "$code" ] || ! grep -Eq -- "$words" "$name.out" || grep -q "fault:" "$name.out"; then
    echo "FAIL: $name: exit $rc (expected $code), '$words' expected and no fault, in:"; head -5 "$name.out"
    failures=$((failures + 1))
  else
    echo "ok: $name"
  fi
}
loses potm-weak 0 "B wins \(connection\).*\n?.*|faults: 0" potm ./weak_potm builtin:engine:nodes=2000 --clock 20
grep -c "B wins (connection)" potm-weak.out | grep -qx 2 || { echo "FAIL: potm-weak: the engine should win both games"; failures=$((failures + 1)); }
loses kattis-weak 1 "program black : not accepted \((white wins|draw), [a-z ]+\)" kattis ./weak_kattis --games 1 --seed 1
loses codingame-random 0 "A \(./cg_random\) [0-9]+ wins, B \(builtin:engine:nodes=500\) [0-9]+ wins, [0-9]+ draws, 0 faults" codingame ./cg_random builtin:engine:nodes=500 --games 2
loses votey-weak 0 "A \(./weak_votey\) 0 wins, B \(builtin:engine:nodes=2000\) 2 wins, 0 draws, 0 faults" votey ./weak_votey builtin:engine:nodes=2000 --games 2
[ "$failures" = 0 ] || { echo "$failures failures"; exit 1; }
