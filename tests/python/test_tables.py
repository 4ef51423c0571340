"""The solved first-move tables in tests/data/*/first-moves (docs/solver.md): every stored proof verifies,
claims the value its table.tsv states and is of the row's first move, and every image of a class (the
board's symmetries that keep the start) has a proof too, the representative's mapped, verified (for a
proof of more than IMAGE_MOVES moves, the images' moves are checked and their proofs are not mapped). A
class not settled yet is an "open" row: the settled lines kept for the next run verify.

The 5x5 table is checked in every build. The 6x6 table's proofs hold tens of millions of moves: CTest's
python.six_table (Release builds) runs this file with LOA_TABLES=six."""
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

import loa
from loa.cluster.split_tree import rules_space
from loa._core import _map_proof, _rules_symmetries

# The store's space of 5x5's rules (their name and a digest of their content).
FIVE = rules_space(loa.Rules("five"))

SOURCE = os.environ.get("LOA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
BOARDS = os.environ.get("LOA_TABLES", "five").split(",")
# A class's images are its proof mapped by the rules' symmetries (checked here to be the board's that keep
# the start and the points, and tested on every symmetry in tests/libloa/game/test_symmetry.cpp). Verifying an image
# costs a mapping and a check, three times the proof's own check: three images of c1xa3's 170 million
# moves would take about 8 minutes of CPU (0.96 us a move, measured on b1-d3's proof). Images are verified
# for proofs up to IMAGE_MOVES moves; for the rest, that their moves are the class's is checked, and
# LOA_TABLE_IMAGE_MOVES=1000000000 verifies every image (docs/solver.md).
IMAGE_MOVES = int(os.environ.get("LOA_TABLE_IMAGE_MOVES", 40_000_000))
TABLES = [os.path.join(SOURCE, "tests", "data", board, "first-moves") for board in BOARDS]


def table_script():
    """loa.cluster.table, imported when a test runs: a Python without Dask still collects the tests."""
    from loa.cluster import table
    return table


@pytest.mark.parametrize("table", TABLES)
def test_every_first_move_has_a_verified_proof(table):
    check_table(table, loa.Rules(os.path.basename(os.path.dirname(table))))


def check_table(table, rules, complete=True):
    """Every row of `table` (a first-moves folder) holds: its proof verifies, claims the row's value (a
    draw: both sides' "wins or draws") and is of its move, each image's proof is it mapped; `complete`:
    the rows cover every first move once."""
    script = table_script()
    names, classes = script.classes_of(rules)
    assert names == _rules_symmetries(rules)
    first = sorted(str(m) for m in loa.Game(rules).legal_moves())
    covered = []
    checked = {}  # proof file -> its check: the start's proof serves two rows (its text is read again, so
    # that one proof's text at a time is in memory: c1xa3's draw is 170 million moves)
    rows = script.read_table(os.path.join(table, "table.tsv"))
    for move, (images, winner, moves, proof_file) in sorted(rows.items()):
        if winner == "open" or winner.endswith("-or-draw"):  # not settled: the lines kept for the next run hold
            covered += [move] + images
            assert_partial_results_hold(script, os.path.join(table, proof_file), move, moves)
            if winner != "open":  # "X-or-draw": X's "wins or draws" at the class's move is one of them
                side = winner.split("-")[0]
                kept = os.path.join(table, proof_file, f"{side}-or-draws", f"{move}.proof.gz")
                assert os.path.exists(kept), f"{move} is {winner}, and {kept} is missing"
            continue
        proof = loa.read_proof(os.path.join(table, proof_file))
        if proof_file not in checked:
            checked[proof_file] = loa.verify_proof(proof)
        check = checked[proof_file]
        claims = ["black wins or draws", "white wins or draws"] if winner == "draw" else [f"{winner} wins"]
        assert sorted(check["claims"].split("; ")) == claims and check["moves"] == moves, (move, check)
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
        if moves <= IMAGE_MOVES:
            script.check_images(proof, by_image)
    if complete:
        assert sorted(covered) == first, "the table does not cover every first move once"


def assert_partial_results_hold(script, folder, move, count):
    """An open class's settled lines (loa.cluster table, OUT/partial/MOVE): each file's proof
    verifies, claims a win (in the folder of a "wins or draws" run, that), and is of the line its name gives,
    one that starts with the class's move."""
    # A class with nothing settled yet has no folder in a checkout (git keeps no empty folder).
    files = [] if not (count or os.path.isdir(folder)) else sorted(
        (sub, side, name) for sub, side in script.PARTIAL_KINDS if os.path.isdir(os.path.join(folder, sub))
        for name in os.listdir(os.path.join(folder, sub)) if name.endswith(".proof.gz"))
    assert len(files) == count, f"{folder}: {len(files)} proofs, the table says {count}"
    for sub, side, name in files:
        line = script.partial_line(name)
        proof = loa.read_proof(os.path.join(folder, sub, name))
        assert line[0] == move and f'[Before "{" ".join(line)}"]' in proof[:2000], name
        claim = loa.verify_proof(proof)["claims"]
        assert claim in ("black wins", "white wins") or side and claim == f"{side} wins or draws", (sub, name)


def test_a_wrongly_mapped_proof_is_caught():
    # The check the table relies on: a proof mapped by a symmetry that does not take its move to the image
    # is refused (five: b1-b3's proof mapped by 'mirror files' is d1-d3's, not d5-d3's).
    script = table_script()
    proof = loa.read_proof(os.path.join(SOURCE, "tests", "data", "five", "first-moves", "b1-b3.proof.gz"))
    script.check_images(proof, {"d1-d3": "mirror files", "d5-d3": "rotate 180"})
    with pytest.raises(AssertionError, match="not of d5-d3"):
        script.check_images(proof, {"d5-d3": "mirror files"})
    assert _map_proof(proof, "identity").count("\n") > 16038


BRIEF = """[brief : five]
description = 5x5 LOA drawn at the eighth ply: every first move but the captures draws
ply_limit = 8
at_limit = draw
"""


def test_a_drawn_class_runs_both_claims_when_one_is_given_up(tmp_path):
    # With no split allowed, c1-c3's one job per claim leaves both unknown: white's claim is given up, and
    # black's still runs (its work is kept for the next run), then the class is left open.
    said = run_with_no_split(tmp_path, "store")
    assert said.count("solved c1-c3: unknown") == 2, said  # each claim's job (the first is not logged)


def run_with_no_split(tmp_path, store):
    """loa.cluster table's output for c1-c3 of the brief rules with no split, each claim given up."""
    (tmp_path / "brief.ini").write_text(BRIEF)
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-m", "loa.cluster", "table", "--rules",
                        f"{tmp_path / 'brief.ini'}:brief", "--out", str(out), "--store", str(tmp_path / store),
                        "--workers", "2", "--time", "60", "--memory", "1", "--splits", "0", "--only", "c1-c3",
                        "--prover-of", "c1-c3=draw"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    for side in ("white", "black"):
        assert f"c1-c3: {side} wins or draws not proven" in r.stdout, r.stdout
    assert table_script().read_table(str(out / "table.tsv"))["c1-c3"][1] == "open", r.stdout
    return r.stdout


def test_a_run_resumed_from_kept_lines_runs_no_job_run_before(tmp_path):
    # The jobs left unknown are kept beside the settled lines (open-nodes.jsonl): a run on another machine,
    # from a new store, runs none of them again (the first job, asking both questions, and each claim's).
    run_with_no_split(tmp_path, "store")
    kept = tmp_path / "out" / "partial" / "c1-c3" / "open-nodes.jsonl"
    assert len(kept.read_text().splitlines()) == 3
    again = run_with_no_split(tmp_path, "another store")
    assert "0 settled lines and 3 unsettled nodes" in again and "solved " not in again, again


def test_a_drawn_class_is_proven_by_both_sides_claims(tmp_path):
    # c1-c3 is a draw (about 140,000 nodes) that one job of 1 MiB does not settle: each side's "wins or
    # draws" is then a split solve, and the class's proof file holds both. b1-b3, 100,000 nodes, is settled
    # by its one job asking both questions; c1xa3 is white's win.
    (tmp_path / "brief.ini").write_text(BRIEF)
    rules = f"{tmp_path / 'brief.ini'}:brief"
    out = tmp_path / "out"

    def table(store, *options):
        r = subprocess.run([sys.executable, "-m", "loa.cluster", "table", "--rules", rules,
                            "--out", str(out), "--store", str(tmp_path / store), "--workers", "2", "--time", "60",
                            "--memory", "1", *options], capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stdout + r.stderr
        return r.stdout, {move: row[1] for move, row in table_script().read_table(str(out / "table.tsv")).items()}

    said, values = table("store", "--only", "b1-b3", "c1-c3", "c1xa3", "--prover-of", "c1-c3=draw")
    assert "merged c1-c3: win or draw" in said and "merged c1-c3: loss or draw" in said, said
    assert values == {"b1-b3": "draw", "c1-c3": "draw", "c1xa3": "white"}
    check_table(str(out), loa.Rules(rules), complete=False)
    # Its settled lines kept for another machine (each side's claim in a folder of its own), then put into
    # a new store, where both claims are read, not solved again.
    said, values = table("store", "--only", "c1-c3", "--export-only")
    assert values["c1-c3"] == "open" and sorted(os.listdir(out / "partial" / "c1-c3")) == [
        "black-or-draws", "open-nodes.jsonl", "white-or-draws"]  # the first job's "unknown" is kept too
    check_table(str(out), loa.Rules(rules), complete=False)  # the kept lines verify
    partial = out / "partial" / "c1-c3"
    shutil.copytree(partial, tmp_path / "kept")
    said, values = table("another store", "--only", "c1-c3", "--prover-of", "c1-c3=draw")
    assert "2 settled lines" in said and "solved " not in said and values["c1-c3"] == "draw", said
    check_table(str(out), loa.Rules(rules), complete=False)
    # With only white's claim kept, the open row says what is proven: black does not win.
    shutil.copytree(tmp_path / "kept" / "white-or-draws", partial / "white-or-draws")
    said, values = table("a third store", "--only", "c1-c3", "--export-only")
    assert "1 settled lines" in said and values["c1-c3"] == "white-or-draw", said
    check_table(str(out), loa.Rules(rules), complete=False)


def test_a_seeded_stores_lines_below_the_first_move_are_kept_again(tmp_path, monkeypatch):
    # A store seeded from kept lines has no records above them: exporting it again must still keep each
    # (a walk down from the first move, as export_partial did before 2026-11-26, kept none of them).
    from loa.cluster.store import ResultStore
    from loa.cluster.split_tree import game_at
    script, rules = table_script(), loa.Rules("five")
    line = ["b1-b3", "a2-a5"]  # 5x5: black wins there, 1,412 nodes
    solved = loa.solve(game_at(rules, line), memory_mb=64, proof=True)
    assert solved["result"] == "win"
    kept = tmp_path / "kept" / "partial" / "b1-b3"
    kept.mkdir(parents=True)
    script.write_compact_proof(str(kept / script.partial_name(line)), solved["proof"])
    store = ResultStore(str(tmp_path / "store"))
    assert script.seed_store(store, rules, str(tmp_path / "kept")) == (1, 0)
    # Exported into the folder it was seeded from, the kept file is the record's: not compacted again
    # (the first export of a seeded c1-e3 store compacted all 226 MB again, about 19 minutes).
    compacted = []
    compact = script._compact_proof
    monkeypatch.setattr(script, "_compact_proof", lambda proof: compacted.append(proof) or compact(proof))
    assert script.export_partial(store, rules, "b1-b3", str(tmp_path / "kept")) == 1 and compacted == []
    monkeypatch.undo()
    out = tmp_path / "out"
    assert script.export_partial(store, rules, "b1-b3", str(out)) == 1
    again = out / "partial" / "b1-b3" / script.partial_name(line)
    assert again.read_bytes() == (kept / script.partial_name(line)).read_bytes()


@pytest.mark.parametrize("threads", [1, 2])
def test_a_kept_line_whose_proof_does_not_verify_is_not_seeded(tmp_path, threads):
    # Seeding checks every kept proof (since 2026-12-05 in the expansion only, two lines at a time): a file
    # altered in the checkout is named, its line is not put into the store, and every other line is, whichever
    # thread meets it first (CI of 2026-12-05 saw the other line dropped: a raising result cancelled it).
    from loa.cluster.store import ResultStore
    from loa.cluster.split_tree import game_at
    script, rules = table_script(), loa.Rules("five")
    kept = tmp_path / "kept" / "partial" / "b1-b3"
    kept.mkdir(parents=True)
    lines = [["b1-b3", "a2-a5"], DEEP_FIVE_LINE]
    for line in lines:
        solved = loa.solve(game_at(rules, line), memory_mb=64, proof=True)
        script.write_compact_proof(str(kept / script.partial_name(line)), solved["proof"])
    altered = kept / script.partial_name(lines[0])
    text = loa.read_proof(str(altered))
    altered.write_text(text.replace('[Claim "black wins"]', '[Claim "white wins"]'))
    other = kept / script.partial_name(lines[1])
    assert altered.stat().st_size > other.stat().st_size  # seeded first (the biggest first): met before the other
    store = ResultStore(str(tmp_path / "store"))
    with pytest.raises(ValueError, match="1 of 2 kept lines not seeded: " + re.escape(str(altered))):
        script.seed_store(store, rules, str(tmp_path / "kept"), threads=threads)
    assert store.get(rules_space(rules), lines[0]) is None
    assert store.get(rules_space(rules), lines[1])["result"] == "win"  # the other line is put (white, to move there, wins)
    altered.write_text(text)
    assert script.seed_store(store, rules, str(tmp_path / "kept"), threads=threads) == (1, 0)
    assert store.get(rules_space(rules), lines[0])["result"] == "win"


# A 5x5 line ten moves below b1-b3 that white wins (a solve of 560 nodes), and its proof.
DEEP_FIVE_LINE = ["b1-b3", "a2-a5", "b3-b1", "a3-c3", "b1-a2", "a4-c2", "a2-a4", "c2-a2", "a4-c2", "a2-a4", "b5-b4"]


def deep_five_proof():
    from loa.cluster.split_tree import game_at
    solved = loa.solve(game_at(loa.Rules("five"), DEEP_FIVE_LINE), memory_mb=64, proof=True)
    assert solved["result"] == "win"
    return solved["proof"]


def test_a_settled_line_ten_moves_below_the_first_move_is_kept(tmp_path):
    # Its parent is an unsettled node, kept beside it: a run resumed from that node would solve it again
    # (until 2026-11-27 lines more than eight moves below the first move were dropped).
    from loa.cluster.store import ResultStore
    script, rules, line = table_script(), loa.Rules("five"), DEEP_FIVE_LINE
    store = ResultStore(str(tmp_path / "store"))
    store.put(rules_space(rules), line, {"result": "win", "nodes": 560, "time_ms": 0}, deep_five_proof())
    assert script.export_partial(store, rules, "b1-b3", str(tmp_path / "out")) == 1
    kept = tmp_path / "out" / "partial" / "b1-b3" / script.partial_name(line)
    assert loa.verify_proof(loa.read_proof(str(kept)))["claims"] == "white wins"


def test_a_claims_lines_below_a_node_another_run_proved_against_it_are_not_kept(tmp_path):
    # White's "wins or draws" after c1-e3 kept 2,888 lines (96 MB), all under f2-d2, which a run of black's win
    # then proved: none of them can be part of white's proof any more. Here white wins ten moves below b1-b3,
    # under b1-b3 a2-a5, where black wins.
    from loa.cluster.store import ResultStore
    from loa.cluster.split_tree import claim_space, game_at
    script, rules, line = table_script(), loa.Rules("five"), DEEP_FIVE_LINE
    store = ResultStore(str(tmp_path / "store"))
    for side in ("white", "black"):  # white's claim holds there; black's fails (white's win, which it keeps)
        store.put(claim_space(rules_space(rules), side, True), line, {"result": "win", "nodes": 560, "time_ms": 0},
                  deep_five_proof())
        store.put(claim_space(rules_space(rules), side, True), line[:3], {"result": "unknown", "children": ["a3-c3"]})
    assert script.export_partial(store, rules, "b1-b3", str(tmp_path / "before")) == 2
    above = line[:2]
    solved = loa.solve(game_at(rules, above), memory_mb=64, proof=True)
    assert solved["result"] == "win"  # black's, to move there
    store.put(rules_space(rules), above, {"result": "win", "nodes": solved["nodes"], "time_ms": 0}, solved["proof"])
    out = tmp_path / "after"
    assert script.export_partial(store, rules, "b1-b3", str(out)) == 2  # black's win, and black's claim's line
    folder = out / "partial" / "b1-b3"
    assert sorted(os.listdir(folder)) == sorted(["black-or-draws", "open-nodes.jsonl", script.partial_name(above)])
    assert os.listdir(folder / "black-or-draws") == [script.partial_name(line)]
    kinds = [json.loads(text)["kind"] for text in (folder / "open-nodes.jsonl").read_text().splitlines()]
    assert kinds == ["black-or-draws"]  # white's unsettled node under a2-a5 goes too


def test_an_export_again_writes_only_the_lines_whose_record_changed_and_drops_the_rest(tmp_path, monkeypatch):
    # An export of c1-e3 took 19 minutes, most of them compacting its "wins or draws" proof (136 million moves)
    # into the same file again.
    from loa.cluster.store import ResultStore
    from loa.cluster.split_tree import game_at
    script, rules, line = table_script(), loa.Rules("five"), DEEP_FIVE_LINE
    compacted = []
    compact = script._compact_proof
    monkeypatch.setattr(script, "_compact_proof", lambda proof: compacted.append(proof) or compact(proof))
    store = ResultStore(str(tmp_path / "store"))
    store.put(rules_space(rules), line, {"result": "win", "nodes": 560, "time_ms": 0}, deep_five_proof())
    out, folder = str(tmp_path / "out"), tmp_path / "out" / "partial" / "b1-b3"
    kept = folder / script.partial_name(line)
    assert script.export_partial(store, rules, "b1-b3", out) == 1 and len(compacted) == 1
    first = kept.read_bytes()
    (folder / (script.partial_name(line[:5]) + script.PART)).write_bytes(b"half")  # a write stopped midway
    assert script.export_partial(store, rules, "b1-b3", out) == 1 and len(compacted) == 1
    assert kept.read_bytes() == first and os.listdir(folder) == [kept.name]
    kept.write_bytes(b"another")  # not the file this record made (another checkout's): written again
    assert script.export_partial(store, rules, "b1-b3", out) == 1 and len(compacted) == 2
    assert kept.read_bytes() == first
    # Black wins two moves below b1-b3, above the line: the line is no longer kept, and its file goes.
    above = line[:2]
    solved = loa.solve(game_at(rules, above), memory_mb=64, proof=True)
    store.put(rules_space(rules), above, {"result": "win", "nodes": solved["nodes"], "time_ms": 0}, solved["proof"])
    assert script.export_partial(store, rules, "b1-b3", out) == 1 and len(compacted) == 3
    assert os.listdir(folder) == [script.partial_name(above)]


def test_a_settled_line_too_deep_for_a_file_name_is_said_and_not_kept(tmp_path, capsys):
    # A line of 41 moves names a file of more than 255 bytes while it is written (6 bytes a move, ".proof.gz"
    # and ".part"): writing it would stop the export half-way (it did until this test). Export checks no move,
    # so the deep lines' moves need not be legal.
    from loa.cluster.store import ResultStore
    script, rules, shallow, proof = table_script(), loa.Rules("five"), DEEP_FIVE_LINE, deep_five_proof()
    deep_40 = (["b1-b3"] + ["a2-a4", "a4-a2"] * 20)[:40]
    deep_41 = (["b1-b3"] + ["a2-a3", "a3-a2"] * 20)[:41]
    assert len(script.partial_name(deep_40) + script.PART) <= 255 < len(script.partial_name(deep_41) + script.PART)
    store = ResultStore(str(tmp_path / "store"))
    for line in (shallow, deep_40, deep_41):
        store.put(rules_space(rules), line, {"result": "win", "nodes": 560, "time_ms": 0}, proof)
    assert script.export_partial(store, rules, "b1-b3", str(tmp_path / "out")) == 2
    assert "b1-b3: 1 settled lines not kept: too deep for a file name" in capsys.readouterr().err
    kept = os.listdir(tmp_path / "out" / "partial" / "b1-b3")
    assert sorted(kept) == sorted([script.partial_name(shallow), script.partial_name(deep_40)])


def test_a_damaged_unsettled_node_is_refused_naming_its_line(tmp_path):
    # A node naming a move that is not legal there would send a resumed run down a line that does not exist.
    from loa.cluster.store import ResultStore
    script = table_script()
    kept = tmp_path / "open-nodes.jsonl"
    good = '{"kind": "", "moves": ["b1-b3"], "record": {"children": ["a2-a5"], "result": "unknown"}}\n'
    store = ResultStore(str(tmp_path / "store"))
    for bad in ('"children": ["a2-a4"]', '"promising": ["a2-a4"], "split": "a2-a5"'):
        kept.write_text(good + good.replace('"children": ["a2-a5"]', bad))
        with pytest.raises(ValueError, match="open-nodes.jsonl:2: .*not legal"):
            script.seed_open_nodes(store, loa.Rules("five"), str(kept))
    kept.write_text(good)
    assert script.seed_open_nodes(store, loa.Rules("five"), str(kept)) == 1
    assert store.get(FIVE, ["b1-b3"])["children"] == ["a2-a5"]
