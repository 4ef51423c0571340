#!/usr/bin/env bash
# loa solve and loa verify-proof end to end: a proven win and its proof
# verified; compact and back; the same by PN²; a tree folded as it fills
# (--collect); a damaged proof refused; a budget that runs out; --json; Ctrl-C
# in a long solve (exit 130, what was learned still printed); each exit code;
# the stored 4-ply 6x6 proof verified and played from (engine:proofs=FILE).
# usage: solve.sh LOA
set -u
loa="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
fail() { echo "solve.sh: FAIL: $*"; exit 1; }

out="$("$loa" solve -q -r loaps -p "7/5w1/7/6w/1b5/7/b6 b" --proof "$dir/win.txt")"; rc=$?
[ $rc -eq 0 ] || fail "a win in one: exit $rc"
grep -qx "result: win for black to move" <<<"$out" || fail "a win in one: $out"
grep -qxE "move: (a1-a2|b3-b2)" <<<"$out" || fail "the winning move: $out"
out="$("$loa" verify-proof "$dir/win.txt")" || fail "the proof of a win in one does not verify: $out"
[ "$out" = "verified: black wins (1 section, 1 moves)" ] || fail "verify-proof said: $out"

# A deeper result (a loss for black under LOAPS, some thousand nodes), its
# proof, and the proof damaged.
pos="7/2w2w1/7/6w/7/2b4/b5b b"
out="$("$loa" solve -q -r loaps -p "$pos" --proof "$dir/deep.txt")" || fail "$pos: $out"
grep -qx "result: loss for black to move" <<<"$out" || fail "$pos: $out"
"$loa" verify-proof "$dir/deep.txt" >/dev/null || fail "the deeper proof does not verify"
grep -v '^\[Moves' "$dir/deep.txt" | sed '$d' | sed '$d' >"$dir/cut.txt"
err="$("$loa" verify-proof "$dir/cut.txt" 2>&1 >/dev/null)"; rc=$?
[ $rc -eq 1 ] && grep -q "line [0-9]*:" <<<"$err" || fail "a damaged proof: exit $rc, $err"
head -c 3000 /dev/urandom >"$dir/junk.txt"
"$loa" verify-proof "$dir/junk.txt" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "binary junk as a proof: exit $rc"

# The compact form (verify-proof --compact) and back (--expand): the same
# proof, smaller; a damaged one refused and not written.
out="$("$loa" verify-proof "$dir/deep.txt" --compact "$dir/deep.c")" || fail "--compact: $out"
[ "$(wc -c <"$dir/deep.c")" -lt "$(wc -c <"$dir/deep.txt")" ] || fail "the compact proof is not smaller"
grep -q '^\[Format "compact"\]' "$dir/deep.c" || fail "the compact proof has no Format tag"
moves="$(sed -n 's/^verified: .*, \([0-9]*\) moves)$/\1/p' <<<"$out")"
out="$("$loa" verify-proof "$dir/deep.c" --expand "$dir/deep.x")" || fail "the compact proof: $out"
grep -q ", $moves moves)$" <<<"$out" || fail "the compact proof has other moves: $out"
"$loa" verify-proof "$dir/deep.x" | grep -q ", $moves moves)$" || fail "the expanded proof"
sed '$s/ [0-9]*$/ 99/' "$dir/deep.c" >"$dir/deep-bad.c"
"$loa" verify-proof "$dir/deep-bad.c" --expand "$dir/bad.x" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] && [ ! -e "$dir/bad.x" ] || fail "a damaged compact proof: exit $rc"
"$loa" verify-proof "$dir/deep.c" --expand "$dir/two.x" --compact "$dir/two.c" >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && [ ! -e "$dir/two.x" ] || fail "--compact and --expand at once: exit $rc"

