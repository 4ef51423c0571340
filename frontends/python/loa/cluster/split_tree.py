"""How far a split solve has got, read from its store alone (``python3 -m loa.cluster status``).

A run of days on a cluster, or one stopped by hand, leaves its tree in the store: at the prover's turns the
move tried (and the moves refuted before it), at the other side's every reply, and each job's result. This
walks that tree from a node without Dask and without writing anything, so it can run beside a live run or
on a copy of another machine's store, and says what is proven, refuted, left unknown and not run.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Set, Tuple

from .. import Game, Rules
from .proof_paths import Line, moved_proof
from .proofs_elsewhere import ProofsInside, StoredLines, lines_by_position
from .store import ResultStore

# What a node is, as the store shows it.
PROVEN, REFUTED, OPEN, UNKNOWN, NOT_RUN = "proven", "refuted", "open", "unknown", "not run"


@dataclass
class SplitTree:
    """A split solve's tree as its store has it. The counts are of the whole tree: `proven` and `refuted`
    lines (settled: the walk stops there), `unknown` jobs that ended without an answer and were not split,
    `not_run` nodes with no result (never run, or cancelled when a sibling refuted their parent). `lines`
    is the tree printed down to the depth asked for."""
    root: str = OPEN
    proven: int = 0
    refuted: int = 0
    unknown: int = 0
    not_run: int = 0
    proven_nodes: int = 0  # the nodes the proven lines' jobs searched
    elsewhere: int = 0  # of the proven and refuted, those settled at another line (with `transpositions`)
    lines: List[str] = field(default_factory=list)


def game_at(rules: Rules, moves: List[str], position: Optional[str] = None) -> Game:
    """The game after `moves` from the rules' start (or from `position` text): a node of a split solve's tree.
    Raises ValueError naming the move the rules refuse."""
    game = Game(rules) if position is None else Game.from_position(rules, position)
    for i, move in enumerate(moves):
        try:
            game.play(move)
        except ValueError as e:
            raise ValueError(f"move {i + 1} {move!r}: {e}") from None
    return game


def other_side(side: str) -> str:
    return "white" if side == "black" else "black"


def rules_space(rules: Rules, position: Optional[str] = None) -> str:
    """The store's space for a run's rules (and the position its lines start from): the rules' name and a digest
    of their content, the canonical variant text. A store made under other rules (a variant of the same name, a
    variant file edited since) is then simply not matched: its results are never taken as these rules'."""
    digest = hashlib.sha256(rules.variant_text().encode()).hexdigest()[:16]
    space = f"{rules.name} #{digest}"
    return space if position is None else f"{space} from {position}"


def claim_space(space: str, prover: Optional[str], or_draws: bool) -> str:
    """Where a claim's nodes are kept in a store: a win's in the rules' space, as they always were; "X wins
    or draws" in its own, since its jobs ask another question of the same positions."""
    return f"{space}: {prover} wins or draws" if or_draws else space


def deciding_spaces(space: str) -> Set[str]:
    """Every space whose records claim_record reads for a claim at `space` (a win's, or either side's "wins or
    draws"): the base space and both sides' "wins or draws"."""
    return {space} | {claim_space(space, side, True) for side in ("black", "white")}


def claim_record(store: ResultStore, space: str, moves: List[str], prover: Optional[str], or_draws: bool,
                 with_proof: bool = True) -> Optional[Dict[str, Any]]:
    """A node's record for a claim: the one in the claim's space; else, when that has none or an unknown
    one, what another run settled there that decides the claim too: a win, loss or draw in the base
    `space`, or a win found by a "wins or draws" run. Such a run asks of each job whether the other side
    wins, so the wins (and losses) it keeps are the other side's, and its "or draw" results say nothing
    about any other claim."""
    own = claim_space(space, prover, or_draws)
    record = store.get(own, moves, with_proof=with_proof)
    if record is not None and record.get("result") != "unknown":
        return record
    if or_draws:
        settled = store.get(space, moves, with_proof=with_proof)
        if settled is not None and settled.get("result") != "unknown":
            return settled
    for side in ("black", "white"):
        elsewhere = claim_space(space, side, True)
        found = None if elsewhere == own else store.get(elsewhere, moves, with_proof=with_proof)
        if found is not None and found.get("result") in ("win", "loss"):
            return found
    return record


