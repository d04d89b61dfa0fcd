"""How long ``tutor play --resume`` takes to set up the table of a long match, with and without its snapshot.

A match of ``--rounds`` full rounds (greedy against greedy, 30-card stocks:
quick to play, as long to read as any) is saved the way ``tutor play`` saves
it, the last round stopped after ten turns. Two figures, in one run:

- the baseline: the save read in full (YAML, every check, every move of
  every round ruled on again), then the round in play replayed, as for a
  save from elsewhere;
- the save the tutor wrote itself, read from its sealed snapshot (see
  ``tutor.play.snapshot``), then the round in play replayed.

It also gives what the snapshot adds to each save (the YAML written alone
is the baseline there).

    python benchmarks/resume_speed.py [--rounds 400]
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import tempfile
import time
from pathlib import Path

from tutor.coach.simulation import Series, play_game
from tutor.play.game import Game
from tutor.play.saves import SaveStore
from tutor.records.files import read_record, write_record
from tutor.records.model import HUMAN, GameRecord, RoundRecord


def timed(action) -> tuple[float, object]:
    gc.collect()
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def long_match(rounds: int) -> GameRecord:
    """``rounds`` different rounds, the first seat played by a person, the last round ten turns in."""
    return stopped_match(rounds)[0]


def stopped_match(rounds: int) -> tuple[GameRecord, RoundRecord]:
    """The match of ``long_match``, and its last round as it was played to the end."""
    games = [play_game(Series(("greedy", "greedy"), 2, 30, seed, record=True), 0).record for seed in range(rounds)]
    setup = games[0].setup
    setup = dataclasses.replace(setup, seats=(dataclasses.replace(setup.seats[0], plays=HUMAN), *setup.seats[1:]),
                                target=10 ** 6)
    played = games[-1].rounds[0]
    last = dataclasses.replace(played, turns=played.turns[:10], shuffles=[], result=None)
    return GameRecord(setup, [game.rounds[0] for game in games[:-1]] + [last], "on"), played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=400)
    rounds = parser.parse_args().rounds
    record = long_match(rounds)
    store = SaveStore(Path(tempfile.mkdtemp()))
    writing, _ = timed(lambda: write_record(store.path, record))
    saving, _ = timed(lambda: store.save(record, whole=True))
    full, slow = timed(lambda: Game.resume(read_record(store.path)))
    fast_seconds, fast = timed(lambda: Game.resume(store.load()))
    assert fast.state == slow.state and fast.record == slow.record, "the snapshot resumed another game"
    moves = sum(len(turn.moves) for played in record.rounds for turn in played.turns)
    size = store.path.stat().st_size / 2**20
    print(f"a saved match of {rounds} rounds: {size:.1f} MiB of YAML, {moves} moves")
    print(f"resume, read in full (baseline): {full:7.2f} s")
    print(f"resume from the snapshot       : {fast_seconds:7.2f} s  ({fast_seconds / full:.3f}x the baseline; "
          "target <= 1 s)")
    print(f"save, the YAML alone (baseline): {writing:7.2f} s")
    print(f"save with the snapshot         : {saving:7.2f} s  ({saving / writing:.2f}x the baseline)")


if __name__ == "__main__":
    main()
