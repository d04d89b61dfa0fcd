"""Id-keyed tables of texts, translated entry by entry.

Each entry of a ``TextTable`` is a catalogue message with the context
``TABLE:ID``, so the id, not the English words, is what a translation
belongs to. ``scripts/messages.py`` extracts every table listed in
``TABLES``.
"""

from __future__ import annotations

from . import pgettext as _in_context

#: where each translated table lives, as ``module:attribute``
TABLES: tuple[str, ...] = (
    "tutor.engine.cards:CARD_INDEFINITE",
    "tutor.engine.cards:CARD_DEFINITE",
    "tutor.engine.cards:CARD_MANY",
    "tutor.coach.templates:MOVES",
    "tutor.coach.templates:FINDINGS",
    "tutor.coach.templates:BETTER",
    "tutor.coach.templates:ACHIEVES",
    "tutor.coach.templates:TURNS",
    "tutor.coach.templates:GRADES",
    "tutor.coach.templates:CHANCE",
    "tutor.coach.templates:GAPS",
    "tutor.coach.templates:LISTS",
    "tutor.coach.templates:LINES",
    "tutor.engine.notation.messages:TEXTS",
    "tutor.engine.notation.messages:EXAMPLES",
    "tutor.engine.notation.messages:SAID",
    "tutor.engine.reading:TEXTS",
    "tutor.engine.rules:NAMING_CARD",
    "tutor.cli.click_words:TEXTS",
    "tutor.cli.template:TEXTS",
    "tutor.cli.hint:ENDINGS",
    "tutor.cli.hint:STALEMATE",
    "tutor.lessons.texts:TEXTS",
    "tutor.classroom.texts:TEXTS",
    "tutor.play.texts:TEXTS",
)


class TextTable(dict[str, str]):
    """English templates by id; ``text(id, **values)`` gives one in the language in use, filled in."""

    def __init__(self, name: str, entries: dict[str, str]):
        super().__init__(entries)
        self.name = name

    def text(self, key: str, **values: object) -> str:
        return self.entry(key).format(**values)

    def entry(self, key: str) -> str:
        """The template ``key`` in the language in use, not filled in."""
        return _in_context(f"{self.name}:{key}", self[key])
