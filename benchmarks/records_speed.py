"""Cost of game records: recording, writing, replaying and reviewing, each against a baseline of the same run.

- simulated games with ``record=True`` (and the YAML written out) against the
  same games played without a record;
- replaying the records (``read_record``: YAML, checks, every move ruled on)
  against playing the games;
- reviewing the records (a verdict on every move) against playing the games.

    python benchmarks/records_speed.py [--games 40] [--stock 10] [--seed 1]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from tutor.coach.simulation import Series, play_game
from tutor.play.review import review_record
from tutor.records.files import read_record, write_record


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--stock", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    plain = Series(("strong", "greedy"), 2, args.stock, args.seed)
    recorded = Series(("strong", "greedy"), 2, args.stock, args.seed, record=True)
    folder = Path(tempfile.mkdtemp())
    paths = [folder / f"game-{i:04d}.yaml" for i in range(args.games)]

    baseline = timed(lambda: [play_game(plain, i) for i in range(args.games)])
    recording = timed(lambda: [write_record(path, play_game(recorded, i).record) for i, path in enumerate(paths)])
    records = []
    replaying = timed(lambda: records.extend(read_record(path) for path in paths))
    reviewing = timed(lambda: [review_record(record) for record in records])
    turns = sum(len(r.rounds[0].turns) for r in records)

    print(f"{args.games} games (strong vs greedy, {args.stock}-card stocks), {turns} turns")
    print(f"playing without records : {baseline:7.2f} s  (baseline)")
    print(f"playing and writing them: {recording:7.2f} s  {recording / baseline:5.2f} x baseline")
    print(f"reading and replaying   : {replaying:7.2f} s  {replaying / baseline:5.2f} x baseline")
    print(f"reviewing every move    : {reviewing:7.2f} s  {reviewing / baseline:5.2f} x baseline")


if __name__ == "__main__":
    main()
