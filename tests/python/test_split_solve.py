"""The split-solve driver's decisions (loa/cluster/split_solve.py) on an in-process Dask cluster (issue 29): the
prover's candidates and rechecks, lines given up, results shared between lines at one position (found in the
run or kept in the store by runs before), jobs bounded by memory or nodes, and "wins or draws" claims.

5x5 positions with jobs bounded by memory or nodes, so that what they settle is the same in every build;
test_cluster.py runs the driver itself on a scheduler and worker processes, with faults.
"""
import re
import shutil
import subprocess
import sys
import threading
import time

import loa
from loa.cluster.split_tree import rules_space
from cluster_support import DRAWN, ENV, cluster_module

# The store's space of 5x5's rules (their name and a digest of their content).
FIVE = rules_space(loa.Rules("five"))


# 5x5: white wins after each (tests/data/five/first-moves). The start's own job (4 MiB) disproves c1xa3,
# and leaves the other two open.
LOSING_FIRST_MOVES = ["c1xa3", "b1-e1", "d5-a5"]


def offer_losing_moves_first(rules, moves, nodes, exclude):
    """A split's move choice that offers, at the 5x5 start, losing first moves before the engine's."""
    if not moves:
        for move in LOSING_FIRST_MOVES:
            if move not in exclude:
                return move
    return cluster_module().engine_job(rules, moves, nodes, exclude)


def split_solve(tmp_path, moves, candidates, choose=None, memory_mb=4, splits=6, collect=False, prover="black",
                or_draws=False, time_s=600, nodes=None, recheck=None, log=None, worker_memory="auto", workers=2):
    """A SplitSolve on an in-process cluster (the move choice is this module's), its jobs bounded by memory
    (4 MiB trees: about 230,000 nodes) so that what they settle is the same in every build."""
    from distributed import Client, LocalCluster
    from loa.cluster.store import ResultStore
    said = []
    threads = threading.active_count()
    # The cluster closed with the client: left open, each one's threads kept polling, and the tests after
    # them ran five times slower (docs/library.md's batch example: 83 s after this file, 17 s alone).
    with in_process_memory_limits(), LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                                                  dashboard_address=":0", memory_limit=worker_memory) as cluster, \
            Client(cluster) as client:
        run = cluster_module().SplitSolve(client, ResultStore(str(tmp_path / "store")), loa.Rules("five"), moves,
                                          prover, time_s=time_s, memory_mb=memory_mb, splits=splits,
                                          engine_nodes=20000, candidates=candidates, log=log or said.append,
                                          choose=choose, collect=collect, or_draws=or_draws, nodes=nodes,
                                          recheck=recheck)
        try:
            outcome = run.run()
        except cluster_module().NotProven as e:
            outcome = e
    assert_threads_end(threads)
    return run, outcome, said


def assert_threads_end(threads):
    """That the threads an in-process cluster started end once it is closed (given time: not a speed test)."""
    deadline = time.monotonic() + 30
    while threading.active_count() > threads and time.monotonic() < deadline:
        time.sleep(0.05)
    assert threading.active_count() == threads, [t.name for t in threading.enumerate()]


def test_a_refuted_move_gives_way_to_the_next_candidate(tmp_path):
    run, outcome, said = split_solve(tmp_path, [], 3, offer_losing_moves_first)
    assert isinstance(outcome, dict) and outcome["result"] == "win", (outcome, said)
    for move in LOSING_FIRST_MOVES[1:]:
        assert f"refuted {move}: black cannot win there" in said, said
    assert not [line for line in said if line.startswith("solved c1xa3")], "a move the job disproved was tried"
    first_move = re.search(r"^1 (\S+)", outcome["proof"], re.M).group(1)
    assert first_move not in LOSING_FIRST_MOVES
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"


def test_a_move_the_store_already_proves_is_split_first(tmp_path):
    # Black's win after b1-b3 is in the store (another run's): a run from the start plays it at once, with no
    # job of its own, rather than the moves its choice offers first (which lose: offer_losing_moves_first).
    run, outcome, said = split_solve(tmp_path, ["b1-b3"], 3)
    assert outcome["result"] == "loss", (outcome, said)
    run, outcome, said = split_solve(tmp_path, [], 3, offer_losing_moves_first)
    assert isinstance(outcome, dict) and outcome["result"] == "win", (outcome, said)
    assert run.solved == 1 and not [line for line in said if line.startswith("refuted")], said  # the start's job
    assert re.search(r"^1 (\S+)", outcome["proof"], re.M).group(1) == "b1-b3"
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"


