#!/usr/bin/env bash
# 6x6 LOA from the start: the stored proof (tests/data/six/six.proof.gz,
# docs/solver.md "6x6 from the start") verifies as a black win from the
# start position itself, and an engine searching one ply plays the whole
# game from it as black and wins, against one of 20000 nodes.
# usage: six_proof.sh LOA
set -u
loa="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "six_proof.sh: FAIL: $*"; exit 1; }

# Read as it is stored: loa reads gzip.
proof="$(dirname "$0")"/../../data/six/six.proof.gz
gunzip -c "$proof" | head -n 20 >"$dir/head.txt" || fail "six.proof.gz: not gzip"
grep -qx '\[Start "1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b 0 0 0"\]' "$dir/head.txt" || fail "not from the 6x6 start"
grep -q '^\[Before ' "$dir/head.txt" && fail "the proof starts after some moves"
grep -qx '\[Rules "six"\]' "$dir/head.txt" || fail "not under the six preset"
out="$("$loa" verify-proof "$proof")" || fail "the proof does not verify: $out"
grep -q "^verified: black wins (1 section, [0-9]* moves)$" <<<"$out" || fail "verify-proof said: $out"

rm -f "$dir/games.rec"
"$loa" match -r six -1 "engine:depth=1:proofs=$proof" -2 engine:nodes=20000 -g 2 --opening-plies 0 \
  --records "$dir/games.rec" >/dev/null 2>&1 || fail "the match: exit $?"
result="$(grep -A3 '^\[Black "engine:depth=1' "$dir/games.rec" | grep '^\[Result')"
[ "$result" = '[Result "1-0"]' ] || fail "the book as black from the start: $result"
echo "six_proof.sh: ok ($out)"
