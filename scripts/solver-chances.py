#!/usr/bin/env python3
"""Where the solver could have changed recorded games (a script, not a test).

For each game of a record file (`loa match --records`), over its last plies:
- missed wins: a position of the side that did not win from which `loa solve` proves a
  win within --win-time seconds (the root prover, `engine:solver=N`, could have played it);
- moves into a loss: the first move of that side after which the opponent's win is proven
  within --win-time, from a position the solver could not prove lost within --lost-time
  (what the defence, `engine:defence=N`, looks for), with the mover's alpha-beta score
  before it (`loa analyse --movetime 100`).

usage: scripts/solver-chances.py RECORDS [--loa build/bin/loa] [--rules olympiad] [--back 30]
       [--win-time 0.3] [--lost-time 1]
"""
import argparse
import json
import re
import subprocess

RESULTS = ("1-0", "0-1", "1/2-1/2")


def games(path):
    """(result, moves) of each game in a record file."""
    for section in open(path).read().split("[Rules ")[1:]:
        result = re.search(r'\[Result "([^"]+)"\]', section).group(1)
        body = section.split("\n\n", 1)[1] if "\n\n" in section else ""
        moves = [t for t in body.split() if not re.match(r"^\d+\.$", t) and t not in RESULTS]
        yield result, moves


def solve(args, moves, seconds):
    out = subprocess.run([args.loa, "solve", "-q", "--json", "-r", args.rules, "--time", str(seconds),
                          "--memory", "128", "--moves", " ".join(moves)], capture_output=True, text=True)
    if out.returncode not in (0, 1):  # 0 proven, 1 unknown within the budget
        raise SystemExit(f"loa solve failed ({out.returncode}): {out.stderr.strip()}")
    return json.loads(out.stdout)["result"]


def score(args, moves):
    out = subprocess.run([args.loa, "analyse", "-r", args.rules, "--moves", " ".join(moves), "--movetime", "100"],
                         capture_output=True, text=True, check=True).stdout
    lines = [l for l in out.splitlines() if l.startswith("depth")]
    return lines[-1].split("score")[1].split("nodes")[0].strip() if lines else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("records")
    parser.add_argument("--loa", default="build/bin/loa")
    parser.add_argument("--rules", default="olympiad")
    parser.add_argument("--back", type=int, default=30, help="plies before each game's end to look at")
    parser.add_argument("--win-time", type=float, default=0.3)
    parser.add_argument("--lost-time", type=float, default=1.0)
    args = parser.parse_args()
    total = missed = into_loss = 0
    for index, (result, moves) in enumerate(games(args.records)):
        total += 1
        winner = {"1-0": 0, "0-1": 1}.get(result)  # Black moves at even plies
        wins, fatal = [], None
        for ply in range(max(0, len(moves) - args.back), len(moves)):
            if ply % 2 == winner:
                continue
            if solve(args, moves[:ply], args.win_time) == "win":
                wins.append(ply)
            if fatal is None and solve(args, moves[:ply + 1], args.win_time) == "win":
                fatal = ply
                if solve(args, moves[:ply], args.lost_time) != "loss":
                    into_loss += 1
                    print(f"game {index + 1}: {moves[ply]} at ply {ply + 1} into a proven loss "
                          f"(score before: {score(args, moves[:ply])})", flush=True)
        if wins:
            missed += 1
            print(f"game {index + 1}: a proven win let go at plies {[p + 1 for p in wins]}", flush=True)
    print(f"{total} games: {missed} with a win the side that did not win could have proven; "
          f"{into_loss} with a move into a proven loss from a position not proven lost")


if __name__ == "__main__":
    main()
