#!/usr/bin/env bash
# showdown.sh LOA LOA_SHOWDOWN: the SHOWDOWN entry and mediator end to end.
#  1. loa-showdown on bad input: always one turn on stdout, never stderr.
#  2. The round robin of the entry and the three simple strategies of the
#     issue, all run as programs: no faults, the entry wins its three
#     matches and has the top score; and it wins its match against the
#     sprinter (a racer it cannot outrun).
#  3. A state file damaged between turns of a mediated game. (Faulty
#     programs under the mediator: referee_faults.sh.)
set -u
loa="$(realpath "$1")"; entry="$(realpath "$2")"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cd "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# 1. The entry alone.
check_turn() {  # name, expected stdout, expected exit code, command...
  local name="$1" want="$2" want_rc="$3"; shift 3
  "$@" > out 2> err; local rc=$?
  if [ "$(cat out)" != "$want" ] || [ "$rc" != "$want_rc" ] || [ -s err ]; then
    fail "$name: got '$(cat out)' exit $rc, stderr '$(cat err)'; wanted '$want' exit $want_rc"
  else
    echo "ok: $name"
  fi
}
check_turn "first turn" "MOVE A 2" 0 sh -c "echo 'INIT A 1' | '$entry' state1"
check_turn "second turn walls home" "WALL A 1" 0 sh -c "echo OK | '$entry' state1"
check_turn "missing state file" "HELP" 0 sh -c "echo OK | '$entry' missing"
: > empty; check_turn "empty state file" "HELP" 0 sh -c "echo OK | '$entry' empty"
head -c 30 state1 > cut; check_turn "cut state file" "HELP" 0 sh -c "echo OK | '$entry' cut"
sed 's/side 0/side 1/' state1 > forged; check_turn "altered state file" "HELP" 0 sh -c "echo OK | '$entry' forged"
head -c 4000 /dev/urandom > noise; check_turn "random bytes" "HELP" 0 sh -c "echo OK | '$entry' noise"
check_turn "help answered" "RADAR" 0 sh -c "echo 'LOC B 3' | '$entry' missing2"
check_turn "garbage input" "HELP" 0 sh -c "echo 'WHAT IS THIS' | '$entry' state1"
check_turn "no input" "HELP" 0 sh -c "'$entry' state1 < /dev/null"
check_turn "no state file named" "HELP" 2 sh -c "echo OK | '$entry'"
check_turn "unknown strategy" "HELP" 2 sh -c "echo OK | '$entry' --strategy nobody st"
check_turn "unwritable state file" "HELP" 1 sh -c "echo OK | '$entry' /nonexistent/dir/state"
ln -s /dev/full endless; check_turn "endless state file, unwritable" "HELP" 1 timeout 10 sh -c "echo OK | '$entry' endless"
check_turn "endless input line" "HELP" 0 timeout 10 sh -c "'$entry' state9 < /dev/zero"
echo "INIT A 1" | "$entry" state_full > /dev/full 2> err; rc=$?
{ [ "$rc" = 3 ] && [ ! -s err ]; } || fail "full stdout: exit $rc, wanted 3 and nothing on stderr"

# 2. The round robin, every player a program.
"$loa" referee showdown "$entry" "$entry --strategy racer" "$entry --strategy zapper" "$entry --strategy waller" \
  > rr.out 2>&1; rc=$?
cat rr.out | tail -6
if [ "$rc" != 0 ]; then fail "round robin exit $rc"; fi
if ! grep -Eq "^ +$entry +[0-9]+ +3\$" rr.out; then fail "the entry did not win its three matches"; fi
best="$(awk '/^round robin/{f=1; next} f && NF >= 3 {s=$(NF-1); $NF=""; $(NF-1)=""; sub(/ +$/, ""); sub(/^ +/, ""); print s "\t" $0}' rr.out |
  sort -t "$(printf '\t')" -k1,1nr | head -1 | cut -f2)"
[ "$best" = "$entry" ] || fail "the entry does not have the top score (top: '$best')"
"$loa" referee showdown "$entry" "$entry --strategy sprinter" > sprint.out 2>&1 || fail "sprinter match exit $?"
grep -q "A advances" sprint.out || fail "the entry lost its match against the sprinter"

# A state file damaged between turns, in a mediated game: the entry asks
# HELP, finds its way again, and makes no illegal turn.
for damage in 'rm -f "$1"' ': > "$1"' 'head -c 200 /dev/urandom > "$1"' 'sed -i "s/side 0/side 1/" "$1"'; do
  printf '#!/bin/sh\nn=$(cat count 2>/dev/null || echo 0); echo $((n + 1)) > count\n[ "$n" = 12 ] && %s\nexec "%s" "$@"\n' \
    "$damage" "$entry" > damaged; chmod +x damaged
  "$loa" referee showdown ./damaged "$entry --strategy racer" -v > damaged.out 2>&1; rc=$?
  stats="$(grep -A2 '^    ./damaged' damaged.out | grep 'moves' | head -1)"
  if [ "$rc" != 0 ] || ! echo "$stats" | grep -q "helps 1 .*errors 0"; then
    fail "state file damaged by '$damage': exit $rc, $stats"
  else
    echo "ok: state file damaged by '$damage' mid-game"
  fi
done

# Bad usage.
"$loa" referee showdown builtin:racer > usage.out 2>&1; [ $? = 2 ] || fail "one program accepted"
"$loa" referee showdown builtin:nobody builtin:racer > usage.out 2>&1; [ $? = 2 ] || fail "unknown strategy accepted"

[ "$failures" = 0 ] && echo "all showdown checks passed"
exit "$failures"
