"""Solving and matches on many machines, on Dask (docs/cluster.md); its command line is
``python3 -m loa.cluster`` (solve, status, match, table, stats).

- ``SplitSolve``: a split solve's driver (a node left unknown is split, its children solved as jobs);
  ``NotProven`` when it ends without the claim.
- ``ResultStore``: the results of a run, on disk, so that a run resumes (``StoreError`` when it cannot be
  written).
- ``split_tree``: how far a run has got, read from its store.
- ``solve_job``, ``engine_job``, ``job_record``: what a worker runs.
- ``sharded_match``, ``match_job``: a match in shards, with an SPRT that stops it.
- ``main``: the command line, from code (``main(['status', ...])``).
- ``loa.cluster.table``: the value of every first move of a board, with proofs.
"""
from .jobs import engine_job, job_record, solve_job
from .match import match_job, sharded_match
from .split_solve import NotProven, SplitSolve
from .split_tree import split_tree
from .store import ResultStore, StoreError
from .cli import main  # noqa: E402 - the command line, last: it imports the rest

__all__ = ["NotProven", "ResultStore", "SplitSolve", "StoreError", "engine_job", "job_record", "main", "match_job",
           "sharded_match", "solve_job", "split_tree"]
