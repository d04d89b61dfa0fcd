"""The id-keyed text tables that are translated, and the look-up of one of their entries.

Each entry of a table is a catalogue message with the context
``TABLE:ID``, so the id, not the English words, is what a translation
belongs to. ``scripts/messages.py`` extracts every table listed here.
"""

from __future__ import annotations

from . import pgettext as _in_context

#: name -> (module, attribute) of each table: a dict from id to English text
TABLES: dict[str, tuple[str, str]] = {
    "card-a": ("tutor.engine.cards", "CARD_INDEFINITE"),
    "card-the": ("tutor.engine.cards", "CARD_DEFINITE"),
}


def table_text(name: str, key: str, english: str) -> str:
    """Entry ``key`` of table ``name`` (whose English is ``english``) in the language in use."""
    return _in_context(f"{name}:{key}", english)
