"""Split solves and sharded matches on a Dask cluster (docs/solver.md, "Solving on many machines").

    python3 -m loa.cluster solve --rules six --moves "e6-e4 f5-d5" --store s2 --workers 2 --proof s2.proof
    python3 -m loa.cluster solve ... --scheduler tcp://head:8786        # workers started elsewhere
    python3 -m loa.cluster status --rules six --moves "e6-e4 f5-d5" --store s2  # how far it got (no cluster)
    python3 -m loa.cluster match --rules six --first engine:nodes=20000 --second engine:nodes=10000 \
        --pairs 2000 --shards 200 --sprt 0 10 --workers 2

One side (the prover, by default the side to move) is to be proven the winner from a position (with
--or-draws: to win or draw; a draw is both sides' "wins or draws", each a run of its own). Each node
of the work is a line from the rules' start (or --position). A job solves one node with ``loa.solve`` on
a worker, with the GIL released, asking only whether the prover wins there (for "wins or draws", whether
the other side wins, its "no" kept as the proof). A node left unknown is split
as scripts/six-split-solve.py did. At the prover's turn the engine's move is played (a fixed node count,
so a run started again picks the same move), unless the store already proves the claim after one of
its moves; if that move is refuted, the engine's next one, up to --candidates. At the other side's turn
every reply is played, and one reply the prover cannot beat refutes the node (its other jobs are
cancelled). A node whose candidates are used up, or which is still
unknown after --splits splits in its line, is given up: as a refutation, it sends the run to try other
moves above it, but it proves nothing. The children are submitted to the cluster at once, and their proofs are grafted
into the node's as ``loa solve --merge`` does. Every result goes into a ``ResultStore``
(loa/solve_store.py), so a run stopped for any reason resumes without redoing settled work. Damaged
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
import time
from typing import Any, Dict, List, Optional, Tuple

from . import Engine, Game, Rules, verify_proof
from ._core import _graft_proofs, _run_match, _solve_job, _sprt
from .solve_store import ResultStore, StoreError, write_whole
from .split_tree import claim_record, claim_result, claim_space, game_at as _game, other_side, split_tree


def solve_job(rules: Rules, moves: List[str], time_s: Optional[float], memory_mb: int,
              prover: Optional[str] = None, position: Optional[str] = None, collect: bool = False,
              or_draws: bool = False, nodes: Optional[int] = None) -> Dict[str, Any]:
    """A worker's job: one solve of the node's position (`moves` from the rules' start, or from `position`
    text), with its proof when settled. With `prover`, the solve asks only whether that side wins (at the
    other side's turn, half the work of asking both). With `or_draws` too, it asks whether the prover wins
    or draws: whether the other side wins, its "no" kept as a proof, the result then "win or draw" (or
    "loss or draw") for the side to move. With `collect`, a full tree is folded and the job goes on until
    its budget is spent (docs/solver.md, "When the tree fills"). `nodes` bounds it too (or alone, with `time_s`
    None): the same result whatever the worker's speed or load."""
    game = _game(rules, moves, position)  # a game over after the line's last move is settled by its end
    asked = other_side(prover) if or_draws and prover else prover
    r = _solve_job(game, time_s=time_s, memory_mb=memory_mb, prover=asked, collect=collect, keep_disproof=or_draws,
                   nodes=nodes)
    out = {k: r.get(k) for k in ("result", "nodes", "time_ms", "longest_line", "proof", "cannot_win", "cannot_lose",
                                 "promising")}
    if or_draws and out["result"] == "unknown" and (out["cannot_win"] or out["cannot_lose"]):
        out["result"] = "win or draw" if out["cannot_lose"] else "loss or draw"  # the other side cannot win
    return out


def engine_job(rules: Rules, moves: List[str], nodes: int, exclude: Tuple[str, ...] = (),
               position: Optional[str] = None) -> str:
    """A worker's job: the engine's move at a node, not one of `exclude` (a node count, not a time: the same
    move every run)."""
    game = _game(rules, moves, position)
    return str(Engine(hash_mb=16).search(game, nodes=nodes, exclude=list(exclude))["best"])


def match_job(rules: Rules, first: str, second: str, pairs: int, seed: int, shard: int, shards: int,
              opening_plies: int) -> Dict[str, int]:
    """A worker's job: one shard of a match, as `loa match --shard` plays it."""
    return _run_match(rules, first, second, pairs=pairs, seed=seed, shard_index=shard, shard_count=shards,
                      opening_plies=opening_plies)


class NotProven(Exception):
    """The prover's win was not shown: the root refuted, or given up (splits or candidates used up)."""


Line = Tuple[str, ...]


class SplitSolve:
    """Proves that `prover` wins (with `or_draws`: wins or draws) from `moves` on a Dask `client`, keeping
    results in `store`.

    Every job asks only whether the prover wins (or, for "wins or draws", whether the other side wins). A
    node where the claim fails is refuted: at the other side's turn that refutes the node above too (its
    other jobs are cancelled); at the prover's turn the engine's next move is tried, up to `candidates`
    moves. A node still unknown after `splits` splits in its line, or whose candidates are used up, is
    given up, which goes up as a refutation does (proving nothing: a resumed run tries its moves again)."""

    def __init__(self, client: Any, store: ResultStore, rules: Rules, moves: List[str], prover: str,
                 time_s: Optional[float], memory_mb: int, splits: int, engine_nodes: int, candidates: int = 3,
                 log=print, priority: int = 0, choose=None, position: Optional[str] = None,
                 collect: bool = False, or_draws: bool = False, nodes: Optional[int] = None) -> None:
        self.client, self.store, self.rules, self.prover = client, store, rules, prover
        self.or_draws = or_draws
        self.claim = f"{prover} wins" + (" or draws" if or_draws else "")
        # `moves` are from the rules' start, or from `position` text; the store keeps the nodes of a position
        # apart from the start's.
        self.position = position
        self.base_space = rules.name if position is None else f"{rules.name} from {position}"
        # A win, loss or draw settled in the base space (by a run of either side's win) decides this claim
        # too, and is read from there; what only this claim's jobs know is kept apart.
        self.space = claim_space(self.base_space, prover, or_draws)
        # The move a split plays at the prover's turn, among those not excluded: choose(rules, moves,
        # engine_nodes, excluded, position=None) on a worker, the engine's move by default. (The move with
        # the job's smallest proof number was tried instead and did far worse: docs/solver.md.)
        self.choose = choose or engine_job
        self.time_s, self.memory_mb, self.splits, self.engine_nodes = time_s, memory_mb, splits, engine_nodes
        self.nodes = nodes  # a job's budget in nodes (with time_s None, its only bound)
        self.collect = collect  # jobs fold a full tree and go on until their budget is spent
        self.candidates, self.priority = candidates, priority  # Dask runs higher priorities first
        self.root = tuple(moves)
        self.log = log
        self.solved = 0        # solve jobs run in this run
        self.from_store = 0    # nodes whose result the store already had
        self.nodes_searched = 0
        self.waiting: Dict[Any, Tuple[str, Line]] = {}  # future -> (kind, line)
        self.children: Dict[Line, List[Line]] = {}
        self.parent: Dict[Line, Line] = {}
        self.depth: Dict[Line, int] = {}
        self.known: Dict[Line, Dict[str, Any]] = {}  # proven nodes' records, read or made in this run
        self.excluded: Dict[Line, List[str]] = {}   # at the prover's turns: its moves refuted so far
        self.promising: Dict[Line, List[str]] = {}  # at the prover's turns: the moves its job did not disprove
        self.dead: set = set()                      # refuted nodes: nothing under them matters any more
        self.open: List[Line] = []                  # nodes given up (splits or candidates used up)
        self.gave_up_below: set = set()             # prover's nodes with a move given up, not refuted
        self.refuted_moves: Dict[Line, List[str]] = {}  # at the prover's turns: its moves shown to fail
        self.refuted = 0

    def game(self, line: Line) -> Game:
        return _game(self.rules, list(line), self.position)

    def prover_to_move(self, line: Line) -> bool:
        return self.game(line).side_to_move == self.prover

    def refutes(self, line: Line, record: Dict[str, Any]) -> bool:
        """Whether a node's record shows that the claim does not hold there."""
        return claim_result(record, self.prover, self.game(line).side_to_move, self.or_draws) is False

    def lookup(self, line: Line) -> Optional[Dict[str, Any]]:
        """A node's record for this claim (claim_record: its own, else one another run settled there)."""
        record = claim_record(self.store, self.base_space, list(line), self.prover, self.or_draws)
        if record is not None and record["result"] == "unknown" and record.get("prover", self.prover) != self.prover:
            record = None  # another question's: says nothing about this one
        return record

    def abandoned(self, line: Line) -> bool:
        return any(line[:k] in self.dead for k in range(len(self.root), len(line) + 1))

    def run(self) -> Dict[str, Any]:
        from distributed import as_completed
        self.depth[self.root] = 0
        self.completed = as_completed()
        self.outcome: Optional[Dict[str, Any]] = None
        self.visit(self.root)
        while self.outcome is None:
            if not self.waiting:  # cannot be: the root is settled, refuted or given up before
                raise NotProven(f"nothing left to run: {len(self.open)} lines given up, {self.refuted} refuted")
            future = next(self.completed)
            if future not in self.waiting:  # cancelled: its node was refuted
                continue
            kind, line = self.waiting.pop(future)
            answer = future.result()  # a KilledWorker (three deaths) ends the run here
            if kind == "solve":
                self.solved += 1
                self.nodes_searched += answer["nodes"]
                record = {k: answer[k] for k in ("result", "nodes", "time_ms", "cannot_win", "cannot_lose")}
                if answer.get("promising") and record["result"] == "unknown":
                    record["promising"] = answer["promising"]
                record["prover"] = self.prover
                # A job of "X wins or draws" that finds the other side's win keeps it in its claim's space:
                # a run of that win, which may be split differently, has its own record there. Other runs
                # read it from there (claim_record).
                self.store.put(self.space, list(line), record, answer["proof"] if record["result"] != "unknown"
                               else None)
                self.log(f"solved {' '.join(line) or '(start)'}: {answer['result']} ({answer['nodes']:,} nodes)")
                if not self.abandoned(line):
                    self.settle_or_split(line, dict(record, proof=answer["proof"]))
            elif not self.abandoned(line):
                self.split_at(line, answer)
        return self.outcome

    def submit(self, kind: str, line: Line, excluded: Optional[List[str]] = None) -> None:
        if kind == "solve":
            future = self.client.submit(solve_job, self.rules, list(line), self.time_s, self.memory_mb, self.prover,
                                        self.position, self.collect, self.or_draws, self.nodes, pure=False,
                                        priority=self.priority)
        else:
            where = {"position": self.position} if self.position is not None else {}
            # The engine's move decides where the next jobs go, and costs a second: it runs before the solve jobs
            # queued with it (at their priority it waited behind hundreds of them, while they worked on lines
            # its answer could make useless: docs/solver-runs.md, c1-e3's fifth run).
            future = self.client.submit(self.choose, self.rules, list(line), self.engine_nodes, tuple(excluded or ()),
                                        **where, pure=False, priority=self.priority + 1)
        self.waiting[future] = (kind, line)
        self.completed.add(future)

    def visit(self, line: Line, solve: bool = True) -> None:
        """A node reached: its result from the store, or a job; with `solve` False (the move a split plays at
        the prover's turn) the other side's replies at once, without a job of its own."""
        record = self.lookup(line)
        if record is None:
            if not solve and not self.game(line).is_terminal():
                return self.settle_or_split(line, {"result": "unknown"})
            return self.submit("solve", line)
        self.from_store += 1
        if "split" in record:  # the move was chosen in an earlier run
            self.excluded[line] = list(record.get("excluded", []))
            self.refuted_moves[line] = list(record.get("excluded", []))
            if "promising" in record:
                self.promising[line] = list(record["promising"])
            # A move the store has proven since (another run's, from a line below) replaces an unfinished one.
            settled = self.settled_move(line, self.excluded[line])
            if settled is not None and settled != record["split"]:
                return self.split_at(line, settled)
            return self.expand(line, [record["split"]])
        if "children" in record:
            return self.expand(line, record["children"])
        self.settle_or_split(line, record)

    def settle_or_split(self, line: Line, record: Dict[str, Any]) -> None:
        if record["result"] != "unknown" or self.refutes(line, record):
            return self.settle(line, record)
        if self.depth[line] >= self.splits:
            return self.refute(line, f"{self.splits} splits in its line")
        if self.prover_to_move(line):
            if record.get("promising"):  # none when its job stopped before it looked at a move
                self.promising[line] = list(record["promising"])
            self.next_candidate(line)
        else:
            replies = [str(m) for m in self.game(line).legal_moves()]
            self.store.put(self.space, list(line), {"result": "unknown", "children": replies,
                                                         "prover": self.prover})
            self.expand(line, replies)

    def next_candidate(self, line: Line) -> None:
        """At the prover's turn: the engine's move among those neither refuted by a split nor disproven by the
        node's own job (a move the job showed to fail would only be refuted again). A move whose line the
        store already settles for the claim (another run's, or a seeded one) comes first: it needs no job,
        and the engine may well prefer a move that is still to be proven."""
        excluded = self.excluded.get(line, [])
        settled = self.settled_move(line, excluded)
        if settled is not None:
            return self.split_at(line, settled)
        if line not in self.promising:
            return self.submit("engine", line, excluded)
        left = [m for m in self.promising[line] if m not in excluded]
        if not left:  # every other move failed in the node's own job, or below
            return self.refute(line, "a move given up below" if line in self.gave_up_below else None)
        if len(left) == 1:
            return self.split_at(line, left[0])
        legal = [str(m) for m in self.game(line).legal_moves()]
        self.submit("engine", line, [m for m in legal if m not in left])

    def settled_move(self, line: Line, excluded: List[str]) -> Optional[str]:
        """A prover's move at `line`, not excluded, after which the store proves the claim; else None. A line
        with no record costs a missing file in each space claim_record reads (at most four)."""
        for move in (str(m) for m in self.game(line).legal_moves()):
            if move in excluded:
                continue
            child = line + (move,)
            record = claim_record(self.store, self.base_space, list(child), self.prover, self.or_draws,
                                  with_proof=False)
            if record is not None and record["result"] != "unknown" and not self.refutes(child, record):
                return move
        return None

    def split_at(self, line: Line, move: str) -> None:
        """The prover's `move` at `line` is tried: kept in the store (with what a resumed run needs), then solved."""
        # A resumed run excludes the moves shown to fail, and tries again those only given up.
        record = {"result": "unknown", "split": move, "excluded": self.refuted_moves.get(line, []),
                  "prover": self.prover}
        if line in self.promising:
            record["promising"] = self.promising[line]
        self.store.put(self.space, list(line), record)
        self.expand(line, [move])

    def expand(self, line: Line, moves: List[str]) -> None:
        self.children[line] = [line + (m,) for m in moves]
        prover_moves = self.prover_to_move(line)
        depth = self.depth[line] + (1 if prover_moves else 0)  # splits count at the prover's turns
        for child in self.children[line]:
            if self.abandoned(line):  # a child read from the store refuted it
                return
            self.parent[child] = line
            self.depth[child] = depth
            # After the prover's move at a split, a job is not worth its cost: its parent's job, of the same
            # budget, was left unknown, and on 6x6 89% of these were too (87 of 98 jobs, a third of all the
            # nodes searched). The replies are each a job at once (docs/solver.md).
            self.visit(child, solve=not prover_moves)

    def settle(self, line: Line, record: Dict[str, Any]) -> None:
        """A node's value is known: refuted nodes are handled by refute(), proven ones merged upwards."""
        if self.refutes(line, record):
            return self.refute(line)
        self.known[line] = record
        if line == self.root:
            self.outcome = record
            return
        parent = self.parent[line]
        siblings = self.children[parent]
        if any(c not in self.known for c in siblings):
            return
        settled = [self.known[c] for c in siblings]
        # A child settled as the prover's win (read from the base space) grafts into "X wins or draws" too.
        proof = _graft_proofs(self.claim, [(c[-1], s["proof"]) for c, s in zip(siblings, settled)])
        result = "win" if self.prover_to_move(parent) else "loss"
        if self.or_draws:
            result += " or draw"
        merged = {"result": result, "nodes": sum(s["nodes"] for s in settled),
                  "time_ms": sum(s["time_ms"] for s in settled), "merged": len(siblings),
                  "prover": self.prover}
        self.store.put(self.space, list(parent), merged, proof)
        self.log(f"merged {' '.join(parent) or '(start)'}: {result} from {len(siblings)} lines")
        self.settle(parent, dict(merged, proof=proof))

    def refute(self, line: Line, gave_up: Optional[str] = None) -> None:
        """The prover cannot win at `line`, or (`gave_up` says why) the run gives up there: either way the
        next candidate above it is tried, or the node above refuted (given up). Giving up proves nothing,
        but it lets the run try other moves higher up rather than wait below forever."""
        self.dead.add(line)
        self.cancel_under(line)
        where = " ".join(line) or "(start)"
        cannot = "hold a draw" if self.or_draws else "win"
        if gave_up:
            self.open.append(line)
            self.log(f"gave up {where}: {gave_up}")
        else:
            self.refuted += 1
            self.log(f"refuted {where}: {self.prover} cannot {cannot} there")
        if line == self.root:
            raise NotProven(f"{' '.join(line) or 'the start'}: " + (f"gave up ({gave_up})" if gave_up else
                                                                    f"{self.prover} cannot {cannot}"))
        parent = self.parent[line]
        if not self.prover_to_move(parent):
            return self.refute(parent, gave_up)  # one reply the prover cannot beat refutes the node
        tried = self.excluded.setdefault(parent, [])
        tried.append(line[-1])
        if gave_up:
            self.gave_up_below.add(parent)
        else:
            self.refuted_moves.setdefault(parent, []).append(line[-1])
        if parent in self.gave_up_below:
            gave_up = gave_up or "a move given up below"
        if len(tried) >= len(self.game(parent).legal_moves()):
            return self.refute(parent, gave_up)  # every move refuted
        if len(tried) >= self.candidates:
            return self.refute(parent, f"{len(tried)} candidates tried")
        self.next_candidate(parent)

    def cancel_under(self, line: Line) -> None:
        doomed = [f for f, (_, waiting) in self.waiting.items() if waiting[:len(line)] == line]
        for f in doomed:
            del self.waiting[f]
        if doomed:
            self.client.cancel(doomed)


def sharded_match(client: Any, rules: Rules, first: str, second: str, pairs: int, shards: int, seed: int,
                  opening_plies: int, sprt: Optional[Tuple[float, float, float, float]] = None,
                  log=print) -> Dict[str, Any]:
    """Plays a match as `shards` jobs; with `sprt` (elo0, elo1, alpha, beta) stops once the test decides."""
    from distributed import as_completed
    futures = [client.submit(match_job, rules, first, second, pairs, seed, i, shards, opening_plies, pure=False)
               for i in range(shards)]
    totals = {"wins": 0, "losses": 0, "draws": 0, "shards": 0, "cancelled": 0, "decision": None}
    remaining = set(futures)
    for future in as_completed(futures):
        remaining.discard(future)
        result = future.result()
        for k in ("wins", "losses", "draws"):
            totals[k] += result[k]
        totals["shards"] += 1
        log(f"shard {totals['shards']} of {shards}: +{totals['wins']} -{totals['losses']} ={totals['draws']}")
        if sprt:
            test = _sprt(totals["wins"], totals["losses"], totals["draws"], *sprt)
            totals["llr"], totals["bounds"] = test["llr"], (test["lower"], test["upper"])
            if test["llr"] >= test["upper"] or test["llr"] <= test["lower"]:
                totals["decision"] = "H1" if test["llr"] >= test["upper"] else "H0"
                totals["cancelled"] = len(remaining)
                client.cancel(list(remaining))
                break
    return totals


class _Refused(Exception):
    """A run that ends with a one-line message and an exit code (2 bad input, 3 the cluster failed)."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def _client(args: argparse.Namespace):
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise _Refused(3, f"no Dask in this Python ({sys.executable}): install python3-distributed "
                          "(Debian) or distributed (pip), or run Debian's python3") from None
    try:
        if args.scheduler:
            return Client(args.scheduler, timeout=args.connect_timeout)
        return Client(LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0"))
    except (OSError, TimeoutError) as e:
        raise _Refused(3, f"no scheduler answers at {args.scheduler}: {e}") from None


def _on_cluster(client: Any, work):
    """work(), with a job whose worker died three times (distributed's KilledWorker) one line; closes the client."""
    try:
        return work()
    except Exception as e:  # noqa: BLE001 - KilledWorker is distributed's, imported only on a cluster
        if type(e).__name__ != "KilledWorker":
            raise
        raise _Refused(3, f"a job's worker died 3 times: {e}") from None
    finally:
        cluster = client.cluster  # the local cluster this process started (None: a scheduler's)
        client.close()
        if cluster is not None:
            cluster.close()


def add_job_budget(parser: argparse.ArgumentParser) -> None:
    """--time and --nodes, a job's budget (job_budget checks them)."""
    parser.add_argument("--time", type=float, help="seconds for each job (default 60, or none with --nodes)")
    parser.add_argument("--nodes", type=int,
                        help="nodes for each job: the same jobs' results, so the same splits, whatever the workers' "
                             "speed or load (a shared machine, a cluster of unlike ones)")


def job_budget(args: argparse.Namespace) -> None:
    """Sets args.time from --time and --nodes (60 s when neither is given); ValueError when one is not valid."""
    if args.time is None and args.nodes is None:
        args.time = 60.0
    if args.time is not None and not args.time >= 0.001:
        raise ValueError("--time must be at least 0.001")
    if args.nodes is not None and not args.nodes >= 1:
        raise ValueError("--nodes must be at least 1")


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
        for name, low in (("memory", 1), ("splits", 0), ("candidates", 1), ("engine_nodes", 1)):
            if not getattr(args, name) >= low:
                raise ValueError(f"--{name.replace('_', '-')} must be at least {low}")
    except (ValueError, OSError) as e:
        raise _Refused(2, str(e)) from None
    prover = args.prover or game.side_to_move
    try:
        store = ResultStore(args.store, report=lambda m: print(f"loa.cluster: {m}", file=sys.stderr))
    except StoreError as e:
        raise _Refused(2, str(e)) from None
    client = _client(args)
    start = time.time()
    run = SplitSolve(client, store, rules, moves, prover, args.time, args.memory, args.splits, args.engine_nodes,
                     args.candidates, log=(lambda *a: None) if args.quiet else (lambda m: print(m, flush=True)),
                     priority=args.priority, position=args.position, collect=args.collect, or_draws=args.or_draws,
                     nodes=args.nodes)
    try:
        outcome = _on_cluster(client, run.run)
    except NotProven as e:
        print(f"not proven: {e}")
        return 1
    except StoreError as e:
        raise _Refused(2, str(e)) from None
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
        if args.shards > args.pairs:
            raise ValueError(f"--shards {args.shards} is more than --pairs {args.pairs}")
    except ValueError as e:
        raise _Refused(2, str(e)) from None
    client = _client(args)
    sprt = (args.sprt[0], args.sprt[1], args.alpha, args.beta) if args.sprt else None
    t = _on_cluster(client, lambda: sharded_match(client, rules, args.first, args.second, args.pairs, args.shards,
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


def _status_command(args: argparse.Namespace) -> int:
    try:
        if args.depth < 0:
            raise ValueError("--depth must be at least 0")
        store = ResultStore(args.store, report=lambda m: print(f"loa.cluster: {m}", file=sys.stderr), read_only=True)
        tree = split_tree(store, Rules(args.rules), args.moves.split(), args.position, args.prover, args.depth,
                          args.or_draws)
    except (ValueError, StoreError) as e:
        raise _Refused(2, str(e)) from None
    print("\n".join(tree.lines))
    print(f"the tree: {tree.proven:,} lines proven ({tree.proven_nodes:,} nodes), {tree.refuted:,} refuted, "
          f"{tree.unknown:,} jobs left unknown, {tree.not_run:,} nodes not run; {store.damaged} damaged results")
    return 0


def main(argv: Optional[List[str]] = None) -> int:
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
    s.add_argument("--memory", type=int, default=1000, help="MiB for each job's tree")
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
    for p in (m,):
        where = p.add_mutually_exclusive_group()
        where.add_argument("--scheduler", help="a Dask scheduler's address (tcp://host:8786)")
        where.add_argument("--workers", type=int, default=2, help="else a local cluster of this many workers")
        p.add_argument("--connect-timeout", type=float, default=10)
        p.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    # An error is one line. A client closed against a cluster that lost its workers can leave an internal
    # future failed, and asyncio reports it to stderr as the process ends ("Future exception was never
    # retrieved ... TimeoutError": seen once in CI, a Debug build on a loaded machine): not the user's news.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    try:
        return {"solve": _solve_command, "status": _status_command, "match": _match_command}[args.command](args)
    except _Refused as e:
        print(f"loa.cluster: {e}", file=sys.stderr)
        return e.code
    except StoreError as e:  # the store, or --proof, cannot be written
        print(f"loa.cluster: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the output piped into a reader that stopped (status | head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    # Run from the module as imported, so that its jobs pickle by reference (as loa.cluster.solve_job),
    # which every worker imports, and not by value from __main__.
    from loa.cluster import main as cluster_main
    sys.exit(cluster_main())
