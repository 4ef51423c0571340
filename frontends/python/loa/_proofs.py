"""Proofs as users hand them over: their text, a path to a file (plain or gzip), or bytes."""
from __future__ import annotations

import gzip
import os
from typing import Union

from ._core import _verify_proof_text

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
