"""Environments for learning: ``BatchEnv`` (many games stepped at once in C++, with observation tensors and
action masks as numpy arrays) and ``loa.env.aec`` (one game with PettingZoo's AEC API, in pure Python).
docs/library.md has the guide."""
from .._core import BatchEnv

__all__ = ["BatchEnv"]
