"""How long ``tutor play`` makes a player wait for the save after each move late in a long match.

A match of ``--rounds`` full rounds (greedy against greedy, 30-card stocks, as
in ``resume_speed.py``) is saved, the last round ten turns in. Then the rest
of that round's moves are made one at a time, the game saved after each, as
``tutor play`` does. Two figures, in one run:

- the baseline: the save written whole after a move (the YAML and its
  sealed snapshot, as every save was before the journal);
- the save after a move as it is now: the move appended to the journal.

It also gives how long a resume takes with the journal of that round, against
one from the save written whole (the median of three each).

    python benchmarks/save_speed.py [--rounds 400] [--whole 3]
"""

from __future__ import annotations

import argparse
import copy
import statistics
import tempfile
import time
from pathlib import Path

from resume_speed import stopped_match, timed
from tutor.play.game import Game
from tutor.play.journal import journal_path
from tutor.play.saves import SaveStore
from tutor.records.model import TurnRecord


def moves_one_by_one(record, played):
    """``record`` with the moves of ``played`` (its last round in full) added one at a time: a record per move."""
    last = record.rounds[-1]
    for turn in played.turns[len(last.turns):]:
        last.turns.append(TurnRecord(turn.player))
        for move in turn.moves:
            last.turns[-1].moves.append(move)
            yield record
    last.shuffles[:] = played.shuffles
    last.result = played.result
    yield record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--whole", type=int, default=3, help="whole saves to time for the baseline")
    options = parser.parse_args()
    record, played = stopped_match(options.rounds)
    store = SaveStore(Path(tempfile.mkdtemp()))
    first, _ = timed(lambda: store.save(record, whole=True))
    whole = [first] + [timed(lambda: store.save(record, whole=True))[0] for _ in range(options.whole - 1)]
    appended = []
    for now in moves_one_by_one(record, played):
        start = time.perf_counter()
        store.save(now)
        appended.append(time.perf_counter() - start)
    size = journal_path(store.path).stat().st_size if journal_path(store.path).exists() else 0
    resumed = Game.resume(SaveStore(store.directory).load())
    assert resumed.record == record, "the save and its journal resumed another game"
    compact = SaveStore(Path(tempfile.mkdtemp()))
    compact.save(copy.deepcopy(record), whole=True)
    resumed_seconds = statistics.median(timed(lambda: Game.resume(SaveStore(store.directory).load()))[0]
                                        for _ in range(3))
    from_whole = statistics.median(timed(lambda: Game.resume(compact.load()))[0] for _ in range(3))
    baseline = statistics.median(whole)
    print(f"a saved match of {options.rounds} rounds: {store.path.stat().st_size / 2**20:.1f} MiB of YAML; "
          f"{len(appended)} moves then saved one by one (journal: {size / 1024:.0f} KiB)")
    print(f"save after a move, written whole (baseline): median {baseline:8.4f} s of {len(whole)}")
    print(f"save after a move, appended to the journal  : median {statistics.median(appended):8.4f} s, "
          f"slowest {max(appended):.4f} s  ({statistics.median(appended) / baseline:.5f}x the baseline; "
          f"slowest {max(appended) / baseline:.4f}x)")
    print(f"resume from the save written whole (baseline): {from_whole:6.2f} s")
    print(f"resume from the save and the round's journal  : {resumed_seconds:6.2f} s  "
          f"({resumed_seconds / from_whole:.2f}x the baseline)")


if __name__ == "__main__":
    main()
