"""Peak memory of a long series of games (``tutor simulate``), summed up as it goes against every result kept.

Each figure comes from a process of its own (its peak resident memory, as the
system counts it), in one run:

- the baseline: the series played with every game's result kept in a list
  until the end, as ``run_series`` once did;
- the series as ``run_series`` plays it now: each result counted into the
  running summary and let go.

Both give the same summary (checked). ``--record`` keeps each game's record in
its result too, as ``tutor simulate --record`` asks (the records are not written
here, only held).

    python benchmarks/series_memory.py [--games 20000] [--bots random,greedy] [--stock 5] [--record]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time


def one_series(options: argparse.Namespace) -> None:
    """Play the series in this process and print its summary and this process's peak memory (JSON)."""
    from tutor.coach.simulation import Series, run_series

    series = Series(tuple(options.bots.split(",")), stock=options.stock, seed=options.seed, record=options.record)
    kept: list = []
    summary = run_series(series, options.games, progress=kept.append if options.keep else None)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux
    document = summary.to_json()
    del document["games_per_second"]
    print(json.dumps({"summary": document, "peak": peak, "seconds": summary.seconds}))


def measured(options: argparse.Namespace, keep: bool) -> dict:
    arguments = [sys.executable, __file__, "--one", "--games", str(options.games), "--bots", options.bots,
                 "--stock", str(options.stock), "--seed", str(options.seed)]
    arguments += ["--keep"] if keep else []
    arguments += ["--record"] if options.record else []
    return json.loads(subprocess.run(arguments, check=True, capture_output=True, text=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--bots", default="random,greedy")
    parser.add_argument("--stock", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--record", action="store_true", help="keep each game's record, as --record does")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--keep", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.one:
        one_series(options)
        return
    started = time.perf_counter()
    kept = measured(options, keep=True)
    streamed = measured(options, keep=False)
    assert kept["summary"] == streamed["summary"], "the two ways gave different summaries"
    print(f"{options.games:,} games of {options.bots}, stocks of {options.stock}"
          f"{', each record kept' if options.record else ''} ({time.perf_counter() - started:.0f} s in all)")
    print(f"peak memory, every result kept (baseline): {kept['peak'] / 2**20:7.1f} MiB")
    print(f"peak memory, summed up as it goes        : {streamed['peak'] / 2**20:7.1f} MiB  "
          f"({streamed['peak'] / kept['peak']:.2f}x the baseline)")


if __name__ == "__main__":
    main()
