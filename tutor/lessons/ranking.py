"""Ranking documents by how well they answer a question in plain words.

Words are cut to their stems by the Snowball stemmers of the language (the
ones Sphinx's search uses: a small, well-kept library with English, Swedish
and Danish rules), so ``avläggshögen`` meets ``avläggshög`` and ``discarding``
meets ``discard``. A question word may stand for other words (synonyms, as
data), and a misspelt word is read as the one known word it is a slip away
from. Three kinds of evidence are added up:

- BM25 over each document's weighted fields (its own words);
- the questions it is known to answer: the cosine of their words and word
  pairs, each weighed by how rare it is among the questions, of the most
  alike question, and less of the second and third (``NEIGHBOURS``), so that
  a document many like questions ask for leads one a single question does;
- the same cosine with the sum of all those questions (the centroid of a
  document's questions, as in Rocchio's classifier): what the many ways a
  document is asked for share, so that a question put in a way no single
  question is still meets the words they have in common;
- a naive Bayes classifier trained on those questions, which learns which
  words and word pairs tell the documents apart (its likelihoods softened,
  as naive Bayes, counting every word as if it said something apart, is
  surer than it should be).

Every word counts, the common ones (``function_words``) only a little, so
that ``my discard pile`` and ``my opponent's discard pile`` stay apart.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Mapping

import snowballstemmer

from .spelling import KnownWords

STEMMERS = {"en": "english", "sv": "swedish", "da": "danish"}
K1, B = 1.2, 0.75  # BM25's usual saturation and length normalisation
SYNONYM_WEIGHT = 0.9  # a word the question stands for counts a little less than the word itself
FUNCTION_WEIGHT = 0.3  # how much a common word (``my``, ``the``, ``can``) counts beside a word that says something
CLASSIFIED_FUNCTION_WEIGHT = 0.5  # the same for the classifier, which learns itself how little each tells apart
ALSO_WEIGHT = 0.5  # how much a question a document answers beside a better one counts
PAIR_WEIGHT = 0.5  # how much two words side by side (``discard pile``) count beside one word
SMOOTHING = 0.05  # the naive Bayes classifier's additive smoothing
TEXT_WEIGHT, NEAREST_WEIGHT, CLASSIFIER_WEIGHT = 0.5, 0.85, 1.6  # how the kinds of evidence add up
CENTROID_WEIGHT = 1.0
NEIGHBOURS = (1.0, 0.3, 0.2)  # how much a document's most alike question counts, its second and its third
CLASSIFIER_SHARPNESS = 0.5  # the classifier's log-likelihoods are scaled by this: its own are overconfident
_WORD = re.compile(r"[^\W_]+")
_GAME = re.compile(r"\bskip[\s-]*bo(?:-(?=[^\W\d_])|\b)")


def words_of(text: str) -> list[str]:
    """The words of ``text`` in lower case; a hyphen or an apostrophe splits words, but the game's name is one
    (``skip-bo`` and ``skip bo`` are ``skipbo``: its halves say nothing apart), and so is a word it is joined to
    by a hyphen (``skip-bo-kort`` is ``skipbokort``, the card, not the game)."""
    return _WORD.findall(_GAME.sub("skipbo", text.lower()))


class Index:
    """BM25 over documents given as bags of stems with their weights."""

    def __init__(self, documents: Mapping[str, Counter[str]]) -> None:
        self.frequencies = dict(documents)
        self._length = {key: sum(counts.values()) for key, counts in self.frequencies.items()}
        self._average = sum(self._length.values()) / max(1, len(self._length))
        using = Counter(stem for counts in self.frequencies.values() for stem in counts)
        total = len(self.frequencies)
        self.idf = {stem: math.log(1 + (total - n + 0.5) / (n + 0.5)) for stem, n in using.items()}

    def scores(self, terms: list[tuple[tuple[str, ...], float]]) -> dict[str, float]:
        """Each document's score for the terms (each a word's stems, its own first, and its weight), where above 0."""
        scores = {}
        for key, counts in self.frequencies.items():
            score = sum(weight * max((self._score(key, counts, stem) * (1 if i == 0 else SYNONYM_WEIGHT)
                                      for i, stem in enumerate(forms)), default=0.0) for forms, weight in terms)
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

    ``asked`` are the questions each document is known to answer (the order they are listed in does not matter),
    ``also_asked`` those it answers beside a better one (they count ``ALSO_WEIGHT``),
    ``function_words`` the words that count only a little, ``synonyms`` the words each word stands for,
    ``stems`` the stems of words that the stemmer would cut to another word's stem (a card's name is its value:
    ``femmeren`` is ``5``, not ``fem``, five of anything).
    """

    documents: Mapping[str, Iterable[tuple[str, float]]]
    language: str
    asked: Mapping[str, Iterable[str]] = field(default_factory=dict)
    also_asked: Mapping[str, Iterable[str]] = field(default_factory=dict)
    function_words: frozenset[str] = frozenset()
    synonyms: Mapping[str, Iterable[str]] = field(default_factory=dict)
    stems: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._stemmer = snowballstemmer.stemmer(STEMMERS.get(self.language, "english"))
        self._stems: dict[str, str] = {}
        self._synonyms = {self.stem(word): tuple(words_of(" ".join(others))) for word, others in self.synonyms.items()}
        weights = {(key, question): ALSO_WEIGHT for key, questions in self.also_asked.items() for question in questions}
        weights.update({(key, question): 1.0 for key, questions in self.asked.items() for question in questions})
        self._asked = sorted(weights)  # (document, question), in an order of their own: not the order listed
        self._weights = [weights[pair] for pair in self._asked]
        self._learn_words()
        self.entries = Index({key: self._bag(fields) for key, fields in self.documents.items()})
        self._learn_questions()

    def _learn_words(self) -> None:
        """The words known, as written and as stems: the documents', the synonyms', the common words, and the
        questions' (a misspelling in a question is read as the word it misspells, not learnt)."""
        self._known = KnownWords((*self.synonyms, *self.function_words,
                                  *(word for fields in self.documents.values() for text, _weight in fields
                                    for word in words_of(text))))
        self._known_stems = {self.stem(word) for word in self._known}
        for _key, question in self._asked:
            for word in words_of(question):
                if self._spelled(word) == word:
                    self._known.add(word)
                    self._known_stems.add(self.stem(word))

    def _learn_questions(self) -> None:
        """Each question's features, their rarity among the questions (idf), the questions as unit vectors for
        the cosine, and the features' counts by document for the classifier."""
        terms = [self.terms(question) for _key, question in self._asked]
        self._features = [self.features(question, found) for (_key, question), found in zip(self._asked, terms)]
        self._classified = [self.features(question, _classified(found))
                            for (_key, question), found in zip(self._asked, terms)]
        self._present = Counter(feature for features in self._features for feature in features)
        self._idf = {feature: math.log((1 + len(self._asked)) / (1 + n)) + 1 for feature, n in self._present.items()}
        self._unseen_idf = math.log(1 + len(self._asked)) + 1
        self._vectors = [self._unit(features) for features in self._features]
        self._counts: dict[str, Counter[str]] = defaultdict(Counter)
        for (key, _question), weight, features in zip(self._asked, self._weights, self._classified):
            self._counts[key].update({feature: count * weight for feature, count in features.items()})
        self._centroids: dict[str, Counter[str]] = defaultdict(Counter)
        for (key, _question), weight, vector in zip(self._asked, self._weights, self._vectors):
            self._centroids[key].update({feature: value * weight for feature, value in vector.items()})
        self._centroid_squares = {key: _dot(centroid, centroid) for key, centroid in self._centroids.items()}

    def stem(self, word: str) -> str:
        """The stem of ``word`` (its own where ``stems`` gives one) without its Nordic letters, so that
        ``avlaggshog``, typed on a keyboard that has none, meets ``avläggshög`` (each word is stemmed once: the
        stemmers are pure Python)."""
        stem = self._stems.get(word)
        if stem is None:
            stem = self._stems[word] = plain_letters(self.stems.get(word) or self._stemmer.stemWord(word))
        return stem

    def terms(self, question: str) -> list[tuple[tuple[str, ...], float]]:
        """Each word of the question as the stems it may match (its own first), with its weight."""
        terms = []
        for word in words_of(question):
            weight = FUNCTION_WEIGHT if word in self.function_words else 1.0
            word = self._spelled(word)
            stem = self.stem(word)
            others = self._synonyms.get(stem) or self._synonyms.get(word) or ()
            terms.append(((stem, *(self.stem(other) for other in others)), weight))
        return terms

    def said(self, question: str) -> set[str]:
        """The stems of the words of ``question`` that say something (not ``function_words``)."""
        return {forms[0] for forms, weight in self.terms(question) if weight > FUNCTION_WEIGHT}

    def features(self, question: str, terms: list[tuple[tuple[str, ...], float]] | None = None) -> Counter[str]:
        """The question's stems (and the stems its words stand for) and its pairs of stems side by side, weighed
        (from its ``terms`` where they are at hand)."""
        terms = self.terms(question) if terms is None else terms
        features: Counter[str] = Counter()
        for (forms, weight) in terms:
            features[forms[0]] += weight
            for other in forms[1:]:
                features[other] += weight * SYNONYM_WEIGHT
        for (first, one), (second, other) in zip(terms, terms[1:]):
            features[f"{first[0]} {second[0]}"] += PAIR_WEIGHT * max(one, other)
        return features

    def rank(self, question: str, without: str | None = None) -> list[tuple[str, float]]:
        """Every document the question has any evidence for, with its score, best first (ties in order given);
        none when no word of the question but a common one is known.

        ``without`` is a question of ``asked`` to leave out, as if the ranker had never read it (to measure how
        the ranking does on questions it has not seen)."""
        terms = self.terms(question)
        if not any(weight > FUNCTION_WEIGHT and any(form in self.entries.idf or form in self._present for form in forms)
                   for forms, weight in terms):
            return []  # only common words, or words nothing holds: no evidence for any document
        features = self.features(question, terms)
        text = self.entries.scores(terms)
        top = max(text.values(), default=0.0)
        alike: dict[str, list[float]] = defaultdict(list)
        for (key, _asked), similarity in self._similar(features, without):
            alike[key].append(similarity)
        nearest = {key: sum(weight * similarity for weight, similarity in zip(NEIGHBOURS, sorted(found, reverse=True)))
                   for key, found in alike.items()}
        likely = self._likelihoods(self.features(question, _classified(terms)), without)
        central = self._central(features, without)
        scores = {key: TEXT_WEIGHT * (text.get(key, 0.0) / top if top else 0.0)
                  + NEAREST_WEIGHT * nearest.get(key, 0.0) + CLASSIFIER_WEIGHT * likely.get(key, 0.0)
                  + CENTROID_WEIGHT * central.get(key, 0.0)
                  for key in self.documents}
        ranked = [(key, score) for key, score in scores.items() if score > 1e-9]
        ranked.sort(key=lambda pair: -pair[1])
        return ranked

    def nearest(self, question: str, key: str, without: str | None = None) -> list[tuple[str, float]]:
        """The questions ``key`` is known to answer, with how alike each is to ``question`` (cosine), most alike
        first."""
        found = [(asked, similarity) for (owner, asked), similarity in self._similar(self.features(question), without)
                 if owner == key]
        return sorted(found, key=lambda pair: (-pair[1], pair[0]))

    def _similar(self, features: Counter[str], without: str | None):
        query = self._unit(features)
        for pair, weight, vector in zip(self._asked, self._weights, self._vectors):
            if pair[1] == without:
                continue
            similarity = weight * _dot(query, vector)
            if similarity > 0:
                yield pair, similarity

    def _central(self, features: Counter[str], without: str | None) -> dict[str, float]:
        """The cosine of the question with the centroid of each document's questions (``without`` taken out of it)."""
        query = self._unit(features)
        dots = {key: _dot(query, centroid) for key, centroid in self._centroids.items()}
        squares = dict(self._centroid_squares)
        if without is not None:
            for (key, asked), weight, vector in zip(self._asked, self._weights, self._vectors):
                if asked == without:
                    squares[key] += weight * weight - 2 * weight * _dot(vector, self._centroids[key])
                    dots[key] -= weight * _dot(query, vector)
        return {key: dot / math.sqrt(squares[key]) for key, dot in dots.items() if dot > 0 and squares[key] > 1e-12}

    def _unit(self, features: Counter[str]) -> dict[str, float]:
        vector = {feature: count * self._idf.get(feature, self._unseen_idf) for feature, count in features.items()}
        norm = math.sqrt(sum(value * value for value in vector.values())) or 1.0
        return {feature: value / norm for feature, value in vector.items()}

    def _likelihoods(self, features: Counter[str], without: str | None) -> dict[str, float]:
        """How likely each document is to be the one asked about, by naive Bayes over the questions it answers."""
        counts, present = self._counts, self._present
        for (key, asked), weight, left_out in zip(self._asked, self._weights, self._classified):
            if asked == without:
                rest = {feature: count - weight * left_out.get(feature, 0.0) for feature, count in counts[key].items()}
                counts = {**counts, key: Counter({feature: count for feature, count in rest.items() if count > 1e-9})}
                present = present - Counter(set(left_out))
        if not any(feature in present for feature in features):
            return {}
        logs = {}
        for key, known in counts.items():
            if not known:
                continue
            total = sum(known.values()) + SMOOTHING * len(present)
            logs[key] = sum(count * math.log((known.get(feature, 0.0) + SMOOTHING) / total)
                            for feature, count in features.items() if feature in present)
        if not logs:
            return {}
        best = max(logs.values())
        odds = {key: math.exp(CLASSIFIER_SHARPNESS * (log - best)) for key, log in logs.items()}
        whole = sum(odds.values())
        return {key: value / whole for key, value in odds.items()}

    def _bag(self, fields: Iterable[tuple[str, float]]) -> Counter[str]:
        counts: Counter[str] = Counter()
        for text, weight in fields:
            for word in words_of(text):
                counts[self.stem(word)] += weight
        return counts

    def _spelled(self, word: str) -> str:
        """``word``, or the one known word it is a slip of the keys away from (``discrad`` for ``discard``).

        A word the ranker knows, or whose stem it knows, is never read as another; nor is a short one, or one
        that two known words are equally near."""
        if word in self._known or len(word) < 5 or word.isdigit() or self.stem(word) in self._known_stems:
            return word
        return self._known.correction(word)


def _dot(one: Mapping[str, float], other: Mapping[str, float]) -> float:
    """The dot product of two sparse vectors."""
    if len(one) > len(other):
        one, other = other, one
    return sum(value * other.get(feature, 0.0) for feature, value in one.items())


def _classified(terms: list[tuple[tuple[str, ...], float]]) -> list[tuple[tuple[str, ...], float]]:
    """The terms as the classifier weighs them: a common word counts ``CLASSIFIED_FUNCTION_WEIGHT``."""
    return [(forms, CLASSIFIED_FUNCTION_WEIGHT if weight == FUNCTION_WEIGHT else weight) for forms, weight in terms]


_PLAIN = str.maketrans("åäöæøé", "aaoaoe")


def plain_letters(word: str) -> str:
    """``word`` without the Nordic letters, as typed on a keyboard that has none (``avlaggshog``)."""
    return word.translate(_PLAIN)
