"""How long building the ranking of ``tutor rules`` takes with the typo tolerance's index of letters, against
asking ``difflib`` of every known word, each measured in this one run.

The ranking reads every word of the bank's questions and looks for the word a misspelling stands for; before
the index, each look went through every known word. Both ways must find the same words (the tests check it);
the ratio is the time with the index over the time without.

    python benchmarks/spelling_speed.py [--runs 3]
"""

from __future__ import annotations

import argparse

from tutor.i18n import LANGUAGES, use
from tutor.lessons import asking, ranking
from tutor.lessons.question_bank import question_bank
from tutor.lessons.question_words import question_words_of
from tutor.lessons.reference import entries_in
from tutor.lessons.spelling import KnownWords
from timing import best_of


class EveryKnownWord(KnownWords):
    """The known words as read before the index: ``difflib`` asked of every one, no correction remembered."""

    def candidates(self, word: str) -> list[str]:
        return list(self)

    def correction(self, word: str) -> str:
        self._read.clear()
        return super().correction(word)


def built(spoken: str, known_words: type[KnownWords]) -> None:
    ranking.KnownWords = known_words
    try:
        asking._ranker.cache_clear()
        asking._ranker(spoken)
    finally:
        ranking.KnownWords = KnownWords


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="the best of how many runs each figure is (3)")
    runs = parser.parse_args().runs
    for spoken in LANGUAGES:
        use(spoken)
        question_bank(spoken), entries_in(spoken), question_words_of(spoken)  # read once, outside the timing
        before = best_of(runs, lambda: built(spoken, EveryKnownWord))
        after = best_of(runs, lambda: built(spoken, KnownWords))
        print(f"{spoken}: the ranking built in {after * 1000:.0f} ms with the index, {before * 1000:.0f} ms asking "
              f"difflib of every known word: {after / before:.2f}x")
    use("en")


if __name__ == "__main__":
    main()
