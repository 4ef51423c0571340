#!/usr/bin/env bash
# bad_input.sh POTM KATTIS VOTEY CODINGAME: feeds each contest front-end malformed and
# hostile input and checks the defined behaviour: the channel it may use,
# the exit code, and never a crash; and that every move an entry answers is
# legal in the position it was given (legal_answers.py, a move generator of
# its own).
set -u
potm="$(realpath "$1")"; kattis="$(realpath "$2")"; votey="$(realpath "$3")"; codingame="$(realpath "$4")"
legal="$(cd "$(dirname "$0")" && pwd)/legal_answers.py"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# --- POTM: stdout empty or one legal-looking move, stderr always empty.
start_board=$'.11.11.\n2.....2\n2.....2\n.......\n2.....2\n2.....2\n.11.11.'
potm_case() {  # name, expected exit code, expected DEBUG words ('' for none), file text (or @missing)
  local name="$1" code="$2" words="$3" text="$4"
  rm -f DEBUG input
  [ "$text" = "@missing" ] || printf '%s\n' "$text" > input
  local args=(input); [ "$text" = "@noargs" ] && args=()
  "$potm" "${args[@]}" > out 2> err; local rc=$?
  [ "$rc" = "$code" ] || fail "potm $name: exit $rc, expected $code"
  [ ! -s err ] || fail "potm $name: wrote on stderr: $(head -c 100 err)"
  if [ "$code" = 0 ]; then
    grep -Eqx '[a-g][1-7] [a-g][1-7]' out && [ "$(wc -l < out)" = 1 ] || fail "potm $name: output '$(head -c 60 out)'"
    python3 "$legal" potm input out || fail "potm $name: the answer is not a legal move"
  else
    [ ! -s out ] || fail "potm $name: printed '$(head -c 60 out)' with a non-zero exit"
  fi
  if [ -n "$words" ]; then grep -q "$words" DEBUG 2>/dev/null || fail "potm $name: DEBUG lacks '$words'"; fi
}
potm_case start 0 '' "1 1"$'\n'"1 0 60.0"$'\n'"2 0 60.0"$'\n'"$start_board"
potm_case noargs 2 usage @noargs
potm_case missing-file 2 "cannot read" @missing
potm_case empty 2 "lines" ""
potm_case truncated 2 "lines" "1 1"$'\n'"1 0 60.0"$'\n'".11.11."$'\n'"2.....2"
potm_case garbage 2 "" "hello"$'\n'"world"$'\n'"$(printf 'x%.0s\n' 1 2 3 4 5 6 7)"
potm_case bad-square 2 "holds" "1 1"$'\n'"1 0 60.0"$'\n'"2 0 60.0"$'\n'".11.1x."$'\n'"$(tail -n 6 <<<"$start_board")"
potm_case bad-player 2 "player to move" "3 1"$'\n'"1 0 60.0"$'\n'"2 0 60.0"$'\n'"$start_board"
potm_case absurd-numbers 0 "score line" "1 99999"$'\n'"1 100000000000000000000 -5"$'\n'"2 0 1e999"$'\n'"$start_board"
potm_case no-clock 0 "no score line" "1 1"$'\n'"$start_board"
potm_case nine-pieces 0 "more than" "1 3"$'\n'"1 0 50"$'\n'"2 0 50"$'\n'"111.11."$'\n'"2.....2"$'\n'"2.....2"$'\n'"...1..."$'\n'"2.....2"$'\n'"2.....2"$'\n'".11.11."
potm_case already-connected 0 "decided" "1 5"$'\n'"1 0 50"$'\n'"2 0 50"$'\n'".11.11."$'\n'"......."$'\n'"......."$'\n'"..22..."$'\n'"......."$'\n'"......."$'\n'".11.11."
potm_case pinned 2 "no legal move" "1 5"$'\n'"1 0 50"$'\n'"2 0 50"$'\n'".....21"$'\n'".....22"$'\n'"......."$'\n'"......."$'\n'"......."$'\n'"22....."$'\n'"12....."
head -c 3000 /dev/urandom > input; rm -f DEBUG; "$potm" input > out 2> err; rc=$?
{ [ "$rc" = 2 ] && [ ! -s err ] && [ ! -s out ]; } || fail "potm random bytes: exit $rc"
# A run directory we cannot write to: still a move, still nothing on stderr.
mkdir ro; printf '1 1\n1 0 60.0\n2 0 60.0\n%s\n' "$start_board" > ro/input; chmod 555 ro
(cd ro && "$potm" input > ../out 2> ../err); rc=$?
chmod 755 ro
{ [ "$rc" = 0 ] && [ ! -s err ]; } || fail "potm read-only run directory: exit $rc, stderr '$(head -c 80 err)'"
# The same when even root cannot write there (CI runs as root, to whom a
# 555 directory is no obstacle): DEBUG is a directory, or a link to a full
# device, and the input gives it something to note.
for blocker in directory full; do
  mkdir "rd-$blocker"
  printf '1 1\nxx\n2 0 60.0\n%s\n' "$start_board" > "rd-$blocker/input"
  if [ "$blocker" = directory ]; then mkdir "rd-$blocker/DEBUG"; else ln -s /dev/full "rd-$blocker/DEBUG"; fi
  (cd "rd-$blocker" && "$potm" input > ../out 2> ../err); rc=$?
  { [ "$rc" = 0 ] && [ ! -s err ] && grep -Eq '^[a-g][1-7] [a-g][1-7]$' out; } ||
    fail "potm unwritable DEBUG ($blocker): exit $rc, out '$(head -c 40 out)', stderr '$(head -c 80 err)'"
  python3 "$legal" potm "rd-$blocker/input" out || fail "potm unwritable DEBUG ($blocker): not a legal move"
