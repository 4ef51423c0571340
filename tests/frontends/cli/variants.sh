#!/usr/bin/env bash
# variants.sh LOA SOURCE_DIR: variant files through the command line. A
# variant written from docs/variants.md alone plays, perfts, matches, records
# and serves UGI; every command prints each shipped variant file back as it
# is; malformed files give one line naming file, line and field, exit code 2.
set -euo pipefail
loa="$1"
src="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "variants.sh: $*" >&2; exit 1; }

# Runs a command that must succeed; its stdout goes to $work/out.
ok() { "$@" >"$work/out" 2>"$work/err" </dev/null || { cat "$work/err" >&2; fail "failed ($?): $*"; }; }

# The shipped files are the presets, printed.
for name in six five scrambled; do
  ok "$loa" rules "$name"
  diff -u "$work/out" "$src/libloa/variants/$name.ini" || fail "libloa/variants/$name.ini differs from 'loa rules $name'"
  ok "$loa" rules "$src/libloa/variants/$name.ini"
  diff -u "$work/out" "$src/libloa/variants/$name.ini" || fail "$name.ini does not read back equal"
done

# A variant of one's own: 6x6 where a pinned player loses and 60 plies draw.
cat >"$work/mine.ini" <<'EOF'
# written from docs/variants.md
[pinned6 : six]
description = 6x6, a player with no move loses
no_move = lose
ply_limit = 60

[tiny : olympiad]
board_size = 5
EOF
ok "$loa" perft --rules "$work/mine.ini:pinned6" --depth 3
[ "$(tail -1 "$work/out")" = "Nodes searched: 11440" ] || fail "perft on pinned6: $(tail -1 "$work/out")"
ok "$loa" perft --rules "$work/mine.ini:tiny" --depth 4
[ "$(tail -1 "$work/out")" = "Nodes searched: 56124" ] || fail "perft on tiny: $(tail -1 "$work/out")"
ok "$loa" show --rules "$work/mine.ini:pinned6"
grep -qx "rules:     pinned6" "$work/out" || fail "show does not name the section"
grep -qx "position:  1bbbb1/w4w/w4w/w4w/w4w/1bbbb1 b 0 0 0" "$work/out" || fail "show: wrong start"

# A match under the file's rules, with records that carry the variant.
ok "$loa" match --rules "$work/mine.ini:pinned6" -1 engine:nodes=2000 -2 greedy -g 4 -s 3 --records "$work/games.rec"
grep -q "under pinned6" "$work/out" || fail "match does not name the rules"
grep -q '^\[Variant "\[pinned6\]\\ndescription = 6x6, a player with no move loses\\n' "$work/games.rec" ||
  fail "records do not carry the variant"
ok "$loa" records "$work/games.rec" --to moves
[ "$(wc -l <"$work/out")" -eq 4 ] || fail "records: expected 4 games back"

# A UGI engine told the rules by file, and loa match handing a UGI program
# rules it cannot know by name (it writes them to a file for the program).
printf 'ugi\nsetoption name Rules value %s\nisready\nposition startpos\ngo depth 3\nquit\n' "$work/mine.ini:pinned6" |
  "$loa" ugi >"$work/out"
grep -q "^bestmove [a-f][1-6][a-f][1-6]$" "$work/out" || fail "ugi under a variant file: $(cat "$work/out")"
! grep -q "error" "$work/out" || fail "ugi: $(grep error "$work/out")"
ok "$loa" match --rules "$work/mine.ini:tiny" -1 "ugi:$loa ugi" -2 greedy -g 2 -s 5
grep -q "under tiny: 2 games$" "$work/out" || fail "match with a UGI program under a variant: $(cat "$work/out")"
! grep -qi "forfeit\|error" "$work/out" || fail "the UGI program did not follow the variant: $(cat "$work/out")"

