"""The reader's words, one table per language.

Each language is a module of plain data (``en``: English); ``vocabulary``
turns one into the lookup the grammar in ``tutor.engine.notation`` reads
with. Tables are never merged: a text is read in one language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module

from ..moves import PileKind

ENGLISH = "en"
LANGUAGES = (ENGLISH,)

PILE, PILE_WORD, JOIN, FROM, DRAW, END, CARD, NUMBER, ORDINAL, COUNT, FILLER, AS, PARTNER, QUESTION = (
    "pile", "pile-word", "join", "from", "draw", "end", "card", "number", "ordinal", "count", "filler", "as",
    "partner", "question")


class UnknownLanguage(ValueError):
    """A language the reader has no words for."""


@dataclass(frozen=True)
class Vocabulary:
    """One language's words: ``kinds`` maps each word to what it is and the value it carries."""

    language: str
    kinds: dict[str, tuple[str, object]]
    letters: frozenset[str]  # pile words of one letter, the compact form
    wild_pairs: tuple[tuple[str, str], ...]
    draw_up_to: tuple[str, ...]
    possessive: str

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
    add(table.FILLERS, FILLER)
    add(table.QUESTIONS, QUESTION)
    letters = frozenset(word for words in table.PILES.values() for word in words if len(word) == 1)
    return Vocabulary(language, kinds, letters, table.WILD_PAIRS, table.DRAW_UP_TO, table.POSSESSIVE)
