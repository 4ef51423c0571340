"""The solved first-move tables in tests/data/*/first-moves (docs/solver.md): every stored proof verifies,
claims the value its table.tsv states and is of the row's first move, and every image of a class (the
board's symmetries that keep the start) has a proof too, the representative's mapped, verified. A class
not settled yet is an "open" row: the settled lines kept for the next run verify.

The 5x5 table is checked in every build. The 6x6 table's proofs hold tens of millions of moves: CTest's
python.six_table (Release builds) runs this file with LOA_TABLES=six."""
import importlib.util
import os

import pytest

import loa
from loa._core import _map_proof, _rules_symmetries

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
BOARDS = os.environ.get("LOA_TABLES", "five").split(",")
TABLES = [os.path.join(SOURCE, "tests", "data", board, "first-moves") for board in BOARDS]


def table_script():
    spec = importlib.util.spec_from_file_location("first_move_table",
                                                  os.path.join(SOURCE, "scripts", "first-move-table.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("table", TABLES)
def test_every_first_move_has_a_verified_proof(table):
    script = table_script()
    rules = loa.Rules(os.path.basename(os.path.dirname(table)))
    names, classes = script.classes_of(rules)
    assert names == _rules_symmetries(rules)
    first = sorted(str(m) for m in loa.Game(rules).legal_moves())
    covered = []
    checked = {}  # proof file -> (text, check): the start's proof serves two rows
    for move, (images, winner, moves, proof_file) in sorted(script.read_table(os.path.join(table, "table.tsv")).items()):
        if winner == "open":  # not settled yet: its settled lines, kept for the next run, hold
            covered += [move] + images
            assert_partial_results_hold(script, os.path.join(table, proof_file), move, moves)
            continue
        if proof_file not in checked:
            text = loa.read_proof(os.path.join(table, proof_file))
            checked[proof_file] = (text, loa.verify_proof(text))
        proof, check = checked[proof_file]
        assert check["claims"] == f"{winner} wins" and check["moves"] == moves, (move, check)
        if not move:
            assert '[Before "' not in proof[:2000] and check["first_move"], "not a proof of the start"
            continue
        assert script.proved_move(proof) == move, f"the proof in {proof_file} is not of {move}"
        members = next(members for members in classes.values() if move in members)
        assert sorted(images + [move]) == sorted(members), f"{move}'s images are {sorted(members)}"
        covered += [move] + images
        # Each image's proof: this one mapped by the symmetry that takes the row's move to the image.
        by_image = {}
        for symmetry in names:
            by_image.setdefault(loa._core._map_move(move, symmetry, rules.board_size), symmetry)
        script.check_images(proof, by_image)
    assert sorted(covered) == first, "the table does not cover every first move once"


def assert_partial_results_hold(script, folder, move, count):
    """An open class's settled lines (scripts/first-move-table.py, OUT/partial/MOVE): each file's proof
    verifies, claims a win, and is of the line its name gives, one that starts with the class's move."""
    # A class with nothing settled yet has no folder in a checkout (git keeps no empty folder).
    names = sorted(os.listdir(folder)) if count or os.path.isdir(folder) else []
    assert len(names) == count, f"{folder}: {len(names)} files, the table says {count}"
    for name in names:
        line = script.partial_line(name)
        proof = loa.read_proof(os.path.join(folder, name))
        assert line[0] == move and f'[Before "{" ".join(line)}"]' in proof[:2000], name
        assert loa.verify_proof(proof)["claims"].endswith(" wins"), name


def test_a_wrongly_mapped_proof_is_caught():
    # The check the table relies on: a proof mapped by a symmetry that does not take its move to the image
    # is refused (five: b1-b3's proof mapped by 'mirror files' is d1-d3's, not d5-d3's).
    script = table_script()
    proof = loa.read_proof(os.path.join(SOURCE, "tests", "data", "five", "first-moves", "b1-b3.proof.gz"))
    script.check_images(proof, {"d1-d3": "mirror files", "d5-d3": "rotate 180"})
    with pytest.raises(AssertionError, match="not of d5-d3"):
        script.check_images(proof, {"d5-d3": "mirror files"})
    assert _map_proof(proof, "identity").count("\n") > 16038
