"""Ranking documents by how well they answer a question in plain words.

Words are cut to their stems by the Snowball stemmers of the language (the
ones Sphinx's search uses: a small, well-kept library with English, Swedish
and Danish rules), so ``avläggshögen`` meets ``avläggshög`` and ``discarding``
meets ``discard``. A question word may stand for other words (synonyms, as
data), a misspelt word is read as the known word it is closest to, and the
documents are scored by BM25 over their weighted fields.
"""

from __future__ import annotations

import difflib
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping

import snowballstemmer

STEMMERS = {"en": "english", "sv": "swedish", "da": "danish"}
K1, B = 1.2, 0.75  # BM25's usual saturation and length normalisation
SYNONYM_WEIGHT = 0.9  # a word the question stands for counts a little less than the word itself
TYPO_CUTOFF = 0.8  # how alike (difflib's ratio) a misspelt word must be to a known one
ALIKE_POWER = 2.0  # how sharply the share of words in common narrows a bank question's weight
ASKED_WEIGHT = 1.0  # how much the most alike question a document answers adds to its own score
_WORD = re.compile(r"[^\W_]+")


def words_of(text: str) -> list[str]:
    """The words of ``text`` in lower case; a hyphen or an apostrophe splits words (``skip-bo`` is two)."""
    return _WORD.findall(text.lower())


class Index:
    """BM25 over documents given as bags of stems with their weights."""

    def __init__(self, documents: Mapping[str, Counter[str]]) -> None:
        self.frequencies = dict(documents)
        self._length = {key: sum(counts.values()) for key, counts in self.frequencies.items()}
        self._average = sum(self._length.values()) / max(1, len(self._length))
        using = Counter(stem for counts in self.frequencies.values() for stem in counts)
        total = len(self.frequencies)
        self.idf = {stem: math.log(1 + (total - n + 0.5) / (n + 0.5)) for stem, n in using.items()}

    def scores(self, terms: list[tuple[str, ...]]) -> dict[str, float]:
        """Each document's score for the terms (each a word's stems, its own first), where it is above 0."""
        scores = {}
        for key, counts in self.frequencies.items():
            score = sum(max((self._score(key, counts, stem) * (1 if i == 0 else SYNONYM_WEIGHT)
                             for i, stem in enumerate(forms)), default=0.0) for forms in terms)
            if score > 0:
                scores[key] = score
        return scores

    def _score(self, key: str, counts: Counter[str], stem: str) -> float:
        frequency = counts.get(stem, 0)
        if not frequency:
            return 0.0
        norm = K1 * (1 - B + B * self._length[key] / self._average)
        return self.idf[stem] * frequency * (K1 + 1) / (frequency + norm)


@dataclass
class Ranker:
    """Documents by key, each a list of (text, weight) fields, and questions they answer, to rank questions against.

    A document scores by BM25 over its own fields, plus ``ASKED_WEIGHT`` times the score of the one of its
    ``asked`` questions most like the question. ``ignore`` are the words a question drops, ``synonyms`` the words
    each word stands for.
    """

    documents: Mapping[str, Iterable[tuple[str, float]]]
    language: str
    asked: Mapping[str, Iterable[str]] = field(default_factory=dict)
    ignore: frozenset[str] = frozenset()
    synonyms: Mapping[str, Iterable[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._stemmer = snowballstemmer.stemmer(STEMMERS.get(self.language, "english"))
        self._known: set[str] = set(self.synonyms)  # every word the documents and the synonyms know, as written
        self._synonyms = {self.stem(word): tuple(others) for word, others in self.synonyms.items()}
        self.entries = Index({key: self._bag(fields) for key, fields in self.documents.items()})
        self._asked_by = [(key, question) for key, questions in self.asked.items() for question in questions]
        self.questions = Index({str(i): self._bag([(question, 1.0)]) for i, (_key, question) in
                                enumerate(self._asked_by)})
        self._asked_stems = [{forms[0] for forms in self.terms(question)} for _key, question in self._asked_by]

    def stem(self, word: str) -> str:
        return self._stemmer.stemWord(word)

    def terms(self, question: str) -> list[tuple[str, ...]]:
        """Each word of the question that says something, as the stems it may match (its own first)."""
        terms = []
        for word in words_of(question):
            if word in self.ignore:
                continue
            word = self._spelled(word)
            stem = self.stem(word)
            others = self._synonyms.get(stem) or self._synonyms.get(word) or ()
            terms.append((stem, *(self.stem(other) for other in words_of(" ".join(others)))))
        return terms

    def rank(self, question: str) -> list[tuple[str, float]]:
        """Every document that shares a word with the question, with its score, best first (ties in order given)."""
        terms = self.terms(question)
        stems = {forms[0] for forms in terms}
        scores = self.entries.scores(terms)
        nearest: dict[str, float] = {}
        for index, score in self.questions.scores(terms).items():
            key, known = self._asked_by[int(index)][0], self._asked_stems[int(index)]
            alike = len(stems & known) / len(stems | known)
            nearest[key] = max(nearest.get(key, 0.0), score * alike ** ALIKE_POWER)
        ranked = [(key, scores.get(key, 0.0) + ASKED_WEIGHT * nearest.get(key, 0.0)) for key in self.documents]
        ranked = [(key, score) for key, score in ranked if score > 0]
        ranked.sort(key=lambda pair: -pair[1])
        return ranked

    def _bag(self, fields: Iterable[tuple[str, float]]) -> Counter[str]:
        counts: Counter[str] = Counter()
        for text, weight in fields:
            for word in words_of(text):
                self._known.add(word)
                counts[self.stem(word)] += weight
        return counts

    def _spelled(self, word: str) -> str:
        """``word``, or the known word it is a misspelling of (``discrad`` for ``discard``)."""
        if word in self._known or len(word) < 4 or word.isdigit():
            return word
        close = difflib.get_close_matches(word, self._known, n=1, cutoff=TYPO_CUTOFF)
        return close[0] if close else word
