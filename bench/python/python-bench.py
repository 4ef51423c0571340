#!/usr/bin/env python3
"""Speed of the Python package (a benchmark, not a test): random playouts
driven from Python, in moves a second, with moves as objects and as
OpenSpiel-style action ids; the batched environment's steps a second (with
observations and masks) at several sizes; and perft called from Python
beside the same perft from `loa perft`. With pyspiel importable, its
lines_of_action in the same single-game loop. Figures go in
docs/benchmarks.md.

    PYTHONPATH=build/python bench/python/python-bench.py [--seconds S] [--loa build/bin/loa]
"""
import argparse
import random
import subprocess
import time

import loa
import loa.env


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


def action_playouts(rules, seconds, rng, new_state=None):
    """The OpenSpiel loop: legal_actions, apply_action, is_terminal (pyspiel's state when given)."""
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state() if new_state else loa.Game(rules)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def batched(rules, envs, seconds):
    """BatchEnv.step with random actions from Python: steps (one game's move) a second."""
    env = loa.env.BatchEnv(rules, envs, seed=1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.step(env.random_actions())
        steps += envs
    stepped = steps / (time.perf_counter() - start)
    start = time.perf_counter()
    played = env.random_playout(max(1, int(stepped * seconds / 4 / envs)))["steps"]
    return stepped, played / (time.perf_counter() - start)


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
    print(f"{'olympiad':<10} {action_playouts('olympiad', args.seconds, rng):>10.0f} steps/s   "
          "legal_actions/apply_action from Python")
    try:
        import pyspiel  # noqa: F401  (OpenSpiel, if installed)
        game = pyspiel.load_game("lines_of_action")
        print(f"{'pyspiel':<10} {action_playouts(None, args.seconds, rng, game.new_initial_state):>10.0f} "
              "steps/s   the same loop on OpenSpiel's lines_of_action")
    except ImportError:
        print("pyspiel    not importable here: OpenSpiel's loop not measured")
    print()
    print(f"{'BatchEnv N':<12} {'step() from Python':>19} {'random_playout':>15}   steps/s, olympiad")
    for envs in (1, 64, 1024, 4096):
        stepped, played = batched("olympiad", envs, args.seconds)
        print(f"{envs:<12} {stepped:>19.0f} {played:>15.0f}")
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