def test_a_move_the_store_proves_since_replaces_an_unfinished_split(tmp_path):
    # An earlier run left the start split at b1-e1 (a move that loses), unfinished; black's win after b1-b3 was
    # proven since, by another run. A run from the start takes b1-b3 from the store, with no job at all.
    split_solve(tmp_path, ["b1-b3"], 3)
    from loa.cluster.store import ResultStore
    from loa.cluster.split_tree import claim_space
    ResultStore(str(tmp_path / "store")).put(claim_space(FIVE, "black", False), [],
                                             {"result": "unknown", "split": "b1-e1", "excluded": [], "prover": "black"})
    run, outcome, said = split_solve(tmp_path, [], 3)
    assert isinstance(outcome, dict) and outcome["result"] == "win", (outcome, said)
    assert run.solved == 0 and re.search(r"^1 (\S+)", outcome["proof"], re.M).group(1) == "b1-b3", said
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"


def test_a_move_the_store_left_unknown_is_not_taken_as_proven(tmp_path):
    # A child whose record is "unknown" (an earlier run's job that settled nothing) is no move the store
    # proves: the run chooses its move at the start as ever, and does not split that move first (b1-e1 loses).
    from loa.cluster.store import ResultStore
    from loa.cluster.split_tree import claim_space
    ResultStore(str(tmp_path / "store")).put(claim_space(FIVE, "black", False), ["b1-e1"],
                                             {"result": "unknown", "nodes": 1000, "prover": "black"})
    run, outcome, said = split_solve(tmp_path, [], 3)
    assert isinstance(outcome, dict) and outcome["result"] == "win", (outcome, said)
    assert not [line for line in said if "b1-e1" in line], said


def test_candidates_used_up_give_the_node_up(tmp_path):
    run, outcome, said = split_solve(tmp_path, [], 2, offer_losing_moves_first)
    assert isinstance(outcome, cluster_module().NotProven), outcome
    assert str(outcome) == "the start: gave up (2 candidates tried)"
    assert said[-1] == "gave up (start): 2 candidates tried"
    refuted_first_moves = [line for line in said if re.match(r"refuted \S+: ", line)]
    assert refuted_first_moves == ["refuted b1-e1: black cannot win there", "refuted d5-a5: black cannot win there"]


def test_a_line_given_up_sends_the_run_to_the_next_candidate(tmp_path):
    # b1-b3 wins for black, but not within 2 splits: it is given up, and c1-c3, offered next, is proven.
    def b1b3_then_c1c3(rules, moves, nodes, exclude):
        if not moves:
            return next(m for m in ("b1-b3", "c1-c3") if m not in exclude)
        return cluster_module().engine_job(rules, moves, nodes, exclude)
    run, outcome, said = split_solve(tmp_path, [], 3, b1b3_then_c1c3, splits=2)
    assert isinstance(outcome, dict) and outcome["result"] == "win", (outcome, said)
    assert "gave up b1-b3: 3 candidates tried" in said and run.refuted == 0, said
    assert re.search(r"^1 (\S+)", outcome["proof"], re.M).group(1) == "c1-c3"
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"


# Set once a run's recheck has answered (the in-process cluster's workers are this process's threads).
RECHECK_ANSWERED = threading.Event()


def offer_losing_moves_after_the_recheck(rules, moves, nodes, exclude):
    """offer_losing_moves_first, where the start's moves after b1-e1 (the first it offers: c1xa3 the start's job
    disproves) are offered only once a recheck has answered: a run does the same work however its jobs are
    timed."""
    if not moves and "b1-e1" in exclude:
        RECHECK_ANSWERED.wait(60)
    return offer_losing_moves_first(rules, moves, nodes, exclude)


def log_until_the_recheck():
    """A run's log (`said`) and its writer, which lets offer_losing_moves_after_the_recheck go on once a recheck
    has answered."""
    said = []
    RECHECK_ANSWERED.clear()

    def log(message):
        said.append(message)
        if message.startswith("rechecked"):
            RECHECK_ANSWERED.set()
    return said, log