def claim_result(record: Dict[str, Any], prover: str, mover: str, or_draws: bool) -> Optional[bool]:
    """Whether a node's record proves the claim (True), shows it false (False), or neither (None). A record
    of "X wins or draws" says "win or draw" or "loss or draw" for the side to move; a settled win, loss or
    draw decides both claims of a side."""
    result = record.get("result", "unknown")
    if result in ("win or draw", "loss or draw"):
        return True  # only ever kept in its own claim's space
    if result == "unknown":
        if or_draws:
            return None
        flag = record.get("cannot_win") if mover == prover else record.get("cannot_lose")
        return False if flag else None
    if result == "draw":
        return or_draws
    return (result == "win") == (mover == prover)


class _Elsewhere:
    """What settles a node the store holds no result for at its own line, as a run takes it (split_solve's
    visit): a proof kept at another line to its position, once moved and checked there; a proof below another
    order of its moves inside a stored proof (ProofsInside); else that line's record showing the claim false."""

    def __init__(self, store: ResultStore, space: str, game_at, claim_of: Optional[str]) -> None:
        self.store, self.space, self.game_at, self.claim_of = store, space, game_at, claim_of
        self.stored_at = lines_by_position(store, deciding_spaces(space), game_at)
        self.by_prover: Dict[str, Tuple[StoredLines, ProofsInside]] = {}  # what each prover's look has read

    def record(self, line: Line, with_proof: bool) -> Optional[Dict[str, Any]]:
        return claim_record(self.store, self.space, list(line), self.claim_of, bool(self.claim_of), with_proof)

    def settle(self, line: Line, game: Game, prover: str) -> Optional[Tuple[Dict[str, Any], str]]:
        """(a record that settles `line`, where it comes from), or None."""
        if prover not in self.by_prover:
            def refutes(at: Line, record: Dict[str, Any]) -> bool:
                return claim_result(record, prover, self.game_at(at).side_to_move, bool(self.claim_of)) is False
            self.by_prover[prover] = (StoredLines(self.stored_at, self.record, refutes),
                                      ProofsInside(self.game_at, self.record, refutes))
        stored, inside = self.by_prover[prover]
        key = game.position_text()
        for other, record in stored.proofs(line, key):
            if record.get("proof") and moved_proof(record["proof"], list(line)) is not None:
                return record, f"the proof of {' '.join(other)}"
        found = inside.find(line, key)
        if found is not None:
            return {"result": found.result}, f"the proof of {' '.join(found.other)} inside {' '.join(found.above)}'s"
        refuted = stored.refutation(line, key)
        return None if refuted is None else (refuted[1], f"at {' '.join(refuted[0])}")


