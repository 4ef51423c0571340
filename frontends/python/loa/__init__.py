"""libloa: Lines of Action and its contest variants, from Python.

Rules as data (``Rules``), games (``Game``, with OpenSpiel's ``State``
methods: integer actions, returns, observation tensors), the search engine
(``Engine``), the proof-number solver (``solve``, ``verify_proof``), many
games stepped at once (``BatchEnv``) and a PettingZoo-style environment
(``loa.aec``). docs/library.md has the guide.
"""
from __future__ import annotations

import gzip
import os
from typing import Union

from ._core import BatchEnv, Engine, Game, Move, Rules, __version__, solve
from ._core import _verify_proof_text

__all__ = ["BatchEnv", "Engine", "Game", "Move", "Rules", "__version__", "read_proof", "solve", "verify_proof"]

ProofSource = Union[str, bytes, "os.PathLike[str]"]


def read_proof(source: ProofSource) -> str:
    """The text of a proof given as its text, a path to a file (plain or gzip), or bytes (plain or gzip)."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "[" not in source and "\n" not in source):
        path = os.fspath(source)
        if not os.path.exists(path):
            raise ValueError(f"no proof file {path!r} (give the proof's text, a path, or bytes)")
        with open(path, "rb") as f:
            source = f.read()
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
        if data[:2] == b"\x1f\x8b":
            try:
                data = gzip.decompress(data)
            except (OSError, EOFError) as e:
                raise ValueError(f"the gzip proof cannot be read: {e}") from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("the proof is neither text nor gzip'd text") from None
    if isinstance(source, str):
        return source
    raise TypeError(f"a proof is given as text, a path or bytes, not {type(source).__name__}")


def verify_proof(source: ProofSource) -> dict:
    """Checks a proof (loa solve --proof, or solve(proof=True)) with the plain move generator.

    The proof is its text, a path (plain or gzip) or bytes (plain or gzip).
    Returns claims, sections, moves and first_move (the claimant's move at its first turn: at the proved
    position itself when the claimant is to move there), or raises ValueError saying where it fails.
    """
    return _verify_proof_text(read_proof(source))


def _use_proofs(self: Engine, source: ProofSource) -> int:
    """Plays a proof's wins without searching (solve(proof=True), loa solve --proof; compact or not).

    The proof is its text, a path (plain or gzip) or bytes (plain or gzip).
    Returns the positions it knows; ValueError if the proof does not verify.
    """
    return self._use_proof_text(read_proof(source))


setattr(Engine, "use_proofs", _use_proofs)
