#!/usr/bin/env bash
# match.sh LOA: loa match end to end — shards add up to the whole match,
# SPRT stops a match once it decides, a crashing program forfeits and is
# restarted, so do programs that talk nonsense, fall silent, play an illegal
# move or overrun the clock (fake_ugi.py), --max-plies adjudicates, games
# start from --openings, an external UGI engine plays, records read back.
set -euo pipefail
loa="$(realpath "$1")"
fake="$(cd "$(dirname "$0")" && pwd)/fake_ugi.py"
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

# Each kind of misbehaving program forfeits every game it plays, with the
# reason in the records, and is started again for the next game.
forfeits() {  # mode, termination words, extra match options...
  local mode="$1" words="$2"; shift 2
  "$loa" match -1 "ugi:python3 $fake $mode $loa" -2 random -g 2 --opening-plies 0 --records "$mode.rec" "$@" \
    > "$mode.txt" 2>/dev/null
  check "a $mode program loses every game by forfeit" "grep -q 'wins 0  losses 2  draws 0' $mode.txt"
  local named
  named="$(grep -cF "[Termination \"$words" "$mode.rec" || true)"
  check "the $mode forfeits are named in the records" "[ $named = 2 ]"
}
forfeits nonsense "ugi:python3 $fake nonsense $loa: bestmove 'hello': "
forfeits silent "ugi:python3 $fake silent $loa: no bestmove in time" --movetime 10
forfeits illegal "ugi:python3 $fake illegal $loa: bestmove 'a1a2': "
forfeits slow "time forfeit" --tc 1+0
# Its late move is not played: game 1 has no move, game 2 only random's first.
check "a slow program's late move is not recorded" \
  "[ \"\$(grep -v '^\\[' slow.rec | grep . | sed 's/[a-h][1-8][-x][a-h][1-8]/M/g' | tr '\\n' '|')\" = '0-1|1. M 1-0|' ]"

# --max-plies: unfinished games are adjudicated drawn at the limit.
"$loa" match -1 random -2 random -g 4 --max-plies 6 --opening-plies 0 --records maxply.rec > maxply.txt 2>/dev/null
check "--max-plies adjudicates draws" "grep -q 'wins 0  losses 0  draws 4' maxply.txt"
check "--max-plies games stop at the limit" "[ \$(grep -c 'Termination \"adjudicated: move limit\"' maxply.rec) = 4 ] && [ \$(grep -c 'Plies \"6\"' maxply.rec) = 4 ]"

# --openings: each position of the file starts a pair of games, colours swapped.
printf '%s\n' "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w 1 0 0" "8/4b2w/1bb3bw/2b1w3/wb2b3/2wwb2w/3www2/2bb2b1 b 20" > openings.txt
"$loa" match -1 greedy -2 random -g 4 --openings openings.txt --records openings.rec > openings.txt.out 2>/dev/null
check "--openings start every game from the file" \
  "[ \$(grep -c 'Start \"1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 w 1 0 0\"' openings.rec) = 2 ] && [ \$(grep -c 'Start \"8/4b2w/1bb3bw/2b1w3/wb2b3/2wwb2w/3www2/2bb2b1 b 20 0 0\"' openings.rec) = 2 ]"
set +e
"$loa" match -1 greedy -2 random -g 2 --openings /nonexistent > /dev/null 2> bad-openings.err
rc=$?
set -e
check "a missing openings file is an error" "[ $rc = 2 ] && [ \$(wc -l < bad-openings.err) = 1 ]"

# Our own UGI mode as an external engine, on a clock, against a built-in.
"$loa" match -1 "ugi:$loa ugi" -2 greedy -g 2 --tc 3+0.05 --records ugi.rec > ugi.txt 2>/dev/null
check "an external UGI engine plays whole games" "grep -q 'wins 2' ugi.txt"
check "records read back" "\"$loa\" records ugi.rec --to moves | wc -l | grep -qx 2"
check "records convert to positions" "\"$loa\" records ugi.rec --to position --game 2 | grep -q ' [bw] [0-9]'"
