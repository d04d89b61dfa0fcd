"""The commands a person types at the prompts of ``tutor play``, ``tutor learn`` and ``tutor quiz``, in each language.

The English words are read in every language, as the canonical moves are;
Swedish and Danish add their own, and their first word is the one the
prompts show and Tab offers. No command word reads as a move in its
language: Swedish "avsluta" and Danish "afslut" end a turn in table talk,
so stopping is "sluta" and "stop". A typed word is compared in one normal
form (NFKC, case folded), so ``hjälp`` typed with a combining ring is read too.
"""

from __future__ import annotations

from typing import Optional

from ..engine.text import fold
from ..i18n import language, typed_language

#: Each command's words: English, then each language's own.
WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "moves": {"en": ("?", "moves", "list", "options"), "sv": ("?", "drag", "lista"),
              "da": ("?", "liste", "muligheder")},
    "hint": {"en": ("hint",), "sv": ("tips", "ledtråd"), "da": ("tip", "vink")},
    "undo": {"en": ("undo",), "sv": ("ångra",), "da": ("fortryd",)},
    "board": {"en": ("board",), "sv": ("bord", "bordet", "spelplan"), "da": ("bord", "bordet", "spilleplade")},
    "help": {"en": ("help", "h"), "sv": ("hjälp",), "da": ("hjælp",)},
    "quit": {"en": ("q", "quit", "exit"), "sv": ("sluta", "avbryt"), "da": ("stop", "slut")},
    "skip": {"en": ("skip", "s"), "sv": ("hoppa över", "hoppa"), "da": ("spring over", "spring")},
}


def command(text: str, *names: str) -> Optional[str]:
    """Which of the commands ``names`` (all, if none is given) ``text`` is, in the person's typing language or
    English."""
    typed = " ".join(fold(text).split())  # hjälp typed in decomposed form (a + combining ring) is hjälp too
    for name in names or WORDS:
        if typed in WORDS[name]["en"] or typed in WORDS[name].get(typed_language(), ()):
            return name
    return None


def shown(name: str) -> str:
    """The word a prompt shows for the command ``name``: the first of the language in use."""
    return WORDS[name].get(language(), WORDS[name]["en"])[0]


def shown_words(*names: str) -> dict[str, str]:
    """The words shown for ``names``, by name (to fill a text's ``{hint}``, ``{quit}``, ...)."""
    return {name: shown(name) for name in names}


def offered(*names: str) -> list[str]:
    """The words Tab offers for the commands ``names``: the language's own (English in English), ``?`` aside."""
    return [word for name in names for word in WORDS[name].get(language(), WORDS[name]["en"]) if word != "?"]