done

# stdout full: the move cannot be delivered, so it says so (DEBUG, exit 4).
rm -f DEBUG; printf '1 1\n1 0 60.0\n2 0 60.0\n%s\n' "$start_board" > input
"$potm" input > /dev/full 2> err; rc=$?
{ [ "$rc" = 4 ] && [ ! -s err ] && grep -q "could not write" DEBUG; } || fail "potm full stdout: exit $rc"

# --- Kattis: a message on stderr and exit code 1 for anything wrong.
kattis_case() {  # name, input text, expected exit code, expected stderr words
  local name="$1" text="$2" code="$3" words="$4"
  printf '%s' "$text" > given
  "$kattis" < given > out 2> err; local rc=$?
  [ "$rc" = "$code" ] || fail "kattis $name: exit $rc, expected $code"
  python3 "$legal" kattis given out || fail "kattis $name: an answer is not a legal move"
  [ -z "$words" ] || grep -q "$words" err || fail "kattis $name: stderr lacks '$words': $(head -c 100 err)"
}
kattis_case bad-colour $'2\n' 1 "colour"
kattis_case no-input '' 1 "no colour"
kattis_case garbage-move $'1\nhello there\n' 1 "bad opponent move"
kattis_case illegal-move $'1\n1 1 1 2\n' 1 "bad opponent move"
kattis_case absurd-numbers $'1\n99999999999999999999 2 6 4\n' 1 "bad opponent move"
kattis_case eof-mid-game $'1\n8 2 6 4\n' 1 "input ended"
kattis_case first-then-eof $'0\n' 1 "input ended"
kattis_case crlf-lines $'1\r\n8 2 6 4\r\n' 1 "input ended"
kattis_case illegal-after-two $'1\n8 2 6 4\n8 3 8 4\n' 1 "bad opponent move"
grep -Eq '^[1-8] [1-8] [1-8] [1-8]$' out || fail "kattis eof-mid-game: no move before the end of input"
printf '0\n' | "$kattis" > /dev/full 2> err; rc=$?
{ [ "$rc" = 1 ] && grep -q "could not write" err; } || fail "kattis full stdout: exit $rc, stderr '$(head -c 80 err)'"

# --- Votey: exit 1 usage, 2 a bad reply, 3 our move rejected.
votey_case() {  # name, side, input text, expected exit code, expected stderr words
  local name="$1" side="$2" text="$3" code="$4" words="$5"
  printf '%s' "$text" > given
  LOA_VOTEY_MS=10 "$votey" $side < given > out 2> err; local rc=$?
  [ "$rc" = "$code" ] || fail "votey $name: exit $rc, expected $code"
  [ -z "$side" ] || [ "$side" = 3 ] || python3 "$legal" votey "$side" given out || fail "votey $name: an answer is not a legal move"
  [ -z "$words" ] || grep -q "$words" err || fail "votey $name: stderr lacks '$words': $(head -c 100 err)"
}
votey_case no-side "" "" 1 usage
votey_case bad-side 3 "" 1 usage
votey_case garbage 1 $'hello\n' 2 "bad move"
votey_case rejected 1 $'-1\n' 3 "rejected"
votey_case illegal 1 $'1111\n' 2 "bad move"
votey_case eof-white 2 '' 2 "bad move"
votey_case false-win 2 $'-1434\n' 2 "does not win"
votey_case huge-number 2 $'123456789012\n' 2 "bad move"
votey_case black-then-eof 1 '' 2 "bad move"
votey_case white-one-reply 2 $'8183\n' 2 "bad move"
printf '' | LOA_VOTEY_MS=10 "$votey" 1 > /dev/full 2> err; rc=$?
[ "$rc" = 2 ] || fail "votey full stdout: exit $rc, expected 2"

