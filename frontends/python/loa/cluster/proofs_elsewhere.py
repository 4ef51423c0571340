"""What a store keeps at other lines that settles a node: a split solve's store keys nodes by line, so the same
position reached by another order of the moves has its own record, and a proof merged at an ancestor holds
many lines no record names (loa.cluster.proof_paths). A run (loa.cluster.split_solve) takes such a result instead of a job;
``python3 -m loa.cluster status --transpositions`` shows the node as the run would take it.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, NamedTuple, Optional, Set, Tuple

from .. import Game
from .proof_paths import Line, proof_below, proof_prefixes, proof_result, reordered_lines
from .store import ResultStore

# How many of a line's last plies are played in other orders (each side's moves among themselves: at most 3! x 3!
# lines): c1-e3 f3-d5 b6-b4 f4xd6, inside the proof of c1-e3 f4xd6, needs four.
REORDERED_PLIES = 6

Record = Dict[str, Any]
RecordAt = Callable[[Line, bool], Optional[Record]]  # a line's record for the claim, with its proof or not
Refutes = Callable[[Line, Record], bool]  # whether a line's record shows the claim false there


def lines_by_position(store: ResultStore, spaces: Iterable[str],
                      game_at: Callable[[Line], Game]) -> Dict[str, List[Line]]:
    """The store's lines in `spaces`, settled or not, by the position text each reaches (`game_at`: a line's game,
    ValueError for a line these rules refuse, which is left out: reading it would report it damaged)."""
    wanted = set(spaces)
    at: Dict[str, List[Line]] = {}
    for space, moves in store.lines():
        if space not in wanted:
            continue
        try:
            key = game_at(tuple(moves)).position_text()
        except ValueError:
            continue
        at.setdefault(key, []).append(tuple(moves))
    return at


class StoredLines:
    """The store's other lines at a node's position (`at`, from lines_by_position) and their records for one
    claim: a run takes another line's proof (once moved to the node and checked) or its refutation."""

    def __init__(self, at: Dict[str, List[Line]], record_at: RecordAt, refutes: Refutes) -> None:
        self.at, self.record_at, self.refutes = at, record_at, refutes

    def records(self, line: Line, key: str, with_proof: bool) -> Iterator[Tuple[Line, Record]]:
        """(another line, its record) for each line at position `key` with a record."""
        for other in self.at.get(key, []):
            if other != line:
                record = self.record_at(other, with_proof)
                if record is not None:
                    yield other, record

    def proofs(self, line: Line, key: str, with_proof: bool = True) -> Iterator[Tuple[Line, Record]]:
        """records() that prove the claim (at `line`, the proof must still be moved and checked)."""
        return ((other, record) for other, record in self.records(line, key, with_proof)
                if record["result"] != "unknown" and not self.refutes(other, record))

    def refutation(self, line: Line, key: str) -> Optional[Tuple[Line, Record]]:
        """The first other line whose record shows the claim false (a job's "cannot win", the other side's
        proof), or None."""
        return next(((other, record) for other, record in self.records(line, key, False)
                     if self.refutes(other, record)), None)


class FoundInside(NamedTuple):
    other: Line   # the other order of the node's moves, a path inside the stored proof
    above: Line   # the line whose stored proof holds it
    proof: str    # the proof below `other` in it, moved to the node and checked there
    result: str   # its result for the side to move at the node ("win", "loss", "... or draw")


class ProofsInside:
    """Finds a node's proof below another order of its moves inside a proof the store keeps at that order's
    ancestor. `record_at(line, with_proof)` is a line's record for the claim (split_tree.claim_record);
    `refutes(line, record)` whether a record shows the claim false there. Remembers what it read: a proof of
    hundreds of MB is read once for its first plies (the 6x6 driver read c1-e3 f3-d5 b1-b3's 13.7 MB proof
    again for each line it tried below), and a path found not to hold is not tried again."""

    def __init__(self, game_at: Callable[[Line], Game], record_at: RecordAt, refutes: Refutes,
                 plies: int = REORDERED_PLIES) -> None:
        self.game_at, self.record_at, self.refutes, self.plies = game_at, record_at, refutes, plies
        # (a stored proof's line, a line below it, the node): no proof of the node there
        self.not_inside: Set[Tuple[Line, Line, Line]] = set()
        # a stored proof's line -> (its record's digest, the paths of its first `plies` plies)
        self.first_plies: Dict[Line, Tuple[Optional[str], FrozenSet[Line]]] = {}

    def find(self, line: Line, key: str) -> Optional[FoundInside]:
        """The proof of `line` (at position `key`) found inside a stored proof at another order of its moves, or
        None. A win or loss there decides the claim either way: the caller says which."""
        for other in reordered_lines(line, self.plies):
            try:
                if self.game_at(other).position_text() != key:
                    continue
            except ValueError:  # an order these rules refuse
                continue
            shared = next(i for i, (a, b) in enumerate(zip(line, other)) if a != b)
            for cut in range(len(other) - 1, shared, -1):  # the ancestors `line` does not pass through
                found = self._below(line, other, other[:cut])
                if found is not None:
                    return found
        return None

    def _below(self, line: Line, other: Line, above: Line) -> Optional[FoundInside]:
        if (above, other, line) in self.not_inside:
            return None
        # The record alone first: a proof can be hundreds of MB, read only when it may settle the node.
        record = self.record_at(above, False)
        # A job's "cannot win" is no proof, and a draw that refutes the claim is two sections, not one to take
        # the path's proof from.
        if record is None or record["result"] == "unknown" or (
                record["result"] not in ("win", "loss") and self.refutes(above, record)):
            return None
        full = None  # the record with its proof, when paths_in_proof has just read it
        path = other[len(above):]
        if len(path) <= self.plies:
            paths, full = self.paths_in_proof(above, record)
            if path not in paths:
                self.not_inside.add((above, other, line))
                return None
        if full is None:
            full = self.record_at(above, True)
        proof = proof_below(full["proof"], path, line) if full and full.get("proof") else None
        if proof is None:  # not in the proof, or it does not hold at `line` (its history may differ)
            self.not_inside.add((above, other, line))
            return None
        return FoundInside(other, above, proof, proof_result(proof, self.game_at(line).side_to_move))

    def paths_in_proof(self, above: Line, record: Record) -> Tuple[FrozenSet[Line], Optional[Record]]:
        """The paths of up to `plies` moves inside the proof of `record`, the store's record at `above`, and that
        record with its proof when it was read for them (None when they were known), so that the caller need not
        read the proof again."""
        known = self.first_plies.get(above)
        if known is not None and known[0] == record.get("sha256"):
            return known[1], None
        full = self.record_at(above, True)
        paths = proof_prefixes(full["proof"], self.plies) if full and full.get("proof") else frozenset()
        self.first_plies[above] = (full.get("sha256") if full else None, paths)
        return paths, full
