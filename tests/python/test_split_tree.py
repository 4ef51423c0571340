"""`python3 -m loa.cluster status`: a split solve's tree read from its store (loa/cluster/split_tree.py).

The store here is written by hand, as SplitSolve writes one (the records' fields are its), so that each
kind of node is there once; test_cluster.py reads the store of a real run with it.
"""
import os
import re
import subprocess
import sys

import loa
from loa.cluster.jobs import job_record, solve_job
from loa.cluster.split_tree import rules_space, split_tree
from loa.cluster.store import ResultStore, StoreError

# The store's space of 5x5's rules (their name and a digest of their content).
FIVE = rules_space(loa.Rules("five"))

ENV = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(loa.__file__)))


def status(*options):
    return subprocess.run([sys.executable, "-m", "loa.cluster", "status", *options], env=ENV, capture_output=True,
                          text=True, timeout=600)


def a_stopped_run(path):
    """5x5, black the prover, stopped by hand: at the start c1-c3 was refuted and b1-b3 is tried; of white's
    replies one is proven, one left unknown by its job, one refuted by its job, one merged from its own split,
    and the rest not run."""
    store = ResultStore(str(path))
    after = loa.Game(loa.Rules("five"))
    after.play("b1-b3")
    replies = [str(m) for m in after.legal_moves()]
    prover = {"prover": "black"}
    store.put(FIVE, [], dict(prover, result="unknown", split="b1-b3", excluded=["c1-c3"]))
    store.put(FIVE, ["b1-b3"], dict(prover, result="unknown", children=replies))
    store.put(FIVE, ["b1-b3", replies[0]], dict(prover, result="win", nodes=1200, time_ms=3), "(a proof)")
    store.put(FIVE, ["b1-b3", replies[1]], dict(prover, result="unknown", nodes=5000, cannot_win=False))
    store.put(FIVE, ["b1-b3", replies[2]], dict(prover, result="unknown", nodes=700, cannot_win=True))
    store.put(FIVE, ["b1-b3", replies[3]], dict(prover, result="win", nodes=300, merged=2), "(a proof)")
    return store, replies


def test_each_kind_of_node_is_told_and_counted(tmp_path):
    store, replies = a_stopped_run(tmp_path / "store")
    tree = split_tree(store, loa.Rules("five"), [], depth=2)
    assert tree.lines[:3] == [
        "(start): black tries b1-b3, after c1-c3 refuted",
        f"  b1-b3: 2 of {len(replies)} replies proven, 1 refuted, 1 unknown, {len(replies) - 4} not run",
        f"    {replies[0]}: black wins (proven, 1,200 nodes)"]
    assert tree.lines[4] == f"    {replies[2]}: black cannot win (its job)"
    assert len(tree.lines) == 2 + len(replies)
    # One reply black cannot beat refutes b1-b3; the start is still open (its next candidate is to come).
    assert tree.root == "open"
    assert (tree.proven, tree.refuted, tree.unknown, tree.not_run) == (2, 1, 1, len(replies) - 4)
    assert tree.proven_nodes == 1500
    shallow = split_tree(store, loa.Rules("five"), [], depth=0)
    assert shallow.lines == ["(start): black tries b1-b3, after c1-c3 refuted"] and shallow.proven == 2
    # From a node below the start: its line names it, and only its tree is counted.
    below = split_tree(store, loa.Rules("five"), ["b1-b3", replies[0]])
    assert below.lines == [f"b1-b3 {replies[0]}: black wins (proven, 1,200 nodes)"] and below.root == "proven"


def test_a_node_rechecked_says_so(tmp_path):
    # --recheck: the start's own job run again, larger, and left unknown; the run went on with b1-b3.
    store, replies = a_stopped_run(tmp_path / "store")
    store.put(FIVE, [], {"prover": "black", "result": "unknown", "split": "b1-b3", "excluded": ["c1-c3"],
                           "rechecked": 917250})
    tree = split_tree(store, loa.Rules("five"), [], depth=0)
    assert tree.lines == ["(start): black tries b1-b3, after c1-c3 refuted (rechecked: unknown after 917,250 nodes)"]
    assert tree.root == "open" and tree.proven == 2