# PN² (--pn2) settles it the same, and its proof (the second-level parts
# searched again to be written) verifies.
out="$("$loa" solve -q --pn2 -r loaps -p "$pos" --proof "$dir/pn2.txt")" || fail "--pn2 $pos: $out"
grep -qx "result: loss for black to move" <<<"$out" || fail "--pn2 $pos: $out"
"$loa" verify-proof "$dir/pn2.txt" >/dev/null || fail "the PN² proof does not verify"

# --collect: 5x5 after b1-b3 (about 33 MiB of tree) in 4 MiB, the tree
# folded as it fills, is proven with a proof that verifies; without a time or
# node bound it is a usage error.
out="$("$loa" solve -q -r five -m b1-b3 --prover black --memory 4 --collect --time 600 --proof "$dir/fold.txt")" ||
  fail "--collect: $out"
grep -qx "result: loss for white to move" <<<"$out" && grep -q "tree folded [1-9][0-9]* times$" <<<"$out" ||
  fail "--collect: $out"
"$loa" verify-proof "$dir/fold.txt" | grep -q "^verified: black wins" || fail "the --collect proof does not verify"
"$loa" solve -q -r five -m b1-b3 --collect >"$dir/err.txt" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "solve: --collect needs --time or --nodes" "$dir/err.txt" ||
  fail "--collect unbounded: exit $rc, $(cat "$dir/err.txt")"

# --prover asks one side's question only: white's win proven the same, with
# a proof that verifies; black's "no" is what was learned, exit 1, and its
# proof (white wins or draws) is written and verifies; a bad side or --merge
# with it is a usage error, and --split passes it on to each job.
out="$("$loa" solve -q -r loaps -p "$pos" --prover white --proof "$dir/prover.txt")" || fail "--prover white: $out"
grep -qx "result: loss for black to move" <<<"$out" || fail "--prover white: $out"
"$loa" verify-proof "$dir/prover.txt" | grep -q "^verified: white wins" || fail "the --prover white proof"
# A proof written through a link fills the file the link names, which keeps
# its permissions, and the link stays; /dev/stdout is written to, not
# replaced; a named pipe's reader gets the whole proof (no early end of file).
ln -s prover.txt "$dir/link.txt"
chmod 640 "$dir/prover.txt"
"$loa" solve -q -r loaps -p "$pos" --prover white --proof "$dir/link.txt" >/dev/null || fail "--proof through a link"
[ -L "$dir/link.txt" ] && "$loa" verify-proof "$dir/prover.txt" | grep -q "^verified: white wins" ||
  fail "--proof through a link: $(ls -l "$dir")"
[ "$(stat -c %a "$dir/prover.txt")" = 640 ] || fail "a rewritten proof lost its permissions: $(ls -l "$dir")"
mkfifo "$dir/pipe"
# The reader is waited for, not killed: killed at once, it could lose what
# was still in the pipe (0 bytes read on a loaded machine); its own timeout
# ends it when the solve never opens the pipe.
timeout 60 cat "$dir/pipe" >"$dir/piped.txt" &
reader=$!
timeout 60 "$loa" solve -q -r loaps -p "$pos" --prover white --proof "$dir/pipe" >/dev/null; rc=$?
wait "$reader" 2>/dev/null
[ $rc -eq 0 ] && cmp -s "$dir/piped.txt" "$dir/prover.txt" ||
  fail "--proof to a named pipe: exit $rc, $(wc -c <"$dir/piped.txt") bytes read"
out="$("$loa" solve -q -r loaps -p "$pos" --prover white --proof /dev/stdout)" && [ -L /dev/stdout ] &&
  grep -qx '\[Claim "white wins"\]' <<<"$out" || fail "--proof /dev/stdout: $(ls -l /dev/stdout), $out"
out="$("$loa" solve -q -r loaps -p "$pos" --prover black --proof "$dir/cannot-win.txt")"; rc=$?
[ $rc -eq 1 ] && grep -qx "result: unknown for black to move (proven: cannot win)" <<<"$out" &&
  grep -qx "proof written to $dir/cannot-win.txt" <<<"$out" || fail "--prover black: exit $rc, $out"