def test_a_recheck_settles_a_node_where_a_move_failed(tmp_path):
    # The 5x5 start's job of 4 MiB leaves it unknown; one of 64 MiB proves black's win (1.2 million nodes).
    # b1-e1 is offered first and refuted: the start's recheck (16 times the budget) proves it, and d5-a5,
    # offered next, is never solved: its engine job is cancelled with the rest of the work below the start.
    said, log = log_until_the_recheck()
    run, outcome, _ = split_solve(tmp_path, [], 3, offer_losing_moves_after_the_recheck, recheck=16, log=log)
    assert isinstance(outcome, dict) and outcome["result"] == "win", (outcome, said)
    assert "refuted b1-e1: black cannot win there" in said, said
    assert "rechecked (start): win (1,200,314 nodes)" in said, said
    assert not [line for line in said if "d5-a5" in line], said
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"
    # loa.cluster stats counts the recheck apart from the jobs, with its nodes.
    script = run_stats_script()
    out = script.stats(said, script.Positions(loa.Rules("five"), None))
    assert out["rechecks"] == {"jobs": 1, "nodes": 1200314, "settled": 1} and run.rechecks == 1, out
    assert (out["jobs"], out["nodes"] + 1200314) == (run.solved, run.nodes_searched), (out, run.solved)


def engine_move_after_the_recheck(rules, moves, nodes, exclude):
    """The engine's move, below the start only once a recheck has answered."""
    if moves:
        RECHECK_ANSWERED.wait(60)
    return cluster_module().engine_job(rules, moves, nodes, exclude)


def test_a_node_is_rechecked_once(tmp_path):
    # A run stopped with the start split at b1-b3 (it wins, but its replies need 1 MiB jobs split further)
    # after d5-a5 was refuted: a resumed run rechecks the start at once (64 MiB: proven), before any move
    # below it is chosen. One whose record says the recheck was done (and left it unknown) does not recheck: it goes on
    # with its candidates (from a split at b1-e1: b1-e1 refuted, then c1xa3, then the engine's move, proven).
    from loa.cluster.store import ResultStore
    from loa.cluster.split_tree import claim_space
    for name, record in (("resumed", {"split": "b1-b3"}), ("done", {"split": "b1-e1", "rechecked": 917250})):
        ResultStore(str(tmp_path / name / "store")).put(claim_space(FIVE, "black", False), [], dict(
            record, result="unknown", excluded=["d5-a5"], prover="black"))
    said, log = log_until_the_recheck()
    run, outcome, _ = split_solve(tmp_path / "resumed", [], 3, engine_move_after_the_recheck, memory_mb=1,
                                  recheck=64, log=log)
    assert isinstance(outcome, dict) and outcome["result"] == "win", (outcome, said)
    assert "rechecked (start): win (1,200,314 nodes)" in said, said
    run, outcome, said = split_solve(tmp_path / "done", [], 5, offer_losing_moves_first, recheck=16)
    assert isinstance(outcome, dict) and outcome["result"] == "win", (outcome, said)
    assert "refuted b1-e1: black cannot win there" in said, said
    assert not [line for line in said if line.startswith("rechecked")], said
    # The mark stays when the split moves on: with 3 candidates the run gives the start up after c1xa3, and
    # the start's record (split at c1xa3 now) still says that it was rechecked.
    ResultStore(str(tmp_path / "again" / "store")).put(claim_space(FIVE, "black", False), [], dict(
        result="unknown", split="b1-e1", excluded=["d5-a5"], prover="black", rechecked=917250))
    run, outcome, said = split_solve(tmp_path / "again", [], 3, offer_losing_moves_first, recheck=16)
    assert str(outcome) == "the start: gave up (3 candidates tried)", (outcome, said)
    record = ResultStore(str(tmp_path / "again" / "store")).get(claim_space(FIVE, "black", False), [])
    assert (record["split"], record["rechecked"]) == ("c1xa3", 917250), record
    # A recheck left unknown (8 MiB) marks the node's record with its nodes; the split goes on to d5-a5.
    said, log = log_until_the_recheck()
    run, outcome, _ = split_solve(tmp_path / "unknown", [], 2, offer_losing_moves_after_the_recheck, recheck=2,
                                  log=log)
    assert str(outcome) == "the start: gave up (2 candidates tried)", (outcome, said)
    rechecked = [line for line in said if line.startswith("rechecked")]
    assert len(rechecked) == 1 and rechecked[0].startswith("rechecked (start): unknown ("), said
    record = ResultStore(str(tmp_path / "unknown" / "store")).get(claim_space(FIVE, "black", False), [])
    assert record["split"] == "d5-a5" and f"{record['rechecked']:,}" in rechecked[0], record


def test_one_reply_the_prover_cannot_beat_refutes_the_node(tmp_path):
    # After b1-e1 white wins: a job of 2 MiB at the root leaves it unknown, so every white reply is a job,
    # and the first found that black cannot beat refutes the root (the others are cancelled).
    run, outcome, said = split_solve(tmp_path, ["b1-e1"], 3, memory_mb=2)
    assert isinstance(outcome, cluster_module().NotProven), outcome
    assert "b1-e1: black cannot win" in str(outcome)
    refuted = [line for line in said if line.startswith("refuted b1-e1 ")]
    assert refuted and said[-1] == "refuted b1-e1: black cannot win there", said
    # Run again on the store: the refutation is read, not solved again.
    again, outcome, said = split_solve(tmp_path, ["b1-e1"], 3, memory_mb=2)
    assert isinstance(outcome, cluster_module().NotProven) and again.from_store >= 2, (again.from_store, said)


