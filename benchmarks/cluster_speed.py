"""A series on a local Dask cluster against the same series on the local worker pool.

Both play the same seed on ``--workers`` processes; the summaries must be
the same. The report gives each run's seconds, the cluster's overhead per
game against the pool (the baseline), and what starting the local cluster
takes on its own (``tutor simulate --cluster local`` pays it once a run).
Needs the cluster extra.

    python benchmarks/cluster_speed.py [--games 200] [--workers 2] [--stock 10]
"""

from __future__ import annotations

import argparse
import logging
import time

from distributed import LocalCluster

from tutor.coach.cluster import cluster_results
from tutor.coach.simulation import Series, run_series


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--stock", type=int, default=10)
    parser.add_argument("--bots", default="strong,greedy")
    args = parser.parse_args()
    series = Series(tuple(args.bots.split(",")), 2, args.stock, seed=1)
    pool = run_series(series, args.games, args.workers)
    start = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                      silence_logs=logging.CRITICAL) as cluster:
        starting = time.perf_counter() - start
        on_cluster = run_series(series, args.games,
                                played=cluster_results(series, args.games, cluster.scheduler_address))
    same = {**pool.to_json(), "games_per_second": 0} == {**on_cluster.to_json(), "games_per_second": 0}
    assert same, "the cluster played other games"
    print(f"{args.games} games ({args.bots}, {args.stock}-card stocks) on {args.workers} processes; same results")
    print(f"worker pool (baseline)      : {pool.seconds:7.2f} s  {pool.games_per_second:6.1f} games/s")
    print(f"local Dask cluster          : {on_cluster.seconds:7.2f} s  {on_cluster.games_per_second:6.1f} games/s  "
          f"({on_cluster.seconds / pool.seconds:.2f}x the baseline)")
    print(f"overhead per game           : {(on_cluster.seconds - pool.seconds) / args.games * 1000:7.1f} ms")
    print(f"starting the local cluster  : {starting:7.2f} s")


if __name__ == "__main__":
    main()
