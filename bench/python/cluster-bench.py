#!/usr/bin/env python3
"""What Dask costs and gives a split solve (a script, not a test; figures in docs/benchmarks.md).

1. Overhead: N jobs that do nothing, through a local cluster of W workers: milliseconds a job.
2. Throughput: the same solve jobs (the replies to e6-e4 f5-d5 on 6x6, SECONDS each, a fixed tree memory)
   run one after another in this process by loa.solve, then on 1 and 2 Dask workers: nodes a second.

usage: PYTHONPATH=build/python bench/python/cluster-bench.py [--jobs 2000] [--seconds 3] [--positions 8]
"""
import argparse
import sys
import time

import loa
from loa import cluster
from loa.cluster.split_tree import game_at


def nothing(x):
    return x


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--memory", type=int, default=500)
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    rules = loa.Rules("six")
    base = ["e6-e4", "f5-d5"]
    replies = [str(m) for m in game_at(rules, base).legal_moves()][:args.positions]
    lines = [base + [r] for r in replies]

    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0") as local, \
                Client(local) as client:
            client.submit(nothing, 0).result()  # workers up
            t0 = time.perf_counter()
            client.gather(client.map(nothing, range(args.jobs), pure=False))
            per_job = (time.perf_counter() - t0) / args.jobs * 1000
            print(f"overhead, {workers} worker(s): {args.jobs} empty jobs, {per_job:.2f} ms a job", flush=True)

    t0 = time.perf_counter()
    nodes = sum(cluster.solve_job(rules, line, args.seconds, args.memory)["nodes"] for line in lines)
    alone = time.perf_counter() - t0
    print(f"in this process, one after another: {len(lines)} solves of {args.seconds:g} s, {nodes:,} nodes, "
          f"{alone:.1f} s, {nodes / alone / 1e6:.2f} M nodes/s", flush=True)
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=":0") as local, \
                Client(local) as client:
            client.submit(nothing, 0).result()
            t0 = time.perf_counter()
            results = client.gather([client.submit(cluster.solve_job, rules, line, args.seconds, args.memory,
                                                   pure=False) for line in lines])
            wall = time.perf_counter() - t0
            n = sum(r["nodes"] for r in results)
            print(f"{workers} Dask worker(s): {n:,} nodes, {wall:.1f} s, {n / wall / 1e6:.2f} M nodes/s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