def test_jobs_that_fold_a_full_tree_settle_what_a_split_needed(tmp_path):
    # 5x5 after b1-b3 (black wins, about 2.1 million nodes) does not fit a 4 MiB job: it is split. With
    # collect, its one job folds the tree when it fills and proves it: one job, and a proof that verifies.
    split, outcome, said = split_solve(tmp_path / "split", ["b1-b3"], 3)
    assert outcome["result"] == "loss" and split.solved > 1, (split.solved, said)
    folding, outcome, said = split_solve(tmp_path / "folding", ["b1-b3"], 3, collect=True)
    assert outcome["result"] == "loss" and folding.solved == 1, (folding.solved, said)
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"


def run_stats_script():
    from loa.cluster import stats
    return stats


def test_the_engine_move_at_a_split_runs_before_the_queued_solves(tmp_path):
    # Dask runs higher priorities first: the engine's job at a split (a second, deciding where the next jobs
    # go) is submitted above the run's solve jobs, so it does not wait behind them.
    from loa.cluster.store import ResultStore
    submitted = []

    class Client:
        def submit(self, function, *args, priority=0, **options):
            submitted.append((function.__name__, priority))
            return len(submitted)

    run = cluster_module().SplitSolve(Client(), ResultStore(str(tmp_path / "store")), loa.Rules("five"), [], "black",
                                      time_s=1, memory_mb=4, splits=6, engine_nodes=1000, priority=5)
    run.completed = set()
    run.submit("solve", ())
    run.submit("engine", (), [])
    assert submitted == [("solve_job", 5), ("engine_job", 6)], submitted


def test_the_driver_keeps_proofs_in_the_store_not_in_memory(tmp_path):
    # Every settled node's proof is in the store before the driver merges it; the driver reads it from there
    # when a merge or a transposition needs it. Kept in memory, the proofs near the root held 2.4 GB in the
    # 6x6 driver (docs/cluster.md). A proof that cannot be read again ends the run with a StoreError.
    import pytest
    from loa.cluster.store import StoreError, line_key
    from loa.cluster.split_tree import claim_space
    run, outcome, said = split_solve(tmp_path, ["b1-b3"], 3)
    assert outcome["result"] == "loss" and any(line.startswith("merged ") for line in said), said
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"
    assert len(run.known) > 1 and not [line for line, record in run.known.items() if "proof" in record]
    child = next(line for line in run.known if line != run.root and line in run.parent)
    assert f'[Before "{" ".join(child)}"]' in run.proof_of(child)
    (tmp_path / "store" / (line_key(claim_space(FIVE, "black", False), list(child)) + ".proof.gz")).unlink()
    with pytest.raises(StoreError, match=f"the proof of {' '.join(child)}, kept in this run, cannot be read"):
        run.proof_of(child)


