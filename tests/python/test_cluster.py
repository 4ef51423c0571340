"""loa.cluster on a real Dask cluster: a scheduler and two worker processes on 127.0.0.1 (issue 29).

Faults: a worker killed with SIGKILL in the middle of a split solve; the driver killed and started again
(it resumes from the store and solves no settled node again); results in the store truncated or altered
(detected, solved again, never merged); a job whose worker dies three times; bad input of every kind.
Positions are small (5x5 with jobs of a few milliseconds, so that a solve splits into dozens of jobs).
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys

import pytest

import loa
from cluster_support import DRAWN, ENV

FIVE = ["--rules", "five", "--time", "0.01", "--memory", "32"]  # about 50 jobs from the start


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_worker(address, *options):
    return subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                             "--host", "127.0.0.1", "--no-dashboard", *options], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def cluster():
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", str(port), "--no-dashboard"], env=ENV, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
    workers = [start_worker(address, "--no-nanny") for _ in range(2)]
    from distributed import Client
    with Client(address, timeout=30) as client:
        client.wait_for_workers(2, timeout=60)
    state = {"address": address, "workers": workers}
    yield state
    for p in state["workers"] + [scheduler]:
        p.kill()
        p.wait()


def read_until(run, word, count):
    """What a running driver printed until `count` lines starting with `word` (it is under way)."""
    seen = ""
    while seen.count("\n" + word) < count:
        line = run.stdout.readline()
        assert line, seen
        seen += "\n" + line
    return seen


def kill_a_worker(cluster):
    """SIGKILLs one of the two workers, and starts another for the tests after."""
    victim = cluster["workers"].pop(0)
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    cluster["workers"].append(start_worker(cluster["address"], "--no-nanny"))


def driver(store, *options, wait=True):
    command = [sys.executable, "-m", "loa.cluster", "solve", "--store", str(store), *options]
    if not wait:
        return subprocess.Popen(command, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return subprocess.run(command, env=ENV, capture_output=True, text=True, timeout=600)


def read_status(store, *options):
    """`loa.cluster status` of a 5x5 store (loa/cluster/split_tree.py; test_split_tree.py tests it on its own)."""
    return subprocess.run([sys.executable, "-m", "loa.cluster", "status", "--rules", "five", "--store", str(store),
                           *options], env=ENV, capture_output=True, text=True, timeout=600)


def solved_lines(output):
    return set(re.findall(r"^solved (.*): ", output, re.M))


def test_a_split_solve_proves_five_and_its_proof_verifies(cluster, tmp_path):
    r = driver(tmp_path / "store", *FIVE, "--scheduler", cluster["address"], "--proof", str(tmp_path / "p"))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "black wins: proven" in r.stdout
    assert len(solved_lines(r.stdout)) > 10, "the solve did not split"
    assert loa.verify_proof(str(tmp_path / "p"))["claims"] == "black wins"
    # The same proof `loa solve --merge` would write: one section, checked by the library's checker.
    again = driver(tmp_path / "store", *FIVE, "--scheduler", cluster["address"])
    assert again.returncode == 0 and "0 solved in this run, 1 results from the store" in again.stdout
    # Its store, read: the start proven (the walk stops at a settled node).
    status = read_status(tmp_path / "store")
    assert status.returncode == 0 and status.stdout.startswith("(start): black wins (proven, "), status.stdout
    # The store is keyed by the rules' content, not their name: a variant named five that ends after six plies
    # takes nothing from it (it once said "black wins: proven", exit 0, and wrote a proof of the preset's game).
    (tmp_path / "v.ini").write_text("[five : five]\nply_limit = 6\n")
    other = driver(tmp_path / "store", "--rules", f"{tmp_path / 'v.ini'}:five", "--workers", "1", "--time", "10",
                   "--proof", str(tmp_path / "v.proof"))
    assert other.returncode == 1 and "black wins: proven" not in other.stdout, other.stdout + other.stderr
    assert "not proven" in other.stdout, other.stdout
    assert not (tmp_path / "v.proof").exists()


def test_a_split_solve_from_a_position(cluster, tmp_path):
    # 5x5 after b1-b3 given as position text (white to move): black's win, proven from there, with the
    # position as the proof's Start; the store keeps its nodes apart from the same line from the start.
    after_b1b3 = "1bbb1/w3w/wb2w/w3w/2bb1 w 1 0 0"
    r = driver(tmp_path / "store", *FIVE, "--position", after_b1b3, "--prover", "black", "--scheduler",
               cluster["address"], "--proof", str(tmp_path / "p"))
    assert r.returncode == 0 and "black wins: proven" in r.stdout, r.stdout + r.stderr
    proof = loa.read_proof(str(tmp_path / "p"))
    assert f'[Start "{after_b1b3}"]' in proof and "[Before" not in proof
    assert loa.verify_proof(proof)["claims"] == "black wins"
    # The start, in the same store: none of the position's results is taken for its own (the same lines).
    from_start = driver(tmp_path / "store", *FIVE, "--scheduler", cluster["address"])
    assert from_start.returncode == 0 and ", 0 results from the store" in from_start.stdout, from_start.stdout
    # Its store read from the position (its own nodes; the root is named as what it is).
    status = read_status(tmp_path / "store", "--position", after_b1b3)
    assert status.returncode == 0 and status.stdout.startswith("(position): black wins (proven, "), status.stdout


def test_a_drawn_position_split_on_the_cluster(cluster, tmp_path):
    # python3 -m loa.cluster solve --or-draws, and its tree read by status --or-draws.
    drawn = ["--rules", "five", "--time", "60", "--memory", "1", "--moves", " ".join(DRAWN), "--or-draws"]
    r = driver(tmp_path / "store", *drawn, "--scheduler", cluster["address"], "--proof", str(tmp_path / "p"))
    assert r.returncode == 0 and "white wins or draws: proven" in r.stdout, r.stdout + r.stderr
    assert len(solved_lines(r.stdout)) > 1, "the solve did not split"
    assert loa.verify_proof(str(tmp_path / "p"))["claims"] == "white wins or draws"
    status = read_status(tmp_path / "store", "--moves", " ".join(DRAWN), "--or-draws")
    assert status.returncode == 0 and status.stdout.startswith(f"{' '.join(DRAWN)}: white wins or draws (proven"), \
        status.stdout + status.stderr
    # Without --or-draws, the same store holds no result of the win's run.
    status = read_status(tmp_path / "store", "--moves", " ".join(DRAWN))
    assert status.returncode == 0 and status.stdout.startswith(f"{' '.join(DRAWN)}: not run"), status.stdout


def test_a_worker_killed_in_the_middle(cluster, tmp_path):
    run = driver(tmp_path / "store", *FIVE, "--scheduler", cluster["address"], "--proof", str(tmp_path / "p"),
                 wait=False)
    seen = read_until(run, "solved ", 5)
    kill_a_worker(cluster)
    out, _ = run.communicate(timeout=600)
    assert run.returncode == 0, seen + out
    assert "black wins: proven" in out
    assert loa.verify_proof(str(tmp_path / "p"))["claims"] == "black wins"


def test_the_driver_killed_resumes_and_damaged_results_are_solved_again(cluster, tmp_path):
    store = tmp_path / "store"
    run = driver(store, *FIVE, "--scheduler", cluster["address"], wait=False)

    def records():  # the store's results: file name -> record
        found = {}
        for name in sorted(os.listdir(store) if store.exists() else []):
            if name.endswith(".json") and not name.startswith("."):
                with open(store / name) as f:
                    found[name[:-len(".json")]] = json.load(f)
        return found

    def solved_and_proven():  # leaves solved by a job, with a proof, whose parent is not merged yet
        found = records()
        merged = {tuple(r["moves"]) for r in found.values() if r.get("result") != "unknown"}
        return [key for key, r in found.items()
                if r.get("has_proof") and "merged" not in r and tuple(r["moves"][:-1]) not in merged]

    seen = ""
    while len(solved_and_proven()) < 2:  # under way, with results to damage (a Debug build settles fewer)
        line = run.stdout.readline()
        assert line and "black wins: proven" not in line, seen
        seen += "\n" + line
    run.kill()
    run.wait()
    before = {" ".join(r["moves"]) for r in records().values()}  # every node with a result at the kill
    settled = solved_and_proven()
    damaged = {" ".join(records()[key]["moves"]) for key in settled[:2]}
    # Damage two settled results: one record truncated, one proof altered.
    with open(store / (settled[0] + ".json"), "r+b") as f:
        f.truncate(20)
    with open(store / (settled[1] + ".proof.gz"), "r+b") as f:
        data = bytearray(f.read())
        data[len(data) // 2] ^= 0xFF
        f.seek(0)
        f.write(data)
    again = driver(store, *FIVE, "--scheduler", cluster["address"], "--proof", str(tmp_path / "p"))
    assert again.returncode == 0, again.stdout + again.stderr
    # Settled again: by a job, or by the proof of another line at its position (a 5x5 tree transposes often).
    redone = (solved_lines(again.stdout) | set(re.findall(r"^transposed (.*?): ", again.stdout, re.M))) & before
    assert redone == damaged, f"settled again: {sorted(redone)} (only the two damaged, {sorted(damaged)}, may be)"
    assert again.stderr.count("is damaged") == 2, again.stderr
    assert re.search(r"2 damaged and solved again", again.stdout)
    assert loa.verify_proof(str(tmp_path / "p"))["claims"] == "black wins"


def test_a_job_whose_worker_dies_three_times(cluster, tmp_path):
    """A worker whose nanny kills it past 100 MB, and a job that needs more: after three deaths, one line."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", str(port), "--no-dashboard"], env=ENV, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
    worker = start_worker(address, "--memory-limit", "150MB")
    try:
        r = driver(tmp_path / "store", "--rules", "six", "--time", "120", "--memory", "2000", "--scheduler", address,
                   "--connect-timeout", "30")
        assert r.returncode == 3, r.stdout + r.stderr
        assert r.stderr.count("\n") == 1 and "died" in r.stderr, r.stderr
        assert not [n for n in os.listdir(tmp_path / "store") if n.startswith(".tmp-")], "half-written files"
    finally:
        worker.kill()
        scheduler.kill()
        worker.wait()
        scheduler.wait()


