#!/usr/bin/env python3
"""The solver against the alpha-beta engine on the solver's test set (a script, not a test).

For each position of tests/data/solver-positions.tsv, how many each settles
within 1 s and within 10 s: the solver (`loa solve --time S`: a proven win,
loss or draw) and the alpha-beta engine (`loa analyse --movetime MS`: a
decisive score, "win in N" or "loss in N", that agrees with the proven
value; it cannot prove a draw). A position settled within 1 s is settled
within 10 s too; only the others are run again at 10 s.

usage: bench/solver/solver-compare.py [--loa build/bin/loa] [--set tests/data/solver-positions.tsv] [--times 1 10]
                                 [--only solver|alpha-beta]
"""
import argparse
import json
import subprocess
import sys


def solver_settles(loa, rules, moves, seconds, value):
    r = subprocess.run([loa, "solve", "-q", "--json", "-r", rules, "--moves", moves, "--time", str(seconds)],
                       capture_output=True, text=True)
    result = json.loads(r.stdout)["result"]
    if result not in ("unknown", value):
        raise SystemExit(f"the solver contradicts the test set: {rules} {moves}: {result} against {value}")
    return result == value


def engine_settles(loa, rules, moves, seconds, value):
    r = subprocess.run([loa, "analyse", "-r", rules, "--moves", moves, "--movetime", str(int(seconds * 1000))],
                       capture_output=True, text=True)
    lines = [l for l in r.stdout.splitlines() if l.startswith("depth")]
    if not lines:
        return False
    last = lines[-1]
    return (value == "win" and "win in" in last) or (value == "loss" and "loss in" in last)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loa", default="build/bin/loa")
    parser.add_argument("--set", default="tests/data/solver-positions.tsv")
    parser.add_argument("--times", type=float, nargs="+", default=[1, 10])
    parser.add_argument("--only", choices=["solver", "alpha-beta"], help="run one side (two runs can share the cores)")
    args = parser.parse_args()
    rows = [l.rstrip("\n").split("\t") for l in open(args.set) if l.strip() and not l.startswith("#")]
    print(f"{len(rows)} positions: {sum(r[2] == 'win' for r in rows)} wins, {sum(r[2] == 'loss' for r in rows)} "
          f"losses, {sum(r[2] == 'draw' for r in rows)} draws for the side to move")
    for name, settles in (("solver", solver_settles), ("alpha-beta", engine_settles)):
        if args.only and args.only != name:
            continue
        open_rows = rows
        for seconds in sorted(args.times):
            open_rows = [r for r in open_rows if not settles(args.loa, r[0], r[1], seconds, r[2])]
            print(f"{name:>10} within {seconds:g} s: {len(rows) - len(open_rows)} of {len(rows)} settled", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
