"""A match in shards on a Dask cluster, merged as `loa match-merge` merges them (docs/matches.md)."""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from .. import Rules
from .._core import _run_match, _sprt


def match_job(rules: Rules, first: str, second: str, pairs: int, seed: int, shard: int, shards: int,
              opening_plies: int) -> Dict[str, int]:
    """A worker's job: one shard of a match, as `loa match --shard` plays it."""
    return _run_match(rules, first, second, pairs=pairs, seed=seed, shard_index=shard, shard_count=shards,
                      opening_plies=opening_plies)


def sharded_match(client: Any, rules: Rules, first: str, second: str, pairs: int, shards: int, seed: int,
                  opening_plies: int, sprt: Optional[Tuple[float, float, float, float]] = None,
                  log=print) -> Dict[str, Any]:
    """Plays a match as `shards` jobs; with `sprt` (elo0, elo1, alpha, beta) stops once the test decides."""
    from distributed import as_completed
    futures = [client.submit(match_job, rules, first, second, pairs, seed, i, shards, opening_plies, pure=False)
               for i in range(shards)]
    totals = {"wins": 0, "losses": 0, "draws": 0, "shards": 0, "cancelled": 0, "decision": None}
    remaining = set(futures)
    for future in as_completed(futures):
        remaining.discard(future)
        result = future.result()
        for k in ("wins", "losses", "draws"):
            totals[k] += result[k]
        totals["shards"] += 1
        log(f"shard {totals['shards']} of {shards}: +{totals['wins']} -{totals['losses']} ={totals['draws']}")
        if sprt:
            test = _sprt(totals["wins"], totals["losses"], totals["draws"], *sprt)
            totals["llr"], totals["bounds"] = test["llr"], (test["lower"], test["upper"])
            if test["llr"] >= test["upper"] or test["llr"] <= test["lower"]:
                totals["decision"] = "H1" if test["llr"] >= test["upper"] else "H0"
                totals["cancelled"] = len(remaining)
                client.cancel(list(remaining))
                break
    return totals
