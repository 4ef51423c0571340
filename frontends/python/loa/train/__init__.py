"""Training an evaluation: positions from self-play (``generate``, as ``loa datagen``) and reading them back
(``read_positions``, a numpy structured array of ``RECORD_DTYPE``; ``HEADER_BYTES`` before the first record).
docs/training.md has the file format and the guide."""
import os
import sys
import time
from typing import Any, Callable, Dict, Optional, Union

import numpy as np

from .. import Rules
from .._core import _TRAINING_DATA_VERSION, _generate_data

__all__ = ["generate", "read_header", "read_positions", "RECORD_DTYPE", "HEADER_BYTES"]

HEADER_BYTES = 128
_MAGIC = b"libloa positions"


# One record, 32 bytes, little-endian (docs/training.md).
RECORD_DTYPE = np.dtype([("black", "<u8"), ("white", "<u8"), ("score", "<i2"), ("result", "i1"), ("side", "u1"),
                         ("ply", "<u2"), ("move", "<u2"), ("game", "<u4"), ("index", "<u2"), ("count", "<u2")])


def _print_progress(p: Dict[str, Any]) -> None:
    made = p["games_done"] - p["games_resumed"]
    left = p["seconds"] / made * (p["games_total"] - p["games_done"]) if made else 0.0
    rate = p["positions"] / p["seconds"] if p["seconds"] else 0.0
    print(f"games {p['games_done']}/{p['games_total']}  positions {p['positions']}  {rate:.0f}/s  {left:.0f} s left",
          file=sys.stderr, flush=True)


def generate(path: Union[str, os.PathLike], rules: Union[Rules, str] = "olympiad", *, games: int = 1000,
             nodes: int = 5000, opening_plies: int = 8, max_plies: int = 300, seed: int = 1,
             threads: Optional[int] = None,
             progress: Union[bool, Callable[[Dict[str, Any]], None]] = False) -> Dict[str, Any]:
    """Adds to the positions file at ``path`` every game of ``0..games-1`` it does not hold yet (``loa datagen``):
    self-play at ``nodes`` nodes a move after ``opening_plies`` random plies, ``threads`` games at once (default:
    every core). A file made with other options is refused (ValueError naming the file and the difference).
    ``progress``: True prints a line to stderr every few seconds; a callable gets a dict after every game.
    Returns games_done, games_total, games_resumed, positions (written by this call) and seconds."""
    callback: Optional[Callable[[Dict[str, Any]], None]] = None
    if progress is True:
        last = [0.0]

        def callback(p: Dict[str, Any]) -> None:
            now = time.monotonic()
            if now - last[0] >= 5 or p["games_done"] == p["games_total"]:
                last[0] = now
                _print_progress(p)
    elif callable(progress):
        callback = progress
    elif progress is not False:
        raise TypeError(f"progress must be True, False or a callable, not {type(progress).__name__}")
    return _generate_data(rules, os.fspath(path), games=games, nodes=nodes, opening_plies=opening_plies,
                          max_plies=max_plies, seed=seed, threads=threads if threads is not None else
                          (os.cpu_count() or 1), progress=callback)


def read_header(path: Union[str, os.PathLike]) -> Dict[str, Any]:
    """The header of a positions file: version, board_size, opening_plies, max_plies, nodes, seed, rules_key,
    rules_name. ValueError naming the file for one that is not a positions file of this format version."""
    with open(path, "rb") as f:
        head = f.read(HEADER_BYTES)
    if len(head) < HEADER_BYTES or head[:16] != _MAGIC:
        raise ValueError(f"{os.fspath(path)}: not a libloa positions file")
    u32 = lambda at: int.from_bytes(head[at:at + 4], "little")
    u64 = lambda at: int.from_bytes(head[at:at + 8], "little")
    version = u32(16)
    if version != _TRAINING_DATA_VERSION:
        raise ValueError(f"{os.fspath(path)}: format version {version}, this build reads {_TRAINING_DATA_VERSION}")
    return {"version": version, "board_size": u32(24), "opening_plies": u32(28), "max_plies": u32(32),
            "nodes": u64(40), "seed": u64(48), "rules_key": u64(56),
            "rules_name": head[64:128].split(b"\0", 1)[0].decode("utf-8", "replace")}


def read_positions(path: Union[str, os.PathLike], complete_games: bool = True):
    """Every record of a positions file as a numpy structured array (fields: black, white, score, result, side,
    ply, move, game, index, count; RECORD_DTYPE). With ``complete_games``, an unfinished last game (a run killed
    mid-write) is left out, as ``generate`` would cut it off."""
    read_header(path)
    dtype = RECORD_DTYPE
    size = os.path.getsize(path) - HEADER_BYTES
    records = np.fromfile(path, dtype=dtype, count=size // dtype.itemsize, offset=HEADER_BYTES)
    if complete_games and len(records):
        last = np.flatnonzero(records["index"] == records["count"] - 1)
        records = records[:last[-1] + 1] if len(last) else records[:0]
    return records
