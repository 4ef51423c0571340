#!/usr/bin/env python3
"""Where the solver could have changed recorded games (a script, not a test).

For each game of a record file (`loa match --records`), over its last plies:
- missed wins: a position of the side that did not win from which `loa solve` proves a
  win within --win-time seconds (the root prover, `engine:solver=N`, could have played it);
- moves into a loss: the first move of that side after which the opponent's win is proven
  within --win-time, from a position the solver could not prove lost within --lost-time
  (what the defence, `engine:defence=N`, looks for), with the mover's alpha-beta score
  before it (`loa analyse --movetime 100`).

Each game is solved under the rules its record names.

usage: bench/solver/solver-chances.py RECORDS [--loa build/bin/loa] [--back 30]
       [--win-time 0.3] [--lost-time 1]
"""
import argparse
import subprocess

from loa_records import record_games, solve


def score(args, rules, moves):
    out = subprocess.run([args.loa, "analyse", "-r", rules, "--moves", " ".join(moves), "--movetime", "100"],
                         capture_output=True, text=True, check=True).stdout
    lines = [l for l in out.splitlines() if l.startswith("depth")]
    return lines[-1].split("score")[1].split("nodes")[0].strip() if lines else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("records")
    parser.add_argument("--loa", default="build/bin/loa")
    parser.add_argument("--back", type=int, default=30, help="plies before each game's end to look at")
    parser.add_argument("--win-time", type=float, default=0.3)
    parser.add_argument("--lost-time", type=float, default=1.0)
    args = parser.parse_args()
    memory = ("--memory", "128")
    total = missed = into_loss = 0
    for index, (rules, moves, result) in enumerate(record_games(args.records)):
        total += 1
        winner = {"1-0": 0, "0-1": 1}.get(result)  # Black moves at even plies
        wins, fatal = [], None
        for ply in range(max(0, len(moves) - args.back), len(moves)):
            if ply % 2 == winner:
                continue
            if solve(args.loa, rules, moves[:ply], args.win_time, *memory)["result"] == "win":
                wins.append(ply)
            if fatal is None and solve(args.loa, rules, moves[:ply + 1], args.win_time, *memory)["result"] == "win":
                fatal = ply
                if solve(args.loa, rules, moves[:ply], args.lost_time, *memory)["result"] != "loss":
                    into_loss += 1
                    print(f"game {index + 1}: {moves[ply]} at ply {ply + 1} into a proven loss "
                          f"(score before: {score(args, rules, moves[:ply])})", flush=True)
        if wins:
            missed += 1
            print(f"game {index + 1}: a proven win let go at plies {[p + 1 for p in wins]}", flush=True)
    print(f"{total} games: {missed} with a win the side that did not win could have proven; "
          f"{into_loss} with a move into a proven loss from a position not proven lost")


if __name__ == "__main__":
    main()
