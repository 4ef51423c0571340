"""A split solve's jobs: what a Dask worker runs for split_solve.py (loa.cluster's names too). The jobs pickle by
reference, so every worker imports this module: it holds the jobs and what they need, nothing of the driver's.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from .. import Engine, Rules
from .._core import _solve_job
from .split_tree import game_at as _game, other_side


# The share of a Dask worker's memory limit (per thread) a solve job's tree may take. The nanny restarts a worker
# past 95% of its limit, and a task whose workers died three times ends the run (KilledWorker): a recheck of
# 4 x 4,000 MiB on workers of 11.8 GiB did (2026-11-28). A proof's building and the process itself need the rest.
WORKER_MEMORY_SHARE = 0.7


def worker_memory_mb() -> Optional[int]:
    """What one solve job's tree may take on the Dask worker running it (None outside a worker, or when the worker
    has no memory limit)."""
    try:
        from distributed import get_worker
        worker = get_worker()
    except (ImportError, ValueError):
        return None
    limit = worker.memory_manager.memory_limit
    if not limit:
        return None
    return max(1, int(limit * WORKER_MEMORY_SHARE / max(1, worker.state.nthreads) / 2**20))


def solve_job(rules: Rules, moves: List[str], time_s: Optional[float], memory_mb: int,
              prover: Optional[str] = None, position: Optional[str] = None, collect: bool = False,
              or_draws: bool = False, nodes: Optional[int] = None) -> Dict[str, Any]:
    """A worker's job: one solve of the node's position (`moves` from the rules' start, or from `position`
    text), with its proof when settled. With `prover`, the solve asks only whether that side wins (at the
    other side's turn, half the work of asking both). With `or_draws` too, it asks whether the prover wins
    or draws: whether the other side wins, its "no" kept as a proof, the result then "win or draw" (or
    "loss or draw") for the side to move. With `collect`, a full tree is folded and the job goes on until
    its budget is spent (docs/solver.md, "When the tree fills"). `nodes` bounds it too (or alone, with `time_s`
    None): the same result whatever the worker's speed or load. On a worker, `memory_mb` is capped at
    worker_memory_mb(); the answer's "memory_mb" is what the job was given."""
    game = _game(rules, moves, position)  # a game over after the line's last move is settled by its end
    asked = other_side(prover) if or_draws and prover else prover
    holds = worker_memory_mb()
    memory_mb = memory_mb if holds is None else min(memory_mb, holds)
    r = _solve_job(game, time_s=time_s, memory_mb=memory_mb, prover=asked, collect=collect, keep_disproof=or_draws,
                   nodes=nodes)
    out = {k: r.get(k) for k in ("result", "nodes", "time_ms", "longest_line", "proof", "cannot_win", "cannot_lose",
                                 "promising")}
    out["memory_mb"] = memory_mb
    if or_draws and out["result"] == "unknown" and (out["cannot_win"] or out["cannot_lose"]):
        out["result"] = "win or draw" if out["cannot_lose"] else "loss or draw"  # the other side cannot win
    return out


def job_record(answer: Dict[str, Any]) -> Dict[str, Any]:
    """What a store keeps of a solve job's answer (its proof is kept apart)."""
    return {k: answer[k] for k in ("result", "nodes", "time_ms", "cannot_win", "cannot_lose")}


def engine_job(rules: Rules, moves: List[str], nodes: int, exclude: Tuple[str, ...] = (),
               position: Optional[str] = None) -> str:
    """A worker's job: the engine's move at a node, not one of `exclude` (a node count, not a time: the same
    move every run)."""
    game = _game(rules, moves, position)
    return str(Engine(hash_mb=16).search(game, nodes=nodes, exclude=list(exclude))["best"])
