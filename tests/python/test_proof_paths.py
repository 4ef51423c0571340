"""loa.cluster.proof_paths: the proof below a path inside a proof, and the other orders of a line's moves."""
import re

import loa
from loa.cluster.proof_paths import proof_below, proof_prefixes, proof_result, reordered_lines
from loa.cluster.split_tree import game_at

FIVE = loa.Rules("five")


def black_wins_after(moves):
    """A proof that black wins after `moves` in 5x5 (small: solved in well under a second)."""
    answer = loa.solve(game_at(FIVE, moves), proof=True, memory_mb=64)
    assert answer["result"] == "loss", answer  # white to move
    return answer["proof"]


def test_the_proof_below_a_path_is_a_proof_of_the_node_it_reaches():
    # Black wins after b1-b3 e2-e5 c1-c3: below a reply r of white's and black's answer a that does not end the
    # game is a proof of b1-b3 e2-e5 c1-c3 r a, and, moved, of c1-c3 e2-e5 b1-b3 r a (the same moves in another
    # order, so the same position).
    line = ["b1-b3", "e2-e5", "c1-c3"]
    proof = black_wins_after(line)
    r, a = re.search(r"^1 (\S+)\n2 (\S+)\n3 ", proof, re.M).groups()
    for at in (line + [r, a], ["c1-c3", "e2-e5", "b1-b3", r, a]):
        below = proof_below(proof, [r, a], at)
        assert below is not None and f'[Before "{" ".join(at)}"]' in below, at
        checked = loa.verify_proof(below)
        assert checked["claims"] == "black wins" and f'[Moves "{checked["moves"]}"]' in below, checked
        assert below.count("\n1 ") == len(game_at(FIVE, at).legal_moves()), "every white reply, one ply down"
        assert proof_result(below, "white") == "loss" and proof_result(below, "black") == "win"
    # One ply down (black to move there); the empty path is the proof itself.
    assert loa.verify_proof(proof_below(proof, [r], line + [r]))["claims"] == "black wins"
    assert proof_below(proof, [], line) == proof
    # Paths the proof does not hold: a black move it does not play, a move at the wrong depth, a game's end.
    won = re.search(r"^1 (\S+)\n2 (\S+)\n1 ", proof, re.M).groups()
    assert game_at(FIVE, line + list(won)).is_terminal() and proof_below(proof, won, line + list(won)) is None
    other = next(str(m) for m in game_at(FIVE, line + [r]).legal_moves() if str(m) != a)
    assert proof_below(proof, [r, other], line + [r, other]) is None
    assert proof_below(proof, [a], line + [a]) is None
    # Moved to a line that reaches another position, the checker refuses it.
    assert proof_below(proof, [r, a], line + [r]) is None


def test_a_compact_proof_and_a_draw_are_read_as_the_checker_reads_them():
    from loa._core import _compact_proof
    line = ["b1-b3", "e2-e5", "c1-c3"]
    proof = black_wins_after(line)
    r, a = re.search(r"^1 (\S+)\n2 (\S+)\n3 ", proof, re.M).groups()
    compact = _compact_proof(proof)
    # The compact form is expanded first (its replies then in the order of their names): the same proof.
    from_compact, from_text = (proof_below(p, [r, a], line + [r, a]) for p in (compact, proof))
    assert from_compact is not None
    assert loa.verify_proof(from_compact) == loa.verify_proof(from_text)
    two_claims = proof.replace('[Claim "black wins"]', '[Claim "black wins or draws"]\n[Claim "white wins or draws"]')
    assert proof_below(two_claims, [r, a], line + [r, a]) is None


def test_the_first_plies_of_a_proof_are_every_path_proof_below_finds():
    from loa._core import _compact_proof
    line = ["b1-b3", "e2-e5", "c1-c3"]
    proof = black_wins_after(line)
    prefixes = proof_prefixes(proof, 2)
    # Every path of one and two legal moves: proof_below finds one only where proof_prefixes has it.
    paths = [(r,) for r in map(str, game_at(FIVE, line).legal_moves())]
    paths += [(r, a) for (r,) in paths if not game_at(FIVE, line + [r]).is_terminal()
              for a in map(str, game_at(FIVE, line + [r]).legal_moves())]
    found = {path for path in paths if proof_below(proof, path, line + list(path)) is not None}
    assert found and found <= prefixes <= set(paths), (sorted(found - prefixes), sorted(prefixes - set(paths)))
    assert {p for p in prefixes if len(p) == 1} == {(m,) for m in re.findall(r"^1 (\S+)$", proof, re.M)}
    assert {p for p in prefixes if len(p) == 2} > {p for p in found if len(p) == 2}, "black's wins at once too"
    assert proof_prefixes(_compact_proof(proof), 2) == prefixes
    assert proof_prefixes(proof, 1) == {p for p in prefixes if len(p) == 1}
    two_claims = proof.replace('[Claim "black wins"]', '[Claim "black wins or draws"]\n[Claim "white wins or draws"]')
    assert proof_prefixes(two_claims, 2) == frozenset()


def test_the_other_orders_of_a_line_permute_each_sides_moves_among_the_last_plies():
    line = ("c1-e3", "f3-d5", "b6-b4", "f4xd6")
    orders = set(reordered_lines(line, 4))
    assert orders == {("b6-b4", "f3-d5", "c1-e3", "f4xd6"), ("c1-e3", "f4xd6", "b6-b4", "f3-d5"),
                      ("b6-b4", "f4xd6", "c1-e3", "f3-d5")}, orders
    # Only the last plies move; a line's own order is never one of them, nor is an order twice.
    assert set(reordered_lines(("a",) + line, 4)) == {("a",) + order for order in orders}
    assert list(reordered_lines(("x", "y", "x"), 6)) == []
    assert len(list(reordered_lines(tuple("abcdef"), 6))) == 3 * 2 * 3 * 2 - 1
