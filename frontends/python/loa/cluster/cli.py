"""Split solves, sharded matches and training positions on a Dask cluster (docs/cluster.md).

    python3 -m loa.cluster solve --rules six --moves "e6-e4 f5-d5" --store s2 --workers 2 --proof s2.proof
    python3 -m loa.cluster solve ... --scheduler tcp://head:8786        # workers started elsewhere
    python3 -m loa.cluster status --rules six --moves "e6-e4 f5-d5" --store s2  # how far it got (no cluster)
    python3 -m loa.cluster match --rules six --first engine:nodes=20000 --second engine:nodes=10000 \
        --pairs 2000 --shards 200 --sprt 0 10 --workers 2
    python3 -m loa.cluster datagen olympiad.bin --games 20000 --nodes 5000 --workers 2   # training positions
    python3 -m loa.cluster table --rules five --out five-table --store five-store   # every first move's value
    python3 -m loa.cluster stats --rules six c1e3*.log                  # where a split solve's nodes went

One side (the prover, by default the side to move) is to be proven the winner from a position (with
--or-draws: to win or draw; a draw is both sides' "wins or draws", each a run of its own). Each node
of the work is a line from the rules' start (or --position). A job solves one node with ``loa.solve`` on
a worker, with the GIL released, asking only whether the prover wins there (for "wins or draws", whether
the other side wins, its "no" kept as the proof). A node left unknown is split: at the prover's turn
the engine's move is played (a fixed node count, so a run started again picks the same move), unless the store already proves the claim after one of
its moves; if that move is refuted, the engine's next one, up to --candidates. At the other side's turn
every reply is played, and one reply the prover cannot beat refutes the node (its other jobs are
cancelled). A node whose candidates are used up, or which is still unknown after --splits splits in its
line, is given up: as a refutation, it sends the run to try other moves above it, but it proves nothing.
With --recheck F, a node where one of the prover's moves failed gets its own job again, F times larger: a
node the prover cannot win is often shown so by that one job sooner than by refuting its candidates one
by one. The children are submitted to the cluster at once, and their proofs are grafted into the node's
as ``loa solve --merge`` does. Every result goes into a ``ResultStore``
(loa/cluster/store.py), so a run stopped for any reason resumes without redoing settled work. Damaged
results are solved again. Dask reschedules the job of a worker that dies. After three deaths the run
stops with a one-line error, and what was settled stays in the store.

A match is split into shards (``loa match --shard``: shard i plays pairs k with k % shards == i), each a
job. The driver adds each shard's result once, when its job ends. A shard whose worker died is played
again, with the same seed, so it counts once. With --sprt the run stops as soon as the test decides, and
the shards not yet played are cancelled.

Exit codes: 0 the prover's win (or "wins or draws") is proven (a match: played, or the SPRT decided)
(and --proof written, verified); 1 not proven (the position refuted, or given up at --splits or --candidates); 2 bad
input (rules, moves, options, a store that cannot be written); 3 the cluster failed (no scheduler at the
address, a job whose worker died three times).
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional, Tuple

from .. import Game, Rules, verify_proof
from .._core import _open_training_file, _run_match
from . import stats, table
from .connect import (Refused, add_job_budget, check_at_least, check_cluster_options, client_for, job_budget,
                      on_cluster)
from .datagen import cluster_datagen
from .match import sharded_match
from .split_solve import NotProven, SplitSolve
from .split_tree import game_at as _game, other_side, split_tree
from .store import ResultStore, StoreError, write_whole


def _solve_command(args: argparse.Namespace) -> int:
    try:
        rules = Rules(args.rules)
        moves = args.moves.split()
        if args.position is not None:
            try:
                Game.from_position(rules, args.position)
            except ValueError as e:
                raise ValueError(f"--position {args.position!r}: {e}") from None
        game = _game(rules, moves, args.position)
        if game.is_terminal():
            raise ValueError(f"the game is over after {args.moves!r}" if moves else "the game is over there")
        job_budget(args)
        check_at_least(args, (("memory", 1), ("splits", 0), ("candidates", 1), ("engine_nodes", 1)))
        if args.proof:  # found before the solve, not after it
            folder = os.path.dirname(os.path.abspath(args.proof))
            try:
                tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-", delete=True).close()
            except OSError as e:
                raise ValueError(f"--proof {args.proof!r} cannot be written: {e.strerror or e}") from None
        check_cluster_options(args)
    except (ValueError, OSError) as e:
        raise Refused(2, str(e)) from None
    prover = args.prover or game.side_to_move
    try:
        store = ResultStore(args.store, report=lambda m: print(f"loa.cluster: {m}", file=sys.stderr))
    except StoreError as e:
        raise Refused(2, str(e)) from None
    client = client_for(args)
    start = time.time()
    run = SplitSolve(client, store, rules, moves, prover, args.time, args.memory, args.splits, args.engine_nodes,
                     args.candidates, log=(lambda *a: None) if args.quiet else (lambda m: print(m, flush=True)),
                     priority=args.priority, position=args.position, collect=args.collect, or_draws=args.or_draws,
                     nodes=args.nodes, recheck=args.recheck)
    try:
        outcome = on_cluster(client, run.run)
    except NotProven as e:
        print(f"not proven: {e}")
        return 1
    except StoreError as e:
        raise Refused(2, str(e)) from None
    check = verify_proof(outcome["proof"])
    print(f"{run.claim}: proven ({check['moves']:,} proof moves). Jobs: {run.solved} solved in this run, "
          f"{run.from_store} results from the store, {store.damaged} damaged and solved again; "
          f"{time.time() - start:.1f} s")
    if args.proof:
        write_whole(args.proof, outcome["proof"].encode())
    return 0


def _match_command(args: argparse.Namespace) -> int:
    try:
        rules = Rules(args.rules)
        for spec in (args.first, args.second):
            _run_match(rules, spec, spec, pairs=1, shard_index=0, shard_count=1000000)  # refuses a bad spec
        check_at_least(args, (("pairs", 1), ("shards", 1), ("seed", 0), ("opening_plies", 0)))
        if args.shards > args.pairs:
            raise ValueError(f"--shards {args.shards} is more than --pairs {args.pairs}")
        if args.sprt and not args.sprt[0] < args.sprt[1]:
            raise ValueError(f"--sprt ELO0 ELO1 needs ELO0 below ELO1, not {args.sprt[0]:g} {args.sprt[1]:g}")
        for name in ("alpha", "beta"):
            if not 0 < getattr(args, name) < 0.5:
                raise ValueError(f"--{name} must lie between 0 and 0.5, not {getattr(args, name):g}")
        check_cluster_options(args)
    except ValueError as e:
        raise Refused(2, str(e)) from None
    client = client_for(args)
    sprt = (args.sprt[0], args.sprt[1], args.alpha, args.beta) if args.sprt else None
    t = on_cluster(client, lambda: sharded_match(client, rules, args.first, args.second, args.pairs, args.shards,
                                                  args.seed, args.opening_plies, sprt,
                                                  log=(lambda m: None) if args.quiet else print))
    games = t["wins"] + t["losses"] + t["draws"]
    score = (t["wins"] + 0.5 * t["draws"]) / games if games else 0.5
    print(f"{args.first} vs {args.second} under {rules.name}: {games} games, +{t['wins']} -{t['losses']} "
          f"={t['draws']}, score {score:.3f}; {t['shards']} of {args.shards} shards played")
    if sprt:
        verdict = {"H1": f"H1 accepted (elo >= {sprt[1]:g})", "H0": f"H0 accepted (elo <= {sprt[0]:g})",
                   None: "undecided"}[t["decision"]]
        print(f"SPRT [{sprt[0]:g}, {sprt[1]:g}]: LLR {t.get('llr', 0):.2f} (bounds {t['bounds'][0]:.2f}, "
              f"{t['bounds'][1]:.2f}): {verdict}; {t['cancelled']} shards cancelled")
    return 0


def _datagen_command(args: argparse.Namespace) -> int:
    try:
        rules = Rules(args.rules)
        check_at_least(args, (("games", 1), ("nodes", 1), ("opening_plies", 0), ("max_plies", 1), ("seed", 0),
                              ("chunk", 1)))
        check_cluster_options(args)
        # The file first: one made with other options is refused before any worker starts.
        _open_training_file(rules, args.output, nodes=args.nodes, opening_plies=args.opening_plies,
                            max_plies=args.max_plies, seed=args.seed)
    except (ValueError, OSError) as e:
        raise Refused(2, str(e)) from None
    client = client_for(args)
    start = time.time()
    r = on_cluster(client, lambda: cluster_datagen(client, args.output, rules, args.games, args.nodes,
                                                    args.opening_plies, args.max_plies, args.seed, args.chunk,
                                                    log=(lambda m: None) if args.quiet else print))
    print(f"{args.output}: {r['games_done']} games ({r['games_resumed']} there before), {r['positions']} positions "
          f"written in {time.time() - start:.1f} s by {r['jobs']} jobs")
    return 0


def _status_command(args: argparse.Namespace) -> int:
    try:
        if args.depth < 0:
            raise ValueError("--depth must be at least 0")
        store = ResultStore(args.store, report=lambda m: print(f"loa.cluster: {m}", file=sys.stderr), read_only=True)
        tree = split_tree(store, Rules(args.rules), args.moves.split(), args.position, args.prover, args.depth,
                          args.or_draws, args.transpositions)
    except (ValueError, StoreError) as e:
        raise Refused(2, str(e)) from None
    print("\n".join(tree.lines))
    elsewhere = f" ({tree.elsewhere:,} of them by other lines)" if args.transpositions else ""
    print(f"the tree: {tree.proven:,} lines proven ({tree.proven_nodes:,} nodes), {tree.refuted:,} refuted{elsewhere}, "
          f"{tree.unknown:,} jobs left unknown, {tree.not_run:,} nodes not run; {store.damaged} damaged results")
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    """The command line (python3 -m loa.cluster ARGS): argv as its arguments; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python3 -m loa.cluster", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("solve", help="prove a win by a split solve on a Dask cluster")
    s.add_argument("--rules", default="olympiad", help="a preset, or FILE:SECTION of a variant file")
    s.add_argument("--position", help="position text to start from (docs/position-text.md), else the rules' start")
    s.add_argument("--moves", default="", help="the moves from the start (or --position) to the position")
    s.add_argument("--prover", choices=["black", "white"], help="the side proven to win (default: to move)")
    s.add_argument("--or-draws", action="store_true",
                   help="prove that the prover wins or draws (of a draw, each side's claim is one run)")
    s.add_argument("--store", required=True, help="the results' directory (resumed when it has some)")
    s.add_argument("--proof", help="write the proof of the position here")
    add_job_budget(s)
    s.add_argument("--memory", type=int, default=1000,
                   help="MiB for each job's tree (at most 70%% of its worker's memory limit)")
    s.add_argument("--collect", action="store_true",
                   help="a job whose tree fills folds it and goes on until its --time or --nodes is spent, instead of "
                        "ending unknown")
    s.add_argument("--splits", type=int, default=6, help="at most this many prover's moves split in a line")
    s.add_argument("--engine-nodes", type=int, default=2_000_000, help="the engine's search at a prover's split")
    s.add_argument("--candidates", type=int, default=3,
                   help="at the prover's turn, the engine's next move is tried when one is refuted, up to this many")
    s.add_argument("--priority", type=int, default=0,
                   help="runs sharing a cluster: the higher's jobs go first, the lower's fill idle workers")
    where = s.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786)")
    where.add_argument("--workers", type=int, default=2, help="else a local cluster of this many workers")
    s.add_argument("--connect-timeout", type=float, default=10)
    s.add_argument("-q", "--quiet", action="store_true")
    t = commands.add_parser("status", help="how far a split solve has got, read from its store (no cluster, "
                                           "nothing written: beside a live run, or on a copy)")
    t.add_argument("--rules", default="olympiad")
    t.add_argument("--position")
    t.add_argument("--moves", default="")
    t.add_argument("--store", required=True)
    t.add_argument("--prover", choices=["black", "white"],
                   help="for records that do not name theirs (with --or-draws: the side whose claim it is)")
    t.add_argument("--or-draws", action="store_true", help="the tree of a run of --or-draws")
    t.add_argument("--depth", type=int, default=2, help="print the tree this many plies below the position")
    t.add_argument("--transpositions", action="store_true",
                   help="a node with no result of its own is settled as a run would settle it: by a proof at another "
                        "line to its position, or inside a stored proof at another order of its moves (reads and "
                        "checks proofs: slower)")
    m = commands.add_parser("match", help="a match in shards on a Dask cluster, merged as loa match-merge does")
    m.add_argument("--rules", default="olympiad")
    m.add_argument("--first", required=True, help="a player spec, as loa match takes (engine:nodes=20000, ...)")
    m.add_argument("--second", required=True)
    m.add_argument("--pairs", type=int, default=100, help="game pairs (each opening with both colours)")
    m.add_argument("--shards", type=int, default=10, help="jobs; more give the SPRT more chances to stop early")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--opening-plies", type=int, default=4)
    m.add_argument("--sprt", type=float, nargs=2, metavar=("ELO0", "ELO1"), help="stop once the test decides")
    m.add_argument("--alpha", type=float, default=0.05)
    m.add_argument("--beta", type=float, default=0.05)
    d = commands.add_parser("datagen", help="training positions (loa datagen) played by a Dask cluster's workers")
    d.add_argument("output", help="the positions file (made, or added to: the same file loa datagen makes)")
    d.add_argument("--rules", default="olympiad")
    d.add_argument("--games", type=int, default=1000, help="games 0..N-1 (those the file holds are not played again)")
    d.add_argument("--nodes", type=int, default=5000)
    d.add_argument("--opening-plies", type=int, default=8)
    d.add_argument("--max-plies", type=int, default=300)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--chunk", type=int, default=50, help="games a job")
    for p in (m, d):
        where = p.add_mutually_exclusive_group()
        where.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786)")
        where.add_argument("--workers", type=int, default=2, help="else a local cluster of this many workers")
        p.add_argument("--connect-timeout", type=float, default=10)
        p.add_argument("-q", "--quiet", action="store_true")
    table.add_parser(commands)
    stats.add_parser(commands)
    args = parser.parse_args(argv)
    # An error is one line. A client closed against a cluster that lost its workers can leave an internal
    # future failed, and asyncio reports it to stderr as the process ends ("Future exception was never
    # retrieved ... TimeoutError": seen once in CI, a Debug build on a loaded machine): not the user's news.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    try:
        handlers = {"solve": _solve_command, "status": _status_command, "match": _match_command,
                    "datagen": _datagen_command}
        return handlers[args.command](args) if args.command in handlers else args.run(args)
    except Refused as e:
        print(f"loa.cluster: {e}", file=sys.stderr)
        return e.code
    except StoreError as e:  # the store, or --proof, cannot be written
        print(f"loa.cluster: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the output piped into a reader that stopped (status | head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
