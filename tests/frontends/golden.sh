#!/usr/bin/env bash
# golden.sh PROTOCOL LOA FRONTEND [--update]: plays whole games of a contest
# front-end through its referee with a fixed node budget (LOA_ENGINE_NODES)
# and compares every line exchanged with tests/golden/PROTOCOL.txt.
# The transcripts change when search behaviour does (as `loa bench` does);
# after such a change, check the games still make sense and run with
# --update.
set -euo pipefail
protocol="$1"; loa="$2"; frontend="$(realpath "$3")"
root="$(cd "$(dirname "$0")/../.." && pwd)"
golden="$root/tests/golden/$protocol.txt"
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
export LOA_ENGINE_NODES=2000
case "$protocol" in
  potm) "$loa" referee potm "$frontend" builtin:greedy --seed 7 --transcript "$out" ;;
  kattis) "$loa" referee kattis "$frontend" --games 2 --seed 7 --transcript "$out" ;;
  votey) "$loa" referee votey "$frontend" builtin:random --games 2 --seed 7 --transcript "$out" ;;
esac
if [ "${4:-}" = "--update" ]; then cp "$out" "$golden"; echo "updated $golden"; exit 0; fi
diff -u "$golden" "$out" && echo "transcript matches $golden"
