#!/usr/bin/env bash
# codingame_pass.sh LOA_CODINGAME LOA: a turn whose only legal answer is
# "pass". In the arena an entry that plays the pass on its own board but
# does not write it times out and loses, so the entry must write exactly
# "pass": fed such a turn directly, and through `loa referee codingame`
# from a position where black is walled in (a1 by b1 a2 b2, h8 by g8 h7 g7).
set -u
entry="$(realpath "$1")"; loa="$(realpath "$2")"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Black's first turn: the board from rank 8 down, no last move, one legal answer.
printf 'b\n......wb\n......ww\n........\n........\n........\n........\nww......\nbw......\nnull\n1\npass\n' \
  | timeout 20 "$entry" > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" != 0 ] || [ "$(cat "$work/out")" != "pass" ]; then
  fail "the entry, given '1' / 'pass', exit $rc, wrote '$(cat "$work/out")' (expected exactly 'pass')"
  cat "$work/err"
else
  echo "ok: the entry passes when it must"
fi

# The same position through the referee: the entry (black, A) must pass on
# its first turn, then the game goes on to its end without a fault.
export LOA_ENGINE_NODES=2000
timeout 120 "$loa" referee codingame "$entry" "$entry" --games 1 --position "6wb/6ww/8/8/8/8/ww6/bw6 b" \
  --transcript "$work/t" > "$work/referee" 2>&1; rc=$?
first_answer="$(grep -m1 '^< A ' "$work/t")"
if [ "$rc" != 0 ] || grep -q "fault:" "$work/referee" || ! grep -qx '> A 1' "$work/t" || [ "$first_answer" != "< A pass" ]; then
  fail "referee: exit $rc, A's first answer '$first_answer' (expected '< A pass' after '> A 1')"
  cat "$work/referee"
else
  echo "ok: through the referee, A passes and the game ends without a fault"
fi
# A position already over, or not a position, is a usage error (exit 2).
for bad in "6wb/6ww/8/8/8/8/ww6/bw6 x" "8/8/8/8/8/8/1w6/b1w5 b"; do
  "$loa" referee codingame "$entry" --position "$bad" > /dev/null 2>&1; rc=$?
  [ "$rc" = 2 ] || fail "referee --position '$bad': exit $rc, expected 2"
done
exit $((failures > 0))
