"""Bounds against files made to cost: time and peak memory, each against a baseline of the same run.

- a record of millions of tiny values (``--megabytes`` of ``0,``: 15.6 MiB is
  the most a record may hold) is refused, against reading a real record of a
  long match (``--match-rounds`` rounds) whole: the refusal must come early, in
  time and in memory, however many values follow;
- a teacher's course of ``--exercises`` ``goal: best`` exercises, each with
  three wrong answers the analysis must judge: checked the first time, checked
  again (remembered in the cache), and one past the cap refused, against the
  first check.

Each measurement runs in a process of its own, so its peak memory is its own (Linux: VmHWM).

    python benchmarks/hostile_bounds.py [--megabytes 15.6] [--match-rounds 100] [--exercises 10]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The peak memory of the reading process itself: VmHWM starts anew at exec (Linux), where ru_maxrss keeps
# the peak of the parent it was forked from.
READ = """
import sys
from tutor.records.files import RecordError, read_record
try:
    read_record(sys.argv[1], replay=False)
    print("read")
except RecordError as error:
    print(error.problems[0].message)
with open("/proc/self/status") as status:
    print(next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024)
"""

STAGE = "id: heavy\ntitle: Heavy\nsummary: Many best moves.\nsteps:\n"
EXERCISE = """\
  - exercise: heavy-{number}
    kind: moves
    ask: Make the best play.
    position:
      build: [1, 2, 3, null]
      players:
        - {{name: you, stock: {{top: 6, count: 20}}, hand: [SB, SB, 2, 3, 4], discards: [[9, 5], [8, 4], [7, 3], [SB]]}}
        - {{name: Anna, stock: {{top: 8, count: 20}}, hand: 5, discards: [[12, 11], [10], [9], [5]]}}
    goal: best
    solution: [hand 4 to build 3, hand 3 to build 2]
    hint: Climb where you can.
    done: Well played.
    wrong:
      - {{answer: [hand SB to build 4], say: A wild card spent early.}}
      - {{answer: [hand 2 to discard 1], say: The turn ends too soon.}}
      - {{answer: [discard 4 to build 4], say: Not the best.}}
"""


def measured(command: list[str], env: dict[str, str]) -> tuple[float, list[str]]:
    """Seconds and output lines of ``command``, run as a process of its own."""
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    return time.perf_counter() - start, (run.stdout + run.stderr).strip().splitlines()


def long_match(folder: Path, rounds: int) -> Path:
    """A match of ``rounds`` different full rounds, as benchmarks/records_speed.py writes it."""
    import dataclasses

    from tutor.coach.simulation import Series, play_game
    from tutor.records.files import write_record
    from tutor.records.model import GameRecord

    games = [play_game(Series(("strong", "greedy"), 2, 30, 1 + number, record=True), 0).record
             for number in range(rounds)]
    path = folder / "match.yaml"
    write_record(path, GameRecord(dataclasses.replace(games[0].setup, target=6000), [g.rounds[0] for g in games]))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=15.6)
    parser.add_argument("--match-rounds", type=int, default=100)
    parser.add_argument("--exercises", type=int, default=10)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    env = {**os.environ, "SKIPBO_TUTOR_HOME": str(folder / "home")}

    tiny = folder / "tiny.yaml"
    values = int(args.megabytes * 2**20) // 2
    tiny.write_text("format: skipbo-record/1\nrounds: [" + "0," * values + "0]\n")
    match = long_match(folder, args.match_rounds)
    read_time, (read, read_peak) = measured([sys.executable, "-c", READ, str(match)], env)
    refused_time, (refused, refused_peak) = measured([sys.executable, "-c", READ, str(tiny)], env)
    print(f"baseline, a {args.match_rounds}-round match read whole ({match.stat().st_size / 2**20:.1f} MiB): "
          f"{read_time:.2f} s, peak {float(read_peak):.0f} MiB: {read}")
    print(f"record of {values:,} tiny values ({tiny.stat().st_size / 2**20:.1f} MiB): {refused_time:.2f} s, "
          f"peak {float(refused_peak):.0f} MiB: {refused}")
    print(f"  refusal / baseline: time {refused_time / read_time:.2f}x, "
          f"peak memory {float(refused_peak) / float(read_peak):.2f}x")

    course = folder / "course"
    course.mkdir()
    (course / "01-heavy.yaml").write_text(STAGE + "".join(EXERCISE.format(number=n) for n in range(args.exercises)))
    validate = [sys.executable, "-m", "tutor", "course", "validate", str(course)]
    first, said = measured(validate, env)
    again, _ = measured(validate, env)
    (course / "01-heavy.yaml").write_text(STAGE + "".join(EXERCISE.format(number=n) for n in range(70)))
    capped, refusal = measured(validate, env)
    print(f"course of {args.exercises} best exercises, checked first: {first:.2f} s: {said[-1][:60]}")
    print(f"  checked again, remembered: {again:.2f} s = {again / first:.2f}x the first check")
    print(f"  70 exercises (210 moves to judge) refused by the cap: {capped:.2f} s = {capped / first:.2f}x "
          f"the first check: {refusal[0][-60:]}")


if __name__ == "__main__":
    main()
