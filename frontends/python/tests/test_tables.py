"""The solved first-move tables in tests/data/*/first-moves (docs/solver.md): every stored proof verifies
and claims the value its table.tsv states, and every image of a class (the board's symmetries that keep
the start) has a proof too, derived by mirroring the representative's and verified."""
import gzip
import importlib.util
import os

import pytest

import loa
from loa._core import _verify_proof_text

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", "..", ".."))
TABLES = [os.path.join(SOURCE, "tests", "data", board, "first-moves") for board in ("five",)]


def table_script():
    spec = importlib.util.spec_from_file_location("first_move_table",
                                                  os.path.join(SOURCE, "scripts", "first-move-table.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rows(table):
    with open(os.path.join(table, "table.tsv")) as f:
        for line in f:
            if not line.startswith("#"):
                move, images, winner, moves = line.rstrip("\n").split("\t")
                yield move, images.split(), winner, int(moves)


@pytest.mark.parametrize("table", TABLES)
def test_every_first_move_has_a_verified_proof(table):
    script = table_script()
    rules = loa.Rules(os.path.basename(os.path.dirname(table)))
    syms = script.symmetries(rules)
    first = sorted(str(m) for m in loa.Game(rules).legal_moves())
    covered = []
    for move, images, winner, moves in rows(table):
        with open(os.path.join(table, (move or "start") + ".proof.gz"), "rb") as f:
            compact = gzip.decompress(f.read()).decode()
        check = _verify_proof_text(compact)
        assert check["claims"] == f"{winner} wins" and check["moves"] == moves, (move, check)
        if not move:
            continue
        text = loa._core._expand_proof(compact)
        covered += [move] + images
        for image in images:
            t = next(t for t in syms.values() if script.map_squares(move, t) == image)
            mirrored_text = script.mirror_proof(text, t)
            assert f'[Before "{image}"]' in mirrored_text, f"the derived proof is not of {image}"
            mirrored = _verify_proof_text(mirrored_text)
            assert mirrored["claims"] == f"{winner} wins" and mirrored["moves"] == moves, image
    assert sorted(covered) == first, "the table does not cover every first move once"
