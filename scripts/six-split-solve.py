#!/usr/bin/env python3
"""The split solve driver of sessions 10-11, now a thin wrapper: loa.cluster runs split solves on Dask
(docs/cluster.md), with the same splitting, a checked store, and resumption.

usage: scripts/six-split-solve.py --moves "e6-e4 f5-d5 d1-d4" --dir STORE [--rules six] [--prover black]
       [--time 60] [--memory 3000] [--splits 4] [--workers 2 | --scheduler tcp://host:8786]
is:    python3 -m loa.cluster solve --moves ... --store STORE --proof STORE.proof ... (the same options)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "python"))
from loa.cluster import main as cluster_main  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", required=True)
    parser.add_argument("--dir", required=True, help="the store; the proof goes to DIR.proof")
    parser.add_argument("--rules", default="six")
    parser.add_argument("--prover", choices=["black", "white"], default="black")
    parser.add_argument("--time", default="60")
    parser.add_argument("--memory", default="3000")
    parser.add_argument("--splits", default="4")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", default="2")
    where.add_argument("--scheduler")
    args = parser.parse_args()
    where = ["--scheduler", args.scheduler] if args.scheduler else ["--workers", args.workers]
    return cluster_main(["solve", "--moves", args.moves, "--store", args.dir, "--proof", args.dir + ".proof",
                         "--rules", args.rules, "--prover", args.prover, "--time", args.time, "--memory",
                         args.memory, "--splits", args.splits, *where])


if __name__ == "__main__":
    sys.exit(main())