# --- CodinGame: diagnostics on stderr (the arena shows, never reads, them);
# exit 0 at the end of input between turns, 1 for input that is no turn, 2
# when stdout is closed or full. Every answer is one of the moves offered.
start_rows=$'.bbbbbb.\nw......w\nw......w\nw......w\nw......w\nw......w\nw......w\n.bbbbbb.'
start_moves="$(printf 'b1b3\nb1d3\nb1h1\nb8b6\nb8d6\nb8h8\nc1a3\nc1c3\nc1e3\nc8a6\nc8c6\nc8e6\nd1b3\nd1d3\nd1f3\nd8b6\nd8d6\nd8f6\ne1c3\ne1e3\ne1g3\ne8c6\ne8e6\ne8g6\nf1d3\nf1f3\nf1h3\nf8d6\nf8f6\nf8h6\ng1a1\ng1e3\ng1g3\ng8a8\ng8e6\ng8g6')"
cg_case() {  # name, expected exit code, stderr words ('' for none), input text
  local name="$1" code="$2" words="$3" text="$4"
  printf '%s' "$text" > given
  LOA_ENGINE_NODES=500 "$codingame" < given > out 2> err; local rc=$?
  [ "$rc" = "$code" ] || fail "codingame $name: exit $rc, expected $code ($(head -c 100 err))"
  [ -z "$words" ] || grep -q "$words" err || fail "codingame $name: stderr lacks '$words': $(head -c 100 err)"
  # The moves offered: the lines after the (last) move count.
  tr -d '\r' < given | awk '/^[0-9]+$/ { n = $1; delete m; k = 0; next } n > 0 { m[++k] = $0; n-- }
    END { for (i = 1; i <= k; i++) print m[i] }' > offered
  while read -r answer _; do
    grep -qx -- "$answer" offered || fail "codingame $name: answered '$answer', which was not offered"
  done < out
}
cg_case first-turn-then-eof 0 '' "b"$'\n'"$start_rows"$'\n'"null"$'\n'"36"$'\n'"$start_moves"$'\n'
[ "$(wc -l < out)" = 1 ] || fail "codingame first-turn-then-eof: expected one answer"
cg_case no-input 0 '' ''
cg_case bad-colour 1 "colour" "x"$'\n'"$start_rows"$'\n'
cg_case truncated-board 1 "input ended inside the board" "b"$'\n'".bbbbbb."$'\n'"w......w"$'\n'
cg_case bad-square 1 "unexpected 'q'" "b"$'\n'".bbbbbq."$'\n'"$(tail -n 7 <<<"$start_rows")"$'\n'"null"$'\n'
cg_case short-row 1 "not 8 squares" "b"$'\n'".bbbbb"$'\n'
cg_case bad-count 1 "bad move count" "b"$'\n'"$start_rows"$'\n'"null"$'\n'"lots"$'\n'
cg_case truncated-moves 1 "inside the move list" "b"$'\n'"$start_rows"$'\n'"null"$'\n'"36"$'\n'"b1b3"$'\n'
cg_case crlf 0 '' "$(printf '%s\n' b "$start_rows" null 36 "$start_moves" | sed 's/$/\r/')"$'\n'
# A board that differs from ours (white is told of a move it never saw):
# it follows the board given and answers one of the moves offered.
cg_case foreign-board 0 "following the board given" "w"$'\n'".bbbbbb."$'\n'"w......w"$'\n'"w......w"$'\n'"w......w"$'\n'"w......w"$'\n'"w..b...w"$'\n'"w......w"$'\n'"..bbbbb."$'\n'"c1c3"$'\n'"1"$'\n'"a2c2"$'\n'
grep -q "^a2c2" out || fail "codingame foreign-board: expected the one move offered, a2c2, got '$(head -c 40 out)'"
printf '%s\n' b "$start_rows" null 36 "$start_moves" | "$codingame" > /dev/full 2> err; rc=$?
{ [ "$rc" = 2 ] && grep -q "could not write" err; } || fail "codingame full stdout: exit $rc, stderr '$(head -c 80 err)'"

if [ "$failures" -ne 0 ]; then echo "$failures failures"; exit 1; fi
echo "all bad-input cases behave as defined"
