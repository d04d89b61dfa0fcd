"""Cost of game records: recording, writing, replaying and reviewing, each against a baseline of the same run.

- simulated games with ``record=True`` (and the YAML written out) against the
  same games played without a record;
- replaying the records (``read_record``: YAML, checks, every move ruled on)
  against playing the games;
- reviewing the records (a verdict on every move) against playing the games;
- reading the record of a long match (``--match-rounds`` different rounds, full
  stocks) against reading it with the YAML composed by PyYAML's pure-Python
  loader, with the parts of the reading: YAML, the record's checks, the replay;
- listing ``--listed`` records of a full-stock game as ``tutor review --list``
  does (``record_outline``: the players and the number of rounds) against
  reading each whole without its replay, as the list did before.

    python benchmarks/records_speed.py [--games 40] [--stock 10] [--seed 1] [--match-rounds 100] [--listed 200]
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import tempfile
import time
from pathlib import Path

import yaml

from tutor.coach.simulation import Series, play_game
from tutor.play.review import review_record
from tutor.records.files import RECORD_LIMITS, read_record, record_outline, write_record
from tutor.records.model import GameRecord, record_from_data
from tutor.records.replay import replay_game
from tutor.scenario import loader


def timed(action) -> float:
    gc.collect()  # each timing starts without the collector's debt from the one before
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--stock", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match-rounds", type=int, default=100, help="rounds of the long match (400 at most)")
    parser.add_argument("--listed", type=int, default=200, help="records in the folder listed")
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
    long_match(folder / "match.yaml", args.match_rounds, args.seed)
    listing(folder / "listed", args.listed, args.seed)


def long_match(path: Path, rounds: int, seed: int) -> None:
    """Write a match of ``rounds`` different full rounds, then time reading it back, and its parts."""
    games = [play_game(Series(("strong", "greedy"), 2, 30, seed + number, record=True), 0).record
             for number in range(rounds)]
    write_record(path, GameRecord(dataclasses.replace(games[0].setup, target=6000), [g.rounds[0] for g in games]))
    fast_loader = loader._FAST_LOADER
    loader._FAST_LOADER = yaml.SafeLoader  # PyYAML's own loader composes, as where libyaml is missing
    try:
        pure_python = timed(lambda: read_record(path))
    finally:
        loader._FAST_LOADER = fast_loader
    reading = timed(lambda: read_record(path))
    text = path.read_text(encoding="utf-8")
    documents = []
    parsing = timed(lambda: documents.append(loader.parse_yaml(text, str(path), RECORD_LIMITS)))
    records = []
    checking = timed(lambda: records.append(record_from_data(documents[0].data)[0]))
    replaying = timed(lambda: replay_game(records[0]))
    moves = sum(len(turn.moves) for played in records[0].rounds for turn in played.turns)

    print(f"\na match of {rounds} full rounds (strong vs greedy): {len(text) / 2**20:.1f} MiB, {moves} moves")
    print(f"reading it, YAML by PyYAML's Python loader: {pure_python:7.2f} s  (baseline)")
    print(f"reading it, YAML by {fast_loader.__name__:22}: {reading:7.2f} s  {reading / pure_python:5.2f} x baseline")
    for part, seconds in (("YAML to data", parsing), ("the record's checks", checking), ("the replay", replaying)):
        print(f"  {part:40}: {seconds:7.2f} s  {seconds / reading:5.0%} of the reading")


def listing(folder: Path, count: int, seed: int) -> None:
    """Time listing ``count`` records of a full-stock game: outlined, against read whole without the replay."""
    record = play_game(Series(("greedy", "greedy"), 2, 30, seed, record=True), 0).record
    folder.mkdir()
    paths = [folder / f"game-{number:04d}.yaml" for number in range(count)]
    for path in paths:
        write_record(path, record)
    whole = timed(lambda: [read_record(path, replay=False) for path in paths])
    outlined = timed(lambda: [record_outline(path) for path in paths])
    size = paths[0].stat().st_size / 1024
    print(f"\nlisting {count} records of {size:.0f} KiB (tutor review --list)")
    print(f"each read whole, no replay : {whole:7.2f} s  (baseline)")
    print(f"each outlined              : {outlined:7.2f} s  {outlined / whole:5.3f} x baseline")


if __name__ == "__main__":
    main()