# Malformed files: exit code 2, nothing on stdout, one line on stderr that
# names the file, the line and the field.
bad() {
  local want="$1" text="$2"
  printf '%b' "$text" >"$work/bad.ini"
  set +e
  "$loa" perft --rules "$work/bad.ini" --depth 1 >"$work/out" 2>"$work/err" </dev/null
  local rc=$?
  set -e
  [ "$rc" -eq 2 ] || fail "exit code $rc for: $text"
  [ ! -s "$work/out" ] || fail "output on stdout for: $text"
  [ "$(wc -l <"$work/err")" -eq 1 ] || fail "not one line on stderr for: $text: $(cat "$work/err")"
  grep -qF "$work/bad.ini:$want" "$work/err" || fail "expected '$work/bad.ini:$want', got: $(cat "$work/err")"
}
bad "2: no such field 'colour'" '[a : six]\ncolour = red\n'
bad "3: field 'black': 'z9' is not a square of the 6x6 board" '[a : six]\n# c\nblack = b1 z9\n'
bad "2: field 'white': a start square is also black's" '[a : six]\nwhite = b1 c1\n'
bad "2: field 'black': each side must start with at least two pieces" '[a : six]\nblack =\n'
bad "2: field 'board_size': must be 5, 6, 7 or 8, not 4" '[a : olympiad]\nboard_size = 4\n'
bad "2: field 'board_size': must be 5, 6, 7 or 8, not 9" '[a : olympiad]\nboard_size = 9\n'
bad "2: field 'bonus': 'g7' is not a square of the 6x6 board" '[a : six]\nbonus = g7=3\n'
bad "2: section [a] is defined twice" '[a : six]\n[a : five]\n'
bad "2: field 'first_player': expected one of black, white" '[a]\nfirst_player = red\n'
bad " no [section]" ''
bad "1: not text" '\x01\x02\x00\xff garbage'
# An endless file: read no further than the limit.
set +e
head -c 3000000 /dev/zero | tr '\0' '#' >"$work/big.ini"
"$loa" perft --rules "$work/big.ini" --depth 1 >"$work/out" 2>"$work/err" </dev/null
rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q "longer than 1048576 bytes" "$work/err" || fail "a 3 MB file: rc $rc, $(cat "$work/err")"
set +e
timeout 10 "$loa" perft --rules /dev/zero --depth 1 >"$work/out" 2>"$work/err" </dev/null
rc=$?
set -e
[ "$rc" -eq 2 ] || fail "/dev/zero: exit code $rc"
# An unknown name lists the presets.
set +e
"$loa" perft --rules nosuch --depth 1 >"$work/out" 2>"$work/err" </dev/null
rc=$?
set -e
[ "$rc" -eq 2 ] && grep -q "known: olympiad, gamut, kattis, votey, loaps, six, five, scrambled, codingame" "$work/err" ||
  fail "unknown rules: rc $rc, $(cat "$work/err")"
# A start where the side to move has no legal move is judged at the start,
# everywhere (issue 28: loa match died with a floating point exception).
printf '[stuck : six]\nno_move = lose\nstart = 4wb / 4ww / 6 / 6 / ww4 / bw4\n' >"$work/stuck.ini"
set +e
timeout 60 "$loa" match --rules "$work/stuck.ini:stuck" -1 random -2 random -g 2 >"$work/out" 2>&1
rc=$?
set -e
[ "$rc" -eq 0 ] && grep -q "wins 1  losses 1  draws 0" "$work/out" && grep -q "average game length 0.0 plies" "$work/out" ||
  fail "a stuck start in loa match: rc $rc, $(tail -3 "$work/out")"
"$loa" show --rules "$work/stuck.ini:stuck" | grep -q "^result: *white wins (no legal move)" ||
  fail "a stuck start in loa show: no result"
"$loa" demo --rules "$work/stuck.ini:stuck" -t 5 | grep -q "^result: white wins (no legal move) after 0 plies" ||
  fail "a stuck start in loa demo"
echo "variants.sh: all passed"
