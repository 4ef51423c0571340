"""The split solve: a position's proof made of many bounded solves on a Dask cluster, kept in a store.

``SplitSolve`` is the driver's side (python3 -m loa.cluster solve is its command line, and
loa.cluster.table runs one per class); the workers' jobs are in jobs.py.
docs/cluster.md says how it splits; docs/solver.md, "The first moves of 6x6", what the runs taught.
"""
from __future__ import annotations

import itertools
from typing import Any, Dict, List, Optional, Tuple

from .. import Game, Rules
from .._core import _graft_proofs
from .proof_paths import Line, moved_proof
from .proofs_elsewhere import ProofsInside, StoredLines, lines_by_position
from .jobs import engine_job, job_record, solve_job
from .store import ResultStore, StoreError
from .split_tree import claim_record, claim_result, claim_space, deciding_spaces, game_at as _game, rules_space



class NotProven(Exception):
    """The prover's win was not shown: the root refuted, or given up (splits or candidates used up)."""


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
                 collect: bool = False, or_draws: bool = False, nodes: Optional[int] = None,
                 recheck: Optional[float] = None) -> None:
        self.client, self.store, self.rules, self.prover = client, store, rules, prover
        self.or_draws = or_draws
        self.claim = f"{prover} wins" + (" or draws" if or_draws else "")
        # `moves` are from the rules' start, or from `position` text; the store keeps the nodes of a position
        # apart from the start's.
        self.position = position
        self.base_space = rules_space(rules, position)
        # A win, loss or draw settled in the base space (by a run of either side's win) decides this claim
        # too, and is read from there; what only this claim's jobs know is kept apart.
        self.space = claim_space(self.base_space, prover, or_draws)
        # The move a split plays at the prover's turn, among those not excluded: choose(rules, moves,
        # engine_nodes, excluded, position=None) on a worker, the engine's move by default. (The move with
        # the job's smallest proof number was tried instead and did far worse: docs/cluster.md.)
        self.choose = choose or engine_job
        self.time_s, self.memory_mb, self.splits, self.engine_nodes = time_s, memory_mb, splits, engine_nodes
        self.nodes = nodes  # a job's budget in nodes (with time_s None, its only bound)
        self.collect = collect  # jobs fold a full tree and go on until their budget is spent
        self.candidates, self.priority = candidates, priority  # Dask runs higher priorities first
        # Once one of the prover's moves at a node is refuted (or given up), the node's own job again with
        # `recheck` times the budget: a node the prover cannot win was shown so by one job of 2.5 minutes
        # where the run, with 60 s jobs, tried candidate after candidate eight plies below it
        # (docs/solver-runs.md, c1-e3's eighth run).
        self.recheck = recheck
        self.rechecking: set = set()  # nodes whose recheck was submitted in this run, or done before
        self.recheck_nodes: Dict[Line, int] = {}  # nodes rechecked and left unknown: the recheck's nodes
        self.memory_capped: set = set()  # kinds of job ("solve", "recheck") their workers gave less memory
        # Lines that reach one position (c1-e3 f3-d5 b6-b4 f4xd6 and c1-e3 f4xd6 b6-b4 f3-d5): the store keys
        # nodes by line, so a proof found at one is moved to the others (moved_proof checks it there).
        self.at_position: Dict[str, List[Line]] = {}
        self.position_of: Dict[Line, str] = {}
        self.newly_proven: List[Line] = []  # proven nodes whose transpositions are still to be settled
        # Results the store kept before this run, by position: those of lines no walk from the root reaches (a
        # given-up move's subtree, another root's) settle the nodes of this run at their positions too, a proof
        # once moved and checked, a refutation as a follower takes its leader's.
        self.stored = StoredLines({}, self.record_at, self.refutes)  # read by index_store when the run starts
        self.transposed = 0
        # Nodes settled inside a stored proof at another order of their moves (take_reordered), with what it read.
        self.inside = ProofsInside(self.game, self.record_at, self.refutes)
        # A line that reaches a position another line of this run works on follows it: no jobs of its own, and
        # the other's result once it has one (its proof, moved; or its refutation). Worked apart, the two lines
        # above ran again the jobs that had refuted candidates under the other, 6.6 of a run's 47.6 billion
        # nodes (docs/cluster.md). Refutations are not checked proofs: one taken wrongly costs a move, never a
        # wrong proof, and the follower's own records stay in the store for a run that has no leader there.
        # follower -> (its leader, visit()'s `solve` for the follower if it leads later)
        self.leader_of: Dict[Line, Tuple[Line, bool]] = {}
        self.followed = 0
        self.root = tuple(moves)
        self.log = log
        self.solved = 0        # solve jobs run in this run
        self.rechecks = 0      # and rechecks
        self.from_store = 0    # nodes whose result the store already had
        self.nodes_searched = 0
        self.waiting: Dict[Any, Tuple[str, Line]] = {}  # future -> (kind, line)
        self.children: Dict[Line, List[Line]] = {}
        self.parent: Dict[Line, Line] = {}
        self.depth: Dict[Line, int] = {}
        # Proven nodes' records, read or made in this run, without their proofs: those stay in the store (every
        # settled node's is written there before settle()) and are read again when a merge or a transposition
        # needs them. Kept here, the proofs of the settled nodes near the root held 2.4 GB in the 6x6 driver.
        self.known: Dict[Line, Dict[str, Any]] = {}
        self.excluded: Dict[Line, List[str]] = {}   # at the prover's turns: its moves refuted so far
        self.promising: Dict[Line, List[str]] = {}  # at the prover's turns: the moves its job did not disprove
        self.dead: Dict[Line, Optional[str]] = {}   # refuted nodes (and why, if given up): nothing under them
        self.open: List[Line] = []                  # nodes given up (splits or candidates used up)
        self.gave_up_below: set = set()             # prover's nodes with a move given up, not refuted
        self.refuted_moves: Dict[Line, List[str]] = {}  # at the prover's turns: its moves shown to fail
        self.refuted = 0

    def game(self, line: Line) -> Game:
        """The game at a line of the run (from the rules' start, or the run's position)."""
        return _game(self.rules, list(line), self.position)

    def prover_to_move(self, line: Line) -> bool:
        """Whether the prover is to move at the line."""
        return self.game(line).side_to_move == self.prover

    def refutes(self, line: Line, record: Dict[str, Any]) -> bool:
        """Whether a node's record shows that the claim does not hold there."""
        return claim_result(record, self.prover, self.game(line).side_to_move, self.or_draws) is False

    def record_at(self, line: Line, with_proof: bool) -> Optional[Dict[str, Any]]:
        """A line's record for this claim, as the store has it (claim_record)."""
        return claim_record(self.store, self.base_space, list(line), self.prover, self.or_draws, with_proof=with_proof)

    def lookup(self, line: Line) -> Optional[Dict[str, Any]]:
        """A node's record for this claim (claim_record: its own, else one another run settled there)."""
        record = claim_record(self.store, self.base_space, list(line), self.prover, self.or_draws)
        if record is not None and record["result"] == "unknown" and record.get("prover", self.prover) != self.prover:
            record = None  # another question's: says nothing about this one
        return record

    def abandoned(self, line: Line) -> bool:
        """Whether the line, or a line above it, was given up or settled: its jobs' results are not wanted."""
        return any(line[:k] in self.dead for k in range(len(self.root), len(line) + 1))

    def run(self) -> Dict[str, Any]:
        """Runs the split solve to its end: the root's record (with its proof when proven); NotProven if the claim
        is refuted or given up."""
        from distributed import as_completed
        self.depth[self.root] = 0
        self.index_store()
        self.completed = as_completed()
        self.outcome: Optional[Dict[str, Any]] = None
        self.visit(self.root)
        while self.outcome is None:
            self.tend_followers()
            if self.outcome is not None:
                break
            if not self.waiting:  # cannot be: the root is settled, refuted or given up before
                raise NotProven(f"nothing left to run: {len(self.open)} lines given up, {self.refuted} refuted")
            future = next(self.completed)
            if future not in self.waiting:  # cancelled: its node was refuted
                continue
            kind, line = self.waiting.pop(future)
            answer = future.result()  # a KilledWorker (three deaths) ends the run here
            if kind in ("solve", "recheck"):
                self.note_memory_cap(kind, answer)
            if kind == "recheck":
                self.rechecks += 1
                self.nodes_searched += answer["nodes"]
                self.rechecked(line, answer)
            elif kind == "solve":
                self.solved += 1
                self.nodes_searched += answer["nodes"]
                record = dict(job_record(answer), prover=self.prover)
                if answer.get("promising") and record["result"] == "unknown":
                    record["promising"] = answer["promising"]
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
            self.share_proofs()
        return self.outcome

    def note_memory_cap(self, kind: str, answer: Dict[str, Any]) -> None:
        """Says once per kind of job when its workers gave it less memory than asked (worker_memory_mb)."""
        asked = self.job_memory_mb(kind)
        given = answer.get("memory_mb", asked)  # a worker of an older loa does not say
        if given < asked and kind not in self.memory_capped:
            self.memory_capped.add(kind)
            self.log(f"{kind} jobs get {given:,} MiB, not the {asked:,} asked: a worker's memory "
                     f"limit (loa.cluster.jobs.WORKER_MEMORY_SHARE)")

    def job_scale(self, kind: str) -> float:
        """How many times the job's budget (time or nodes, and memory) a "solve" or "recheck" job gets."""
        return self.recheck if kind == "recheck" else 1

    def job_memory_mb(self, kind: str) -> int:
        """MiB for a job's tree: --memory, larger for a recheck."""
        return int(self.memory_mb * self.job_scale(kind))

    def submit(self, kind: str, line: Line, excluded: Optional[List[str]] = None) -> None:
        """Submits a job at the line: a solve, a recheck, or the engine's move (not one of `excluded`)."""
        if kind in ("solve", "recheck"):
            scale = self.job_scale(kind)
            # A recheck may end the work below its node: it goes before the queued solves, as the engine's does.
            future = self.client.submit(solve_job, self.rules, list(line), self.time_s and self.time_s * scale,
                                        self.job_memory_mb(kind), self.prover, self.position, self.collect,
                                        self.or_draws, self.nodes and int(self.nodes * scale), pure=False,
                                        priority=self.priority + (kind == "recheck"))
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
        game = self.game(line)
        key = game.position_text()
        self.position_of[line] = key
        if line not in self.at_position.setdefault(key, []):
            self.at_position[key].append(line)
        record = self.lookup(line)
        if (record is None or record["result"] == "unknown") and (self.take_transposition(line)
                                                                  or self.take_reordered(line)):
            return
        if record is None and self.take_stored_refutation(line):
            return
        if (record is None or record["result"] == "unknown" and not self.refutes(line, record)) \
                and self.follow(line, solve):
            return
        if record is None:
            if not solve and not game.is_terminal():
                return self.settle_or_split(line, {"result": "unknown"})
            return self.submit("solve", line)
        self.from_store += 1
        if "split" in record:  # the move was chosen in an earlier run
            self.excluded[line] = list(record.get("excluded", []))
            self.refuted_moves[line] = list(record.get("excluded", []))
            if record.get("rechecked"):
                self.rechecking.add(line)
                self.recheck_nodes[line] = record["rechecked"]  # kept when the split moves to another candidate
            elif self.excluded[line]:  # a move refuted before the run stopped, and no recheck done
                self.start_recheck(line)
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
        """Takes a job's record: a settled line is merged upwards, an unknown one is split."""
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
        """A prover's move at `line`, not excluded, after which the store proves the claim (at the child's
        line, or at another line to its position); else None. A line with no record costs a missing file in
        each space claim_record reads (at most four)."""
        for move in (str(m) for m in self.game(line).legal_moves()):
            if move in excluded:
                continue
            child = line + (move,)
            record = claim_record(self.store, self.base_space, list(child), self.prover, self.or_draws,
                                  with_proof=False)
            if record is not None and record["result"] != "unknown" and not self.refutes(child, record):
                return move
            # Proven at another line (visit() moves the proof; where it does not hold, the move gets a job).
            if self.stored.at and next(self.stored.proofs(child, self.game(child).position_text(), False), None):
                return move
        return None

    def split_at(self, line: Line, move: str) -> None:
        """The prover's `move` at `line` is tried: kept in the store (with what a resumed run needs), then solved."""
        # A resumed run excludes the moves shown to fail, and tries again those only given up.
        record = {"result": "unknown", "split": move, "excluded": self.refuted_moves.get(line, []),
                  "prover": self.prover}
        if line in self.recheck_nodes:
            record["rechecked"] = self.recheck_nodes[line]
        if line in self.promising:
            record["promising"] = self.promising[line]
        self.store.put(self.space, list(line), record)
        self.expand(line, [move])

    def expand(self, line: Line, moves: List[str]) -> None:
        """Makes the line's children (the engine's move at the prover's turn, every reply at the other's) and
        submits their jobs."""
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
            # nodes searched). The replies are each a job at once (docs/cluster.md).
            self.visit(child, solve=not prover_moves)

    def settle(self, line: Line, record: Dict[str, Any]) -> None:
        """A node's value is known: refuted nodes are handled by refute(), proven ones merged upwards."""
        if self.refutes(line, record):
            return self.refute(line)
        if line in self.known:  # settled twice: by its own proof and a transposition's
            return
        self.known[line] = {k: v for k, v in record.items() if k != "proof"}
        self.newly_proven.append(line)
        if line == self.root:
            self.outcome = record
            return
        parent = self.parent[line]
        siblings = self.children[parent]
        if any(c not in self.known for c in siblings):
            return
        settled = [self.known[c] for c in siblings]
        # A child settled as the prover's win (read from the base space) grafts into "X wins or draws" too.
        proof = _graft_proofs(self.claim, [(c[-1], self.proof_of(c)) for c in siblings])
        result = "win" if self.prover_to_move(parent) else "loss"
        if self.or_draws:
            result += " or draw"
        merged = {"result": result, "nodes": sum(s["nodes"] for s in settled),
                  "time_ms": sum(s["time_ms"] for s in settled), "merged": len(siblings),
                  "prover": self.prover}
        self.store.put(self.space, list(parent), merged, proof)
        self.log(f"merged {' '.join(parent) or '(start)'}: {result} from {len(siblings)} lines")
        self.settle(parent, dict(merged, proof=proof))

    def proof_of(self, line: Line) -> str:
        """The proof of a node settled in this run, read again from the store, where it was kept first."""
        record = claim_record(self.store, self.base_space, list(line), self.prover, self.or_draws)
        if record is None or not record.get("proof"):
            raise StoreError(f"the proof of {' '.join(line) or '(start)'}, kept in this run, cannot be read "
                             f"again (damaged since?); a new run solves it again")
        return record["proof"]

    def take_transposition(self, line: Line) -> bool:
        """Settles `line` with the proof of another line at its position, when there is one and it holds here."""
        key = self.position_of[line]
        known = ((other, dict(self.known[other], proof=self.proof_of(other)))
                 for other in self.at_position.get(key, []) if other != line and other in self.known)
        for other, record in itertools.chain(known, self.stored.proofs(line, key)):
            if other == line or record is None or not record.get("proof"):
                continue
            proof = moved_proof(record["proof"], list(line))
            if proof is None:
                continue
            return self.take_proof(line, record["result"], proof, other)
        return False

    def take_proof(self, line: Line, result: str, proof: str, other: Line, inside: Optional[Line] = None) -> bool:
        """Settles `line` with `proof`, moved there from the line `other` (found inside the proof of `inside`)."""
        moved = {"result": result, "nodes": 0, "time_ms": 0, "prover": self.prover, "transposed_from": list(other)}
        if inside is not None:
            moved["inside"] = list(inside)
        self.store.put(self.space, list(line), moved, proof)
        self.transposed += 1
        where = f" inside {' '.join(inside)}'s" if inside is not None else ""
        self.log(f"transposed {' '.join(line)}: {result}, the proof of {' '.join(other)}{where}")
        self.cancel_under(line)
        self.settle(line, dict(moved, proof=proof))
        return True

    def take_reordered(self, line: Line) -> bool:
        """Settles `line` with the proof below another order of its moves inside a proof the store keeps at that
        order's ancestor (the index reads the store's lines, not the lines inside their proofs); or refutes it,
        when that proof is the other side's win: a "wins or draws" run of white's spent 16 billion nodes at
        c1-e3 f3-d5 b6-b4 f4xd6, whose black win was inside the proof of c1-e3 f4xd6."""
        found = self.inside.find(line, self.position_of[line])
        if found is None:
            return False
        if self.refutes(line, {"result": found.result}):
            self.log(f"takes {' '.join(line)}: refuted, the proof of {' '.join(found.other)} inside "
                     f"{' '.join(found.above)}'s ({found.result})")
            self.refute(line)
            return True
        return self.take_proof(line, found.result, found.proof, found.other, found.above)

    def index_store(self) -> None:
        """self.stored: the store's lines, settled or not, by position, in the spaces whose results decide this
        claim (those claim_record reads)."""
        self.stored.at = lines_by_position(self.store, deciding_spaces(self.base_space), self.game)
        count = sum(len(lines) for lines in self.stored.at.values())
        if count:
            self.log(f"store: {count:,} lines at {len(self.stored.at):,} positions")

    def take_stored_refutation(self, line: Line) -> bool:
        """Refutes `line` when the store shows the claim false at another line to its position (a job's
        "cannot win", or the other side's proof)."""
        refuted = self.stored.refutation(line, self.position_of[line])
        if refuted is None:
            return False
        self.log(f"takes {' '.join(line)}: refuted at the line {' '.join(refuted[0])}")
        self.refute(line)
        return True

    def follow(self, line: Line, solve: bool) -> bool:
        """Makes `line` follow another line at its position that leads there (worked on, or refuted itself)."""
        for other in self.at_position[self.position_of[line]]:
            if other == line or other in self.leader_of or other in self.known or other not in self.parent:
                continue
            if other in self.dead or not self.abandoned(other):
                self.leader_of[line] = (other, solve)
                self.followed += 1
                self.log(f"follows {' '.join(line)}: the line {' '.join(other)} at its position")
                return True
        return False

    def tend_followers(self) -> None:
        """Followers whose leader has a result take it; those whose leader was dropped (a node above it
        refuted) are visited again: they follow another line, or lead."""
        changed = True
        while changed and self.outcome is None:
            changed = False
            for line, following in list(self.leader_of.items()):
                if self.leader_of.get(line) != following:
                    continue  # released by a call below in this pass
                leader, solve = following
                if self.abandoned(line) or line in self.known:
                    del self.leader_of[line]
                elif leader in self.known or leader in self.dead or self.abandoned(leader):
                    del self.leader_of[line]
                    changed = True
                    if leader in self.dead:
                        why = self.dead[leader]
                        self.refute(line, why and f"{why}, at the line {' '.join(leader)}")
                    elif not (leader in self.known and self.take_transposition(line)):
                        why = "its proof does not hold there" if leader in self.known else "it was dropped"
                        self.log(f"stops following {' '.join(line)}: the line {' '.join(leader)}, {why}")
                        self.visit(line, solve)
                if self.outcome is not None:
                    return

    def share_proofs(self) -> None:
        """The open nodes at the positions of nodes proven since the last call, settled with their proofs."""
        while self.newly_proven and self.outcome is None:
            proven = self.newly_proven.pop()
            for line in self.at_position.get(self.position_of.get(proven), []):
                if line not in self.known and line in self.parent and not self.abandoned(line):
                    self.take_transposition(line)

    def refute(self, line: Line, gave_up: Optional[str] = None) -> None:
        """The prover cannot win at `line`, or (`gave_up` says why) the run gives up there: either way the
        next candidate above it is tried, or the node above refuted (given up). Giving up proves nothing,
        but it lets the run try other moves higher up rather than wait below forever."""
        self.dead[line] = gave_up
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
        self.start_recheck(parent)
        self.next_candidate(parent)

    def start_recheck(self, line: Line) -> None:
        """The prover's node `line`, where a move failed, solved again with the larger budget (once)."""
        if self.recheck and line not in self.rechecking:
            self.rechecking.add(line)
            self.submit("recheck", line)

    def rechecked(self, line: Line, answer: Dict[str, Any]) -> None:
        """A recheck's answer: a node it settles (the prover's win, or that the prover cannot win) ends the
        work below it; one it leaves unknown is marked in its split's record, so that no run rechecks it."""
        record = dict(job_record(answer), prover=self.prover)
        decided = record["result"] != "unknown" or self.refutes(line, record)
        said = f"{self.prover} cannot win" if record["result"] == "unknown" and decided else answer["result"]
        self.log(f"rechecked {' '.join(line) or '(start)'}: {said} ({answer['nodes']:,} nodes)")
        if self.abandoned(line) or line in self.known:  # settled from below (a refuted node cancels its own)
            return
        if not decided:
            self.recheck_nodes[line] = answer["nodes"]
            current = self.store.get(self.space, list(line), with_proof=False)
            if current is not None and "split" in current:  # put() writes its line, digest and proof flag anew
                self.store.put(self.space, list(line), dict(current, rechecked=answer["nodes"]))
            return
        self.store.put(self.space, list(line), record, answer["proof"] if record["result"] != "unknown" else None)
        self.cancel_under(line)  # its candidates' jobs: the node needs them no more
        self.settle(line, dict(record, proof=answer["proof"]))

    def cancel_under(self, line: Line) -> None:
        """Cancels the jobs still waiting at or below the line (it is settled: they are not wanted)."""
        doomed = [f for f, (_, waiting) in self.waiting.items() if waiting[:len(line)] == line]
        for f in doomed:
            del self.waiting[f]
        if doomed:
            self.client.cancel(doomed)