out="$("$loa" verify-proof "$dir/cannot-win.txt")" && grep -q "^verified: white wins or draws (1 section" <<<"$out" ||
  fail "the --prover black proof: $out"
for bad in "--prover red" "--prover white --merge $dir"; do
  "$loa" solve -q -r loaps -p "$pos" $bad >"$dir/err.txt" 2>&1; rc=$?
  [ $rc -eq 2 ] && grep -q "prover" "$dir/err.txt" || fail "solve $bad: exit $rc, $(cat "$dir/err.txt")"
done
"$loa" solve -q -r loaps -p "$pos" --prover white --split "$dir/pjobs" >/dev/null || fail "--split --prover"
[ "$(grep -c -- "--prover white" "$dir/pjobs/jobs.txt")" -eq 13 ] || fail "--split --prover: $(head -n 2 "$dir/pjobs/jobs.txt")"

# A budget too small: unknown, exit 1, the reason in the JSON; no proof file
# is left where none was, and one that was there stays as it was.
out="$("$loa" solve -q --json -r loaps -p "$pos" --nodes 5 --proof "$dir/none.txt")"; rc=$?
[ $rc -eq 1 ] || fail "a 5-node budget: exit $rc ($out)"
grep -qE '^\{"result": "unknown", "to_move": "black", "move": null, "nodes": [0-9]+, .*"stopped": "nodes", "collections": 0\}$' <<<"$out" ||
  fail "--json with a budget: $out"
[ ! -e "$dir/none.txt" ] || fail "a solve that proved nothing left a proof file: $(ls -l "$dir/none.txt")"
cp "$dir/prover.txt" "$dir/kept.txt"
"$loa" solve -q -r loaps -p "$pos" --nodes 5 --proof "$dir/kept.txt" >/dev/null; rc=$?
[ $rc -eq 1 ] && cmp -s "$dir/prover.txt" "$dir/kept.txt" || fail "a solve that proved nothing changed a proof file"
[ -z "$(ls "$dir" | grep -F .part-)" ] || fail "a temporary file was left: $(ls "$dir")"

# A solve split at the root into jobs, the jobs run, the results merged: the
# same value as solving at once, and the joined proof verifies. With one job
# missing the root stays unknown.
"$loa" solve -q -r loaps -p "$pos" --split "$dir/jobs" --time 20 >/dev/null || fail "--split"
[ "$(wc -l <"$dir/jobs/jobs.txt")" -eq 13 ] || fail "--split: not a job per root move: $(cat "$dir/jobs/jobs.txt")"
bash "$dir/jobs/jobs.txt" || fail "the jobs failed"
out="$("$loa" solve -r loaps -p "$pos" --merge "$dir/jobs" --proof "$dir/merged.txt")" || fail "--merge: $out"
grep -qx "result: loss for black to move" <<<"$out" || fail "--merge: $out"
"$loa" verify-proof "$dir/merged.txt" | grep -q "^verified: white wins (1 section" || fail "the merged proof"
rm "$dir/jobs/c2-b2.json"
out="$("$loa" solve -r loaps -p "$pos" --merge "$dir/jobs")"; rc=$?
[ $rc -eq 1 ] && grep -q "^result: unknown for black to move (stopped by jobs: 12 of 13 settled" <<<"$out" ||
  fail "--merge with a job missing: exit $rc, $out"

# The stored 4-ply 6x6 proof (tests/data/six; the proof from the start is
# cli.six_proof's) still verifies: a black win after e6-e4 f5-d5 d1-d4 f4-d2.
# Read as it is stored (gzip), and unpacked; a cut gzip file is an error.
gz="$(dirname "$0")"/../../data/six/e6e4-f5d5-d1d4-f4d2.proof.gz
gunzip -c "$gz" >"$dir/book.txt" || fail "the 4-ply 6x6 proof"
for proof in "$gz" "$dir/book.txt"; do
  out="$("$loa" verify-proof "$proof")" || fail "the 4-ply 6x6 proof $proof does not verify: $out"
  [ "$out" = "verified: black wins (1 section, 1026065 moves)" ] || fail "the 4-ply 6x6 proof $proof: $out"