class _Walk:
    def __init__(self, store: ResultStore, space: str, above: List[str], origin: str, depth: int,
                 claim_of: Optional[str] = None, elsewhere: Optional[_Elsewhere] = None) -> None:
        """`claim_of`: the side whose "wins or draws" run this is (its own space), else a run of a win; either
        reads what other runs settled as claim_record does. `elsewhere`: a node with no result of its own is
        settled from other lines as a run would."""
        self.store, self.space, self.depth, self.claim_of = store, space, depth, claim_of
        self.above = above  # the moves from the start (or position) to the root
        self.origin = origin  # the root's name when it is the start, "(start)" (or "(position)")
        self.elsewhere = elsewhere
        self.tree = SplitTree()

    def node(self, line: List[str], game: Game, prover: Optional[str]) -> str:
        """What the node `line` (below the root; `game` is its position) is; it and its tree are counted, and
        printed if shallow."""
        printed = len(line) <= self.depth
        if printed:
            at = len(self.tree.lines)
            self.tree.lines.append("")  # its place, filled once its children are known
        kind, said = self.describe(line, game, prover)
        if printed:
            name = line[-1] if line else " ".join(self.above) or self.origin
            self.tree.lines[at] = f"{'  ' * len(line)}{name}: {said}"
        return kind

    def child(self, line: List[str], game: Game, move: str, prover: Optional[str]) -> str:
        after = game.clone()
        after.play(move)
        return self.node(line + [move], after, prover)

    def describe(self, line: List[str], game: Game, prover: Optional[str]) -> Tuple[str, str]:
        record = claim_record(self.store, self.space, self.above + line, self.claim_of, bool(self.claim_of),
                              with_proof=False)
        if self.elsewhere is not None and (record is None or record["result"] == "unknown"):
            node_prover = self.claim_of or (record or {}).get("prover", prover)
            found = None if node_prover is None else \
                self.elsewhere.settle(tuple(self.above + line), game, node_prover)
            if found is not None:
                self.tree.elsewhere += 1
                return self.settled(found[0], game, node_prover, f"{found[1]}: a run takes it")
        if record is None:
            self.tree.not_run += 1
            return NOT_RUN, "the game is over" if game.is_terminal() else "not run"
        # Records name their prover, except merged ones (and older ones): then their parent's is theirs. A
        # "wins or draws" run's claim is its own, whoever's win a record read through from the base space is.
        prover = self.claim_of or record.get("prover", prover)
        result = record.get("result", "unknown")
        # Without a prover (a merged root that names none) a value is told, not judged.
        verdict = None if prover is None else claim_result(record, prover, game.side_to_move, bool(self.claim_of))
        if result != "unknown":
            return self.settled(record, game, prover, f"{record.get('nodes', 0):,} nodes", own=True)
        if "split" in record:
            refuted = record.get("excluded") or []
            kind = self.child(line, game, record["split"], prover)
            before = f", after {', '.join(refuted)} refuted" if refuted else ""
            if record.get("rechecked"):  # its own job again, larger, left it unknown
                before += f" (rechecked: unknown after {record['rechecked']:,} nodes)"
            # The move refuted is not the node: a run goes on to the prover's next candidate.
            return PROVEN if kind == PROVEN else OPEN, f"{prover} tries {record['split']}{before}"
        if "children" in record:
            kinds = [self.child(line, game, move, prover) for move in record["children"]]
            others = [f"{kinds.count(k)} {k}" for k in (REFUTED, OPEN, UNKNOWN, NOT_RUN) if kinds.count(k)]
            said = f"{kinds.count(PROVEN)} of {len(kinds)} replies proven" + "".join(f", {o}" for o in others)
            if REFUTED in kinds:
                return REFUTED, said
            return PROVEN if kinds.count(PROVEN) == len(kinds) else OPEN, said
        if verdict is False:  # a win's job that showed the prover cannot win
            return self.settled(record, game, prover, "its job")
        self.tree.unknown += 1
        return UNKNOWN, f"unknown after a job of {record.get('nodes', 0):,} nodes, not split"

    def settled(self, record: Dict[str, Any], game: Game, prover: Optional[str], how: str,
                own: bool = False) -> Tuple[str, str]:
        """A node `record` settles (or, a job's "cannot win", refutes), counted and told with `how` (of its `own`
        record, a refutation is told alone)."""
        result = record["result"]
        verdict = None if prover is None else claim_result(record, prover, game.side_to_move, bool(self.claim_of))
        if result == "unknown":
            self.tree.refuted += 1
            return REFUTED, f"{prover} cannot win ({how})"
        winner = {"win": game.side_to_move, "loss": other_side(game.side_to_move)}.get(result)
        value = f"{prover} wins or draws" if result.endswith(" or draw") else \
            "a draw" if winner is None else f"{winner} wins"
        if verdict is False:
            self.tree.refuted += 1
            return REFUTED, f"{value} (refuted)" if own else f"{value} (refuted, {how})"
        self.tree.proven += 1
        self.tree.proven_nodes += record.get("nodes", 0)
        return PROVEN, f"{value} (proven, {how})"


def split_tree(store: ResultStore, rules: Rules, moves: List[str], position: Optional[str] = None,
               prover: Optional[str] = None, depth: int = 2, or_draws: bool = False,
               transpositions: bool = False) -> SplitTree:
    """The split solve's tree under `moves` (from the rules' start, or from `position` text) in `store`, its
    nodes down to `depth` plies below printed. `prover` is the side the run proves, for a root whose record
    does not name it (a merged one); without it such a root's value is told, not judged. With `or_draws`,
    the tree of the run of "`prover` (by default the side to move) wins or draws". With `transpositions`, a
    node with no result of its own is settled from other lines as a run would (_Elsewhere: it reads and checks
    proofs, so it is slower). Raises ValueError for a move the rules refuse."""
    game = game_at(rules, moves, position)
    space = rules_space(rules, position)
    claim_of = (prover or game.side_to_move) if or_draws else None
    elsewhere = _Elsewhere(store, space, lambda line: game_at(rules, list(line), position), claim_of) \
        if transpositions else None
    walk = _Walk(store, space, list(moves), "(start)" if position is None else "(position)", depth, claim_of,
                 elsewhere)
    walk.tree.root = walk.node([], game, prover)
    return walk.tree