def test_a_runs_log_says_where_its_nodes_went(tmp_path):
    # loa.cluster stats reads the lines SplitSolve logs: a real run's, split once at least (4 MiB
    # jobs leave 5x5 after b1-b3 unknown), counts the same jobs and nodes as the run.
    script = run_stats_script()
    run, outcome, said = split_solve(tmp_path, ["b1-b3"], 3)
    assert outcome["result"] == "loss" and run.solved > 1, said
    out = script.stats(said, script.Positions(loa.Rules("five"), None))
    assert (out["jobs"], out["nodes"], out["refuted"]) == (run.solved, run.nodes_searched, run.refuted), out
    assert out["unknown_jobs"] >= 1 and out["splits"]["nodes"] >= 1, out
    # Transpositions, by hand: two lines to one 6x6 position, settled at the first; the second job's nodes are
    # what a store keyed by position would have saved.
    log = ["solved b1-b3 f2-d2 c1-c3: win or draw (100 nodes)", "solved c1-c3 f2-d2 b1-b3: win or draw (40 nodes)",
           "solved c1-c3 f2-d2: unknown (70 nodes)", "merged c1-c3 f2-d2: win or draw from 19 lines",
           "transposed c1-c3 f2-d2 b1-d3: win, the proof of b1-d3 f2-d2 c1-c3"]
    again = script.stats(log, script.Positions(loa.Rules("six"), None))["transpositions"]
    assert (again["settled_jobs"], again["settled_nodes"], again["positions"], again["lines"]) == (1, 40, 2, 3), again
    assert again["moved_proofs"] == 1, again
    (tmp_path / "bad.log").write_text("solved b1-b3 b1-b3: win (1 nodes)\n")
    bad = subprocess.run([sys.executable, "-m", "loa.cluster", "stats", "--rules", "six", str(tmp_path / "bad.log")], env=ENV,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "move 2 'b1-b3'" in bad.stderr, bad


def in_process_memory_limits():
    """Dask's settings for workers in this process: a worker's memory limit is what its jobs may take, but the
    worker would measure this whole process against it, and pause."""
    import dask
    return dask.config.set({"distributed.worker.memory.target": False, "distributed.worker.memory.spill": False,
                            "distributed.worker.memory.pause": False, "distributed.worker.memory.terminate": False})


def test_a_job_takes_no_more_memory_than_its_worker_holds(tmp_path):
    # A worker past 95% of its memory limit is restarted, and a job its workers died under three times ends the
    # run (KilledWorker): a recheck of 4 x 4,000 MiB on workers of 11.8 GiB did. A job on a worker of 2 GiB and
    # two threads gets 70% of its half, and says so; outside a worker, what it asks.
    from distributed import Client, LocalCluster
    from loa.cluster import jobs, split_solve as module
    threads = threading.active_count()
    with in_process_memory_limits(), LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                                  dashboard_address=":0", memory_limit="2GiB") as cluster, \
            Client(cluster) as client:
        answer = client.submit(jobs.solve_job, loa.Rules("five"), [], None, 100_000, nodes=20_000,
                               pure=False).result()
    assert_threads_end(threads)
    assert answer["memory_mb"] == int(2 * 1024 * jobs.WORKER_MEMORY_SHARE / 2), answer["memory_mb"]
    assert answer["nodes"] > 0
    assert jobs.solve_job(loa.Rules("five"), [], None, 4, nodes=20_000)["memory_mb"] == 4
    # A split solve's log says it once for each kind of job, and its jobs split the same way as with the memory.
    run, outcome, said = split_solve(tmp_path, ["b1-b3"], 3, memory_mb=100_000, time_s=None, nodes=150_000,
                                     worker_memory="2GiB")
    assert outcome["result"] == "loss" and run.solved > 1, said
    capped = [line for line in said if "MiB, not the" in line]
    assert capped == ["solve jobs get 1,433 MiB, not the 100,000 asked: a worker's memory limit "
                      "(loa.cluster.jobs.WORKER_MEMORY_SHARE)"], capped
    # A worker of an older loa does not say what it gave: the driver reads on (it stopped with a KeyError).
    from loa.cluster.store import ResultStore
    quiet = []
    old = module.SplitSolve(None, ResultStore(str(tmp_path / "old")), loa.Rules("five"), [], "black", time_s=1,
                            memory_mb=4, splits=1, engine_nodes=1, log=quiet.append)
    old.note_memory_cap("solve", {"result": "unknown", "nodes": 1})
    assert quiet == []


def test_a_proof_found_at_one_line_settles_the_others_at_its_position(tmp_path):
    # White cannot win after b1-b3 e3xb3, and its run gives up; on the way, 1 MiB jobs prove white's win at
    # nodes two lines reach. The store keys nodes by line: the proof is moved to the other line, checked there.
    # One worker runs the jobs in the order they were sent, so d1-d3 e2-c2 d3-d1's proof comes before b5xb3's
    # job refutes the node above it. With two, a loaded machine could finish b5xb3 first: the proof was then
    # dropped with its node, and the run had nothing to move (seen once in CI).
    from loa.cluster.store import ResultStore
    from loa.cluster.proof_paths import moved_proof
    from loa.cluster.split_tree import game_at
    run, outcome, said = split_solve(tmp_path, ["b1-b3", "e3xb3"], 3, choose=None, memory_mb=1, splits=8,
                                     prover="white", workers=1)
    # (Some are found inside the proof of another order's ancestor: "... the proof of OTHER inside ABOVE's".)
    moved = [re.match(r"transposed (.+): win, the proof of ([^']+?)(?: inside .+'s)?$", line) for line in said]
    moved = [(m.group(1).split(), m.group(2).split()) for m in moved if m]
    assert moved and run.transposed == len(moved), said
    rules, store = loa.Rules("five"), ResultStore(str(tmp_path / "store"))
    for line, other in moved:
        position = game_at(rules, line, None).position_text()
        assert line != other and position == game_at(rules, other, None).position_text()
        record = store.get(FIVE, line)
        assert record["transposed_from"] == other and f'[Before "{" ".join(line)}"]' in record["proof"]
        assert loa.verify_proof(record["proof"])["claims"] == "white wins"
        # Moved to a line where the other side is to move, the proof is refused (the checker's word).
        assert moved_proof(record["proof"], line[:-1]) is None


