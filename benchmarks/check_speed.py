"""How long `tutor check --json` takes, as a ratio to importing typer and yaml.

The commands run as fresh processes, interleaved, several times each; the
report gives the medians and their ratio (the target is at most 1.3) for a
check of three moves (one of them weak, so the coach explains it) and of one,
and the same three in Swedish (`--lang sv`, which loads a gettext catalogue);
and a ruling printed for a person, one move typed in each language
(`stock to build 1`, `stockhögen på byggstapel 1`, `stakbunken på byggebunke 1`),
whose Swedish and Danish times are given as ratios to the English (the target
is at most 1.1: a language costs nothing).
On a shared, loaded machine the wall times wander; ``--instructions`` counts
instead the instructions each command executes, under valgrind's callgrind
(once each: the counts hardly vary), and gives their ratio, which follows
the wall-time ratio of a quiet machine closely.
Run after installing the project: python benchmarks/check_speed.py [--runs 15] [--instructions]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).with_name("tutor")  # the installed console script, as players run it
BASELINE = [sys.executable, "-c", "import typer, yaml"]
CHECK = [str(SCRIPT), "check", str(ROOT / "scenarios/rules/stock-first.yaml"),
         "stock to build 1", "hand SB to build 2", "hand 9 to discard 2", "--json"]
CHECK_ONE = [*CHECK[:4], "--json"]
CHECK_SV = [*CHECK, "--lang", "sv"]
RULING = {"en": [*CHECK[:3], "stock to build 1"],
          "sv": [*CHECK[:3], "stockhögen på byggstapel 1", "--lang", "sv"],
          "da": [*CHECK[:3], "stakbunken på byggebunke 1", "--lang", "da"]}


def wall_time(command: list[str]) -> float:
    """Seconds one run takes, started outside the source tree so the installed package is measured."""
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, cwd=tempfile.gettempdir())
    return time.perf_counter() - start


def instructions(command: list[str]) -> int:
    """Instructions one run executes, counted by callgrind (a fixed hash seed, so runs compare)."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
                            cwd=tempfile.gettempdir(), env={**os.environ, "PYTHONHASHSEED": "0"})
    return int(re.search(r"Collected : (\d+)", result.stderr)[1])


def count_instructions() -> None:
    if shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind")
    for command in (BASELINE, CHECK, CHECK_ONE, CHECK_SV, *RULING.values()):
        wall_time(command)  # byte-code caches written
    base, mine, one, sv = (instructions(command) for command in (BASELINE, CHECK, CHECK_ONE, CHECK_SV))
    rulings = {language: instructions(command) for language, command in RULING.items()}
    print(f"import typer, yaml           : {base / 1e6:7.1f} M instructions")
    print(f"tutor check --json           : {mine / 1e6:7.1f} M instructions")
    print(f"  one move                   : {one / 1e6:7.1f} M instructions")
    print(f"tutor check --json --lang sv : {sv / 1e6:7.1f} M instructions")
    print(f"ratio                        : {mine / base:7.3f}x (target <= 1.30x)")
    print(f"ratio of one move            : {one / base:7.3f}x")
    print(f"ratio in Swedish             : {sv / base:7.3f}x")
    for language, count in rulings.items():
        print(f"a ruling for a person, {language}   : {count / 1e6:7.1f} M instructions"
              + (f", {count / rulings['en']:5.3f}x English (target <= 1.10x)" if language != "en" else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead")
    args = parser.parse_args()
    if args.instructions:
        count_instructions()
        return
    runs = args.runs
    for command in (BASELINE, CHECK, CHECK_ONE, CHECK_SV, *RULING.values()):
        wall_time(command)  # warm the file cache
    baseline, check, single, swedish = [], [], [], []
    rulings: dict[str, list[float]] = {language: [] for language in RULING}
    for _ in range(runs):
        baseline.append(wall_time(BASELINE))
        check.append(wall_time(CHECK))
        single.append(wall_time(CHECK_ONE))
        swedish.append(wall_time(CHECK_SV))
        for language, command in RULING.items():
            rulings[language].append(wall_time(command))
    base, mine, one, sv = (statistics.median(times) for times in (baseline, check, single, swedish))
    print(f"import typer, yaml           : {base * 1000:7.1f} ms (median of {runs})")
    print(f"tutor check --json           : {mine * 1000:7.1f} ms (median of {runs})")
    print(f"  one move                   : {one * 1000:7.1f} ms (median of {runs})")
    print(f"tutor check --json --lang sv : {sv * 1000:7.1f} ms (median of {runs})")
    print(f"ratio                        : {mine / base:7.2f}x (target <= 1.30x)")
    print(f"ratio of one move            : {one / base:7.2f}x")
    print(f"ratio in Swedish             : {sv / base:7.2f}x")
    ruling = {language: statistics.median(times) for language, times in rulings.items()}
    for language, median in ruling.items():
        print(f"a ruling for a person, {language}   : {median * 1000:7.1f} ms (median of {runs})"
              + (f", {median / ruling['en']:5.2f}x English (target <= 1.10x)" if language != "en" else ""))


if __name__ == "__main__":
    main()
