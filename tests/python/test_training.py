"""loa.train: positions generated as `loa datagen` makes them, read back as numpy records, resumed where a run
stopped, and refused where the file is not what the call asks for."""
import os
import struct

import numpy as np
import pytest

import loa
import loa.train


def test_generate_read_and_resume(tmp_path):
    path = tmp_path / "six.bin"
    seen = []
    first = loa.train.generate(path, "six", games=np.int64(3), nodes=200, threads=2, progress=seen.append)
    assert first["games_done"] == 3 and first["games_resumed"] == 0
    assert [p["games_done"] for p in seen] == [1, 2, 3]
    records = loa.train.read_positions(path)
    assert len(records) == first["positions"] > 0
    assert sorted(set(records["game"].tolist())) == [0, 1, 2]
    header = loa.train.read_header(path)
    assert header["rules_name"] == "six" and header["nodes"] == 200 and header["board_size"] == 6
    # Every record's position has 6x6 pieces only, the engine's move starts on a piece of the side to move.
    board = sum(1 << (f + 8 * r) for f in range(6) for r in range(6))
    assert np.all((records["black"] & ~np.uint64(board)) == 0)
    movers = np.where(records["side"] == 0, records["black"], records["white"])
    origins = (records["move"] & 63).astype(np.uint64)
    assert np.all((movers >> origins) & np.uint64(1) == 1)
    # Killed mid-write: read_positions leaves the unfinished game out, and generate plays it again.
    with open(path, "ab") as f:
        f.write(records[:2].tobytes()[:40])
    os.truncate(path, os.path.getsize(path) - 64)
    cut = loa.train.read_positions(path)
    assert len(cut) < len(records) and cut[-1]["index"] == cut[-1]["count"] - 1
    again = loa.train.generate(path, "six", games=4, nodes=200, threads=1)
    assert again["games_resumed"] == 2 and again["games_done"] == 4
    whole = loa.train.read_positions(path)
    assert sorted(set(whole["game"].tolist())) == [0, 1, 2, 3]


def test_refusals(tmp_path):
    path = tmp_path / "p.bin"
    loa.train.generate(path, "five", games=1, nodes=100)
    with pytest.raises(ValueError, match="made with 100 nodes a move, not 101"):
        loa.train.generate(path, "five", games=1, nodes=101)
    with pytest.raises(ValueError, match="made under rules 'five', not these 'six'"):
        loa.train.generate(path, "six", games=1, nodes=100)
    with pytest.raises(ValueError, match="games must lie in 1"):
        loa.train.generate(path, "five", games=0, nodes=100)
    with pytest.raises(TypeError, match="games"):
        loa.train.generate(path, "five", games=1.5, nodes=100)
    with pytest.raises(TypeError, match="progress must be"):
        loa.train.generate(path, "five", games=1, nodes=100, progress="yes")
    other = tmp_path / "other.bin"
    other.write_bytes(b"x" * 200)
    with pytest.raises(ValueError, match="other.bin: not a libloa positions file"):
        loa.train.read_positions(other)
    newer = tmp_path / "newer.bin"
    data = bytearray(path.read_bytes())
    data[16:20] = struct.pack("<I", 2)
    newer.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="format version 2, this build reads 1"):
        loa.train.read_positions(newer)


def test_an_exception_in_progress_stops_the_run(tmp_path):
    def fail(p):
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        loa.train.generate(tmp_path / "p.bin", "five", games=50, nodes=100, threads=2, progress=fail)
    # The run stopped after the games in progress, and what it wrote is whole games.
    records = loa.train.read_positions(tmp_path / "p.bin", complete_games=False)
    assert 1 <= len(set(records["game"].tolist())) < 50
    assert records[-1]["index"] == records[-1]["count"] - 1


@pytest.fixture(scope="module")
def tiny_net(tmp_path_factory):
    """A network trained end to end on a few self-play games (seconds): the data, the float net, its file."""
    from loa.train import nnue
    folder = tmp_path_factory.mktemp("net")
    data = folder / "olympiad.bin"
    loa.train.generate(data, "olympiad", games=60, nodes=200, threads=2)
    result = nnue.fit(data, folder / "tiny.nnue", hidden=16, epochs=3, batch=512, seed=3, curves=folder / "loss.svg")
    return data, result, folder / "tiny.nnue", folder


