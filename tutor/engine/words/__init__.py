"""The reader's words, one table per language.

Each language is a module of plain data (``en`` English, ``sv`` Swedish,
``da`` Danish); ``vocabulary`` turns one into the lookup the grammar in
``tutor.engine.notation`` reads with. Tables are never merged: a text is read
in one language, and each table holds the canonical words too.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import import_module
from typing import NamedTuple, Optional

from ..moves import PileKind

ENGLISH = "en"
LANGUAGES = (ENGLISH, "sv", "da")

PILE, PILE_WORD, JOIN, FROM, DRAW, END, CARD, NUMBER, ORDINAL, COUNT, FILLER, AS, PARTNER, QUESTION = (
    "pile", "pile-word", "join", "from", "draw", "end", "card", "number", "ordinal", "count", "filler", "as",
    "partner", "question")
#: ``SEPARATOR``: a word or mark between two moves ("then", ","); ``EMPTY``: a pile named as the empty one.
SEPARATOR, EMPTY = "separator", "empty"


class UnknownLanguage(ValueError):
    """A language the reader has no words for."""


class Vocabulary(NamedTuple):
    """One language's words: ``kinds`` maps each word to what it is and the value it carries."""

    language: str
    kinds: dict[str, tuple[str, object]]
    letters: frozenset[str]  # pile words of one letter, the compact form
    wild_pairs: tuple[tuple[str, str], ...]
    draw_up_to: tuple[str, ...]
    possessive: str
    bare_genitive: bool  # a name with a bare -s names its owner ("Annas stockhög")
    card_ending: Optional[re.Pattern[str]]  # a digit's card-noun ending ("7:an", "9'eren"), read as the digit
    ordinal_ending: Optional[re.Pattern[str]]  # a digit's ordinal ending ("2:a", "2."): a pile when one follows
    one: frozenset[str]  # articles that count one card before a count word ("dra ett kort")
    joins_too: frozenset[str]  # numbers that join where a join is due and a pile follows (Danish "to")
    pile_verbs: frozenset[str]  # pile words that are also a verb ("discard"): a number after one may be a card
    discard_verbs: frozenset[str]  # words that make a bare "pile 2" a discard pile ("släng nian på hög 2")
    subject_verbs: frozenset[str]  # verbs after a name said first: "Bo plays his 3" is Bo's 3
    opening: Optional[re.Pattern[str]]  # the words that open a move asked about ("is it legal to", "får jag")
    questions: frozenset[str]  # the words that open a question, those that are also another word too ("is")

    def kind(self, word: str) -> tuple[str, object] | None:
        return self.kinds.get(word)


@cache
def vocabulary(language: str = ENGLISH) -> Vocabulary:
    """The words of ``language`` (``en``, ...), built once."""
    if language not in LANGUAGES:
        raise UnknownLanguage(f"no words for the language {language!r}: known are {', '.join(LANGUAGES)}")
    table = import_module(f".{language}", __name__)
    kinds: dict[str, tuple[str, object]] = {}

    def add(words, kind, value=None):
        for word in words:
            kinds.setdefault(word, (kind, value))

    for pile, words in table.PILES.items():
        add(words, PILE, PileKind(pile))
    add(table.PILE, PILE_WORD)
    add(table.JOINS, JOIN)
    add(table.FROM, FROM)
    add(table.DRAW, DRAW)
    add(table.END, END)
    add(table.WILDS, CARD, 0)
    add(table.AS, AS)
    add(table.PARTNER, PARTNER)
    for word, value in table.NUMBERS.items():
        kinds.setdefault(word, (NUMBER, value))
    for word, value in table.ORDINALS.items():
        kinds.setdefault(word, (ORDINAL, value))
    add(table.COUNT, COUNT)
    add(table.SEPARATORS, SEPARATOR)
    add(table.EMPTY, EMPTY)
    add(table.FILLERS, FILLER)
    add(table.QUESTIONS, QUESTION)
    letters = frozenset(word for words in table.PILES.values() for word in words if len(word) == 1)
    endings = "|".join(re.escape(ending) for ending in sorted(table.CARD_ENDINGS, key=len, reverse=True))
    card_ending = re.compile(rf"(?<=\d)(?:{endings})(?!\w)", re.IGNORECASE) if endings else None
    ordinals = "|".join(re.escape(ending) for ending in table.ORDINAL_ENDINGS)
    ordinal_ending = re.compile(rf"(?<=\b\d)(?:{ordinals})(?=\s+\w)", re.IGNORECASE) if ordinals else None
    openings = "|".join(table.OPENINGS)
    opening = re.compile(rf"^\s*(?:{openings})(?!\w)", re.IGNORECASE) if openings else None
    return Vocabulary(language, kinds, letters, table.WILD_PAIRS, table.DRAW_UP_TO, table.POSSESSIVE,
                      table.BARE_GENITIVE, card_ending, ordinal_ending, frozenset(table.ONE),
                      frozenset(table.JOINS_TOO), frozenset(table.PILE_VERBS), frozenset(table.DISCARD_VERBS),
                      frozenset(table.SUBJECT_VERBS), opening, frozenset(table.QUESTIONS))
