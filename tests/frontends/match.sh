#!/usr/bin/env bash
# match.sh LOA: loa match end to end — shards add up to the whole match,
# SPRT stops a match once it decides, a crashing program forfeits and is
# restarted, an external UGI engine plays, records read back.
set -euo pipefail
loa="$(realpath "$1")"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"
check() { if ! eval "$2"; then echo "FAIL: $1"; exit 1; fi; echo "ok: $1"; }

# Shards: random against random gives mixed results; deterministic per game.
"$loa" match -r olympiad -1 random -2 random -g 30 -s 9 --results full.res > full.txt 2>/dev/null
for i in 1 2 3; do "$loa" match -r olympiad -1 random -2 random -g 30 -s 9 --shard $i/3 --results s$i.res >/dev/null 2>&1; done
"$loa" match-merge s1.res s2.res s3.res > merged.txt
check "shards add up to the whole match" "[ \"$(grep '^wins' full.txt)\" = \"$(grep '^wins' merged.txt)\" ]"
check "mixed results" "grep -q '^wins [1-9]' full.txt && grep -q 'losses [1-9]' full.txt"
check "merge refuses a shard twice" "! \"$loa\" match-merge s1.res s1.res 2>/dev/null"

# SPRT: greedy is far stronger than random; the test decides well before 400 games.
"$loa" match -r kattis -1 greedy -2 random -g 400 --sprt 0,20 > sprt.txt 2>/dev/null
check "SPRT accepts H1 and stops early" "grep -q 'H1 accepted' sprt.txt && [ \$(sed -n 's/.*: \([0-9]*\) games/\1/p' sprt.txt | head -1) -lt 400 ]"

# A program that dies at once forfeits every game and is started again.
"$loa" match -1 "ugi:/bin/false" -2 random -g 4 --records crash.rec > crash.txt 2>/dev/null
check "a crashing program loses by forfeit" "grep -q 'wins 0  losses 4' crash.txt"
check "forfeits are in the records" "grep -q 'Termination \"ugi:/bin/false: ' crash.rec"

# Our own UGI mode as an external engine, on a clock, against a built-in.
"$loa" match -1 "ugi:$loa ugi" -2 greedy -g 2 --tc 3+0.05 --records ugi.rec > ugi.txt 2>/dev/null
check "an external UGI engine plays whole games" "grep -q 'wins 2' ugi.txt"
check "records read back" "\"$loa\" records ugi.rec --to moves | wc -l | grep -qx 2"
check "records convert to positions" "\"$loa\" records ugi.rec --to position --game 2 | grep -q ' [bw] [0-9]'"
