"""Reading a misspelt word as the known word it is a slip of the keys away from (``discrad`` for ``discard``).

The words near a misspelling are those ``difflib`` finds at least ``ALIKE`` alike. Asking it of every known
word is slow, so the known words are indexed by their length and letters (a letter a word has twice is two
members of its set of letters): a word can be that alike only if enough of its letters are the misspelling's
too (``difflib``'s own quick bound), so it holds one at least of the misspelling's rarest letters; only the
words that pass the bound are handed to ``difflib``, which finds exactly what it would among them all.
"""

from __future__ import annotations

import difflib
from collections import Counter

ALIKE = 0.7  # how alike (difflib's ratio) a known word must be to be among those a misspelling may stand for
NEAREST = 5  # how many of the most alike known words are weighed


class KnownWords:
    """A set of known words that also finds the one a misspelt word stands for."""

    def __init__(self, words=()) -> None:
        self._words: set[str] = set()
        self._lengths: set[int] = set()
        self._holding: dict[tuple[int, tuple[str, int]], list[tuple[str, frozenset]]] = {}  # by length and letter
        self._read: dict[str, str] = {}  # the corrections found, each kept until a word near it is added
        for word in words:
            self.add(word)

    def __contains__(self, word: str) -> bool:
        return word in self._words

    def __iter__(self):
        return iter(self._words)

    def add(self, word: str) -> None:
        if word not in self._words:
            self._words.add(word)
            self._lengths.add(len(word))
            letters = letters_of(word)
            for letter in letters:
                self._holding.setdefault((len(word), letter), []).append((word, letters))
            self._read = {read: was for read, was in self._read.items()
                          if len(letters_of(read) & letters) < _least_shared(len(read), len(word))}

    def correction(self, word: str) -> str:
        """``word``, or the one known word a slip of the keys away (one slip for a word under 8 letters, two for
        a longer one) among the ``NEAREST`` most alike; ``word`` when two are equally near."""
        read = self._read.get(word)
        if read is None:
            most = 1 if len(word) < 8 else 2
            near = sorted((slips(word, known), known) for known in
                          difflib.get_close_matches(word, self.candidates(word), n=NEAREST, cutoff=ALIKE))
            near = [pair for pair in near if pair[0] <= most]
            read = word if not near or (len(near) > 1 and near[1][0] == near[0][0]) else near[0][1]
            self._read[word] = read
        return read

    def candidates(self, word: str) -> list[str]:
        """The known words that share enough letters with ``word`` to be ``ALIKE`` alike (difflib's quick ratio:
        twice the letters in common over both lengths), in no particular order."""
        letters, length = letters_of(word), len(word)
        found = []
        for other in self._lengths:
            least = _least_shared(length, other)
            # a word with ``least`` of the letters has one at least of any ``length - least + 1``: the rarest
            rarest = sorted(letters, key=lambda letter: (len(self._holding.get((other, letter), ())), letter))
            near = dict(pair for letter in rarest[:max(0, length - least + 1)]
                        for pair in self._holding.get((other, letter), ()))
            found.extend(known for known, its in near.items() if len(letters & its) >= least)
        return found


def _least_shared(length: int, other: int) -> int:
    """How many letters a word of ``length`` letters and one of ``other`` must have in common to be ``ALIKE``
    alike by difflib's quick ratio (more than either has where they cannot be)."""
    return next((shared for shared in range(min(length, other) + 1) if 2.0 * shared / (length + other) >= ALIKE),
                min(length, other) + 1)


def letters_of(word: str) -> frozenset[tuple[str, int]]:
    """The letters of ``word`` as a set in which a letter it has twice is two members (``("e", 1), ("e", 2)``), so
    that the size of two words' intersection is how many letters they have in common."""
    seen: Counter[str] = Counter()
    letters = set()
    for letter in word:
        seen[letter] += 1
        letters.add((letter, seen[letter]))
    return frozenset(letters)


def slips(word: str, other: str) -> int:
    """How many letters to add, drop, change or swap with the next to make ``word`` into ``other``."""
    previous2: list[int] = []
    previous = list(range(len(other) + 1))
    for i, letter in enumerate(word, 1):
        current = [i]
        for j, known in enumerate(other, 1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (letter != known))
            if i > 1 and j > 1 and letter == other[j - 2] and word[i - 2] == known:
                cost = min(cost, previous2[j - 2] + 1)
            current.append(cost)
        previous2, previous = previous, current
    return previous[-1]
