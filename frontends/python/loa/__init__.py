"""libloa: Lines of Action and its contest variants, from Python.

Rules as data (``Rules``), games (``Game``, with OpenSpiel's ``State``
methods: integer actions, returns, observation tensors), the search engine
(``Engine``), the proof-number solver (``solve``, ``verify_proof``,
``read_proof``). Beside this face: ``loa.env`` (many games stepped at once,
``BatchEnv``, and a PettingZoo-style environment, ``loa.env.aec``) and
``loa.cluster`` (solving and matches on many machines, on Dask).
docs/library.md has the guide.
"""
from ._core import Engine, Game, Move, Rules, __version__, solve
from ._proofs import read_proof, verify_proof

__all__ = ["Engine", "Game", "Move", "Rules", "__version__", "read_proof", "solve", "verify_proof"]



def __getattr__(name: str):
    # The learning environments have a subpackage of their own: say where BatchEnv went, not just that it is gone.
    if name == "BatchEnv":
        raise AttributeError("module 'loa' has no attribute 'BatchEnv': it is loa.env.BatchEnv")
    raise AttributeError(f"module 'loa' has no attribute {name!r}")
