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
