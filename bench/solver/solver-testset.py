#!/usr/bin/env python3
"""Builds the solver's test set: positions with proven results (a script, not a test).

Takes the positions 1 to --back plies before the end of each game (the
sixteen games of Winands' MSc thesis in tests/data/winands-thesis-games/,
and any record files given with --records, e.g. self-play from
`loa match --records`), solves each with `loa solve --time T --proof`,
checks every proof with `loa verify-proof`, and writes the proven ones to
OUT, a line each:

    RULES<TAB>MOVES<TAB>VALUE<TAB>MOVE<TAB>NODES<TAB>SOURCE

MOVES are the moves from the rules' start (so repetition history is
kept); VALUE is win, loss or draw for the side to move; MOVE a proving
move ("-" for a loss); NODES the solver's nodes. Positions it cannot settle
within T are left out and counted.

usage: bench/solver/solver-testset.py --loa build/bin/loa --out tests/data/solver-positions.tsv [--time 10] [--back 14]
                                 [--records FILE...]
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

import loa_records


def thesis_games(root):
    for path in sorted(glob.glob(os.path.join(root, "tests/data/winands-thesis-games/*.txt"))):
        moves = [w for w in open(path).read().split() if not w.endswith(".")]
        yield "olympiad", moves, "Winands thesis " + os.path.basename(path)[:-4]


def record_games(path):
    """Every game of a record file (the format of loa match --records) from the rules' start."""
    for index, (rules, moves, _) in enumerate(loa_records.record_games(path), 1):
        yield rules, moves, f"{os.path.basename(path)} game {index}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--loa", default="build/bin/loa")
    parser.add_argument("--out", required=True)
    parser.add_argument("--time", type=float, default=10)
    parser.add_argument("--back", type=int, default=14)
    parser.add_argument("--records", nargs="*", default=[])
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    games = list(thesis_games(root))
    for path in args.records:
        games += list(record_games(path))
    rows, unknown = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        proof = os.path.join(tmp, "proof.txt")
        for rules, moves, source in games:
            for back in range(1, args.back + 1):
                if back >= len(moves):
                    break
                played = moves[:len(moves) - back]
                r = loa_records.solve(args.loa, rules, played, args.time, "--proof", proof)
                if r["result"] == "unknown":
                    unknown += 1
                    continue
                check = subprocess.run([args.loa, "verify-proof", proof], capture_output=True, text=True)
                if check.returncode != 0:
                    raise SystemExit(f"a proof does not verify: {rules} {' '.join(played)}: {check.stderr}")
                rows.append([rules, " ".join(played), r["result"], r["move"] or "-", str(r["nodes"]),
                             f"{source}, {back} plies before the end"])
                print(f"{source} -{back}: {r['result']} {r['move'] or ''} ({r['nodes']} nodes, {r['time_ms']} ms)",
                      flush=True)
    with open(args.out, "w") as f:
        f.write("# Positions with proven results, made by bench/solver/solver-testset.py "
                f"(loa solve --time {args.time:g}, every proof checked by loa verify-proof).\n")
        f.write("# rules\tmoves from the start\tvalue for the side to move\tproving move\tsolver nodes\tsource\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    print(f"{len(rows)} positions proven, {unknown} left unknown within {args.time:g} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
