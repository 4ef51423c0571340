"""Training positions (docs/training.md) made on a Dask cluster: workers play games by index, the driver
appends each game's records to one file as they come back. The file is the one `loa datagen` makes with the
same options, and either can go on where the other stopped."""
from __future__ import annotations

import os
from typing import Any, Dict, List

from .. import Rules
from .._core import _generate_games, _open_training_file


def games_job(rules: Rules, indices: List[int], nodes: int, opening_plies: int, max_plies: int,
              seed: int) -> bytes:
    """A worker's job: the records of games `indices`."""
    return _generate_games(rules, indices, nodes=nodes, opening_plies=opening_plies, max_plies=max_plies,
                           seed=seed)


def cluster_datagen(client: Any, path: str, rules: Rules, games: int, nodes: int, opening_plies: int,
                    max_plies: int, seed: int, chunk: int, log=print) -> Dict[str, Any]:
    """Adds to `path` the games of 0..games-1 it does not hold, in jobs of `chunk` games. Each job's records are
    whole games, appended in one write and flushed: a driver killed mid-run loses at most the jobs in flight."""
    from distributed import as_completed
    held = set(_open_training_file(rules, path, nodes=nodes, opening_plies=opening_plies, max_plies=max_plies,
                                   seed=seed))
    todo = [i for i in range(games) if i not in held]
    jobs = [todo[k:k + chunk] for k in range(0, len(todo), chunk)]
    futures = [client.submit(games_job, rules, job, nodes, opening_plies, max_plies, seed, pure=False)
               for job in jobs]
    written = {"games_resumed": len(held & set(range(games))), "games_done": len(held & set(range(games))),
               "positions": 0, "jobs": len(jobs)}
    job_of = dict(zip(futures, jobs))
    with open(path, "ab") as out:
        for done, future in enumerate(as_completed(futures), 1):
            data = future.result()
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
            written["positions"] += len(data) // 32
            written["games_done"] += len(job_of[future])
            log(f"job {done} of {len(jobs)}: games {written['games_done']}/{games}, positions {written['positions']}")
    return written
