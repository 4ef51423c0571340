#!/usr/bin/env python3
"""Speed of the Python module (a benchmark, not a test): random playouts
driven from Python, in moves a second, and perft called from Python beside
the same perft from `loa perft`. Figures go in docs/benchmarks.md.

    scripts/python-bench.py [--seconds S] [--loa build/bin/loa]
"""
import argparse
import random
import subprocess
import time

import loa


def playouts(rules, seconds, rng):
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = loa.Game(rules)
        while not game.is_over():
            game.play(rng.choice(game.legal_moves()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--loa", default="build/bin/loa")
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"{'rules':<10} {'games/s':>9} {'moves/s':>10}   random playouts from Python")
    for rules in ("olympiad", "loaps", "six", "scrambled"):
        g, m = playouts(rules, args.seconds, rng)
        print(f"{rules:<10} {g:>9.0f} {m:>10.0f}")
    print()
    print(f"{'perft':<16} {'Python s':>9} {'loa perft s':>12}")
    for rules, depth in (("olympiad", 5), ("six", 5), ("scrambled", 5)):
        game = loa.Game(rules)
        start = time.perf_counter()
        nodes = game.perft(depth)
        py_s = time.perf_counter() - start
        start = time.perf_counter()
        out = subprocess.run([args.loa, "perft", "-r", rules, "-d", str(depth)], capture_output=True, text=True,
                             check=True).stdout
        cli_s = time.perf_counter() - start
        assert out.strip().splitlines()[-1] == f"Nodes searched: {nodes}", out
        print(f"{rules + ' ' + str(depth):<16} {py_s:>9.3f} {cli_s:>12.3f}   {nodes} leaves")


if __name__ == "__main__":
    main()