def test_a_proof_the_store_kept_at_one_line_settles_a_later_run_at_another(tmp_path):
    # Black wins after b1-b3 e2-e5 c1-c3 (one job of 54,181 nodes), and c1-c3 e2-e5 b1-b3 is the same position.
    # A later run in the store, from that other line, runs no solve job: the proof is read from the store by its
    # position, moved to the run's line and checked there. From the node above, whose job (of 1,000 nodes) is
    # left unknown, black's move is the one the store proves. (Lines a run's walk does not reach, such as a
    # given-up move's subtree, are kept by line and were never read again.)
    first, outcome, said = split_solve(tmp_path, ["b1-b3", "e2-e5", "c1-c3"], 3)
    assert outcome["result"] == "loss" and first.solved == 1, said
    for root, jobs in ((["c1-c3", "e2-e5", "b1-b3"], 0), (["c1-c3", "e2-e5"], 1)):
        store = tmp_path / root[-1] / "store"  # the first run's store, as it left it
        shutil.copytree(tmp_path / "store", store)
        run, outcome, said = split_solve(tmp_path / root[-1], root, 3, time_s=None, nodes=1000)
        assert said[0] == "store: 1 lines at 1 positions", said
        assert isinstance(outcome, dict) and run.solved == jobs and run.transposed == 1, said
        assert jobs == 0 or said[1].startswith("solved c1-c3 e2-e5: unknown"), said
        assert "transposed c1-c3 e2-e5 b1-b3: loss, the proof of b1-b3 e2-e5 c1-c3" in said, said
        assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"
        assert f'[Before "{" ".join(root)}"]' in outcome["proof"]


def test_a_proof_inside_a_stored_proof_settles_a_later_run_at_its_moves_in_another_order(tmp_path, monkeypatch):
    # Black wins after b1-b3 e2-e5 c1-c3 (one job). Its proof holds white's reply r and black's answer a, and
    # c1-c3 e2-e5 b1-b3 r a is the same position: the store has no line there (its index reads the lines it
    # holds, not those inside their proofs), but the proof below r a, moved and checked, is one of it. A later
    # run from there, in that store, runs no job. (A line of 6x6 this settles: c1-e3 f3-d5 b6-b4 f4xd6, inside
    # the proof of c1-e3 f4xd6.)
    from loa.cluster.store import ResultStore
    first, outcome, said = split_solve(tmp_path, ["b1-b3", "e2-e5", "c1-c3"], 3)
    assert outcome["result"] == "loss" and first.solved == 1, said
    r, a = re.search(r"^1 (\S+)\n2 (\S+)\n3 ", outcome["proof"], re.M).groups()
    root = ["c1-c3", "e2-e5", "b1-b3", r, a]
    shutil.copytree(tmp_path / "store", tmp_path / "later" / "store")
    from loa.cluster import split_solve as module
    above = ("b1-b3", "e2-e5", "c1-c3")
    proofs_read = []  # the lines whose record the run reads with its proof
    real_claim_record = module.claim_record

    def counted(*args, **kwargs):
        if kwargs.get("with_proof", True):
            proofs_read.append(tuple(args[2]))
        return real_claim_record(*args, **kwargs)

    monkeypatch.setattr(module, "claim_record", counted)
    run, outcome, said = split_solve(tmp_path / "later", root, 3, time_s=None, nodes=1000)
    assert isinstance(outcome, dict) and run.solved == 0 and run.transposed == 1, said
    assert proofs_read.count(above) == 1, proofs_read  # its first plies, then the proof below them (twice before)
    assert f"transposed {' '.join(root)}: loss, the proof of b1-b3 e2-e5 c1-c3 {r} {a} inside b1-b3 e2-e5 c1-c3's" \
        in said, said
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"
    assert f'[Before "{" ".join(root)}"]' in outcome["proof"]
    record = ResultStore(str(tmp_path / "later" / "store")).get(FIVE, root)
    assert record["inside"] == ["b1-b3", "e2-e5", "c1-c3"] and record["transposed_from"][3:] == [r, a], record
    # The stored proof's first plies were read once; asked again for any path, the run reads no proof, until the
    # record there changes.
    assert (r, a) in run.inside.first_plies[above][1] and (a, r) not in run.inside.first_plies[above][1]
    stored = real_claim_record(run.store, FIVE, list(above), "black", False, with_proof=False)
    proofs_read.clear()
    assert run.inside.paths_in_proof(above, stored) == (run.inside.first_plies[above][1], None) and proofs_read == []
    paths, full = run.inside.paths_in_proof(above, dict(stored, sha256="another"))
    assert (r, a) in paths and proofs_read == [above] and full["sha256"] == stored["sha256"]


