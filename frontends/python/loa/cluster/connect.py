"""What every command of loa.cluster shares: a Dask client (a local cluster, or a scheduler's), one-line
refusals with their exit codes, and a job's budget options."""
from __future__ import annotations

import argparse
import sys
from typing import Any


class Refused(Exception):
    """A run that ends with a one-line message and an exit code (2 bad input, 3 the cluster failed)."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def check_at_least(args: argparse.Namespace, limits) -> None:
    """ValueError naming the first option of `limits` ((its dest, its least value), ...) that is below it."""
    for name, low in limits:
        value = getattr(args, name)
        if not value >= low:
            raise ValueError(f"--{name.replace('_', '-')} must be at least {low}, not {value}")


def check_cluster_options(args: argparse.Namespace) -> None:
    """Where the jobs run, checked before anything starts: a --scheduler address that says something, at least one
    local worker, a positive --connect-timeout. Refused (2) otherwise: --workers 0 once waited for good, and
    --scheduler "" quietly started a local cluster."""
    if args.scheduler is not None and not args.scheduler.strip():
        raise Refused(2, "--scheduler needs an address (tcp://host:8786), not an empty one")
    if args.scheduler is None and not args.workers >= 1:
        raise Refused(2, f"--workers must be at least 1, not {args.workers}")
    if not args.connect_timeout > 0:
        raise Refused(2, f"--connect-timeout must be more than 0, not {args.connect_timeout}")


def client_for(args: argparse.Namespace):
    """A client of the scheduler at --scheduler, or of a local cluster of --workers processes (its dashboard, where
    Dask can serve one, on loopback only). Refused (3) when there is no Dask or no scheduler answers."""
    check_cluster_options(args)
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise Refused(3, f"no Dask in this Python ({sys.executable}): install python3-distributed "
                          "(Debian) or distributed (pip), or run Debian's python3") from None
    try:
        if args.scheduler:
            return Client(args.scheduler, timeout=args.connect_timeout)
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address="127.0.0.1:0")
        if "dashboard" in cluster.scheduler.services and not getattr(args, "quiet", False):
            print(f"dashboard: {cluster.dashboard_link}", file=sys.stderr)
        return Client(cluster)
    except (OSError, TimeoutError) as e:
        raise Refused(3, f"no scheduler answers at {args.scheduler}: {e}") from None


def on_cluster(client: Any, work):
    """work(), with a job whose worker died three times (distributed's KilledWorker) one line; closes the client."""
    try:
        return work()
    except Exception as e:  # noqa: BLE001 - KilledWorker is distributed's, imported only on a cluster
        if type(e).__name__ != "KilledWorker":
            raise
        raise Refused(3, f"a job's worker died 3 times: {e}") from None
    finally:
        cluster = client.cluster  # the local cluster this process started (None: a scheduler's)
        client.close()
        if cluster is not None:
            cluster.close()


def add_job_budget(parser: argparse.ArgumentParser) -> None:
    """--time and --nodes, a job's budget, and --recheck, a larger one's (job_budget checks them)."""
    parser.add_argument("--time", type=float, help="seconds for each job (default 60, or none with --nodes)")
    parser.add_argument("--nodes", type=int,
                        help="nodes for each job: the same jobs' results, so the same splits, whatever the workers' "
                             "speed or load (a shared machine, a cluster of unlike ones)")
    parser.add_argument("--recheck", type=float,
                        help="once a prover's move at a node fails, the node's own job again with this many times the "
                             "budget (time or nodes, and memory): it may show the node lost at once (off by default)")


def job_budget(args: argparse.Namespace) -> None:
    """Sets args.time from --time and --nodes (60 s when neither is given); ValueError when one (or --recheck) is
    not valid."""
    if args.time is None and args.nodes is None:
        args.time = 60.0
    if args.time is not None and not args.time >= 0.001:
        raise ValueError("--time must be at least 0.001")
    if args.nodes is not None and not args.nodes >= 1:
        raise ValueError("--nodes must be at least 1")
    if args.recheck is not None and not args.recheck > 1:
        raise ValueError("--recheck must be more than 1")