@pytest.mark.parametrize("options, code, message", [
    (["--rules", "chess"], 2, "chess"),
    (["--rules", "five", "--moves", "b1-b9"], 2, "b1-b9"),
    (["--rules", "five", "--position", "1bbb1/w3w/wb2w/w3w"], 2, "position text"),
    (["--rules", "five", "--position", "5/5/5/5/5 b"], 2, "position"),
    (["--rules", "five", "--scheduler", "tcp://127.0.0.1:9", "--connect-timeout", "2"], 3, "no scheduler"),
    (["--rules", "five", "--nodes", "0"], 2, "--nodes must be at least 1"),
    (["--rules", "five", "--time", "0"], 2, "--time must be at least 0.001"),
    (["--rules", "five", "--recheck", "1"], 2, "--recheck must be more than 1"),
    # Each of these once hung, ran on, or was found only after the solve (issue 81, point 3).
    (["--rules", "five", "--workers", "0"], 2, "--workers must be at least 1"),
    (["--rules", "five", "--workers", "-1"], 2, "--workers must be at least 1"),
    (["--rules", "five", "--scheduler", ""], 2, "--scheduler needs an address"),
])
def test_bad_input(tmp_path, options, code, message):
    r = driver(tmp_path / "store", *options)
    assert r.returncode == code, r.stdout + r.stderr
    assert message in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_a_python_without_dask(tmp_path):
    # As a python3 on PATH other than Debian's (pyenv's, say) would be: importing distributed fails.
    code = ("import sys; sys.modules['distributed'] = None; from loa.cluster import main; "
            f"sys.exit(main(['solve', '--rules', 'five', '--store', {str(tmp_path / 'store')!r}]))")
    r = subprocess.run([sys.executable, "-c", code], env=ENV, capture_output=True, text=True, timeout=600)
    assert r.returncode == 3 and "no Dask in this Python" in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert not (tmp_path / "store").exists() or not any((tmp_path / "store").iterdir())