def test_the_trainer_runs_end_to_end_and_is_reproducible(tiny_net):
    from loa.train import nnue
    data, result, path, folder = tiny_net
    assert len(result["train"]) == len(result["validation"]) == 3
    assert all(np.isfinite(result["train"])) and result["train"][-1] < result["train"][0]
    svg = (folder / "loss.svg").read_text()
    assert svg.startswith("<svg") and svg.count("<polyline") == 2
    header = nnue.read_network(path)
    assert header["hidden"] == 16 and header["board_size"] == 8 and header["scale"] == result["scale"]
    again = nnue.fit(data, folder / "again.nnue", hidden=16, epochs=3, batch=512, seed=3)
    assert (folder / "again.nnue").read_bytes() == path.read_bytes()
    assert again["validation"] == result["validation"]


def test_the_quantised_net_equals_the_float_one_within_the_bound(tiny_net):
    from loa.train import nnue
    data, result, path, folder = tiny_net
    net = result["net"]
    records = loa.train.read_positions(data)
    more = folder / "more.bin"
    loa.train.generate(more, "olympiad", games=40, nodes=100, seed=9, threads=2)
    records = np.concatenate([records, loa.train.read_positions(more)])
    assert len(records) >= 2000
    engine = loa.Engine(net=path)
    assert engine.net == header_description(path)
    quantised = np.array([engine.evaluate(loa.Game.from_position(
        "olympiad", nnue.position_text(int(r["black"]), int(r["white"]), int(r["side"]), 8))) for r in records])
    exact = net.evaluate(records["black"], records["white"], records["side"])
    bound = nnue.quantisation_bound(net, records["black"], records["white"], records["side"])
    assert np.all(np.abs(quantised - exact) <= bound), np.max(np.abs(quantised - exact) - bound)
    # In practice the roundings mostly cancel: a few evaluation units at most.
    assert np.max(np.abs(quantised - exact)) < 0.2 * result["scale"], np.max(np.abs(quantised - exact))
    # And the evaluation is the network's, not the hand-written one's.
    classic = np.array([loa.Engine(net="classic").evaluate(loa.Game.from_position(
        "olympiad", nnue.position_text(int(r["black"]), int(r["white"]), int(r["side"]), 8))) for r in records[:200]])
    assert np.mean(quantised[:200] != classic) > 0.5


def header_description(path):
    from loa.train import nnue
    return nnue.read_network(path)["description"]


def test_bad_network_files_are_refused(tiny_net, tmp_path):
    _, _, path, _ = tiny_net
    good = path.read_bytes()
    with pytest.raises(ValueError, match="not a libloa network file"):
        loa.Engine(net=b"hello")
    damaged = bytearray(good)
    damaged[300] ^= 1
    with pytest.raises(ValueError, match="the checksum does not match"):
        loa.Engine(net=bytes(damaged))
    newer = bytearray(good)
    newer[16] = 2
    with pytest.raises(ValueError, match="format version 2, this build reads 1"):
        loa.Engine(net=bytes(newer))
    with pytest.raises(ValueError, match="nothing.nnue: cannot be read"):
        loa.Engine(net=tmp_path / "nothing.nnue")
    with pytest.raises(TypeError, match="net must be a path"):
        loa.Engine(net=5)
    engine = loa.Engine(net=path)
    engine.net = None
    assert engine.net is None and engine.evaluate(loa.Game()) == loa.Engine(net="classic").evaluate(loa.Game())
    # The default is the built-in network, named by its description.
    assert loa.Engine().net and loa.Engine().evaluate(loa.Game()) != engine.evaluate(loa.Game())
    # A 6x6 game under an 8x8 network: the hand-written evaluation.
    engine.net = path
    assert engine.evaluate(loa.Game("six")) == loa.Engine(net=None).evaluate(loa.Game("six"))


def test_the_command_line_refuses_bad_input_in_one_line(tmp_path):
    import subprocess
    import sys
    env = dict(os.environ)
    for args in (["fit", str(tmp_path / "none.bin"), "-o", str(tmp_path / "n.nnue")],
                 ["fit", str(tmp_path / "none.bin"), "-o", str(tmp_path / "n.nnue"), "--hidden", "0"],
                 ["generate", str(tmp_path / "p.bin"), "--games", "0"]):
        run = subprocess.run([sys.executable, "-m", "loa.train", *args], capture_output=True, text=True, env=env)
        assert run.returncode == 2 and run.stdout == "" and len(run.stderr.strip().splitlines()) == 1, (args, run)
