#!/usr/bin/env bash
# expect_error.sh CODE PROGRAM ARGS...: passes when PROGRAM exits with CODE,
# prints nothing on stdout and exactly one line on stderr.
set -u
want="$1"; shift
out="$(mktemp)"; err="$(mktemp)"
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err" </dev/null
rc=$?
cat "$err"
[ "$rc" -eq "$want" ] || { echo "expected exit code $want, got $rc"; exit 1; }
[ ! -s "$out" ] || { echo "unexpected output on stdout:"; cat "$out"; exit 1; }
[ "$(wc -l <"$err")" -eq 1 ] || { echo "expected one line on stderr"; exit 1; }