def test_the_command_prints_the_tree_and_writes_nothing(tmp_path):
    a_stopped_run(tmp_path / "store")
    before = sorted(os.listdir(tmp_path / "store"))
    r = status("--rules", "five", "--store", str(tmp_path / "store"), "--depth", "1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "(start): black tries b1-b3, after c1-c3 refuted"
    assert r.stdout.splitlines()[-1].startswith("the tree: 2 lines proven (1,500 nodes), 1 refuted, 1 jobs left "
                                                "unknown,")
    assert sorted(os.listdir(tmp_path / "store")) == before


def test_a_damaged_result_is_reported_and_counted_as_not_run(tmp_path):
    store, replies = a_stopped_run(tmp_path / "store")
    damaged = [f for f in os.listdir(tmp_path / "store") if f.endswith(".json")
               and f'"{replies[0]}"' in (tmp_path / "store" / f).read_text()]
    (tmp_path / "store" / damaged[0]).write_text('{"result": "win"')  # truncated
    r = status("--rules", "five", "--store", str(tmp_path / "store"))
    assert r.returncode == 0 and "is damaged" in r.stderr, r.stderr
    assert f"    {replies[0]}: not run" in r.stdout.splitlines() and "; 1 damaged results" in r.stdout


def test_a_damaged_result_read_again_is_told_and_counted_once_until_written_anew(tmp_path):
    told = []
    store = ResultStore(str(tmp_path), report=told.append)
    store.put(FIVE, ["b1-b3"], {"result": "win"}, proof="proof text")
    key = [f for f in os.listdir(tmp_path) if f.endswith(".proof.gz")][0]
    (tmp_path / key).write_bytes(b"altered")
    assert store.get(FIVE, ["b1-b3"]) is None and store.get(FIVE, ["b1-b3"], with_proof=False) is None
    assert len(told) == 1 and "is damaged" in told[0] and store.damaged == 1, told
    store.put(FIVE, ["b1-b3"], {"result": "win"}, proof="proof text")  # solved again
    assert store.get(FIVE, ["b1-b3"])["proof"] == "proof text"
    (tmp_path / key).write_bytes(b"altered again")
    assert store.get(FIVE, ["b1-b3"]) is None
    assert len(told) == 2 and store.damaged == 2, told


def test_a_record_checked_once_is_read_again_only_when_its_files_change(tmp_path, monkeypatch):
    import builtins
    from loa.cluster import store as solve_store
    told, opened = [], []
    store = ResultStore(str(tmp_path), report=told.append)
    store.put(FIVE, ["b1-b3"], {"result": "win"}, proof="proof text")
    assert store.get(FIVE, ["b1-b3"], with_proof=False)["result"] == "win"

    def counting_open(path, *args, **kwargs):
        opened.append(os.path.basename(path))
        return builtins.open(path, *args, **kwargs)
    monkeypatch.setattr(solve_store, "open", counting_open, raising=False)
    for _ in range(3):
        assert store.get(FIVE, ["b1-b3"], with_proof=False)["result"] == "win"
    assert opened == [], f"a record checked and not changed since was read again: {opened}"
    assert store.get(FIVE, ["b1-b3"])["proof"] == "proof text" and len(opened) == 2, opened
    # Altered since it was checked (the same size: the change time tells), it is read, and found damaged.
    proof_file = next(f for f in os.listdir(tmp_path) if f.endswith(".proof.gz"))
    size = (tmp_path / proof_file).stat().st_size
    (tmp_path / proof_file).write_bytes(b"x" * size)
    assert store.get(FIVE, ["b1-b3"], with_proof=False) is None
    assert len(told) == 1 and "is damaged" in told[0], told


def a_proof_kept_at_one_order(path):
    """5x5: black's win after b1-b3 e2-e5 c1-c3, one job's proof kept as a run keeps it; and white's r and
    black's a, the first line inside that proof."""
    store = ResultStore(str(path))
    above = ["b1-b3", "e2-e5", "c1-c3"]
    answer = solve_job(loa.Rules("five"), above, 600, 4, prover="black")
    assert answer["result"] == "loss", answer["result"]
    store.put(FIVE, above, dict(job_record(answer), prover="black"), answer["proof"])
    r, a = re.search(r"^1 (\S+)\n2 (\S+)\n3 ", answer["proof"], re.M).groups()
    return store, r, a


def test_a_node_settled_by_another_line_is_told_so_when_asked(tmp_path):
    # A run takes these without a job (split_solve: take_transposition, take_reordered); the store holds nothing
    # at their own lines, so status says "not run" unless asked to look as the run does. (6x6: white's "wins or
    # draws" run spent 16 billion nodes at c1-e3 f3-d5 b6-b4 f4xd6, black's win inside the proof of c1-e3 f4xd6,
    # and status showed it open throughout.)
    store, r, a = a_proof_kept_at_one_order(tmp_path / "store")
    swapped = ["c1-c3", "e2-e5", "b1-b3"]  # black's moves in the other order: the stored line's position
    plain = split_tree(store, loa.Rules("five"), swapped, prover="black")
    assert plain.lines == ["c1-c3 e2-e5 b1-b3: not run"] and plain.elsewhere == 0
    tree = split_tree(store, loa.Rules("five"), swapped, prover="black", transpositions=True)
    assert tree.lines == ["c1-c3 e2-e5 b1-b3: black wins (proven, the proof of b1-b3 e2-e5 c1-c3: a run takes it)"]
    assert tree.root == "proven" and (tree.proven, tree.elsewhere, tree.not_run) == (1, 1, 0)
    # White's win there: shown false by that line's record (its proof is black's win, not moved for this claim).
    tree = split_tree(store, loa.Rules("five"), swapped, prover="white", transpositions=True)
    assert tree.lines == ["c1-c3 e2-e5 b1-b3: black wins (refuted, at b1-b3 e2-e5 c1-c3: a run takes it)"]
    assert tree.root == "refuted" and (tree.refuted, tree.elsewhere) == (1, 1)
    # Two plies below: no line of the store reaches it, but a path inside the stored proof does.
    deeper = swapped + [r, a]
    inside = f"the proof of b1-b3 e2-e5 c1-c3 {r} {a} inside b1-b3 e2-e5 c1-c3's: a run takes it"
    tree = split_tree(store, loa.Rules("five"), deeper, prover="black", transpositions=True)
    assert tree.lines == [f"{' '.join(deeper)}: black wins (proven, {inside})"] and tree.root == "proven"
    # White's "wins or draws" there is shown false by it.
    tree = split_tree(store, loa.Rules("five"), deeper, prover="white", or_draws=True, transpositions=True)
    assert tree.lines == [f"{' '.join(deeper)}: black wins (refuted, {inside})"] and tree.root == "refuted"
    assert (tree.refuted, tree.elsewhere) == (1, 1)
    # A node no stored line or proof reaches stays "not run".
    elsewhere = split_tree(store, loa.Rules("five"), ["d1-d3", "e2-e5", "b1-b3"], prover="black",
                           transpositions=True)
    assert elsewhere.root == "not run" and elsewhere.elsewhere == 0
    before = sorted(os.listdir(tmp_path / "store"))
    r = status("--rules", "five", "--store", str(tmp_path / "store"), "--moves", " ".join(deeper), "--prover",
               "black", "--transpositions")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [f"{' '.join(deeper)}: black wins (proven, {inside})",
                                     "the tree: 1 lines proven (0 nodes), 0 refuted (1 of them by other lines), "
                                     "0 jobs left unknown, 0 nodes not run; 0 damaged results"]
    assert sorted(os.listdir(tmp_path / "store")) == before


def test_a_read_only_store_is_not_made_and_not_written(tmp_path):
    r = status("--rules", "five", "--store", str(tmp_path / "none"))
    assert r.returncode == 2 and r.stderr == f"loa.cluster: no store at {str(tmp_path / 'none')!r}\n", r.stderr
    assert not (tmp_path / "none").exists()
    store = ResultStore(str(tmp_path), read_only=True)
    try:
        store.put(FIVE, [], {"result": "win"})
        raise AssertionError("a read-only store was written")
    except StoreError as e:
        assert "read only" in str(e)


def test_bad_moves_and_depth(tmp_path):
    a_stopped_run(tmp_path / "store")
    for options, message in ((["--moves", "b1-b9"], "b1-b9"), (["--depth", "-1"], "--depth")):
        r = status("--rules", "five", "--store", str(tmp_path / "store"), *options)
        assert r.returncode == 2 and message in r.stderr and r.stderr.count("\n") == 1, r.stderr
