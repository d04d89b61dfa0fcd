"""Tune the evaluation weights by self-play (deterministic from --seed).

Coordinate search: each weight in turn is scaled down and up (a weight at 0
tries the values in ``FROM_ZERO`` instead); a candidate
plays the current weights in seat-swapped two-player rounds (the same deals
with the seats exchanged) and replaces them only when it wins clearly more
than half (``--accept``). ``stock_card`` stays fixed: it sets the scale.
With ``--cluster ADDRESS`` (or ``local``) the rounds are played on a Dask
cluster (the cluster extra, see docs/bots.md), with the same results.

    python benchmarks/tune_weights.py --games 300 --rounds 1 --workers 2 [--only wild,closing]
    python benchmarks/tune_weights.py --games 3000 --cluster tcp://scheduler:8786
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from tutor.coach.bots import StrongBot
from tutor.engine.dealing import deal
from tutor.coach.evaluation import DEFAULT_WEIGHTS, Weights
from tutor.coach.simulation import game_seed, play_round

STEPS = {
    "reach": (0.5, 2.0), "wild": (0.5, 2.0), "wild_on_top": (0.5, 1.5), "fresh_card": (0.0, 2.0),
    "hand_card": (0.0, 2.0), "high_card": (0.0, 2.0), "run": (0.0, 2.0),
    "buried": (0.0, 2.0), "inversion": (0.0, 2.0), "buried_wild": (0.0, 2.0), "opponent": (0.5, 2.0),
    "opponent_decay": (0.5, 1.5), "reach_decay": (0.5, 1.5), "later_opponent": (0.0, 2.0),
    "wild_decay": (0.5, 1.5), "stacked": (0.0, 2.0), "fresh_hand": (0.0, 2.0), "closing": (0.0, 2.0),
    "round_loss": (0.5, 2.0),
}
FROM_ZERO = {"fresh_hand": (3.0, 6.0), "buried": (0.25, 0.5), "stacked": (0.5, 1.0), "closing": (1.0, 2.0),
             "later_opponent": (0.25, 0.5), "run": (0.3, 0.6)}  # values to try where a weight stands at 0


def duel(job: tuple[Weights, Weights, int, int, int]) -> int:
    """One round between two weightings: 1 if the candidate (``job[0]``) wins, -1 if it loses, 0 for none."""
    candidate, incumbent, seed, index, stock = job
    swap = index % 2
    state = deal(["a", "b"], seed=game_seed(seed, index // 2), stock_size=stock).state
    bots = [StrongBot(candidate), StrongBot(incumbent)]
    if swap:
        bots.reverse()
    final, _ = play_round(state, bots, random.Random(game_seed(seed, index)))
    if not final.winners:
        return 0
    return 1 if (final.winners[0] == 0) != bool(swap) else -1


def score(candidate: Weights, incumbent: Weights, games: int, seed: int, stock: int, pool) -> float:
    jobs = [(candidate, incumbent, seed, index, stock) for index in range(games)]
    results = list(pool.map(duel, jobs, chunksize=10))
    decided = [r for r in results if r]
    return sum(1 for r in decided if r > 0) / len(decided) if decided else 0.5


class ClusterPool:
    """The ``map`` of a process pool, played on a Dask cluster with its bounds on waiting (``cluster.mapped``)."""

    def __init__(self, client):
        self.client = client

    def map(self, function, jobs, chunksize: int = 1) -> list:
        from tutor.coach.cluster import mapped

        jobs = list(jobs)
        tasks = ((played_in_turn, function, jobs[first:first + chunksize]) for first in range(0, len(jobs), chunksize))
        return [result for chunk in mapped(self.client, tasks) for result in chunk]


def played_in_turn(function, jobs: list) -> list:
    return [function(job) for job in jobs]


def pool_for(args: argparse.Namespace):
    """A process pool of ``--workers``, or the ``--cluster``'s workers."""
    return ProcessPoolExecutor(max_workers=args.workers) if args.cluster is None else _cluster_pool(args)


@contextlib.contextmanager
def _cluster_pool(args: argparse.Namespace):
    from tutor.coach.cluster import client_for

    with client_for(args.cluster, args.workers) as client:
        yield ClusterPool(client)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--stock", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--accept", type=float, default=0.54, help="share of decided games a change must win")
    parser.add_argument("--only", default="", help="comma-separated weights to tune (default: all)")
    parser.add_argument("--cluster", metavar="ADDRESS", help="play on the Dask scheduler at ADDRESS, or on a local "
                                                             "cluster of --workers processes (local)")
    args = parser.parse_args()
    if args.cluster is None:
        return tune(args)
    from tutor.coach.cluster import ClusterError

    try:
        tune(args)
    except ClusterError as error:
        sys.stderr.write(f"error: --cluster: {error}\n")
        sys.exit(2)


def tune(args: argparse.Namespace) -> None:
    weights = DEFAULT_WEIGHTS
    names = [n for n in STEPS if not args.only or n in args.only.split(",")]
    start = time.perf_counter()
    with pool_for(args) as pool:
        for round_number in range(args.rounds):
            for offset, name in enumerate(names):
                current = getattr(weights, name)
                values = [round(current * factor, 3) for factor in STEPS[name]] if current else FROM_ZERO.get(name, ())
                for value in values:
                    candidate = weights._replace(**{name: value})
                    seed = args.seed + 1000 * round_number + offset
                    share = score(candidate, weights, args.games, seed, args.stock, pool)
                    verdict = "ACCEPT" if share >= args.accept else "keep"
                    print(f"round {round_number + 1} {name:>15} {current:>6} -> {value:>6}: "
                          f"{share:.3f} {verdict}", flush=True)
                    if share >= args.accept:
                        weights = candidate
                        break
    print(f"\n{time.perf_counter() - start:.0f} s; weights:")
    for name, value in zip(weights._fields, weights):
        print(f"    {name}: {value}")


if __name__ == "__main__":
    main()
