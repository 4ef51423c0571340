#!/usr/bin/env python3
"""Proves that one side wins from a position by a split solve (docs/solver.md), one job at a time.

At the prover's turn: one `loa solve` (--time, --memory); if it is left unknown, the engine's
move there (`loa analyse`, 1 s) is tried, split again, and if that is not settled, up to
--candidates moves in the engine's order (`loa analyse --exclude` the ones tried). At the other
side's turn: `loa solve --split`, and every reply proven the same way. Each node writes
DIR/MOVE.json and DIR/MOVE.proof as the jobs of `loa solve --split` do, so `loa solve --merge`
joins them into one proof, and a run stopped half way resumes where it was (settled nodes are
not solved again).

usage: scripts/six-split-solve.py --moves "e6-e4 f5-d5 d1-d4" --dir s2/d1-d4
       [--loa build/bin/loa] [--rules six] [--prover black] [--time 60] [--memory 3000]
       [--splits 4] [--candidates 1]
then:  loa solve -r six -m "e6-e4 f5-d5" --split s2 ... (for s2/jobs.txt), loa solve ... --merge s2
"""
import argparse
import json
import os
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", required=True, help="the moves from the start to the position")
    parser.add_argument("--dir", required=True, help="where the position's .json and .proof go (DIR.json, DIR/...)")
    parser.add_argument("--loa", default="build/bin/loa")
    parser.add_argument("--rules", default="six")
    parser.add_argument("--prover", choices=["black", "white"], default="black")
    parser.add_argument("--time", type=int, default=60, help="seconds for each solve")
    parser.add_argument("--memory", type=int, default=3000, help="MiB for each solve")
    parser.add_argument("--splits", type=int, default=4, help="at most this many prover's moves split in a line")
    parser.add_argument("--candidates", type=int, default=1,
                        help="at the prover's turn, the engine's best this many moves tried in turn")
    args = parser.parse_args()

    def loa(words, out=None):
        r = subprocess.run([args.loa] + words + ["-r", args.rules], capture_output=True, text=True)
        if out:
            with open(out, "w") as f:
                f.write(r.stdout)
        return r

    def result(node):
        try:
            with open(node + ".json") as f:
                return json.load(f)["result"]
        except (OSError, ValueError, KeyError):
            return None

    def log(*words):
        print(time.strftime("%H:%M:%S"), *words, flush=True)

    def merge(moves, node):
        loa(["solve", "-q", "--json", "-m", " ".join(moves), "--merge", node], node + ".json")
        loa(["solve", "-q", "-m", " ".join(moves), "--merge", node, "--proof", node + ".proof"])
        log("merged", " ".join(moves), result(node))

    def prover_to_move(moves, node, splits):
        if result(node) == "win":
            return True
        if not os.path.isdir(node):  # a node split before has had its single solve
            loa(["solve", "-q", "--json", "-m", " ".join(moves), "--time", str(args.time), "--memory",
                 str(args.memory), "--proof", node + ".proof"], node + ".json")
            log(" ".join(moves), result(node))
            if result(node) == "win":
                return True
        if result(node) in ("loss", "draw") or splits >= args.splits:
            return False
        os.makedirs(node, exist_ok=True)
        tried = []
        while len(tried) < args.candidates:
            words = ["analyse", "-m", " ".join(moves), "--movetime", "1000"]
            out = loa(words + (["--exclude", " ".join(tried)] if tried else [])).stdout
            best = [line.split()[1] for line in out.splitlines() if line.startswith("bestmove")]
            if not best:  # no move left to try
                return False
            tried.append(best[0])
            if defender_to_move(moves + [best[0]], os.path.join(node, best[0]), splits + 1):
                merge(moves, node)
                return result(node) == "win"
            if len(tried) < args.candidates:
                log("trying another move:", " ".join(moves))
        return False

    def defender_to_move(moves, node, splits):
        if result(node) == "loss":
            return True
        loa(["solve", "-q", "-m", " ".join(moves), "--split", node, "--time", str(args.time), "--memory",
             str(args.memory)])
        with open(os.path.join(node, "jobs.txt")) as f:
            replies = [line.split("--moves '")[1].split("'")[0].split()[-1] for line in f]
        log(" ".join(moves), f"{len(replies)} replies")
        for reply in replies:
            if not prover_to_move(moves + [reply], os.path.join(node, reply), splits):
                log("not settled:", " ".join(moves + [reply]))
                return False
        merge(moves, node)
        return result(node) == "loss"

    moves = args.moves.split()
    prover_moves = (len(moves) % 2 == 0) == (args.prover == "black")  # black moves first in LOA
    settled = prover_to_move(moves, args.dir, 0) if prover_moves else defender_to_move(moves, args.dir, 0)
    log("settled" if settled else "not settled")
    sys.exit(0 if settled else 1)


if __name__ == "__main__":
    main()