def test_the_other_sides_win_inside_a_stored_proof_refutes_a_later_run_at_its_moves_in_another_order(tmp_path):
    # Black wins after b1-b3 e2-e5 c1-c3 (one job), and c1-c3 e2-e5 b1-b3 r a, a line inside its proof in
    # another order, has no line of the store at its position. A later run of white's "wins or draws" from there
    # is refuted without a job: the proof below r a, moved and checked, is black's win. (6x6: white's run spent 16
    # billion nodes at c1-e3 f3-d5 b6-b4 f4xd6, black's win inside the proof of c1-e3 f4xd6.)
    first, outcome, said = split_solve(tmp_path, ["b1-b3", "e2-e5", "c1-c3"], 3)
    assert outcome["result"] == "loss" and first.solved == 1, said
    r, a = re.search(r"^1 (\S+)\n2 (\S+)\n3 ", outcome["proof"], re.M).groups()
    root = ["c1-c3", "e2-e5", "b1-b3", r, a]
    shutil.copytree(tmp_path / "store", tmp_path / "later" / "store")
    run, outcome, said = split_solve(tmp_path / "later", root, 3, prover="white", or_draws=True, time_s=None,
                                     nodes=1000)
    assert isinstance(outcome, cluster_module().NotProven) and run.solved == 0, said
    assert f"takes {' '.join(root)}: refuted, the proof of b1-b3 e2-e5 c1-c3 {r} {a} inside b1-b3 e2-e5 c1-c3's " \
           "(loss)" in said, said
    # Black's own claim there takes the same proof as its win (the path that settled lines before).
    run, outcome, said = split_solve(tmp_path / "later", root, 3, time_s=None, nodes=1000)
    assert outcome["result"] == "loss" and run.solved == 0 and run.transposed == 1, said


def test_a_refutation_the_store_kept_at_one_line_refutes_a_later_run_at_another(tmp_path):
    # White cannot win after b1-b3 e2-e5 c1-c3: a run of white's win there ends refuted by its one job. A later
    # run of white's win from c1-c3 e2-e5, in that store, refutes black's reply b1-b3 (the same position) without
    # a job, and with it the root: one job in all, the root's, of 1,000 nodes.
    first, outcome, said = split_solve(tmp_path, ["b1-b3", "e2-e5", "c1-c3"], 3, prover="white")
    assert isinstance(outcome, cluster_module().NotProven) and first.solved == 1, said
    shutil.copytree(tmp_path / "store", tmp_path / "later" / "store")
    run, outcome, said = split_solve(tmp_path / "later", ["c1-c3", "e2-e5"], 3, prover="white", time_s=None,
                                     nodes=1000)
    assert isinstance(outcome, cluster_module().NotProven) and run.solved == 1, said
    assert "takes c1-c3 e2-e5 b1-b3: refuted at the line b1-b3 e2-e5 c1-c3" in said, said


def test_a_line_at_a_position_another_line_works_on_follows_it(tmp_path):
    # White cannot win after b1-b3 e2-c2, and its run gives up; on the way, with 2 MiB jobs, lines through
    # c1xa3 e4-c4 reach positions another line is working on. Such a line runs no job while it follows, and
    # ends as its leader does: refuted when it is refuted, proven by its proof moved. One worker: with two,
    # which line leads, and whether a leader is refuted while its follower waits, depends on which job ends
    # first (the Debug build's test once had no refuted follower).
    run, outcome, said = split_solve(tmp_path, ["b1-b3", "e2-c2"], 3, memory_mb=2, splits=8, prover="white",
                                     workers=1)
    assert isinstance(outcome, cluster_module().NotProven), outcome
    follows = [re.match(r"follows (.+): the line (.+) at its position$", line) for line in said]
    follows = [(m.group(1), m.group(2)) for m in follows if m]
    assert follows and run.followed == len(follows), said
    ends = {}  # line -> how it ended, in the order of the log
    for at, line in enumerate(said):
        end = re.match(r"(refuted|gave up|transposed|stops following) (.+?): (.*)$", line)
        if end:
            ends.setdefault(end.group(2), (end.group(1), end.group(3), at))
    jobs = [m.group(1) for m in re.finditer(r"^solved (.+): ", "\n".join(said), re.M)]
    taken = set()
    for line, leader in follows:
        if ends.get(line, ("",))[0] == "stops following":
            continue  # its leader dropped: it leads now, and runs jobs
        assert not [job for job in jobs if (job + " ").startswith(line + " ")], line
        if line in ends:
            kind, why, at = ends[line]
            if kind == "transposed":  # its leader was proven (by its job, a merge or another transposition)
                assert why.endswith(f"the proof of {leader}"), why
            else:
                assert ends[leader][0] == kind and ends[leader][2] < at, (line, ends[line], ends.get(leader))
            taken.add(kind)
    assert taken == {"refuted", "transposed"}, taken


