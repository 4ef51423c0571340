"""Proofs at other lines: a proof moved to another line to its position, and the proof below a path inside one.

A split solve's store keys nodes by line (loa.cluster.store), and its index reads the lines it holds. A merged
proof holds many more positions than its own line: each of its lines is a path in it, and the proof below a
path is a proof of that node (at the claimant's turns one move, at the other side's every reply). Lines meet
when the same moves are played in another order, so a node with no record of its own can often be settled
from inside a proof kept at another line's ancestor (docs/cluster.md).
"""
from __future__ import annotations

import itertools
import re
from typing import FrozenSet, Iterator, List, Optional, Sequence, Tuple

from .. import verify_proof
from .._core import _expand_proof

Line = Tuple[str, ...]


def moved_proof(proof: str, moves: Sequence[str]) -> Optional[str]:
    """A node's proof moved to another line that reaches the same position: its Before tags say the new line. The
    proof checker decides whether it still holds there (a return to a position the new line passed through may
    end a game otherwise); None when it does not."""
    if moves:
        tag = f'[Before "{" ".join(moves)}"]'
        text, count = re.subn(r'^\[Before "[^"]*"\]$', lambda _: tag, proof, flags=re.M)
        if not count:
            text = re.sub(r'^(\[Start "[^"]*"\])$', lambda m: m.group(1) + "\n" + tag, proof, flags=re.M)
    else:
        text = re.sub(r'^\[Before "[^"]*"\]\n', "", proof, flags=re.M)
    try:
        verify_proof(text)
    except ValueError:
        return None
    return text


def _shallower_than(depth: int) -> "re.Pattern[str]":
    """A move line of depth below `depth` (the line starts after the newline the match begins with)."""
    return re.compile("\n(?:" + "|".join(str(d) for d in range(1, depth)) + ") ")


def _one_claim(proof: str) -> Optional[Tuple[str, int]]:
    """A one-claim proof as text (a compact one expanded) and where its header ends; None for a draw (two claims,
    each its own tree) or a text that is no proof."""
    try:
        if re.search(r'^\[Format "compact"\]$', proof, re.M):
            proof = _expand_proof(proof)
    except ValueError:
        return None
    header_end = proof.find("\n\n")
    if len(re.findall(r"^\[Claim ", proof, re.M)) != 1 or header_end < 0:
        return None
    return proof, header_end


def proof_below(proof: str, path: Sequence[str], moves: Sequence[str]) -> Optional[str]:
    """The proof below `path` in a one-claim proof (compact or not), moved to the line `moves` (which reaches the
    position at the path's end) and checked there; None when the path is not in the proof, ends a game, or the
    proof below it does not hold at `moves` (the checker's word)."""
    if not path:
        return moved_proof(proof, moves)
    one = _one_claim(proof)
    if one is None:
        return None
    proof, header_end = one
    body = proof[header_end + 1:]
    if not body.endswith("\n"):
        body += "\n"
    # [start, end) is the subtree of the node reached so far: every line in it is deeper than the node.
    start, end = 0, len(body)
    for depth, move in enumerate(path, 1):
        found = body.find(f"\n{depth} {move}\n", start, end + 1)
        if found < 0:
            return None
        start = found + len(f"\n{depth} {move}")
        after = _shallower_than(depth + 1).search(body, start, end)
        end = after.start() if after else end
    below = body[start:end].strip("\n")
    if not below:
        return None
    shift = len(path)
    below = re.sub(r"^(\d+) ", lambda m: f"{int(m.group(1)) - shift} ", below, flags=re.M)
    header = re.sub(r'^\[Moves "\d+"\]$', f'[Moves "{below.count(chr(10)) + 1}"]', proof[:header_end], flags=re.M)
    return moved_proof(f"{header}\n\n{below}\n", moves)


def proof_prefixes(proof: str, plies: int) -> FrozenSet[Line]:
    """Every path of 1 to `plies` moves (at most 9) from the root of a one-claim proof (compact or not), as
    proof_below() reads its lines: a path missing here is not in the proof, so that a caller asking about many
    paths reads the whole text once. Empty where proof_below() finds nothing (a draw's two claims, a bad text)."""
    assert 1 <= plies <= 9, "a depth of one digit: the pattern below reads one"
    one = _one_claim(proof)
    if one is None:
        return frozenset()
    proof, header_end = one
    path: List[str] = []
    found = set()
    # Lines are in depth-first order, so the moves above a line are the last ones seen at each lesser depth.
    for line in re.finditer(rf"^([1-{plies}]) (\S+)$", proof[header_end + 1:], re.M):
        depth = int(line.group(1))
        del path[depth - 1:]
        if len(path) == depth - 1:
            path.append(line.group(2))
            found.add(tuple(path))
    return frozenset(found)


def proof_result(proof: str, mover: str) -> str:
    """A one-claim proof's result for `mover`, the side to move at its node: "win" or "loss", "or draw" added
    for a claim "... wins or draws"."""
    claim = re.search(r'^\[Claim "(\w+) wins( or draws)?"\]$', proof, re.M)
    if claim is None:
        raise ValueError("not a one-claim proof")
    return ("win" if claim.group(1) == mover else "loss") + (" or draw" if claim.group(2) else "")


def reordered_lines(moves: Line, plies: int) -> Iterator[Line]:
    """The other orders of `moves` that keep all but the last `plies` plies and play each side's moves among
    them in another order (the same moves, so often the same position: c1-e3 f3-d5 b6-b4 f4xd6 and c1-e3 f4xd6
    b6-b4 f3-d5). Some are not legal; the caller plays them."""
    cut = max(0, len(moves) - plies)
    head, tail = moves[:cut], moves[cut:]
    seen = {tail}
    for firsts in itertools.permutations(tail[0::2]):
        for seconds in itertools.permutations(tail[1::2]):
            order: List[str] = list(tail)
            order[0::2], order[1::2] = firsts, seconds
            if tuple(order) not in seen:
                seen.add(tuple(order))
                yield head + tuple(order)
