"""How reading moves grows with the length of what is typed: it must grow in step (linearly), not faster.

Three figures, each measured in this one run against its own baseline:

- one text holding N moves, read at once (``read_phrases``), against the same
  N moves read one by one: a ratio near 1 means reading a long text costs no
  more per move than reading short ones;
- the time for 2N and 4N moves against N: near 2 and 4 when reading is linear
  (a quadratic reader gives 4 and 16);
- ``tutor check`` as a player runs it, with one argument of about 120 KB of
  moves, with the same moves as 16,000 separate words, and with one 120 KB
  word, against ``tutor check`` of a single move (the start-up alone).

    python benchmarks/reading_speed.py [--moves 2000]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from tutor.engine.notation import read_phrases
from timing import best_of, timed

ROOT = Path(__file__).resolve().parent.parent
MOVE = "hand 4 to build 1"
POSITION = ["--build", "3,6,-,-", "--stock", "10", "--hand", "7,1,4,9,12"]


def read_all(count: int) -> None:
    phrases, error = read_phrases(" ".join([MOVE] * count))
    assert error is None and len(phrases) == count


def read_one_by_one(count: int) -> None:
    for _ in range(count):
        read_phrases(MOVE)


def check(*moves: str) -> float:
    command = [sys.executable, "-m", "tutor", "check", *POSITION, *moves, "--json"]
    return timed(lambda: subprocess.run(command, capture_output=True, cwd=ROOT, timeout=600))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000, help="N, the moves in the shortest text (2000)")
    count = parser.parse_args().moves

    alone = best_of(3, lambda: read_one_by_one(count))
    together = [best_of(3, lambda n=n: read_all(n)) for n in (count, 2 * count, 4 * count)]
    print(f"{count} moves in one text against one by one: {together[0] / alone:.2f}x "
          f"({together[0]:.3f} s against {alone:.3f} s)")
    print(f"{2 * count} and {4 * count} moves against {count}: {together[1] / together[0]:.2f}x and "
          f"{together[2] / together[0]:.2f}x (linear: 2 and 4; quadratic: 4 and 16)")

    start_up = min(check(MOVE) for _ in range(3))
    long_text = " ".join([MOVE] * 7000)  # about 120 KB, under the system's limit for one argument
    cases = {
        f"one argument of {len(long_text) // 1000} KB of moves": check(long_text),
        "16,000 moves given unquoted, as separate words": check(*(MOVE.split() * 16_000)),
        "one 120 KB word": check("x" * 120_000),
    }
    print(f"tutor check of one move (the start-up): {start_up:.2f} s")
    for name, seconds in cases.items():
        print(f"tutor check, {name}: {seconds / start_up:.2f}x the start-up ({seconds:.2f} s)")


if __name__ == "__main__":
    main()