done
head -c 100000 "$gz" >"$dir/cut.gz"
"$loa" verify-proof "$dir/cut.gz" >"$dir/err.txt" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "cannot read the proof [^ ]*cut.gz: unexpected end of file$" "$dir/err.txt" ||
  fail "a cut gzip proof: exit $rc, $(cat "$dir/err.txt")"

# Proofs in play (engine:proofs=FILE): from the stored 4-ply proof's
# position (after e6-e4 f5-d5 d1-d4 f4-d2, black to move), an engine
# searching one ply wins as black with the proof's moves against one of
# 20000 nodes, which beats it without them (both deterministic).
echo "1bbb2/w2w2/w2bb1/w4w/w2w1w/1bb1b1 b 4 0 0" >"$dir/open.txt"
for book in "" ":proofs=$dir/book.txt"; do
  rm -f "$dir/games.rec"
  "$loa" match -r six -1 "engine:depth=1$book" -2 engine:nodes=20000 -g 2 --openings "$dir/open.txt" \
    --records "$dir/games.rec" >/dev/null 2>&1 || fail "a match with '$book': exit $?"
  result="$(grep -A3 "^\[Black \"engine:depth=1" "$dir/games.rec" | grep "^\[Result")"
  if [ -n "$book" ]; then want='[Result "1-0"]'; else want='[Result "0-1"]'; fi
  [ "$result" = "$want" ] || fail "engine:depth=1$book as black: $result"
done
for proof in "$gz" "$dir/book.txt"; do
  out="$("$loa" analyse -r six -m "e6-e4 f5-d5 d1-d4 f4-d2" -d 1 --proofs "$proof")" || fail "analyse --proofs $proof"
  grep -q "score  *win in [0-9]* nodes  *0 .*pv c6-c4$" <<<"$out" || fail "analyse --proofs $proof: $out"
done
# analyse --exclude: the best move of the rest (as the split solves ask for
# the next candidate), any spelling in, and no move left is an error.
few="b4w/6/6/6/6/b4w b 0 0 0"
out="$("$loa" analyse -r six -p "$few" -d 2 --exclude "a1-a3 a1c3 a1c1 a6-a4 a6-c6")" || fail "analyse --exclude"
[ "$(tail -n 1 <<<"$out")" = "bestmove a6-c4" ] || fail "analyse --exclude: $out"
"$loa" analyse -r six -p "$few" -d 2 --exclude "a1-a3 a1-c3 a1-c1 a6-a4 a6-c6 a6-c4" >"$dir/err.txt" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "leaves no legal move" "$dir/err.txt" || fail "analyse --exclude of every move: exit $rc"
"$loa" analyse -r six -p "$few" -d 2 --exclude "a1-a2" >"$dir/err.txt" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "bad --exclude: 'a1-a2'" "$dir/err.txt" || fail "analyse --exclude of an illegal move: exit $rc"
"$loa" match -r six -1 engine:proofs=/no/such/file -g 2 >"$dir/err.txt" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "cannot read the proof /no/such/file" "$dir/err.txt" || fail "a missing proof: exit $rc"
"$loa" match -r six -1 "engine:proofs=$dir/cut.txt" -g 2 >"$dir/err.txt" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "does not verify: line" "$dir/err.txt" || fail "a damaged proof as a book: exit $rc"

# Ctrl-C: the solve stops, prints what it has, exits 130.
"$loa" solve -q -r olympiad --memory 4000 >"$dir/int.txt" 2>&1 &
pid=$!
sleep 1.5
kill -INT $pid
wait $pid; rc=$?
[ $rc -eq 130 ] || fail "Ctrl-C: exit $rc"
grep -q "^result: unknown for black to move (stopped by interrupted" "$dir/int.txt" || fail "Ctrl-C: $(cat "$dir/int.txt")"
echo "solve.sh: ok"
