"""Typed text made comparable: one normal form for moves and player names.

Text is brought to Unicode NFKC (so ``ſ`` is ``s`` and a full-width ``５`` is
``5``), typographic apostrophes become ``'``, and invisible format characters
(zero-width spaces and joiners, direction marks) are dropped. ``fold`` adds
case folding for comparing words and names.
"""

from __future__ import annotations

import unicodedata

from ..i18n import _

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u00b4": "'"})


def normalised(text: str) -> str:
    """``text`` in NFKC, with plain apostrophes and without invisible format characters."""
    text = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES)
    return "".join(char for char in text if unicodedata.category(char) != "Cf")


def fold(text: str) -> str:
    """``text`` normalised and case-folded: the form two spellings are compared in."""
    return normalised(text).casefold()


def name_problem(name: str) -> str | None:
    """Why ``name`` (already normalised) cannot name a player, or None."""
    if not name.strip():
        return _("a player's name cannot be empty or blank")
    if '"' in name:
        return _("a player's name cannot hold a double quote (\"): moves quote names with it")
    if any(unicodedata.category(char).startswith("C") for char in name):
        return _("a player's name cannot hold control characters")
    return None
