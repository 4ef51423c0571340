#!/usr/bin/env bash
# golden.sh PROTOCOL LOA FRONTEND [--update]: plays whole games of a contest
# front-end through its referee with a fixed node budget (LOA_ENGINE_NODES)
# (SHOWDOWN: the entry against the racer and the zapper) and compares every line exchanged with tests/golden/PROTOCOL.txt.
# The transcripts change when search behaviour does (as `loa bench` does);
# after such a change, check the games still make sense and run with
# --update.
set -euo pipefail
protocol="$1"; loa="$(realpath "$2")"; frontend="$(realpath "$3")"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
golden="$root/tests/golden/$protocol.txt"
out="$(mktemp)"; trap 'rm -f "$out"' EXIT
export LOA_ENGINE_NODES=2000
case "$protocol" in
  potm) "$loa" referee potm "$frontend" builtin:greedy --seed 7 --transcript "$out" ;;
  kattis) "$loa" referee kattis "$frontend" --games 2 --seed 7 --transcript "$out" ;;
  votey) "$loa" referee votey "$frontend" builtin:random --games 2 --seed 7 --transcript "$out" ;;
  # Named from their own directory, so that the transcript is the same for every build.
  showdown) (cd "$(dirname "$frontend")" && "$loa" referee showdown ./loa-showdown "./loa-showdown --strategy racer" \
               "./loa-showdown --strategy zapper" --transcript "$out" > /dev/null) ;;
esac
if [ "${4:-}" = "--update" ]; then cp "$out" "$golden"; echo "updated $golden"; exit 0; fi
diff -u "$golden" "$out" && echo "transcript matches $golden"