def test_a_proof_that_cannot_be_written(tmp_path):
    r = driver(tmp_path / "store", "--rules", "five", "--workers", "1", "--time", "1", "--proof",
               str(tmp_path / "no" / "such" / "dir" / "p"), "-q")
    # Found before the solve (it was found only once the proof was to be written): one line, no cluster started.
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "cannot be written" in r.stderr, r.stderr
    assert "solved" not in r.stdout, r.stdout


def test_a_store_that_cannot_be_written(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    r = driver(blocker / "store", "--rules", "five")
    assert r.returncode == 2 and "cannot be written" in r.stderr and r.stderr.count("\n") == 1, r.stderr


def match(*options, wait=True):
    command = [sys.executable, "-m", "loa.cluster", "match", *options]
    if not wait:
        return subprocess.Popen(command, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return subprocess.run(command, env=ENV, capture_output=True, text=True, timeout=600)


MATCH = ["--rules", "five", "--first", "engine:nodes=3000", "--second", "engine:nodes=1000", "--pairs", "30",
         "--shards", "15", "--seed", "7"]


def totals(output):
    m = re.search(r"(\d+) games, \+(\d+) -(\d+) =(\d+)", output)
    assert m, output
    return tuple(int(x) for x in m.groups())


def test_a_match_in_shards_with_a_worker_killed_counts_every_game_once(cluster):
    from loa._core import _run_match
    whole = _run_match("five", "engine:nodes=3000", "engine:nodes=1000", pairs=30, seed=7)
    run = match(*MATCH, "--scheduler", cluster["address"], wait=False)
    seen = read_until(run, "shard ", 3)
    kill_a_worker(cluster)
    out, _ = run.communicate(timeout=600)
    assert run.returncode == 0, seen + out
    assert totals(out) == (60, whole["wins"], whole["losses"], whole["draws"]), out
    assert "15 of 15 shards played" in out


def test_a_match_stops_when_the_sprt_decides(cluster):
    r = match("--rules", "five", "--first", "engine:nodes=2000", "--second", "random", "--pairs", "60", "--shards",
              "30", "--sprt", "0", "50", "--scheduler", cluster["address"])
    assert r.returncode == 0, r.stdout + r.stderr
    assert "H1 accepted" in r.stdout
    cancelled = int(re.search(r"(\d+) shards cancelled", r.stdout).group(1))
    played = int(re.search(r"(\d+) of 30 shards played", r.stdout).group(1))
    assert cancelled > 0 and played + cancelled == 30 and totals(r.stdout)[0] == 4 * played, r.stdout


@pytest.mark.parametrize("options, message", [
    (["--pairs", "0"], "--pairs must be at least 1"),
    (["--pairs", "-10", "--shards", "1"], "--pairs must be at least 1"),
    (["--shards", "0"], "--shards must be at least 1"),
    (["--sprt", "10", "0"], "needs ELO0 below ELO1"),
    (["--sprt", "0", "10", "--alpha", "0"], "--alpha must lie between 0 and 0.5"),
    (["--beta", "0.7"], "--beta must lie between 0 and 0.5"),
    (["--workers", "0"], "--workers must be at least 1"),
    (["--scheduler", ""], "--scheduler needs an address"),
])
def test_a_match_refuses_bad_counts_before_it_starts(options, message):
    # "0 of -10 shards played", exit 0, once; each is now one line and exit 2, before any cluster starts.
    r = match("--rules", "five", "--first", "random", "--second", "random", *options)
    assert r.returncode == 2 and message in r.stderr and r.stderr.count("\n") == 1, r.stdout + r.stderr


def test_a_match_refuses_a_bad_player(tmp_path):
    r = match("--rules", "five", "--first", "nosuchplayer", "--second", "random", "--workers", "1")
    assert r.returncode == 2 and "nosuchplayer" in r.stderr and r.stderr.count("\n") == 1, r.stderr


def datagen(*options):
    return subprocess.run([sys.executable, "-m", "loa.cluster", "datagen", *options], env=ENV, capture_output=True,
                          text=True, timeout=600)


def test_training_positions_on_a_cluster_are_loa_datagens_and_resume(cluster, tmp_path):
    import numpy as np
    import loa.train
    options = ["--rules", "six", "--nodes", "300", "--seed", "4"]
    alone = tmp_path / "alone.bin"
    loa.train.generate(alone, "six", games=24, nodes=300, seed=4, threads=2)
    spread = tmp_path / "spread.bin"
    r = datagen(str(spread), *options, "--games", "12", "--chunk", "5", "--scheduler", cluster["address"])
    assert r.returncode == 0, r.stdout + r.stderr
    assert "12 games (0 there before)" in r.stdout and "by 3 jobs" in r.stdout, r.stdout
    # A cut file and more games: the cluster goes on where it stopped, and loa datagen could too.
    with open(spread, "ab") as f:
        f.write(b"\0" * 45)
    r = datagen(str(spread), *options, "--games", "24", "--chunk", "5", "--scheduler", cluster["address"])
    assert r.returncode == 0 and "24 games (12 there before)" in r.stdout, r.stdout + r.stderr
    by_game = lambda records: sorted(records.tolist(), key=lambda t: (t[7], t[8]))
    assert by_game(loa.train.read_positions(spread)) == by_game(loa.train.read_positions(alone))
    assert loa.train.generate(spread, "six", games=24, nodes=300, seed=4)["positions"] == 0
    # Other options are refused before any job, in one line.
    r = datagen(str(spread), "--rules", "six", "--nodes", "301", "--seed", "4", "--scheduler", cluster["address"])
    assert r.returncode == 2 and "made with 300 nodes a move, not 301" in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1
    r = datagen(str(tmp_path / "x.bin"), "--games", "0", "--workers", "1")
    assert r.returncode == 2 and "--games must be at least 1" in r.stderr and r.stderr.count("\n") == 1, r.stderr
