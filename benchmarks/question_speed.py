"""How long ``tutor rules`` takes to answer a question in plain words, against looking up an entry by its id.

Three figures per language, each measured in this one run:

- ``tutor rules "<question>"`` as a player runs it, against ``tutor rules
  build.sequence`` (the start-up and the reference alone, no ranking): the
  ratio is what answering a question adds;
- the time to build the ranking from the reference and the question bank
  (once per run of the command);
- the mean time of one more question once the ranking is built.

    python benchmarks/question_speed.py [--runs 3]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from tutor.i18n import LANGUAGES, use
from tutor.lessons import asking
from tutor.lessons.question_bank import question_bank
from timing import best_of, timed

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = {"en": "can I play from my discrad pile?", "sv": "får man spela från avläggshögen?",
             "da": "må man spille fra afkastbunken?"}


def rules(spoken: str, *words: str) -> None:
    command = [sys.executable, "-m", "tutor", "rules", "--lang", spoken, *words]
    subprocess.run(command, capture_output=True, cwd=ROOT, timeout=600, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="the best of how many runs each figure is (3)")
    runs = parser.parse_args().runs
    for spoken in LANGUAGES:
        lookup = best_of(runs, lambda: rules(spoken, "build.sequence"))
        asked = best_of(runs, lambda: rules(spoken, QUESTIONS[spoken]))
        use(spoken)
        asking._ranker.cache_clear()
        built = timed(lambda: asking._ranker(spoken))
        questions = [item.question for item in question_bank(spoken).held_out]
        each = timed(lambda: [asking.ask(question) for question in questions]) / max(1, len(questions))
        print(f"{spoken}: tutor rules with a question {asked:.2f} s, {asked / lookup:.2f}x a lookup by id "
              f"({lookup:.2f} s); the ranking built in {built * 1000:.0f} ms, one more question "
              f"{each * 1000:.1f} ms")


if __name__ == "__main__":
    main()
