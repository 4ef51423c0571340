#!/usr/bin/env python3
"""The value of every first move of a board, with proofs, solved on a Dask cluster (docs/solver.md).

The board's symmetries that keep the rules (start, bonus squares) group the first moves into classes.
Each class's representative is solved by loa.cluster: one job, or a split solve when that is left
unknown. Its images are derived by mirroring the proof, and every image's proof is checked. Writes
OUT/MOVE.proof.gz (compact, gzip) per representative and OUT/start.proof.gz, OUT/table.tsv (the classes
and values, which tests/frontends/first_move_tables.py checks the proofs against), and prints the table
as Markdown.

usage: scripts/first-move-table.py --rules five --out tests/data/five/first-moves --store /tmp/five-store
       [--workers 2 | --scheduler tcp://host:8786] [--time 60] [--memory 2000] [--splits 6] [--candidates 3]
       [--only start b1-b3 ...] [--prover black]
"""
import argparse
import gzip
import os
import re
import sys
import time

import loa
from loa import cluster
from loa._core import _compact_proof
from loa.solve_store import ResultStore

MOVE = re.compile(r"\b([a-h][1-8])([-x])([a-h][1-8])\b")


def transforms(size):
    """The eight symmetries of the square board, as functions on (file, rank)."""
    n = size - 1
    return {
        "identity": lambda f, r: (f, r), "mirror files": lambda f, r: (n - f, r),
        "mirror ranks": lambda f, r: (f, n - r), "rotate 180": lambda f, r: (n - f, n - r),
        "transpose": lambda f, r: (r, f), "anti-transpose": lambda f, r: (n - r, n - f),
        "rotate 90": lambda f, r: (r, n - f), "rotate 270": lambda f, r: (n - r, f),
    }


def map_square(square, t):
    f, r = t(ord(square[0]) - 97, int(square[1:]) - 1)
    return chr(97 + f) + str(r + 1)


def map_squares(text, t):
    """Every move (a1-b2, a1xb2) in `text`, or `text` itself when it is one square, mapped by t."""
    if re.fullmatch(r"[a-h][1-8]", text):
        return map_square(text, t)
    return MOVE.sub(lambda m: map_square(m.group(1), t) + m.group(2) + map_square(m.group(3), t), text)


def symmetries(rules):
    """The transforms that map the start and the bonus squares onto themselves."""
    keep = {}
    for name, t in transforms(rules.board_size).items():
        same = all(sorted(map_squares(s, t) for s in side) == sorted(side) for side in (rules.black, rules.white))
        bonus = {map_squares(s, t): p for s, p in rules.bonus.items()} == rules.bonus
        if same and bonus:
            keep[name] = t
    return keep


