"""Wall-clock timing shared by the benchmarks: one run of an action, and the best of several."""

from __future__ import annotations

import time


def timed(action) -> float:
    """The seconds one call of ``action()`` takes."""
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def best_of(runs: int, action) -> float:
    """The fastest of ``runs`` timings of ``action()``: the one least disturbed by the rest of the machine."""
    return min(timed(action) for _ in range(runs))