def test_jobs_bounded_by_nodes_split_the_same_way_on_any_machine(tmp_path):
    # Jobs of 150,000 nodes (no time limit, a tree that fits: 64 MiB) leave b1-b3 (2.1 million nodes)
    # unknown and split it; a second run, in a store of its own, runs the same jobs to the same results.
    runs = [split_solve(tmp_path / name, ["b1-b3"], 3, memory_mb=64, time_s=None, nodes=150_000)
            for name in ("one", "two")]
    for run, outcome, said in runs:
        assert outcome["result"] == "loss" and run.solved > 1, (run.solved, said)
        assert loa.verify_proof(outcome["proof"])["claims"] == "black wins"
        jobs = [int(n.replace(",", "")) for n in re.findall(r"^solved .*\(([0-9,]+) nodes\)$", "\n".join(said), re.M)]
        assert len(jobs) == run.solved and max(jobs) < 150_000 + 10_000, jobs
    assert sorted(runs[0][2]) == sorted(runs[1][2])


def test_a_draw_is_each_sides_wins_or_draws(tmp_path):
    white, outcome, said = split_solve(tmp_path, DRAWN, 3, memory_mb=1, prover="white", or_draws=True)
    assert isinstance(outcome, dict) and outcome["result"] == "win or draw", (outcome, said)
    assert white.solved > 1 and said[-1] == f"merged {' '.join(DRAWN)}: win or draw from 1 lines", said
    assert loa.verify_proof(outcome["proof"])["claims"] == "white wins or draws"
    black, outcome, said = split_solve(tmp_path, DRAWN, 3, memory_mb=1, prover="black", or_draws=True)
    assert isinstance(outcome, dict) and outcome["result"] == "loss or draw", (outcome, said)
    assert loa.verify_proof(outcome["proof"])["claims"] == "black wins or draws"
    # Neither side's win holds: each run is refuted (the same store: the "wins or draws" results are kept
    # apart, and are not taken for either win's).
    for prover in ("white", "black"):
        run, outcome, said = split_solve(tmp_path, DRAWN, 3, memory_mb=1, prover=prover)
        assert isinstance(outcome, cluster_module().NotProven) and f"{prover} cannot win" in str(outcome), said
        assert run.solved >= 1, said


def test_a_win_in_the_store_settles_both_wins_or_draws(tmp_path):
    # 5x5 after b1-b3, split into jobs: black's win, then each side's "wins or draws" read from the store.
    won, outcome, said = split_solve(tmp_path, ["b1-b3"], 3)
    assert outcome["result"] == "loss" and won.solved > 1, (won.solved, said)
    black, outcome, said = split_solve(tmp_path, ["b1-b3"], 3, or_draws=True)
    assert black.solved == 0 and loa.verify_proof(outcome["proof"])["claims"] == "black wins", (outcome, said)
    white, outcome, said = split_solve(tmp_path, ["b1-b3"], 3, prover="white", or_draws=True)
    assert white.solved == 0 and str(outcome) == "b1-b3: white cannot hold a draw", (outcome, said)


def test_a_win_found_by_the_other_sides_wins_or_draws_settles_both_claims(tmp_path):
    # "White wins or draws" after b1-b3 asks whether black wins, in one job big enough to find that it does.
    # That win, kept in white's claim's space, settles black's two claims there with no job of their own.
    white, outcome, said = split_solve(tmp_path, ["b1-b3"], 3, prover="white", or_draws=True, memory_mb=64)
    assert white.solved == 1 and str(outcome) == "b1-b3: white cannot hold a draw", (outcome, said)
    for or_draws in (True, False):
        black, outcome, said = split_solve(tmp_path, ["b1-b3"], 3, or_draws=or_draws)
        assert black.solved == 0 and loa.verify_proof(outcome["proof"])["claims"] == "black wins", (outcome, said)