def mirror_proof(text, t):
    """A proof's text with every square mapped by t: moves, and the Before tag (the Start is symmetric)."""
    out = []
    for line in text.splitlines():
        if line.startswith("[Before ") or (line[:1].isdigit()):
            line = map_squares(line, t)
        out.append(line)
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="five")
    parser.add_argument("--out", required=True)
    parser.add_argument("--store", required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--scheduler")
    parser.add_argument("--time", type=float, default=60)
    parser.add_argument("--memory", type=int, default=2000)
    parser.add_argument("--splits", type=int, default=6)
    parser.add_argument("--engine-nodes", type=int, default=2_000_000)
    parser.add_argument("--candidates", type=int, default=3)
    parser.add_argument("--prover", choices=["black", "white"], default="black",
                        help="the side a split solve tries to prove the winner, when one solve settles nothing")
    parser.add_argument("--only", nargs="*", help="solve only these classes (a representative, or 'start')")
    args = parser.parse_args()
    rules = loa.Rules(args.rules)
    syms = symmetries(rules)
    start = loa.Game(rules)
    first = [str(m) for m in start.legal_moves()]
    classes = {}
    for move in first:
        images = {map_squares(move, t) for t in syms.values()}
        rep = min(images & set(first))
        classes.setdefault(rep, set()).update(images & set(first))
    print(f"{rules.name}: {len(first)} first moves, {len(classes)} classes under {', '.join(syms)}", flush=True)
    from distributed import Client, LocalCluster
    client = Client(args.scheduler) if args.scheduler else Client(
        LocalCluster(n_workers=args.workers, threads_per_worker=1, dashboard_address=":0"))
    store = ResultStore(args.store, report=print)
    os.makedirs(args.out, exist_ok=True)
    reps = [""] + sorted(classes)  # "": the start itself
    if args.only is not None:
        unknown = [o for o in args.only if o != "start" and o not in classes]
        if unknown:
            parser.error(f"not a class's representative: {', '.join(unknown)} (they are {', '.join(sorted(classes))})")
        reps = [o if o != "start" else "" for o in args.only]

    def settle(rep, priority):
        """The class of `rep` solved (its row), or None when it is left unsettled (kept in the store)."""
        t0 = time.time()
        line = [rep] if rep else []
        record = store.get(rules.name, line)
        if record is None:  # one solve asking both questions first: a first move may lose
            answer = client.submit(cluster.solve_job, rules, line, args.time, args.memory, pure=False,
                                   priority=priority).result()
            record = {k: answer[k] for k in ("result", "nodes", "time_ms", "cannot_win", "cannot_lose")}
            store.put(rules.name, line, record, answer["proof"] if record["result"] != "unknown" else None)
            record["proof"] = answer["proof"]
        nodes = record.get("nodes", 0)  # a node split in an earlier run keeps no count of its own
        if record["result"] == "unknown":  # black to be proven the winner, as on 6x6 from the start
            run = cluster.SplitSolve(client, store, rules, line, args.prover, args.time, args.memory, args.splits,
                                     args.engine_nodes, args.candidates, priority=priority)
            try:
                record = run.run()
            except cluster.NotProven as e:  # kept in the store: a later run goes on from there
                print(f"{rep or 'start'}: not settled ({e}); {run.solved} jobs, {run.from_store} from the store",
                      flush=True)
                return None
            nodes = run.nodes_searched + nodes
        proof, result = record["proof"], record["result"]
        mover = "white" if rep else "black"
        winner = {"win": mover, "loss": "white" if mover == "black" else "black", "draw": "draw"}[result]
        seconds = time.time() - t0
        check = loa.verify_proof(proof)
        # The longest line the proof forces: its deepest move line (depth 1 is the reply to `rep`).
        longest = max(int(line.split()[0]) for line in proof.splitlines() if line[:1].isdigit())
        with open(os.path.join(args.out, (rep or "start") + ".proof.gz"), "wb") as f:
            f.write(gzip.compress(_compact_proof(proof).encode(), mtime=0))
        for image in sorted(classes.get(rep, {rep}) - {rep}):
            t = next(t for t in syms.values() if map_squares(rep, t) == image)
            loa.verify_proof(mirror_proof(proof, t))  # raises if the derived proof does not hold
        print(f"{rep or 'start'}: {winner} ({check['moves']:,} proof moves, {nodes:,} nodes, {seconds:.1f} s)",
              flush=True)
        return rep, sorted(classes.get(rep, [])), winner, check["moves"], nodes, seconds, longest

    # Every class at once, the first given first: Dask runs a higher priority's jobs before a lower one's,
    # so the workers go to later classes only when the first cannot use them (its tree narrow there).
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max_workers=len(reps)) as pool:
        rows = [row for row in pool.map(settle, reps, range(len(reps), 0, -1)) if row is not None]
    client.close()
    # table.tsv keeps the rows of earlier runs (a class solved in a run of its own) unless solved again.
    table = os.path.join(args.out, "table.tsv")
    kept = {}
    if os.path.exists(table):
        with open(table) as f:
            for text in f:
                if text.strip() and not text.startswith("#"):
                    kept[text.split("\t")[0]] = text.rstrip("\n")
    for rep, members, winner, moves, _, _, _ in rows:
        kept[rep] = f"{rep}\t{' '.join(m for m in members if m != rep)}\t{winner}\t{moves}"
    with open(table, "w") as f:
        f.write("# first move (empty: the start)\tits images\tvalue\tproof moves\n")
        for rep in sorted(kept):
            f.write(kept[rep] + "\n")
    print("\n| first move (class) | value | proof moves | nodes | time | longest forced line (after it) |")
    print("|---|---|---|---|---|---|")
    for rep, members, winner, moves, nodes, seconds, longest in rows:
        value = "draw" if winner == "draw" else f"{winner} wins"
        name = f"{rep} ({', '.join(m for m in members if m != rep) or '—'})" if rep else "the start"
        print(f"| {name} | {value} | {moves:,} | {nodes:,} "
              f"| {seconds:.1f} s | {longest} plies |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
