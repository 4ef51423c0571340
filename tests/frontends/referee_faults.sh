#!/usr/bin/env bash
# referee_faults.sh LOA: programs that crash, hang, print garbage, write on
# stderr or close their pipe, under each referee. The referee must name the
# fault, exit 1, and keep the transcript of the game up to that point.
set -u
loa="$(realpath "$1")"
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
# Kattis: one interactive program against the random judge.
expect kattis-crash "output ended mid-game" kattis ./crash --games 1
expect kattis-garbage "expected four numbers" kattis ./garbage --games 1
expect kattis-silent "no move in time" kattis ./silent --games 1 --cpu 0.5
expect kattis-exits "output ended mid-game|closed its input before the game" kattis ./exits --games 1
# Votey: two agents with play() semantics; white's first word must be 0.
expect votey-crash "output ended" votey ./crash builtin:random --games 1
expect votey-garbage "not a move code" votey ./garbage builtin:random --games 1
expect votey-silent "no move in time" votey ./silent builtin:random --games 1 --move-cpu 0.5
expect votey-white-garbage "white \(./garbage\): sent 'hello there', not a move code" votey builtin:random ./garbage --games 1
[ "$failures" = 0 ] || { echo "$failures failures"; exit 1; }
